/**
 * The built portal (Vite's dist/) on the same port as the API. Hashed files under
 * /assets/ never change, so browsers keep them a year; index.html is revalidated every
 * time so a new build is picked up at once. Without a build, `/` says how to make one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Portabilidade</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 3rem auto;">
<h1>Portabilidade</h1>
<p>O servidor está no ar, mas o portal ainda não foi gerado.</p>
<p>Rode <code>npm run build</code> (ou <code>npm start</code>, que gera o portal) e recarregue esta página.</p>
<p>A API está em <code>/wslinhafrente/v1/</code> (documentação em <a href="/wslinhafrente/v1/openapi.json">openapi.json</a>).</p>
</body></html>`;

export async function registerStaticSite(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexPath = join(staticDir, 'index.html');

  app.get('/', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // Read per request: a rebuild while the server runs is served without a restart.
    return existsSync(indexPath) ? reply.send(readFileSync(indexPath)) : reply.send(NO_BUILD_PAGE);
  });

  if (!existsSync(staticDir)) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, path) {
      const normalized = path.replaceAll('\\', '/');
      if (normalized.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else if (normalized.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
}
