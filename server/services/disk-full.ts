/**
 * A write that failed because the disk (or the quota) is full: the file system's ENOSPC /
 * EDQUOT, or PostgreSQL's disk_full (SQLSTATE 53100). The API answers these with 507 and a
 * message that says so (http/errors.ts), instead of a generic 500.
 */
const DISK_FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', '53100']);

export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && /no space left on device/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const DISK_FULL_MESSAGE = 'Não há espaço no servidor para guardar estes dados agora. Nada foi gravado; tente novamente mais tarde.';
