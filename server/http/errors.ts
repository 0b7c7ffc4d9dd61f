/**
 * Every failure becomes `{ message }` in pt-BR with the right status, and the server keeps
 * serving: malformed or truncated JSON, bodies over the limit, unknown routes, and bugs
 * (500, logged, with no detail leaked).
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DISK_FULL_MESSAGE, isDiskFull } from '../services/disk-full.ts';
import { HttpError, errorBodyOf } from './http-error.ts';

const FRAMEWORK_MESSAGES: Readonly<Record<string, [number, string]>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'O corpo da requisição não é um JSON válido (está malformado ou incompleto).'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'O corpo da requisição está vazio; envie os dados em JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'A requisição é grande demais: o arquivo excede o tamanho máximo permitido de 10MB.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de conteúdo não suportado: envie os dados como application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'O tamanho informado da requisição não confere com o conteúdo recebido.'],
  FST_ERR_BAD_URL: [400, 'Endereço inválido.'],
};

/** Bodies of the calls that carry no file are small: over the limit, say the limit, not the file's. */
function tooLargeMessage(request: FastifyRequest): string | undefined {
  const limit = request.routeOptions.bodyLimit;
  if (limit === undefined || limit >= 1024 * 1024) return undefined;
  return `A requisição é grande demais: o máximo para esta chamada é de ${Math.round(limit / 1024)} KB.`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).header('cache-control', 'no-store').send(errorBodyOf(error));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disco cheio');
      return reply.code(507).header('cache-control', 'no-store').send({ message: DISK_FULL_MESSAGE });
    }
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const message = tooLargeMessage(request);
      if (message) return reply.code(413).header('cache-control', 'no-store').send({ message });
    }
    const known = code ? FRAMEWORK_MESSAGES[code] : undefined;
    if (known) return reply.code(known[0]).header('cache-control', 'no-store').send({ message: known[1] });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).header('cache-control', 'no-store').send({ message: 'Requisição inválida.' });
    }
    request.log.error({ err: error }, 'erro inesperado');
    return reply
      .code(500)
      .header('cache-control', 'no-store')
      .send({ message: 'Ocorreu um erro inesperado no servidor. Tente novamente mais tarde.' });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).header('cache-control', 'no-store').send({ message: 'Recurso não encontrado.' });
  });
}
