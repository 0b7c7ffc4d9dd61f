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
    const body = {
      cdTipoDocumento: 3,
      nuContrato: null,
      ok: true,
      nmDocumento: 'x'.repeat(100_000),
      contato: Array.from({ length: 50_000 }, () => 'abc'),
      nmExtensao: { deep: [{ deeper: 'y'.repeat(10_000) }] },
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
});
