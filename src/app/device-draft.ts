/**
 * The wizard drafts kept on this device ("Continuar depois neste aparelho", issue 27 item 4),
 * one per ANS protocol: reading them and forgetting them once expired. A shared phone keeps each
 * person's draft under its own key, so one person's sending, erasing or unticking leaves the
 * others' alone (a single slot lost them without a word; found by a regression walk).
 * Apart from the wizard's persistence so that the boot can drop expired drafts without loading
 * the wizard's machine on every screen.
 */
import type { WizardContext } from '../../machines/wizard.types';
import { DEVICE_DRAFT_PREFIX, LEGACY_DEVICE_DRAFT_KEY, deviceDraftKey, deviceStorage } from '../storage';
import { notify } from './notify';

/** Said once, when a draft someone asked to keep turns out unreadable (it is deleted). */
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

type Reading = { live: DeviceDraft } | 'gone' | 'garbled';

/** What a stored draft is: live, gone (expired or finished), or garbled (unreadable, or not the protocol its key names). */
function parse(raw: string, protocoloAns: string | null, now: number): Reading {
  try {
    const draft = JSON.parse(raw) as Partial<DeviceDraft> | null;
    if (typeof draft?.expiresAt !== 'number' || typeof draft.snapshot !== 'object' || draft.snapshot === null) return 'garbled';
    const own = draft.snapshot.context?.protocoloAns;
    if (typeof own !== 'string' || own === '' || (protocoloAns !== null && own !== protocoloAns)) return 'garbled';
    return draft.expiresAt > now && draft.snapshot.status === 'active' ? { live: draft as DeviceDraft } : 'gone';
  } catch {
    return 'garbled';
  }
}

/** The live draft under `key`, or null; a dead one is removed on the way, and a garbled one said. */
function readAt(key: string, protocoloAns: string | null, now: number): DeviceDraft | null {
  const raw = deviceStorage.get(key);
  if (!raw) return null;
  const reading = parse(raw, protocoloAns, now);
  if (typeof reading === 'object') return reading.live;
  deviceStorage.remove(key);
  // The person asked to keep it: it does not vanish in silence.
  if (reading === 'garbled') notify.warning(DEVICE_DRAFT_UNREADABLE, 'device-draft-unreadable');
  return null;
}

/** The live draft kept for this ANS protocol, or null. */
export function readDeviceDraft(protocoloAns: string, now = Date.now()): DeviceDraft | null {
  return protocoloAns === '' ? null : readAt(deviceDraftKey(protocoloAns), protocoloAns, now);
}

/** Every live draft kept on this device (their files are the ones to keep). */
export function readDeviceDrafts(now = Date.now()): DeviceDraft[] {
  return deviceStorage
    .keysStartingWith(DEVICE_DRAFT_PREFIX)
    .map((key) => readAt(key, key.slice(DEVICE_DRAFT_PREFIX.length), now))
    .filter((draft) => draft !== null);
}

/** Forgets the draft kept for this ANS protocol (and only that one). */
export function removeDeviceDraft(protocoloAns: string): void {
  deviceStorage.remove(deviceDraftKey(protocoloAns));
}

/**
 * The draft an earlier version kept in its single slot moves to its protocol's key, unless that
 * protocol already has a newer one there.
 */
function moveLegacyDraft(now: number): void {
  const legacy = readAt(LEGACY_DEVICE_DRAFT_KEY, null, now);
  if (!legacy) return;
  const protocoloAns = legacy.snapshot.context?.protocoloAns as string;
  if (!deviceStorage.get(deviceDraftKey(protocoloAns))) {
    if (!deviceStorage.set(deviceDraftKey(protocoloAns), JSON.stringify(legacy))) return;
  }
  deviceStorage.remove(LEGACY_DEVICE_DRAFT_KEY);
}

/** At boot: drafts kept on the device past their time are deleted (their files go with the next prune). */
export function dropExpiredDeviceDrafts(now = Date.now()): void {
  moveLegacyDraft(now);
  readDeviceDrafts(now);
}
