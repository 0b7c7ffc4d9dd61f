/**
 * Why the server did not start, in one pt-BR line an operator can act on: the data
 * directory refused (damaged, half made, another server on it), a full disk, a port in use,
 * a weak secret. main.ts prints the line and exits non-zero; no stack trace, no WASM dump.
 */
import { statfsSync } from 'node:fs';
import { isDiskFull } from './services/disk-full.ts';

/** A failure whose message is already the line to print. */
export class StartFailure extends Error {
  override name = 'StartFailure';
}

/**
 * Below this much free space a failed start is blamed on the disk: a fresh embedded database
 * takes ~40 MB and PostgreSQL needs room for a 16 MB WAL segment, and the embedded engine
 * reports a failed write as a bare abort, without ENOSPC.
 */
export const LOW_SPACE_BYTES = 64 * 1024 * 1024;

/** Whether the file system holding `path` has less than LOW_SPACE_BYTES free (false when unknown). */
export function lowOnSpace(path: string): boolean {
  try {
    const stats = statfsSync(path);
    return stats.bavail * stats.bsize < LOW_SPACE_BYTES;
  } catch {
    return false;
  }
}

export function diskFullLine(where: string): string {
  return `Disco cheio em ${where}: o servidor não conseguiu gravar e não iniciou. Libere espaço e inicie de novo (nada foi apagado).`;
}

export interface StartContext {
  dataDir: string;
  port: number;
  host: string;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The one line that says what stopped the start. */
export function startFailureLine(error: unknown, context: StartContext): string {
  if (error instanceof StartFailure) return error.message;
  const code = codeOf(error);
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  if (code === 'EADDRINUSE') {
    return `A porta ${context.port} (${context.host}) já está em uso por outro programa: encerre-o ou escolha outra porta com PORT.`;
  }
  if ((code === 'EACCES' || code === 'EPERM') && (syscall === 'listen' || syscall === 'bind')) {
    return `Sem permissão para usar a porta ${context.port} (${context.host}): use uma porta acima de 1023 com PORT.`;
  }
  if (isDiskFull(error)) return diskFullLine(context.dataDir);
  const path = (error as { path?: unknown } | null)?.path;
  if ((code === 'EACCES' || code === 'EPERM') && typeof path === 'string') {
    return `Sem permissão para ${path}: o servidor precisa ser dono de ${context.dataDir} (DATA_DIR) e de tudo o que está dentro.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `O servidor não iniciou: ${message.split('\n')[0]?.trim() || 'erro desconhecido'}`;
}
