/**
 * Request timeouts on a real socket (issue 11): headers or a body that never arrive get 408
 * with a pt-BR message after the configured time (here 600 ms instead of 30 s), a body
 * dripped a byte at a time too, while a slow but steady upload still gets through.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MESSAGE } from '../../server/http/timeouts.ts';
import { API, CSRF, startServer, type TestServer } from './helpers.ts';

const TIMEOUT_MS = 600;
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startServer({ timeouts: { requestTimeoutMs: TIMEOUT_MS, minBodyBytesPerSecond: 16 * 1024 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => server.close());

interface Exchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  answer: Promise<{ text: string; afterMs: number }>;
  /** What the server sent so far. */
  received(): string;
}

function open(): Exchange {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('utf8');
  });
  socket.on('error', () => undefined);
  const answer = new Promise<{ text: string; afterMs: number }>((resolve) => {
    socket.on('close', () => resolve({ text, afterMs: Date.now() - started }));
  });
  return { socket, answer, received: () => text };
}

const postHead = (length: number) =>
  [
    `POST ${API}auth HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    `Cookie: XSRF-TOKEN=${CSRF}`,
    `X-XSRF-TOKEN: ${CSRF}`,
    '',
    '',
  ].join('\r\n');

function expect408(text: string) {
  expect(text).toMatch(/^HTTP\/1\.1 408 /);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  expect(JSON.parse(body)).toEqual({ message: REQUEST_TIMEOUT_MESSAGE });
}

describe('request timeouts', () => {
  it('answers 408 to headers that never finish', async () => {
    const { socket, answer } = open();
    socket.write(`GET ${API}portabilidade/utils/contratacao/destino HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    const { text, afterMs } = await answer;
    expect408(text);
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(afterMs).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('answers 408 to a body that never arrives', async () => {
    const { socket, answer } = open();
    socket.write(`${postHead(1_000)}{"cpf":`);
    const { text, afterMs } = await answer;
    expect408(text);
    expect(afterMs).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('answers 408 to a body dripped a byte at a time', async () => {
    const { socket, answer } = open();
    socket.write(postHead(10_000));
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write('x');
    }, 50);
    const { text, afterMs } = await answer;
    clearInterval(drip);
    expect408(text);
    expect(afterMs).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('lets a slow but steady body through (32 KB/s for 2 s), and keeps serving', async () => {
    const body = JSON.stringify({ cpf: '1', senha: '1', cdEmpresaPlano: '1', padding: 'x'.repeat(60_000) });
    const { socket, received } = open();
    socket.write(postHead(Buffer.byteLength(body)));
    const bytes = Buffer.from(body);
    for (let at = 0; at < bytes.length; at += 8 * 1024) {
      socket.write(bytes.subarray(at, at + 8 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await expect.poll(received, { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 /);
    socket.destroy();
    expect(received()).toMatch(/^HTTP\/1\.1 400 /);
    const next = await fetch(`http://127.0.0.1:${port}${API}portabilidade/utils/contratacao/destino`);
    expect(next.status).toBe(200);
  });
});
