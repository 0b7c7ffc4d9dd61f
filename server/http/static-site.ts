/**
 * The built portal (Vite's dist/) on the same port as the API. Hashed files under
 * /assets/ never change, so browsers keep them a year; index.html is revalidated every
 * time so a new build is picked up at once. Every text file goes out brotli- or
 * gzip-compressed when the browser accepts it, from the `.br`/`.gz` files the build writes
 * beside it (scripts/vite-precompress.ts): no compression work per request. Without a
 * build, `/` (and `/index.html`, the same answer) says how to make one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { allowInlineScripts } from './security.ts';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Portabilidade</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 3rem auto;">
<h1>Portabilidade</h1>
<p>O servidor está no ar, mas o portal ainda não foi gerado.</p>
<p>Rode <code>npm run build</code> (ou <code>npm start</code>, que gera o portal) e recarregue esta página.</p>
<p>A API está em <code>/wslinhafrente/v1/</code> (documentação em <a href="/wslinhafrente/v1/openapi.json">openapi.json</a>).</p>
</body></html>`;

/** The bodies of index.html's inline classic scripts (the CSP allows exactly these). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body ?? '');
}

/** The precompressed variant of index.html this browser accepts, brotli first. */
function negotiateIndex(request: FastifyRequest, indexPath: string): { path: string; encoding?: 'br' | 'gzip' } {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted) && existsSync(`${indexPath}.br`)) return { path: `${indexPath}.br`, encoding: 'br' };
  if (/\bgzip\b/.test(accepted) && existsSync(`${indexPath}.gz`)) return { path: `${indexPath}.gz`, encoding: 'gzip' };
  return { path: indexPath };
}

export async function registerStaticSite(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexPath = join(staticDir, 'index.html');

  // The page, with its inline scripts' hashes in the CSP. `/index.html` is the same page and
  // gets the same answer (not the static plugin's, which has no hashes, so the early session
  // check and the early reads would be blocked there); a hash route after it stays as it is.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (!existsSync(indexPath)) return reply.send(NO_BUILD_PAGE);
    // Read per request: a rebuild while the server runs is served without a restart.
    allowInlineScripts(reply, inlineScripts(readFileSync(indexPath, 'utf8')));
    const { path, encoding } = negotiateIndex(request, indexPath);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(readFileSync(path));
  };
  app.get('/', page);
  app.get('/index.html', page);

  if (!existsSync(staticDir)) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    index: false,
    // Dotfiles (`.build-inputs.json`, the build's own notes; anything hidden a deploy copies)
    // are not the portal: 404, as for a file that does not exist.
    dotfiles: 'ignore',
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, path) {
      const normalized = path.replaceAll('\\', '/').replace(/\.(br|gz)$/, '');
      // The same URL may go out brotli, gzip or plain: shared caches must key on the encoding.
      res.setHeader('vary', 'accept-encoding');
      if (normalized.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else if (normalized.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
}
