/**
 * POST /_backoffice/run: the backoffice CLI's door into a running server, for when the
 * server holds the embedded database. Answered only to a direct loopback connection (not
 * through a proxy) carrying the secret the server wrote to DATA_DIR/server.json; anyone
 * else gets the ordinary 404.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../http/context.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { BackofficeError, BackofficeUsageError, parseBackofficeCommand, runBackofficeCommand } from '../services/backoffice.ts';

export const BACKOFFICE_PATH = '/_backoffice/run';
export const BACKOFFICE_SECRET_HEADER = 'x-backoffice-secret';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function allowed(request: FastifyRequest, secret: string): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || request.headers['x-forwarded-for'] !== undefined) return false;
  const given = request.headers[BACKOFFICE_SECRET_HEADER];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerBackofficeRoutes(app: FastifyInstance, deps: AppDeps, secret: string): void {
  // The CLI has no cookie: this door is guarded by loopback and its secret instead of CSRF.
  app.post(BACKOFFICE_PATH, { config: { csrf: false } }, async (request, reply) => {
    if (!allowed(request, secret)) throw notFound('Recurso não encontrado.');
    const command = parseBackofficeCommand(request.body);
    if (!command) throw new HttpError(400, 'Comando de backoffice inválido.');
    try {
      return reply.header('cache-control', 'no-store').send({ ok: true, result: await runBackofficeCommand(deps, command) });
    } catch (error) {
      // `uso`: the CLI exits 2 for it, as it does when it runs the command itself.
      if (error instanceof BackofficeUsageError) return reply.code(400).send({ message: error.message, uso: true });
      if (error instanceof BackofficeError) throw new HttpError(400, error.message);
      throw error;
    }
  });
}
