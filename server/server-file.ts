/**
 * DATA_DIR/server.json tells the backoffice CLI that a server holds this data directory
 * (PGlite admits one process) and how to reach it: port, address and an admin secret.
 * Written at start, removed at exit.
 *
 * A server killed without its exit handler leaves the file behind, and its process id may
 * later belong to any other program. So a live process id is not enough: the file counts
 * only when the port it names answers as this server does — 400 to the backoffice door with
 * the file's secret and 404 with another (routes/backoffice.ts).
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKOFFICE_PATH, BACKOFFICE_SECRET_HEADER } from './routes/backoffice.ts';

export interface ServerFile {
  pid: number;
  port: number;
  secret: string;
  /** The HOST it listens on (absent in files of earlier versions: loopback). */
  host?: string;
  /**
   * The PUBLIC_URL its messages link to (null: none, links are relative; absent in files of
   * earlier versions), so the CLI can say that its own PUBLIC_URL does not apply.
   */
  publicUrl?: string | null;
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

/** The file, if it names a live process (a file naming a dead one is ignored). */
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

/** Addresses a listening server is reachable at over loopback, where the backoffice door answers. */
const LOOPBACK_HOSTS: Readonly<Record<string, string>> = {
  '': '127.0.0.1',
  '0.0.0.0': '127.0.0.1',
  '::': '127.0.0.1',
  '127.0.0.1': '127.0.0.1',
  localhost: '127.0.0.1',
  '::1': '[::1]',
};

async function doorStatus(address: string, port: number, secret: string, timeoutMs: number): Promise<number | null> {
  try {
    const answer = await fetch(`http://${address}:${port}${BACKOFFICE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BACKOFFICE_SECRET_HEADER]: secret },
      body: '{}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return null;
  }
}

/**
 * The running server of this data directory, if there is one. A file whose port does not
 * answer as our server is stale (a reused process id) and ignored. A server listening on a
 * non-loopback address only cannot be asked: then a live process id still counts, as before.
 */
export async function findRunningServer(dataDir: string, timeoutMs = 2000): Promise<ServerFile | null> {
  const file = readServerFile(dataDir);
  if (!file) return null;
  const address = LOOPBACK_HOSTS[file.host ?? ''];
  if (address === undefined) return file;
  const withSecret = await doorStatus(address, file.port, file.secret, timeoutMs);
  if (withSecret !== 400) return null;
  const withoutSecret = await doorStatus(address, file.port, `${file.secret}-x`, timeoutMs);
  return withoutSecret === 404 ? file : null;
}

/** Whole or not at all (temp file, then rename): a full disk leaves no empty file behind. */
export function writeServerFile(dataDir: string, data: ServerFile): void {
  const path = serverFilePath(dataDir);
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(data), { mode: 0o600 });
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
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
