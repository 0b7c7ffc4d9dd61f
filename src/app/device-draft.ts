/**
 * The wizard draft kept on this device ("Continuar depois neste aparelho", issue 27 item 4):
 * reading it and forgetting it once expired. Apart from the wizard's persistence so that the
 * boot can drop an expired draft without loading the wizard's machine on every screen.
 */
import type { WizardContext } from '../../machines/wizard.types';
import { DEVICE_DRAFT_KEY, deviceStorage } from '../storage';
import { notify } from './notify';

/** Said once, when the draft the person asked to keep turns out unreadable (it is deleted). */
// It says what was lost and nothing more: this tab's own draft, when there is one, is intact
// (a regression walk saw 'Preencha a solicitação de novo' over a restored draft).
export const DEVICE_DRAFT_UNREADABLE = 'O rascunho salvo neste aparelho não pôde ser lido e foi apagado.';

/** How long a draft kept on the device waits after its last change (said beside the box). */
export const DEVICE_DRAFT_DAYS = 7;
export const DEVICE_DRAFT_MS = DEVICE_DRAFT_DAYS * 24 * 60 * 60_000;

export interface DeviceDraft {
  expiresAt: number;
  snapshot: { status?: unknown; context?: Partial<WizardContext> };
}

/**
 * The live draft, or null; an expired one is removed on the way, and so is a garbled one,
 * saying so (the person asked to keep it: it does not vanish in silence).
 */
export function readDeviceDraft(now = Date.now()): DeviceDraft | null {
  const raw = deviceStorage.get(DEVICE_DRAFT_KEY);
  if (!raw) return null;
  let garbled = true;
  try {
    const draft = JSON.parse(raw) as Partial<DeviceDraft> | null;
    if (typeof draft?.expiresAt === 'number' && typeof draft.snapshot === 'object' && draft.snapshot !== null) {
      garbled = false;
      if (draft.expiresAt > now && draft.snapshot.status === 'active') return draft as DeviceDraft;
    }
  } catch {
    // Garbled: forgotten below.
  }
  deviceStorage.remove(DEVICE_DRAFT_KEY);
  if (garbled) notify.warning(DEVICE_DRAFT_UNREADABLE, 'device-draft-unreadable');
  return null;
}

/** At boot: a draft kept on the device past its time is deleted (its files go with the next prune). */
export function dropExpiredDeviceDraft(now = Date.now()): void {
  readDeviceDraft(now);
}
