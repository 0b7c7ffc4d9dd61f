/**
 * Request rate limits and per-address quotas, with `@fastify/rate-limit` (its
 * `createRateLimit`, so a route can have several: a save counts against the save rate and
 * the daily save quota). Counted per client address (`request.ip`: the socket's, or the one
 * a trusted proxy gives; IPv6 by its /64) before the body is read; over a limit, 429 with a
 * pt-BR `{ message }` and `Retry-After`. Every attempt counts, answered or refused.
 *
 * Store: the process's memory for the embedded database (one process); with PostgreSQL,
 * the `rate_limit_hits` table (db/rate-limit-store.ts), so several processes share counts.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { endpoints, type EndpointName } from '../../contract/api.ts';
import type { Database } from '../db/database.ts';
import { databaseRateLimitStore, pruneHits } from '../db/rate-limit-store.ts';
import { API_BASE } from './context.ts';
import { HttpError } from './http-error.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export const RATE_LIMIT_NAMES = [
  'login',
  'save',
  'save-day',
  'upload',
  'upload-day',
  'email',
  'lookup',
  'cep',
  'forgot',
  'receipt',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];
export type RateLimits = Record<RateLimitName, RateLimit>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Per client address. A person files one request (a family, a few), sends a handful of
 * documents and logs in a few times; an office or a mobile carrier puts many people behind
 * one address, so each default is tens of times that. The login brakes (30 failures per
 * address in 15 minutes) stop guessing first; `login` caps the work a single address makes.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 200, windowMs: 15 * MINUTE },
  save: { max: 60, windowMs: 15 * MINUTE },
  'save-day': { max: 100, windowMs: DAY },
  upload: { max: 60, windowMs: 15 * MINUTE },
  // 200 files of at most 10 MB: 2 GB a day from one address at worst.
  'upload-day': { max: 200, windowMs: DAY },
  // As many as `save` allows in 15 minutes, per hour: an office behind one address files
  // dozens; a victim's inbox is guarded by the per-recipient quota (5 an hour).
  email: { max: 100, windowMs: HOUR },
  lookup: { max: 600, windowMs: MINUTE },
  cep: { max: 60, windowMs: MINUTE },
  // "Esqueci meu protocolo" sends messages to someone: each CPF gets 5 tries an hour
  // (services/protocol-reminder.ts), one address a few families' worth.
  forgot: { max: 20, windowMs: HOUR },
  // Each download of a receipt makes its PDF anew: a person downloads it a few times.
  receipt: { max: 30, windowMs: MINUTE },
};

const UNITS: Readonly<Record<string, number>> = { s: SECOND, m: MINUTE, h: HOUR, d: DAY };
const ENTRY = /^([a-z-]+)=(\d{1,9})\/(\d{1,6})([smhd])$/;

/** RATE_LIMITS: `name=max/window` entries separated by commas (`login=50/15m,upload-day=500/1d`); the others keep their default. */
export function parseRateLimits(value: string | undefined): RateLimits {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = ENTRY.exec(entry);
    const name = match?.[1] as RateLimitName | undefined;
    if (!match || !name || !RATE_LIMIT_NAMES.includes(name) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new Error(
        `RATE_LIMITS inválido: "${entry}" (use nome=máximo/janela, ex.: login=200/15m; nomes: ${RATE_LIMIT_NAMES.join(', ')}; janelas em s, m, h ou d)`,
      );
    }
    limits[name] = { max: Number(match[2]), windowMs: Number(match[3]) * (UNITS[match[4] ?? ''] ?? SECOND) };
  }
  return limits;
}

/** "3 minutos", "1 hora": how long until the window ends, in words. */
export function waitInWords(seconds: number): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  if (seconds < 60) return plural(Math.max(1, seconds), 'segundo', 'segundos');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minuto', 'minutos');
  return plural(Math.ceil(seconds / 3600), 'hora', 'horas');
}

const MESSAGES: Readonly<Record<RateLimitName, (wait: string) => string>> = {
  login: (wait) => `Muitas tentativas de acesso a partir desta conexão. Aguarde ${wait} e tente novamente.`,
  save: (wait) => `Muitas solicitações enviadas a partir desta conexão. Aguarde ${wait} e tente novamente.`,
  'save-day': (wait) => `Esta conexão atingiu o limite de solicitações enviadas por dia. Tente novamente em ${wait}.`,
  upload: (wait) => `Muitos documentos enviados a partir desta conexão. Aguarde ${wait} e tente novamente.`,
  'upload-day': (wait) => `Esta conexão atingiu o limite de documentos enviados por dia. Tente novamente em ${wait}.`,
  email: (wait) => `Muitas solicitações com envio de e-mail a partir desta conexão. Aguarde ${wait} e tente novamente.`,
  lookup: (wait) => `Muitas consultas a partir desta conexão. Aguarde ${wait} e tente novamente.`,
  cep: (wait) => `Muitas consultas de CEP a partir desta conexão. Aguarde ${wait} e tente novamente.`,
  forgot: (wait) => `Muitos pedidos de protocolo a partir desta conexão. Aguarde ${wait} e tente novamente.`,
  receipt: (wait) => `Muitos comprovantes baixados a partir desta conexão. Aguarde ${wait} e tente novamente.`,
};

/**
 * Routes outside the contract that still cost work per request: the receipt's download makes
 * a PDF each time (found by an exploratory run: 700 in 8.5 s from one address, none refused).
 */
const EXTRA_ROUTES: ReadonlyMap<string, Limited[]> = new Map([
  [`GET ${API_BASE}comprovante/:handle`, [{ limit: 'receipt', counter: 'receipt' }]],
  [`HEAD ${API_BASE}comprovante/:handle`, [{ limit: 'receipt', counter: 'receipt' }]],
]);

/** A save that asks for the protocol e-mail (fl_aceita_email '1' and an e-mail contact), the one call that sends e-mail. */
function sendsEmail(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { fl_aceita_email: accepts, contato } = body as { fl_aceita_email?: unknown; contato?: unknown };
  return (
    accepts === '1' &&
    Array.isArray(contato) &&
    contato.some(
      (contact: unknown) => typeof contact === 'object' && contact !== null && (contact as { tp_contato?: unknown }).tp_contato === '2',
    )
  );
}

interface Limited {
  limit: RateLimitName;
  /** The counter's name: per limit, or per limit and call (each lookup counts on its own). */
  counter: string;
  /** Only these requests count (read after the body is parsed). */
  when?: (request: FastifyRequest) => boolean;
}

/** The limits a call counts against (the OpenAPI lists 429 for these calls). */
export function rateLimitsOf(name: EndpointName): RateLimitName[] {
  return limitsOf(name).map((limited) => limited.limit);
}

/** Which limits each call counts against; calls not named have none. */
function limitsOf(name: EndpointName): Limited[] {
  switch (name) {
    case 'login':
      return [{ limit: 'login', counter: 'login' }];
    case 'saveRequest':
      return [
        { limit: 'save', counter: 'save' },
        { limit: 'save-day', counter: 'save-day' },
        { limit: 'email', counter: 'email', when: (request) => sendsEmail(request.body) },
      ];
    case 'uploadDocument':
      return [
        { limit: 'upload', counter: 'upload' },
        { limit: 'upload-day', counter: 'upload-day' },
      ];
    case 'cepAddress':
      return [{ limit: 'cep', counter: 'cep' }];
    case 'forgotProtocol':
      return [{ limit: 'forgot', counter: 'forgot' }];
    default:
      return endpoints[name].method === 'GET' ? [{ limit: 'lookup', counter: `lookup-${name}` }] : [];
  }
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

export interface RateLimitOptions {
  db: Database;
  limits: RateLimits;
}

/** Up to this many addresses are remembered per limit in memory (least recently seen forgotten first). */
const MEMORY_ADDRESSES = 20_000;
const PRUNE_EVERY_MS = 10 * MINUTE;

/**
 * Registers the plugin and an `onRoute` hook that gives each contract call its limits: call
 * before the routes are added.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const postgres = options.db.kind === 'postgres';
  await app.register(rateLimit, {
    global: false,
    cache: MEMORY_ADDRESSES,
    ...(postgres ? { store: databaseRateLimitStore(options.db) } : {}),
  });
  if (postgres) {
    const prune = setInterval(() => void pruneHits(options.db).catch(() => undefined), PRUNE_EVERY_MS);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  }

  const counters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiter = (counter: string, limit: RateLimitName) => {
    let made = counters.get(counter);
    if (!made) {
      const { max, windowMs } = options.limits[limit];
      // `cache` reaches the memory store's LRU through the plugin's options, though its types leave it out.
      const settings: CreateRateLimitOptions & { cache: number } = {
        max,
        timeWindow: windowMs,
        cache: MEMORY_ADDRESSES,
        // No address (the socket already gone): one shared counter rather than a 500.
        keyGenerator: (request) => `${counter}:${request.ip ? normalizeIP(request.ip) : '-'}`,
      };
      made = app.createRateLimit(settings);
      counters.set(counter, made);
    }
    return made;
  };
  const check =
    (limited: Limited) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (limited.when && !limited.when(request)) return;
      const result = await limiter(limited.counter, limited.limit)(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new HttpError(429, MESSAGES[limited.limit](waitInWords(seconds)));
    };

  const byRoute = new Map<string, EndpointName>();
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint = endpoints[name];
    byRoute.set(`${endpoint.method} ${API_BASE}${endpoint.path}`, name);
    if (endpoint.method === 'GET') byRoute.set(`HEAD ${API_BASE}${endpoint.path}`, name);
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    if (typeof route.method !== 'string') return;
    const name = byRoute.get(`${route.method} ${route.url}`);
    const limits = name ? limitsOf(name) : EXTRA_ROUTES.get(`${route.method} ${route.url}`);
    if (!limits) return;
    for (const limited of limits) {
      // Before the body is read; a limit that looks at the body, once it is parsed.
      if (limited.when) route.preHandler = [...asList(route.preHandler), check(limited)];
      else route.onRequest = [...asList(route.onRequest), check(limited)];
    }
  });
}
