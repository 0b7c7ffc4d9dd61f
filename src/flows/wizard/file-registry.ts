/**
 * The bytes of the wizard's attachments, outside the machine (its snapshot holds metadata
 * and an id only, so it stays serialisable). Kept in memory, and mirrored to IndexedDB so a
 * reload of the tab finds them again; when IndexedDB is unavailable the user is told which
 * files to attach again (ATTACHMENTS_LOST).
 */
import { MAX_FILE_BYTES } from '../../../contract/rules';
import { WIZARD_FILES_DB } from '../../storage';
import { duplicateOfThisTabOpen, holdTabFiles, tabsHoldingFilesElsewhere, thisTabId } from './tab-files';

const DB_NAME = WIZARD_FILES_DB;
const STORE = 'files';

interface StoredFile {
  id: string;
  blob: Blob;
  name: string;
  savedAt: number;
  /** The tab that stored it (`tab-files.ts`); absent in files stored by earlier versions. */
  tab?: string;
}

const memory = new Map<string, File>();

/**
 * The files meant to survive a reload that the device refused to store (a full disk, a
 * browser without IndexedDB): until they are sent or removed, this tab is their only home.
 * The step says so at once and closing the tab asks first (found by an exploratory run: they
 * were lost in silence, and only the next visit said which to attach again).
 */
let onlyInTab: readonly string[] = [];
const onlyInTabListeners = new Set<() => void>();
function setOnlyInTab(id: string, only: boolean): void {
  if (onlyInTab.includes(id) === only) return;
  onlyInTab = only ? [...onlyInTab, id] : onlyInTab.filter((each) => each !== id);
  onlyInTabListeners.forEach((listener) => listener());
}
export const filesOnlyInTab = {
  /** The ids, the same array until it changes (a React external store). */
  now: (): readonly string[] => onlyInTab,
  subscribe(listener: () => void): () => void {
    onlyInTabListeners.add(listener);
    return () => onlyInTabListeners.delete(listener);
  },
};

let dbPromise: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  if (dbPromise) return dbPromise;
  dbPromise = new Promise((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return dbPromise;
}

/** Runs one request; a write answers only once its transaction is committed (a reload after that finds it). */
async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const db = await openDb();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(null);
      transaction.onabort = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

export function newFileId(): string {
  return `f-${globalThis.crypto.randomUUID()}`;
}

/** One object URL per file shown, alive as long as the file is kept (the preview reads it). */
const objectUrls = new Map<string, string>();

function forgetObjectUrl(id: string): void {
  const url = objectUrls.get(id);
  if (url) URL.revokeObjectURL(url);
  objectUrls.delete(id);
}

export const fileRegistry = {
  /**
   * Keeps the file; resolves once a reload would find it again (or IndexedDB is unavailable).
   * A file over the size limit can never be sent, so only memory holds it until it is released;
   * so does one the caller does not want on the device after the tab closes (`survivesReload`).
   */
  async put(id: string, file: File, { survivesReload = true }: { survivesReload?: boolean } = {}): Promise<void> {
    forgetObjectUrl(id);
    memory.set(id, file);
    if (file.size > MAX_FILE_BYTES || !survivesReload) return setOnlyInTab(id, false);
    holdTabFiles();
    const record: StoredFile = { id, blob: file, name: file.name, savedAt: Date.now(), tab: thisTabId() };
    const stored = await withStore('readwrite', (store) => store.put(record));
    // Released while it was being written: nothing of it is left to warn about.
    setOnlyInTab(id, stored === null && memory.get(id) === file);
  },
  get(id: string): File | undefined {
    return memory.get(id);
  },
  /** A URL the browser can show the file at; the same one every time, revoked with the file. */
  objectUrl(id: string): string | undefined {
    const file = memory.get(id);
    if (!file) return undefined;
    let url = objectUrls.get(id);
    if (!url) objectUrls.set(id, (url = URL.createObjectURL(file)));
    return url;
  },
  /**
   * Lets the file go. Its stored copy goes too, unless a duplicate of this tab is open: that page
   * names the same stored file, and the prune deletes it once no page holds it and no draft names it.
   */
  remove(id: string): void {
    forgetObjectUrl(id);
    memory.delete(id);
    setOnlyInTab(id, false);
    void duplicateOfThisTabOpen().then((shared) => shared || withStore('readwrite', (store) => store.delete(id)));
  },
  /** Loads the given ids back after a reload; answers the ids that could not be found. */
  async restore(ids: readonly string[]): Promise<string[]> {
    const missing: string[] = [];
    for (const id of ids) {
      if (memory.has(id)) continue;
      const record = await withStore<StoredFile | undefined>('readonly', (store) => store.get(id));
      if (record?.blob) memory.set(id, new File([record.blob], record.name, { type: record.blob.type }));
      else missing.push(id);
    }
    // Read back after a reload: this tab holds them again (another tab's prune keeps them).
    if (missing.length < ids.length) holdTabFiles();
    return missing;
  },
  /**
   * Drops the stored files no draft names (`keep`: this tab's and the ones kept on the device)
   * and no other open tab holds: a closed tab's files, and this tab's once its session ended,
   * go (issue 27 item 4; a shared phone's next person must find none). Run before this page
   * attaches anything (at boot, on the wizard's mount, when a session ends). A tab still open
   * keeps its files, so its next reload finds them, and so does a duplicate of this one (`tab-files.ts`).
   */
  async prune(keep: readonly string[]): Promise<void> {
    const all = await withStore<StoredFile[]>('readonly', (store) => store.getAll() as IDBRequest<StoredFile[]>);
    if (!all?.length) return;
    const open = await tabsHoldingFilesElsewhere();
    for (const record of all) {
      if (keep.includes(record.id) || (record.tab !== undefined && open.has(record.tab))) continue;
      void withStore('readwrite', (store) => store.delete(record.id));
    }
  },
};

/** base64 of a file without blocking the main thread (FileReader works natively, off the JS thread). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('Falha ao ler o arquivo'));
    reader.onload = () => {
      const result = String(reader.result ?? '');
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
