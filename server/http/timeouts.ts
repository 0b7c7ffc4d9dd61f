/**
 * How long a client may take to send its request (issue 11: a body that never arrives
 * used to hold a socket for minutes).
 *
 * - Headers: `requestTimeoutMs` (Node's `headersTimeout`, checked every second or so).
 * - Body: `requestTimeoutMs`, plus one second for every `minBodyBytesPerSecond` bytes that
 *   did arrive. A body that never comes, or comes a byte at a time, gets 408 after about
 *   `requestTimeoutMs`; a 10 MB upload on a slow phone link (anything faster than the
 *   floor, 16 KB/s by default) still gets through, however long it takes.
 *
 * Time spent by the handler itself is not limited here: the database and the PDF generator
 * are ours, not the client's.
 */
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface Timeouts {
  /** Headers, and a body that does not progress, get 408 after this long. Default 30 s. */
  requestTimeoutMs: number;
  /** Each byte of body received buys 1/this seconds more. Default 16 KB/s. */
  minBodyBytesPerSecond: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { requestTimeoutMs: 30_000, minBodyBytesPerSecond: 16 * 1024 };

export const REQUEST_TIMEOUT_MESSAGE = 'A requisição demorou demais para chegar ao servidor. Verifique a sua conexão e tente novamente.';

/** Node's own limits for the headers, given to Fastify as its `http` options. */
export function nodeServerOptions(timeouts: Timeouts): ServerOptions {
  return {
    headersTimeout: timeouts.requestTimeoutMs,
    // Node checks its timeouts on this interval (30 s by default, which would double them).
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(timeouts.requestTimeoutMs / 4))),
  };
}

function rawResponse(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ message });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
    `Connection: close\r\n\r\n${body}`
  );
}

/**
 * Fastify's `clientErrorHandler`: what Node reports before any route runs (headers too slow
 * or too large, malformed HTTP) answered in our `{ message }` format, in pt-BR.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? rawResponse(408, 'Request Timeout', REQUEST_TIMEOUT_MESSAGE)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? rawResponse(431, 'Request Header Fields Too Large', 'Os cabeçalhos da requisição são grandes demais.')
        : rawResponse(400, 'Bad Request', 'Requisição HTTP malformada.');
  if (socket.writable) socket.end(answer);
  socket.destroy();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function timeOut(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  request.log.info({ url: request.url }, 'corpo da requisição não chegou a tempo (408)');
  // Fastify's body reader still waits on this request: it must not answer it again.
  reply.hijack();
  if (!reply.raw.headersSent && socket.writable) socket.end(rawResponse(408, 'Request Timeout', REQUEST_TIMEOUT_MESSAGE));
  socket.destroy();
}

export function registerBodyDeadline(app: FastifyInstance, timeouts: Timeouts): void {
  app.addHook('onRequest', (request, reply, done) => {
    const { raw } = request;
    const socket = raw.socket as Socket | undefined;
    // Injected requests (tests) have no socket to measure, and their bodies are all there.
    if (raw.complete || !hasBody(request) || typeof socket?.bytesRead !== 'number') {
      done();
      return;
    }
    const startedAt = Date.now();
    const bytesAtStart = socket.bytesRead;
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    const check = () => {
      if (raw.complete || socket.destroyed || reply.raw.writableEnded) {
        stop();
        return;
      }
      const received = socket.bytesRead - bytesAtStart;
      const allowedMs = timeouts.requestTimeoutMs + (received / timeouts.minBodyBytesPerSecond) * 1000;
      const elapsedMs = Date.now() - startedAt;
      if (elapsedMs >= allowedMs) {
        timeOut(request, reply);
        return;
      }
      timer = setTimeout(check, Math.min(allowedMs - elapsedMs, 1_000) + 5);
      timer.unref();
    };
    raw.once('end', stop);
    reply.raw.once('close', stop);
    timer = setTimeout(check, Math.min(timeouts.requestTimeoutMs, 1_000));
    timer.unref();
    done();
  });
}
