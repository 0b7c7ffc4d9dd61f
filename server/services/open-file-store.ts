import type { Database } from '../db/database.ts';
import { DatabaseFileStore } from './database-file-store.ts';
import { DiskFileStore, type FileStore } from './file-store.ts';

/** The store for this database: in PostgreSQL itself, or under DATA_DIR for the embedded engine (one process). */
export function openFileStore(kind: Database['kind'], dataDir: string): FileStore {
  return kind === 'postgres' ? new DatabaseFileStore() : new DiskFileStore(dataDir);
}
