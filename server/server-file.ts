/**
 * DATA_DIR/server.json tells the backoffice CLI that a server holds this data directory
 * (PGlite admits one process) and how to reach it: loopback port and an admin secret.
 * Written at start, removed at exit.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerFile {
  pid: number;
  port: number;
  secret: string;
}

export const serverFilePath = (dataDir: string) => join(dataDir, 'server.json');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server of this data directory, if there is one (a stale file is ignored). */
export function readServerFile(dataDir: string): ServerFile | null {
  const path = serverFilePath(dataDir);
  if (!existsSync(path)) return null;
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerFile>;
    if (typeof data.pid !== 'number' || typeof data.port !== 'number' || typeof data.secret !== 'string') return null;
    return alive(data.pid) ? (data as ServerFile) : null;
  } catch {
    return null;
  }
}

export function writeServerFile(dataDir: string, data: ServerFile): void {
  writeFileSync(serverFilePath(dataDir), JSON.stringify(data), { mode: 0o600 });
}

export function removeServerFile(dataDir: string): void {
  const path = serverFilePath(dataDir);
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerFile>;
    if (data.pid === process.pid) rmSync(path, { force: true });
  } catch {
    // Nothing of ours to remove.
  }
}
