/**
 * The reference back-end as a Fastify instance, without listening: main.ts starts it,
 * tests drive it with `app.inject`. Everything it needs comes in through `options`.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { MAX_FILE_BYTES } from '../src/api/contract.ts';
import type { Database } from './db/database.ts';
import { API_BASE, type AppDeps } from './http/context.ts';
import { registerEndpoints, type EndpointHandlers } from './http/endpoints.ts';
import { registerErrorHandling } from './http/errors.ts';
import { buildOpenApi } from './http/openapi.ts';
import { registerSecurity } from './http/security.ts';
import { registerStaticSite } from './http/static-site.ts';
import { authHandlers } from './routes/auth.ts';
import { registerBackofficeRoutes } from './routes/backoffice.ts';
import { documentHandlers, registerFiles } from './routes/documents.ts';
import { homeHandlers } from './routes/home.ts';
import { registerImages } from './routes/images.ts';
import { requestHandlers } from './routes/request.ts';
import { signatureHandlers } from './routes/signatures.ts';
import { trackingHandlers } from './routes/tracking.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { FileStore } from './services/file-store.ts';
import { SERVER_VERSION } from './version.ts';

/** Room for a 10 MB file in base64 (≈13.4 MB) plus the JSON around it, and no more. */
export const BODY_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 512 * 1024;

export interface BuildAppOptions {
  db: Database;
  dataDir: string;
  /** The built portal (Vite's dist/); absent or without index.html, `/` explains how to build. */
  staticDir?: string;
  secret: string;
  clock?: Clock;
  logger?: boolean | { level: string };
  /** Trust X-Forwarded-* from a reverse proxy (client address, https links). */
  trustProxy?: boolean;
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
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // Fastify answers some malformed requests before any route; keep them in our format.
    frameworkErrors: (error, _request, frameworkReply) => {
      // Typed by Fastify for its generic route; it is an ordinary reply.
      const reply = frameworkReply as unknown as FastifyReply;
      reply.code(400).send({ message: error.code === 'FST_ERR_BAD_URL' ? 'Endereço inválido.' : 'Requisição inválida.' });
    },
  });
  const deps: AppDeps = {
    db: options.db,
    files: new FileStore(options.dataDir),
    clock: options.clock ?? systemClock,
    secret: options.secret,
    dataDir: options.dataDir,
  };

  registerSecurity(app, API_BASE);
  registerErrorHandling(app);
  registerEndpoints(app, deps, handlers, { bodyLimit: BODY_LIMIT, streamedFields: { uploadDocument: 'arquivoBase64' } });
  registerImages(app, options.dataDir);
  registerFiles(app, deps);
  const openApi = buildOpenApi(SERVER_VERSION);
  app.get(`${API_BASE}openapi.json`, async (_request, reply) => reply.header('cache-control', 'no-cache').send(openApi));
  if (options.backofficeSecret) registerBackofficeRoutes(app, deps, options.backofficeSecret);
  if (options.staticDir) await registerStaticSite(app, options.staticDir);
  return app;
}
