/**
 * Which open tabs hold wizard files. A tab that stored files holds a Web Lock named after its
 * id for as long as the page lives; the browser lets it go when the tab closes, crashes or is
 * discarded. Another tab's prune keeps the files of a tab still open: step 5's 'Aviso de
 * privacidade completo (abre em nova aba)' opened the portal in a new tab, whose boot deleted
 * the first tab's files, and its next reload (a phone reclaiming a background tab) asked for
 * them again (found by an exploratory run). A closed tab's files still go at the next boot.
 * A duplicated tab ('Duplicar guia') starts with a copy of the tab's storage: the same id, the
 * same draft, the same stored files. While both pages are open, neither deletes what the other
 * names (found by an exploratory run: removing a file in one made the other's reload ask for
 * it again). A browser without Web Locks prunes as before.
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
/** Whether this page's own lock is granted (it is then one of the holders `query` lists). */
let held = false;

/** Says, for as long as this page lives, that this tab holds files (from its first stored file). */
export function holdTabFiles(): void {
  if (holding || typeof navigator === 'undefined' || !navigator.locks) return;
  holding = true;
  // Shared: a duplicated tab carries the same id, and both may hold it.
  void navigator.locks
    .request(LOCK_PREFIX + thisTabId(), { mode: 'shared' }, () => {
      held = true;
      return new Promise<never>(() => undefined);
    })
    .catch(() => {
      holding = false;
    });
}

/**
 * The ids whose files other pages open now hold: the other tabs', and this tab's own while a
 * duplicate of it is open (none where the browser cannot tell).
 */
export async function tabsHoldingFilesElsewhere(): Promise<Set<string>> {
  if (typeof navigator === 'undefined' || !navigator.locks) return new Set();
  try {
    const { held: locks = [] } = await navigator.locks.query();
    const own = thisTabId();
    const holders = locks
      .map((lock) => lock.name ?? '')
      .filter((name) => name.startsWith(LOCK_PREFIX))
      .map((name) => name.slice(LOCK_PREFIX.length));
    const ownHolders = holders.filter((id) => id === own).length - (held ? 1 : 0);
    return new Set(holders.filter((id) => id !== own || ownHolders > 0));
  } catch {
    return new Set();
  }
}

/** Whether a duplicate of this tab is open now: it names the same stored files. */
export async function duplicateOfThisTabOpen(): Promise<boolean> {
  return (await tabsHoldingFilesElsewhere()).has(thisTabId());
}
