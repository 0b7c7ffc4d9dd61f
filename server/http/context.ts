/** What every route handler gets: the app's dependencies and the current caller. */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../services/file-store.ts';
import type { Clock } from '../services/clock.ts';
import type { Outbox } from '../services/outbox.ts';
import type { Access } from './access.ts';

export const API_BASE = '/wslinhafrente/v1/';

export interface AppDeps {
  db: Database;
  files: FileStore;
  clock: Clock;
  /** Signs access tokens, CSRF tokens and keys idempotency fingerprints. */
  secret: string;
  dataDir: string;
  /** PUBLIC_URL: the origin absolute links are made on; undefined: links are relative. */
  publicUrl?: string;
  /** CEP_PROVIDER_URL: a ViaCEP-format service for CEPs the offline table lacks. */
  cepProviderUrl?: string;
  /** RETENTION_DAYS: a closed request's files are served, then purged, until this many days after it closed. */
  retentionDays: number;
  /** Delivers queued e-mails; told after a save that queued one. */
  outbox?: Outbox;
}

export interface HandlerContext {
  deps: AppDeps;
  request: FastifyRequest;
  access: Access;
  /** One instant per request, from the injected clock. */
  now: Date;
  /**
   * The client's address: the socket's, or behind TRUST_PROXY the one the trusted proxies
   * appended to X-Forwarded-For (read from the right; never the client's own left-most entry).
   */
  clientAddress: string;
  /** The link to a path under the API base: on PUBLIC_URL when configured, else root-relative. */
  apiUrl(path: string): string;
}

/**
 * Links in answers never come from the request (a forged `Host` or `X-Forwarded-Host` would
 * come back in them): they are on the configured public origin, or relative to the page's.
 */
export function apiUrl(publicUrl: string | undefined, path: string): string {
  return `${publicUrl ?? ''}${API_BASE}${path.replace(/^\/+/, '')}`;
}

/** PUBLIC_URL as an origin (`https://portal.example`), or an error saying what is wrong with it. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL inválida: ${value} (use a origem pública, ex.: https://portal.exemplo.com.br)`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    throw new Error(`PUBLIC_URL inválida: ${value} (só a origem: esquema http ou https, host e porta, sem caminho)`);
  }
  return url.origin;
}
