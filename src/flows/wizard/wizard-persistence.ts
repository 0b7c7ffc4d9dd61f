/**
 * Nothing lost on reload: the wizard's persisted snapshot is kept per tab (sessionStorage
 * through `tabStorage`) on every change, and restored on mount when it belongs to the same
 * ANS protocol. Cleared after a successful submission.
 */
import type { Snapshot } from 'xstate';
import { PERSIST_TAG } from '../../../machines/wizard.machine';
import type { CalendarDay, WizardContext } from '../../../machines/wizard.types';
import { tabStorage } from '../../storage';

export const WIZARD_SNAPSHOT_KEY = 'portabilidade.wizard.v1';

interface PersistedShape {
  status?: unknown;
  context?: Partial<WizardContext>;
}

export function loadWizardSnapshot(protocoloAns: string, today: CalendarDay): Snapshot<unknown> | undefined {
  const raw = tabStorage.get(WIZARD_SNAPSHOT_KEY);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as PersistedShape;
    // Another protocol typed on home starts a new request: the old draft is not reused.
    if (parsed.status !== 'active' || parsed.context?.protocoloAns !== protocoloAns) {
      tabStorage.remove(WIZARD_SNAPSHOT_KEY);
      return undefined;
    }
    const checkedToday: PersistedShape = { ...parsed, context: { ...parsed.context, today } };
    return checkedToday as Snapshot<unknown>;
  } catch {
    tabStorage.remove(WIZARD_SNAPSHOT_KEY);
    return undefined;
  }
}

interface PersistableActor {
  getSnapshot(): { hasTag(tag: typeof PERSIST_TAG): boolean };
  getPersistedSnapshot(): Snapshot<unknown>;
}

export function saveWizardSnapshot(actor: PersistableActor): void {
  if (!actor.getSnapshot().hasTag(PERSIST_TAG)) return;
  tabStorage.set(WIZARD_SNAPSHOT_KEY, JSON.stringify(actor.getPersistedSnapshot()));
}

export function clearWizardSnapshot(): void {
  tabStorage.remove(WIZARD_SNAPSHOT_KEY);
}

export function attachmentIdsOf(snapshot: Snapshot<unknown> | undefined): string[] {
  const context = (snapshot as PersistedShape | undefined)?.context;
  return (context?.attachments ?? []).filter((attachment) => !attachment.uploaded).map((attachment) => attachment.id);
}
