/**
 * The typed HTTP client: one function, `callApi`, for every call of the contract.
 * It adds the headers SPEC §7 asks for, parses every response with its schema and turns
 * any failure into an `ApiError`. Retries and the error catalogue live in react-query
 * (see query-client.ts), not here.
 */
import * as z from 'zod/mini';
import {
  DEFAULT_API_BASE,
  HEADERS,
  acceptHeaderOf,
  errorBody,
  routes,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
} from '../../contract/api';
import { takeEarlyRead } from './early-reads';
import { fetchWithUploadProgress } from './upload-progress-fetch';

/**
 * `timeout`: no complete answer within the client's time limit (`timeoutMs`). `cancelled`: the
 * caller stopped it (`CallOptions.signal`, e.g. the person's 'Cancelar envio'): no failure to report.
 */
export type ApiErrorKind = 'http' | 'network' | 'schema' | 'timeout' | 'cancelled';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The server's own message for 400/404, when it sent one. */
    readonly serverMessage: string | undefined,
    readonly endpoint: EndpointName,
    /** The answer's typed code (contract/rules.ts ERROR_CODES), for a screen that acts on it. */
    readonly code?: string,
  ) {
    super(`${endpoint}: ${kind} ${status}${serverMessage ? ` — ${serverMessage}` : ''}`);
    this.name = 'ApiError';
  }
}

/** Told about every HTTP attempt, so the loading overlay can count them. */
export interface RequestActivity {
  started(): void;
  finished(): void;
}

interface ClientConfig {
  base: string;
  getToken: () => string | null;
  activity: RequestActivity;
  fetch: typeof fetch;
  readCookie: (name: string) => string | null;
  /**
   * How long one attempt may take, answer body included, before it ends as a `timeout`
   * error (the error catalogue's message; the overlay hides). A hung server otherwise keeps
   * "Carregando..." on screen for as long as the browser waits.
   */
  timeoutMs: number;
}

export const API_TIMEOUT_MS = 30_000;

function readDocumentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

const config: ClientConfig = {
  base: DEFAULT_API_BASE,
  getToken: () => null,
  activity: { started() {}, finished() {} },
  fetch: (...args) => globalThis.fetch(...args),
  readCookie: readDocumentCookie,
  timeoutMs: API_TIMEOUT_MS,
};

export function configureApi(overrides: Partial<ClientConfig>): void {
  Object.assign(config, overrides);
}

/** Relative URLs stay on our origin, so only they may carry the CSRF token (SPEC §7). */
function isRelative(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:\/\//i.test(url) && !url.startsWith('//');
}

function buildUrl(path: string, query: Record<string, unknown> | undefined): string {
  const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

async function readServerMessage(response: Response): Promise<{ message?: string; code?: string }> {
  const raw = (await response.text().catch(() => '')).trim();
  if (!raw) return {};
  try {
    const parsed = errorBody.safeParse(JSON.parse(raw));
    if (!parsed.success) return {};
    return {
      ...(parsed.data.message.trim() ? { message: parsed.data.message } : {}),
      ...(parsed.data.code ? { code: parsed.data.code } : {}),
    };
  } catch {
    // A plain-text error body is still the server's message; HTML error pages are not.
    return raw.startsWith('<') ? {} : { message: raw };
  }
}

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * The access token for this call instead of the stored one; `null` sends none. The home
   * lookup asks anonymously (a token kept from another protocol would be refused), the
   * wizard's acceptance document uses the token its save answered.
   */
  token?: string | null;
  /** Reports the request body as it goes out (an upload); the call then goes through XMLHttpRequest. */
  onUploadProgress?: (sent: number, total: number) => void;
  /** Not counted by the loading overlay: the screen shows this call's progress itself. */
  quiet?: boolean;
  /** The browser finishes sending it even when the page closes right after (a sign-out). */
  keepalive?: boolean;
}

export async function callApi<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
  options: CallOptions = {},
): Promise<EndpointOutput<N>> {
  // Stopped before it went out (the person cancelled while the file was being read): it never goes.
  if (options.signal?.aborted) throw new ApiError('cancelled', 0, undefined, name);
  const endpoint = routes[name];
  const isGet = endpoint.method === 'GET';
  const url = buildUrl(endpoint.path, isGet ? (input as Record<string, unknown>) : undefined);
  const headers: Record<string, string> = {
    [HEADERS.frameOptions]: 'deny',
    Accept: acceptHeaderOf(endpoint.responseKind),
  };
  if (!isGet) {
    headers['Content-Type'] = 'application/json';
    const csrf = isRelative(url) ? config.readCookie(HEADERS.csrfCookie) : null;
    if (csrf) headers[HEADERS.csrfHeader] = csrf;
    if (options.idempotencyKey) headers[HEADERS.idempotencyKey] = options.idempotencyKey;
  }
  const token = options.token === undefined ? config.getToken() : options.token;
  if (token) headers[HEADERS.authorization] = `Bearer ${token}`;

  // One signal for the caller's cancel (react-query) and this attempt's time limit.
  const controller = new AbortController();
  let timedOut = false;
  const expire = () => {
    timedOut = true;
    controller.abort();
  };
  let timer = setTimeout(expire, config.timeoutMs);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const failure = (kind: ApiErrorKind, status: number) => new ApiError(timedOut ? 'timeout' : kind, status, undefined, name);

  const onProgress = options.onUploadProgress;
  // An upload that is still moving is not hung: its time limit counts from its last progress.
  const progress =
    onProgress &&
    ((sent: number, total: number) => {
      clearTimeout(timer);
      timer = setTimeout(expire, config.timeoutMs);
      onProgress(sent, total);
    });
  const send: typeof fetch = progress ? (target, init) => fetchWithUploadProgress(String(target), init ?? {}, progress) : config.fetch;
  // A read the page's inline script already started (the tracking screen's): its answer is this attempt's.
  const early = isGet && !progress ? takeEarlyRead(url, token ?? null, controller.signal, config.timeoutMs) : undefined;
  if (!options.quiet) config.activity.started();
  try {
    let response: Response;
    try {
      response = await (early ??
        send(url, {
          method: endpoint.method,
          headers,
          body: isGet ? undefined : JSON.stringify(input),
          credentials: 'same-origin',
          signal: controller.signal,
          ...(options.keepalive ? { keepalive: true } : {}),
        }));
    } catch {
      if (options.signal?.aborted) throw new ApiError('cancelled', 0, undefined, name);
      throw failure('network', 0);
    }
    if (!response.ok) {
      const { message, code } = await readServerMessage(response);
      if (timedOut) throw failure('http', response.status);
      throw new ApiError('http', response.status, message, name, code);
    }
    let body: unknown;
    try {
      const text = await response.text();
      // An empty JSON answer is read as null: the endpoint's schema says whether that is an answer (a login's is).
      body = endpoint.responseKind === 'json' ? (text.trim() === '' ? null : JSON.parse(text)) : text;
    } catch {
      throw failure('schema', response.status);
    }
    const parsed = (endpoint.output as z.ZodMiniType).safeParse(body);
    if (!parsed.success) throw new ApiError('schema', response.status, undefined, name);
    return parsed.data as EndpointOutput<N>;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    if (!options.quiet) config.activity.finished();
  }
}
