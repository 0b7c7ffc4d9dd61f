/**
 * The wizard's attachments kept in this browser's file store (IndexedDB) live only as long as
 * a draft names them: this tab's (while its session lives) or one kept on the device. The
 * rest are deleted soon after each boot and when a session ends, on any screen: a shared
 * phone's next person must find no file of the last one's (found by an exploratory run).
 * Apart from the wizard's code, so a boot does this without loading the wizard's machine.
 */
import type { WizardContext } from '../../machines/wizard.types';
import { TAB_DRAFT_KEY, tabStorage, wizardFilesStoreExists } from '../storage';
import { readDeviceDrafts } from './device-draft';

type DraftShape = { context?: Partial<WizardContext> } | undefined;

/**
 * The files a draft still has to send (one already sent needs no copy here), and the photo it
 * was preparing: a reload meanwhile reads its chosen bytes back and prepares it again.
 */
export function attachmentIdsOf(snapshot: unknown): string[] {
  const context = (snapshot as DraftShape)?.context;
  const pending = (context?.attachments ?? []).filter((attachment) => !attachment.uploaded).map((attachment) => attachment.id);
  const preparing = context?.preparing?.id;
  return typeof preparing === 'string' && !pending.includes(preparing) ? [...pending, preparing] : pending;
}

function tabDraft(): unknown {
  try {
    return JSON.parse(tabStorage.get(TAB_DRAFT_KEY) ?? 'null') as unknown;
  } catch {
    return undefined;
  }
}

/** The files some draft in this tab or on this device (anyone's) still needs. */
export function draftAttachmentIds(): string[] {
  return [...attachmentIdsOf(tabDraft()), ...readDeviceDrafts().flatMap((draft) => attachmentIdsOf(draft.snapshot))];
}

/**
 * Deletes the stored files no draft needs, once the page is idle. The wizard's screen prunes
 * on its own mount, before anything can be attached; a browser that never held the store is
 * not made to create one.
 */
export function pruneOrphanFilesSoon(): void {
  const prune = async () => {
    // The registry's code is the wizard's: fetched only when there is something to look at.
    if (!(await wizardFilesStoreExists())) return;
    const { fileRegistry } = await import('../flows/wizard/file-registry');
    await fileRegistry.prune(draftAttachmentIds());
  };
  const run = () => void prune().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 1_000);
}
