/**
 * The reference back-end as a Fastify instance, without listening: main.ts starts it,
 * tests drive it with `app.inject`. Everything it needs comes in through `options`.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { MAX_FILE_BYTES } from '../contract/api.ts';
import type { Database } from './db/database.ts';
import { API_BASE, type AppDeps } from './http/context.ts';
import { registerBodyEncodingCheck } from './http/body-encoding.ts';
import { registerEndpoints, type EndpointHandlers } from './http/endpoints.ts';
import { registerErrorHandling } from './http/errors.ts';
import { DEFAULT_CONNECTION_CAPS, capConnections, type ConnectionCaps } from './http/connection-caps.ts';
import { loggerOptions, type LogSettings } from './http/log-redaction.ts';
import { buildOpenApi } from './http/openapi.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './http/rate-limits.ts';
import { registerSecurity } from './http/security.ts';
import { registerStaticSite } from './http/static-site.ts';
import { DEFAULT_TIMEOUTS, clientErrorHandler, nodeServerOptions, registerBodyDeadline, type Timeouts } from './http/timeouts.ts';
import { fastifyTrustProxy, trustedPeer } from './http/trust-proxy.ts';
import { authHandlers } from './routes/auth.ts';
import { registerBackofficeRoutes } from './routes/backoffice.ts';
import { contactHandlers } from './routes/contact.ts';
import { protocolReminderHandlers } from './routes/protocol-reminder.ts';
import { documentHandlers, registerFiles } from './routes/documents.ts';
import { homeHandlers } from './routes/home.ts';
import { registerImages } from './routes/images.ts';
import { receiptHandlers, registerReceipt } from './routes/receipt.ts';
import { requestHandlers } from './routes/request.ts';
import { signatureHandlers } from './routes/signatures.ts';
import { trackingHandlers } from './routes/tracking.ts';
import { withdrawalHandlers } from './routes/withdrawal.ts';
import { systemClock, type Clock } from './services/clock.ts';
import type { FileStore } from './services/file-store.ts';
import { openFileStore } from './services/open-file-store.ts';
import { Outbox, type OutboxOptions } from './services/outbox.ts';
import { purgeExpired } from './services/purge.ts';
import { MAX_RECEIPT_HANDLE } from './services/receipt-links.ts';
import { DEFAULT_RETENTION_DAYS } from './services/retention.ts';
import { SERVER_VERSION } from './version.ts';

/** The upload: room for a 10 MB file in base64 (≈13.4 MB) plus the JSON around it, and no more. */
export const BODY_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 512 * 1024;
/**
 * Every other body: the largest request the contract
 * allows — every text at its bound, 20 dependents, 10 contacts — is under 40 KB even in
 * 3-byte characters.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  db: Database;
  dataDir: string;
  /** The built portal (Vite's dist/); absent or without index.html, `/` explains how to build. */
  staticDir?: string;
  secret: string;
  clock?: Clock;
  /** Request and server log (redacted: http/log-redaction.ts); `true` is level info on standard output. */
  logger?: boolean | LogSettings;
  /**
   * TRUST_PROXY (http/trust-proxy.ts): how many proxies are in front, or their addresses/CIDRs,
   * whose X-Forwarded-For/-Proto are believed (client address, https: HSTS, Secure cookie).
   * `true` (every peer, the header's left-most address) only in tests.
   */
  trustProxy?: boolean | number | string[];
  /** Open connections per client address and in total (http/connection-caps.ts). */
  connections?: ConnectionCaps;
  /** Request rate limits and per-address quotas (http/rate-limits.ts, RATE_LIMITS). */
  rateLimits?: RateLimits;
  /** PUBLIC_URL (an origin): absolute links are made on it; without it links are relative. */
  publicUrl?: string;
  /** Request timeouts (http/timeouts.ts); tests shorten them. */
  timeouts?: Timeouts;
  /** Where files live; by default in PostgreSQL itself, or under dataDir for the embedded database. */
  files?: FileStore;
  /** The protocol e-mail: SMTP_URL and sender; without smtpUrl, .eml files into DATA_DIR/outbox. Tests shorten the retries. */
  mail?: Pick<OutboxOptions, 'smtpUrl' | 'from' | 'retryDelaysMs' | 'pollMs' | 'sms'>;
  /** CEP_PROVIDER_URL (services/cep-lookup.ts); without it only the offline table answers. */
  cepProviderUrl?: string;
  /** RETENTION_DAYS (services/retention.ts); 365 by default. */
  retentionDays?: number;
  /** When the LGPD purge runs (services/purge.ts): first a minute after start, then every hour; false: never (tests run it themselves). */
  purgeSchedule?: { firstMs: number; everyMs: number } | false;
  /** Enables the loopback-only /_backoffice routes, guarded by this secret. */
  backofficeSecret?: string;
}

const handlers: EndpointHandlers = {
  ...homeHandlers,
  ...authHandlers,
  ...requestHandlers,
  ...documentHandlers,
  ...trackingHandlers,
  ...signatureHandlers,
  ...receiptHandlers,
  ...withdrawalHandlers,
  ...contactHandlers,
  ...protocolReminderHandlers,
};

export const PURGE_SCHEDULE = { firstMs: 60_000, everyMs: 60 * 60_000 } as const;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger === true ? { level: 'info' } : options.logger) : false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    http: nodeServerOptions(timeouts),
    clientErrorHandler,
    // The receipt link's handle is the longest path parameter (the arquivos and imagens names
    // are far shorter); each route checks its own parameter's shape.
    routerOptions: { maxParamLength: MAX_RECEIPT_HANDLE },
    // Fastify answers some malformed requests before any route; keep them in our format.
    frameworkErrors: (error, _request, frameworkReply) => {
      // Typed by Fastify for its generic route; it is an ordinary reply.
      const reply = frameworkReply as unknown as FastifyReply;
      reply.code(400).send({ message: error.code === 'FST_ERR_BAD_URL' ? 'Endereço inválido.' : 'Requisição inválida.' });
    },
  });
  capConnections(app.server, options.connections ?? DEFAULT_CONNECTION_CAPS, trustedPeer(options.trustProxy));
  const deps: AppDeps = {
    db: options.db,
    files: options.files ?? openFileStore(options.db.kind, options.dataDir),
    clock: options.clock ?? systemClock,
    secret: options.secret,
    dataDir: options.dataDir,
    publicUrl: options.publicUrl,
    cepProviderUrl: options.cepProviderUrl,
    retentionDays: options.retentionDays ?? DEFAULT_RETENTION_DAYS,
  };
  deps.outbox = new Outbox({
    db: options.db,
    clock: deps.clock,
    outboxDir: join(options.dataDir, 'outbox'),
    log: app.log,
    ...options.mail,
  }).start();
  app.addHook('onClose', async () => deps.outbox?.stop());
  // Temporary files of processes gone since the store opened (another process sharing the disk).
  const sweep = setInterval(() => deps.files.sweepTemporaryFiles?.(), 15 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  schedulePurge(app, deps, options.purgeSchedule ?? PURGE_SCHEDULE);

  registerSecurity(app, { secret: options.secret, publicUrl: options.publicUrl, trustProxy: options.trustProxy });
  registerBodyDeadline(app, timeouts);
  registerBodyEncodingCheck(app);
  registerErrorHandling(app);
  await registerRateLimits(app, { db: options.db, limits: options.rateLimits ?? DEFAULT_RATE_LIMITS });
  registerEndpoints(app, deps, handlers, { bodyLimits: { uploadDocument: BODY_LIMIT } });
  registerImages(app, options.dataDir);
  registerFiles(app, deps);
  registerReceipt(app, deps);
  const openApi = buildOpenApi(SERVER_VERSION);
  app.get(`${API_BASE}openapi.json`, async (_request, reply) => reply.header('cache-control', 'no-cache').send(openApi));
  if (options.backofficeSecret) registerBackofficeRoutes(app, deps, options.backofficeSecret);
  if (options.staticDir) await registerStaticSite(app, options.staticDir);
  return app;
}

/** The LGPD purge on a schedule that never keeps the process alive; one run at a time, counts logged. */
function schedulePurge(app: FastifyInstance, deps: AppDeps, schedule: BuildAppOptions['purgeSchedule']): void {
  if (!schedule) return;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = purgeExpired({ ...deps, outboxDir: join(deps.dataDir, 'outbox') })
      .then(
        (report) => {
          if (report.solicitacoes || report.registrosDeIdempotencia) app.log.info({ expurgo: report }, 'expurgo LGPD concluído');
        },
        (error: unknown) => app.log.warn({ err: error }, 'falha no expurgo LGPD; nova tentativa na próxima rodada'),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, schedule.firstMs);
  const every = setInterval(run, schedule.everyMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
