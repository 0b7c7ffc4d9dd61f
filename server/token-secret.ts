/**
 * The key that signs access and CSRF tokens. Anyone who knows it can forge a login for any
 * protocol, so a short one is refused at start rather than used: TOKEN_SECRET, the file
 * DATA_DIR/token-secret and the `app_secrets` row (db/secrets.ts) all need MIN_SECRET_BYTES.
 *
 * The file is made once, atomically (temp file, fsync, then linked into place, a rename that
 * never replaces): a full disk or a crash leaves no file or a whole one, never the 0-byte
 * secret an earlier version could leave (and then signed with).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makePrivateDir } from './private-files.ts';
import { StartFailure } from './start-failure.ts';

/** 256 bits: what HMAC-SHA-256 needs to be as strong as its output. */
export const MIN_SECRET_BYTES = 32;

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newSecret = () => randomBytes(MIN_SECRET_BYTES).toString('base64url');

/** The secret, or a StartFailure naming `where` it came from and what to do. */
export function requireStrongSecret(secret: string, where: string, fix: string): string {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes >= MIN_SECRET_BYTES) return secret;
  throw new StartFailure(`O segredo de ${where} tem ${bytes} byte(s); são precisos pelo menos ${MIN_SECRET_BYTES}. ${fix}`);
}

/** TOKEN_SECRET when set (an empty value is refused, not ignored); else null. */
export function secretFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env.TOKEN_SECRET;
  if (value === undefined) return null;
  return requireStrongSecret(
    value,
    'TOKEN_SECRET',
    `Defina TOKEN_SECRET com ${MIN_SECRET_BYTES} bytes aleatórios ou mais (por exemplo: openssl rand -base64 32) ou remova a variável.`,
  );
}

/** TOKEN_SECRET, or the one made on the first start and kept (owner-only) in DATA_DIR. */
export function tokenSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = secretFromEnv(env);
  if (fromEnv !== null) return fromEnv;
  const path = join(dataDir, 'token-secret');
  const existing = readSecretFile(path);
  if (existing !== null) return existing;
  makePrivateDir(dataDir);
  return writeSecretFile(path) ?? (readSecretFile(path) as string);
}

function readSecretFile(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return requireStrongSecret(
    text.trim(),
    path,
    'Apague o arquivo para que um novo seja gerado (as sessões abertas terminam) ou defina TOKEN_SECRET.',
  );
}

/** Writes a new secret at `path`; null when another process made one first (then read theirs). */
function writeSecretFile(path: string): string | null {
  const secret = newSecret();
  const temp = `${path}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, secret);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
      throw error;
    }
    syncDirectory(dirname(path));
    return secret;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Makes the new name itself durable (best effort: not every platform lets a directory be opened). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // The file's bytes are synced; only the name could be lost to a power cut, and then the next start makes one.
  }
}
