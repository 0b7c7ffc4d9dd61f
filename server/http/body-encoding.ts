/**
 * A body is read as it is sent: no call takes a compressed one. Without this check a gzip body
 * met the JSON parser and was refused as "malformado", which sends a caller looking for a
 * syntax error that is not there.
 */
import type { FastifyInstance } from 'fastify';

export const ENCODED_BODY_MESSAGE = 'Codificação de conteúdo não suportada: envie o corpo da requisição sem compressão.';

/** `identity` (or no header at all) is the body as it is; anything else is refused before a byte is read. */
const isIdentity = (encoding: string): boolean =>
  encoding
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .every((part) => part === '' || part === 'identity');

export function registerBodyEncodingCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || isIdentity(encoding)) return;
    return reply.code(415).header('cache-control', 'no-store').send({ message: ENCODED_BODY_MESSAGE });
  });
}
