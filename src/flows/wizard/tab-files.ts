/**
 * Which open tabs hold wizard files. A tab that stored files holds a Web Lock named after its
 * id for as long as the page lives; the browser lets it go when the tab closes, crashes or is
 * discarded. Another tab's prune keeps the files of a tab still open: step 5's 'Aviso de
 * privacidade completo (abre em nova aba)' opened the portal in a new tab, whose boot deleted
 * the first tab's files, and its next reload (a phone reclaiming a background tab) asked for
 * them again (found by an exploratory run). A closed tab's files still go at the next boot.
 * A browser without Web Locks prunes as before.
 */
import { TAB_ID_KEY, tabStorage } from '../../storage';

const LOCK_PREFIX = 'portabilidade.arquivos-da-aba.';

let tabId: string | null = null;

/** This tab's id: made once, kept in the tab's storage so a reload is the same tab. */
export function thisTabId(): string {
  tabId ??= tabStorage.get(TAB_ID_KEY);
  if (!tabId) {
    tabId = globalThis.crypto.randomUUID();
    tabStorage.set(TAB_ID_KEY, tabId);
  }
  return tabId;
}

let holding = false;

/** Says, for as long as this page lives, that this tab holds files (from its first stored file). */
export function holdTabFiles(): void {
  if (holding || typeof navigator === 'undefined' || !navigator.locks) return;
  holding = true;
  // Shared: a duplicated tab carries the same id, and both may hold it.
  void navigator.locks
    .request(LOCK_PREFIX + thisTabId(), { mode: 'shared' }, () => new Promise<never>(() => undefined))
    .catch(() => {
      holding = false;
    });
}

/** The ids of the other tabs open now that hold files (none where the browser cannot tell). */
export async function otherTabsHoldingFiles(): Promise<Set<string>> {
  if (typeof navigator === 'undefined' || !navigator.locks) return new Set();
  try {
    const { held = [] } = await navigator.locks.query();
    const own = thisTabId();
    return new Set(
      held
        .map((lock) => lock.name ?? '')
        .filter((name) => name.startsWith(LOCK_PREFIX))
        .map((name) => name.slice(LOCK_PREFIX.length))
        .filter((id) => id !== own),
    );
  } catch {
    return new Set();
  }
}
