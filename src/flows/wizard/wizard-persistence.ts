/**
 * Nothing lost on reload: the wizard's persisted snapshot is kept per tab (sessionStorage
 * through `tabStorage`) on every change, and restored on mount when it belongs to the same
 * ANS protocol, while the session that opened it lives (its end forgets the tab's draft:
 * src/storage.ts). Cleared after a successful submission.
 *
 * "Continuar depois neste aparelho" (issue 27 item 4, the holder's opt-in): the same snapshot
 * is also kept in this browser's localStorage for DEVICE_DRAFT_DAYS after its last change, under
 * its ANS protocol (src/app/device-draft.ts), so a new tab resumes it; without the opt-in nothing
 * is kept there. Sending, erasing, 'Encerrar sessão' (src/storage.ts) and unchecking the box
 * delete that request's draft and no other; an expired one is deleted at boot.
 */
import type { Snapshot } from 'xstate';
import { PERSIST_TAG } from '../../../machines/wizard.machine';
import type { CalendarDay, WizardContext } from '../../../machines/wizard.types';
import { TAB_DRAFT_KEY, deviceDraftKey, deviceStorage, storage, tabStorage } from '../../storage';
import { DEVICE_DRAFT_MS, readDeviceDraft, removeDeviceDraft } from '../../app/device-draft';

export { attachmentIdsOf } from '../../app/draft-files';

export { DEVICE_DRAFT_DAYS, dropExpiredDeviceDrafts } from '../../app/device-draft';

export const WIZARD_SNAPSHOT_KEY = TAB_DRAFT_KEY;

interface PersistedShape {
  status?: unknown;
  context?: Partial<WizardContext>;
}

function forToday(parsed: PersistedShape, today: CalendarDay): Snapshot<unknown> {
  return { ...parsed, context: { ...parsed.context, today } } as unknown as Snapshot<unknown>;
}

/** This tab's draft as stored: none (null), unreadable ('garbled'), or its shape. */
function readTabDraft(): PersistedShape | null | 'garbled' {
  const raw = tabStorage.get(WIZARD_SNAPSHOT_KEY);
  if (!raw) return null;
  try {
    return (JSON.parse(raw) as PersistedShape | null) ?? 'garbled';
  } catch {
    return 'garbled';
  }
}

/** The ANS protocol this tab's draft was started with, when there is a draft in progress. */
export function tabDraftProtocol(): string | null {
  const draft = readTabDraft();
  const protocoloAns = draft !== null && draft !== 'garbled' && draft.status === 'active' ? draft.context?.protocoloAns : undefined;
  return typeof protocoloAns === 'string' && protocoloAns !== '' ? protocoloAns : null;
}

/** `onUnreadable`: this tab's draft was garbled (forgotten: the wizard starts over, and says so). */
export function loadWizardSnapshot(protocoloAns: string, today: CalendarDay, onUnreadable?: () => void): Snapshot<unknown> | undefined {
  const draft = readTabDraft();
  if (draft !== null) {
    // Another protocol typed on home starts a new request: the old draft is not reused.
    if (draft === 'garbled') onUnreadable?.();
    else if (draft.status === 'active' && draft.context?.protocoloAns === protocoloAns) return forToday(draft, today);
    tabStorage.remove(WIZARD_SNAPSHOT_KEY);
  }
  // A new tab: the draft the holder kept on this device, when it is this protocol's.
  const kept = readDeviceDraft(protocoloAns);
  return kept ? forToday(kept.snapshot, today) : undefined;
}

interface PersistableActor {
  getSnapshot(): { hasTag(tag: typeof PERSIST_TAG): boolean; context: Pick<WizardContext, 'keepOnDevice' | 'protocoloAns'> };
  getPersistedSnapshot(): Snapshot<unknown>;
}

/**
 * Whether the last draft asked to be kept on the device was kept: a full storage refuses it
 * (found by an exploratory run), and then the tab is the draft's only home: the screen says so
 * and closing the tab asks first again (wizard-history.ts).
 */
let deviceKept = true;
const deviceKeptListeners = new Set<() => void>();
export const deviceDraftKept = {
  now: (): boolean => deviceKept,
  subscribe(listener: () => void): () => void {
    deviceKeptListeners.add(listener);
    return () => deviceKeptListeners.delete(listener);
  },
};
function setDeviceKept(kept: boolean): void {
  if (kept === deviceKept) return;
  deviceKept = kept;
  deviceKeptListeners.forEach((listener) => listener());
}

export function saveWizardSnapshot(actor: PersistableActor, now = Date.now()): void {
  const snapshot = actor.getSnapshot();
  // A draft lives only while its session does (src/storage.ts): a wizard still mounted when
  // its session ended writes nothing back.
  if (!snapshot.hasTag(PERSIST_TAG) || !storage.hasSession()) return;
  const persisted = JSON.stringify(actor.getPersistedSnapshot());
  tabStorage.set(WIZARD_SNAPSHOT_KEY, persisted);
  const { keepOnDevice, protocoloAns } = snapshot.context;
  // A draft with no protocol (none stored) has no key of its own: it stays in the tab.
  if (keepOnDevice && protocoloAns !== '') {
    const kept = `{"expiresAt":${now + DEVICE_DRAFT_MS},"snapshot":${persisted}}`;
    setDeviceKept(deviceStorage.set(deviceDraftKey(protocoloAns), kept));
    return;
  }
  setDeviceKept(true);
  // Unchecked: this request's draft no longer outlives the tab.
  removeDeviceDraft(protocoloAns);
}

/** Forgets this tab's draft and the one kept on the device for its ANS protocol (sent, or started over). */
export function clearWizardSnapshot(protocoloAns: string): void {
  tabStorage.remove(WIZARD_SNAPSHOT_KEY);
  removeDeviceDraft(protocoloAns);
}
