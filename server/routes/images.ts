/**
 * Plan images (logo, seal, favicon) named by the settings table. Served from the seed's
 * assets, or from DATA_DIR/images for images an operator adds later. Cacheable for a day:
 * they change rarely and the portal loads them on every screen.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../http/context.ts';
import { notFound } from '../http/http-error.ts';

export const SEED_ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'seed', 'assets');
const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|ico)$/;
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  ico: 'image/x-icon',
};

export function registerImages(app: FastifyInstance, dataDir: string): void {
  app.get<{ Params: { name: string } }>(`${API_BASE}imagens/:name`, async (request, reply) => {
    const { name } = request.params;
    if (!IMAGE_NAME.test(name)) throw notFound('Imagem não encontrada.');
    const path = [join(dataDir, 'images', name), join(SEED_ASSETS_DIR, name)].find((candidate) => existsSync(candidate));
    if (!path) throw notFound('Imagem não encontrada.');
    const ext = name.slice(name.lastIndexOf('.') + 1);
    return reply
      .type(IMAGE_TYPES[ext] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=86400')
      .send(readFileSync(path));
  });
}
