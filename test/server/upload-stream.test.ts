import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../contract/api.ts';
import { checkUploadedFile } from '../../server/services/upload-check.ts';
import { API, CSRF, FILES, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
let protocolo: string;

beforeAll(async () => {
  server = await startServer();
  ({ nuProtocolo: protocolo } = (await server.post('portabilidade', validRequest())).json() as { nuProtocolo: string });
}, 60_000);
afterAll(() => server.close());

const body = (arquivoBase64: string, extra: Record<string, unknown> = {}) => JSON.stringify({
  nuProtocolo: protocolo, tipoSolicitacao: '9', nuContrato: '', cdTipoDocumento: 1,
  nmDocumento: 'rg.pdf', nmExtensao: 'pdf', arquivoBase64, ...extra,
});

/** Sends `text` to the upload call in pieces of `size` bytes, as a slow network would. */
function send(text: string, size = 7, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return server.app.inject({
    method: 'POST',
    url: `${API}portabilidade/utils/documento`,
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF, ...headers },
    payload: Readable.from(pieces),
  });
}

/** Temporary files anywhere under the stored files (their own directory, or beside them). */
const leftovers = () => [
  ...readdirSync(join(server.dataDir, 'files')).filter((name) => name.endsWith('.tmp') && name !== '.tmp'),
  ...readdirSync(join(server.dataDir, 'files', '.tmp')),
];

async function storedLast(): Promise<Buffer> {
  const list = (await server.get(`portabilidade/documento?protocolo=${protocolo}`, { token: 'free' })).json() as Array<{ linkUrl: string }>;
  const link = list.at(-1)?.linkUrl ?? '';
  return (await server.app.inject({ method: 'GET', url: link })).rawPayload;
}

/** The message the check gives for the same value held as a string (the ordinary path). */
function messageForString(base64: string, extension = 'pdf'): string {
  try {
    checkUploadedFile(`rg.${extension}`, extension, base64);
    return 'OK';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('uploads decoded as they arrive', () => {
  it('store the very bytes sent, whatever the pieces the body arrives in, with a data URL and escaped slashes', async () => {
    const pdf = Buffer.concat([Buffer.from(FILES.pdf, 'base64'), Buffer.alloc(200_000, 0xfb)]);
    const base64 = pdf.toString('base64');
    for (const [text, size] of [
      [body(FILES.pdf), 1],
      [body(base64), 3],
      [body(`data:application/pdf;base64,${base64}`), 4093],
      // JSON may escape "/" as "\/" (PHP does): the same file.
      [body(base64).replaceAll('/', '\\/'), 13],
    ] as const) {
      const response = await send(text, size);
      expect(response.body).toBe('OK');
      const sent = size === 1 ? Buffer.from(FILES.pdf, 'base64') : pdf;
      expect((await storedLast()).equals(sent)).toBe(true);
    }
    expect(leftovers()).toEqual([]);
  });

  it('refuse what the ordinary path refuses, with the same words, and leave no temporary file', async () => {
    const pdf = Buffer.from(FILES.pdf, 'base64').toString('base64');
    const cases = [
      '',
      'data:application/pdf;base64,',
      `${pdf.slice(0, -1)}!`,
      `${pdf}A`,
      `${pdf} `,
      `A=${pdf}`,
      `${pdf}===`,
      'AAAA'.repeat(Math.ceil(MAX_FILE_BYTES / 3) + 1),
      `data:image/png;base64,${pdf}`,
      FILES.text,
      FILES.png,
      `${pdf.slice(0, 8)}é${pdf.slice(9)}`,
    ];
    for (const base64 of cases) {
      const response = await send(body(base64), 1021);
      const expected = messageForString(base64);
      if (base64 === '') expect(messageOf(response)).toBe('Campo arquivoBase64: Arquivo vazio');
      else expect({ base64: base64.slice(0, 40), message: messageOf(response) }).toEqual({ base64: base64.slice(0, 40), message: expected });
      expect(response.statusCode).toBe(400);
    }
    expect(leftovers()).toEqual([]);
  });

  it('leave no temporary file when the request is refused before the file is checked, or the body is cut short', async () => {
    const pdf = FILES.pdf;
    expect((await send(body(pdf, { nuProtocolo: '99999999999999999999' }))).statusCode).toBe(404);
    expect((await send(body(pdf, { cdTipoDocumento: 999 }))).statusCode).toBe(400);
    const text = body(pdf);
    const cut = await send(text.slice(0, text.length / 2), 5);
    expect(cut.statusCode).toBe(400);
    expect(messageOf(cut)).toMatch(/JSON válido/);
    expect(leftovers()).toEqual([]);
  });

  it('replay a retry with the same Idempotency-Key and refuse the key with another file', async () => {
    const key = `upload-${Date.now()}`;
    const first = await send(body(FILES.pdf), 101, { 'idempotency-key': key });
    expect(first.body).toBe('OK');
    const again = await send(body(FILES.pdf), 37, { 'idempotency-key': key });
    expect(again.body).toBe('OK');
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await send(body(`data:application/pdf;base64,${FILES.pdf}`), 37, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
  });

  it('take the ordinary path for a field the scanner does not stream (an escaped key), with the same result', async () => {
    const text = body(FILES.pdf).replace('"arquivoBase64"', '"arquivo\\u0042ase64"');
    expect((await send(text, 9)).body).toBe('OK');
    expect((await storedLast()).equals(Buffer.from(FILES.pdf, 'base64'))).toBe(true);
    const nested = await send(JSON.stringify({ x: { arquivoBase64: FILES.pdf } }), 9);
    expect(nested.statusCode).toBe(400);
    expect(messageOf(nested)).toMatch(/^Campo /);
  });
});
