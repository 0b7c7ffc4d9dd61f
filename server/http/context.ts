/** What every route handler gets: the app's dependencies and the current caller. */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../services/file-store.ts';
import type { Clock } from '../services/clock.ts';
import type { Access } from './access.ts';

export const API_BASE = '/wslinhafrente/v1/';

export interface AppDeps {
  db: Database;
  files: FileStore;
  clock: Clock;
  /** Signs access tokens and keys idempotency fingerprints. */
  secret: string;
  dataDir: string;
}

export interface HandlerContext {
  deps: AppDeps;
  request: FastifyRequest;
  access: Access;
  /** One instant per request, from the injected clock. */
  now: Date;
  /** Client address as the socket sees it (no proxy headers unless TRUST_PROXY). */
  clientAddress: string;
  /** Absolute http(s) URL of a path under the API base, on the host the client used. */
  apiUrl(path: string): string;
}

const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export function absoluteApiUrl(request: FastifyRequest, path: string): string {
  // A Host header we would not trust in a link falls back to localhost instead of echoing it.
  const host = SAFE_HOST.test(request.host) ? request.host : 'localhost';
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}${API_BASE}${path.replace(/^\/+/, '')}`;
}
