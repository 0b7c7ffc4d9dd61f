/**
 * The upload call's body reader (server/http/streamed-upload.ts), on a bare Fastify app that
 * echoes what it read: the file decoded whatever the chunks' boundaries, its problems told as
 * the upload check tells them, the other fields bounded, and Fastify's own errors for bodies
 * that are not JSON or too large.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../contract/api.ts';
import { registerErrorHandling } from '../../server/http/errors.ts';
import { ReceivedFile, streamUploadBodies } from '../../server/http/streamed-upload.ts';
import { UPLOAD_FIELDS_TOO_LARGE } from '../../server/http/upload-fields-guard.ts';
import { EMPTY_FILE, FILE_TOO_LARGE, NOT_BASE64 } from '../../server/services/upload-check.ts';
import { FILES } from './helpers.ts';

const LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 512 * 1024;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  await app.register(async (scope) => {
    streamUploadBodies(scope, 'arquivoBase64', LIMIT);
    scope.post('/upload', async (request) => {
      const body = request.body as Record<string, unknown>;
      const file = body.arquivoBase64;
      if (!(file instanceof ReceivedFile)) return { body };
      return {
        body: { ...body, arquivoBase64: undefined },
        file: { base64: file.bytes.toString('base64'), mime: file.mime, problem: file.problem, json: JSON.stringify(file) },
      };
    });
  });
});
afterAll(() => app.close());

/** The text in pieces of `size` characters, as a slow connection delivers it. */
function inPieces(text: string, size: number): Readable {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return Readable.from(pieces);
}

async function send(text: string, size = text.length || 1) {
  const response = await app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: inPieces(text, size),
  });
  return {
    status: response.statusCode,
    json: response.json() as { body: Record<string, unknown>; file?: Record<string, unknown>; message?: string },
  };
}

describe('the upload body, read as it arrives', () => {
  it('decodes the file whatever the chunk boundaries, keeps the data URL type, and fingerprints it by its hash', async () => {
    const text = `data:application/pdf;base64,${FILES.pdf}`;
    for (const size of [1, 3, 7, 64, 100_000]) {
      const { status, json } = await send(JSON.stringify({ nmDocumento: 'rg.pdf', arquivoBase64: text }), size);
      expect(status).toBe(200);
      expect(json.body.nmDocumento).toBe('rg.pdf');
      expect(json.file).toEqual({
        base64: FILES.pdf,
        mime: 'application/pdf',
        problem: null,
        json: JSON.stringify(`sha256:${createHash('sha256').update(text).digest('hex')}`),
      });
    }
  });

  it('tells an empty file, a file over 10MB and text that is not strict base64 as the upload check does', async () => {
    const problem = async (arquivoBase64: string) => (await send(JSON.stringify({ arquivoBase64 }), 4096)).json.file?.problem;
    expect(await problem('')).toBe(EMPTY_FILE);
    expect(await problem('data:application/pdf;base64,')).toBe(EMPTY_FILE);
    expect(await problem('QQ==QQ==')).toBe(NOT_BASE64);
    expect(await problem('QUJD\\nRA==')).toBe(NOT_BASE64);
    expect(await problem('QUJDRA=')).toBe(NOT_BASE64);
    expect(await problem('QUJDRA===')).toBe(NOT_BASE64);
    const tooLarge = Buffer.alloc(MAX_FILE_BYTES + 1).toString('base64');
    const { json } = await send(JSON.stringify({ arquivoBase64: tooLarge }), 65_536);
    expect(json.file?.problem).toBe(FILE_TOO_LARGE);
    // What is past the largest file allowed is not kept.
    expect(Buffer.from(String(json.file?.base64), 'base64').length).toBeLessThanOrEqual(MAX_FILE_BYTES + 65_536);
  }, 30_000);

  it('keeps small fields, bounds long ones, and keeps nothing of nested values', async () => {
    // All within the 16 KB the fields beside the file may take together.
    const body = {
      cdTipoDocumento: 3,
      nuContrato: null,
      ok: true,
      nmDocumento: 'x'.repeat(8_000),
      contato: Array.from({ length: 500 }, () => 'abc'),
      nmExtensao: { deep: [{ deeper: 'y'.repeat(2_000) }] },
    };
    const { status, json } = await send(JSON.stringify(body), 1000);
    expect(status).toBe(200);
    expect(json.body).toEqual({
      cdTipoDocumento: 3,
      nuContrato: null,
      ok: true,
      nmDocumento: 'x'.repeat(4097),
      contato: [],
      nmExtensao: {},
    });
  });

  it('gives a top-level value that is not an object to the contract as it came', async () => {
    expect((await send('[1, [2], {"a": 3}]', 2)).json.body).toEqual([]);
    expect((await send('"texto"')).json.body).toBe('texto');
  });

  it("answers malformed, empty and too large bodies with Fastify's errors, in our words", async () => {
    const malformed = await send('{"arquivoBase64": "QUJD', 5);
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/malformado ou incompleto/);
    const empty = await app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    const huge = `{"arquivoBase64": "${'A'.repeat(LIMIT)}"}`;
    const tooLarge = await send(huge, 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toMatch(/grande demais/);
  }, 30_000);

  it('refuses fields beside the file past 16 KB, before the parser spends time on them, in any chunking', async () => {
    const list = `{"contato":[${new Array(3_000_000).fill('0').join(',')}]}`;
    const started = performance.now();
    const { status, json } = await send(list, 65_536);
    expect(status).toBe(413);
    expect(json.message).toBe(UPLOAD_FIELDS_TOO_LARGE);
    // Parsed, this list cost seconds of CPU; now only its first 16 KB are looked at.
    expect(performance.now() - started).toBeLessThan(1_000);
    for (const size of [1, 7, 100_000]) {
      expect((await send(JSON.stringify({ nmDocumento: 'x'.repeat(16 * 1024) }), size)).status).toBe(413);
      expect((await send(JSON.stringify({ nmDocumento: 'x'.repeat(15 * 1024) }), size)).status).toBe(200);
    }
    // Many short file fields do not hide fields: each key and its quotes count.
    const repeated = `{${new Array(2_000).fill('"arquivoBase64":"QQ=="').join(',')}}`;
    expect((await send(repeated)).status).toBe(413);
  }, 30_000);

  it('does not count the file, whatever its escapes, its key spelling or the chunk boundaries', async () => {
    const large = Buffer.alloc(MAX_FILE_BYTES).toString('base64');
    const fields = { nmDocumento: 'rg.pdf', nuContrato: '123' };
    // A file of 10 MB after and before the fields, with slashes escaped as some encoders do.
    const escaped = JSON.stringify({ ...fields, arquivoBase64: `data:application/pdf;base64,${FILES.pdf}` }).replaceAll('/', '\\/');
    for (const size of [1, 5, 4096]) {
      const { status, json } = await send(escaped, size);
      expect(status).toBe(200);
      expect(json.file?.base64).toBe(FILES.pdf);
    }
    const before = await send(JSON.stringify({ arquivoBase64: large, ...fields }), 65_536);
    expect(before.status).toBe(200);
    expect(before.json.file?.problem).toBeNull();
    const after = await send(JSON.stringify({ ...fields, arquivoBase64: large }), 65_536);
    expect(after.json.file?.problem).toBeNull();
    // The key spelled with an escape is still the file's key.
    const spelled = await send(`{"arquivo\\u0042ase64": "${large}", "nmDocumento": "a\\"b"}`, 65_536);
    expect(spelled.status).toBe(200);
    expect(spelled.json.body.nmDocumento).toBe('a"b');
    expect(spelled.json.file?.problem).toBeNull();
  }, 60_000);
});
