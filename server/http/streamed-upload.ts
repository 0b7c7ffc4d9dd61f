/**
 * The upload call's body, read as it arrives with a maintained streaming JSON parser
 * (stream-json): the file's base64 is checked and decoded chunk by chunk, so a 10 MB file
 * costs its 10 MB once instead of the request's text, its parsed copy and the decoded bytes
 * together (4 uploads at once stay within the memory budget). The other fields are small:
 * each is kept up to a bound, and goes through the contract as every call's fields do; all of
 * them together are capped (16 KB) before the parser sees a byte of them (upload-fields-guard.ts).
 *
 * Only the upload route uses this parser (registered in its own Fastify scope); every other
 * call keeps Fastify's JSON parser and its 64 KB limit.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastify from 'fastify';
import { parser } from 'stream-json/parser.js';
import * as z from 'zod/mini';
import { MAX_BASE64_LENGTH, MAX_FILE_BYTES, documentUpload } from '../../contract/api.ts';
import { EMPTY_FILE, FILE_TOO_LARGE, NOT_BASE64, type DecodedFile } from '../services/upload-check.ts';
import { UploadFieldsGuard } from './upload-fields-guard.ts';

const { FST_ERR_CTP_BODY_TOO_LARGE, FST_ERR_CTP_EMPTY_JSON_BODY, FST_ERR_CTP_INVALID_JSON_BODY } = fastify.errorCodes;

/** A field other than the file keeps at most this many characters: past any bound of the contract, which then names it. */
const FIELD_CHARS = 4096;
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,/;
/** Longest `data:<type>;base64,` prefix looked for before the base64 itself. */
const PREFIX_CHARS = 100;
const BASE64_CHARS = /^[A-Za-z0-9+/]*$/;

/**
 * The file as received: its bytes (decoded while they arrived), the type a data URL named,
 * and what was wrong with its text, told in the order the upload check tells it.
 */
export class ReceivedFile implements DecodedFile {
  constructor(
    readonly bytes: Buffer,
    readonly mime: string | null,
    /** Characters of the field, data-URL prefix included (the contract bounds them). */
    readonly textLength: number,
    readonly problem: string | null,
    private readonly digest: string,
  ) {}

  /** In the idempotency fingerprint a file is its hash, as a long string was before. */
  toJSON(): string {
    return `sha256:${this.digest}`;
  }
}

/** Decodes one base64 text given in pieces, holding only the decoded bytes. */
class Base64Decoder {
  private readonly hash = createHash('sha256');
  /** Decoded bytes go straight into one buffer, sized from the body's length when it is told. */
  private buffer: Buffer;
  private head = '';
  private prefixDone = false;
  private mime: string | null = null;
  private carry = '';
  private textLength = 0;
  private encodedLength = 0;
  private padding = 0;
  private decodedBytes = 0;
  private valid = true;

  constructor(expectedBytes: number) {
    this.buffer = Buffer.allocUnsafe(Math.min(expectedBytes, MAX_FILE_BYTES + 3));
  }

  write(chunk: string): void {
    this.hash.update(chunk);
    this.textLength += chunk.length;
    if (this.prefixDone) return this.body(chunk);
    this.head += chunk;
    if (this.head.length >= PREFIX_CHARS) this.endPrefix();
  }

  end(): ReceivedFile {
    if (!this.prefixDone) this.endPrefix();
    if (this.carry.length > 0) this.valid = false;
    const bytes = this.buffer.subarray(0, this.decodedBytes);
    return new ReceivedFile(bytes, this.mime, this.textLength, this.problem(), this.hash.digest('hex'));
  }

  /** As the upload check always said: empty, then too large (from the encoded length), then not base64. */
  private problem(): string | null {
    if (this.encodedLength === 0) return EMPTY_FILE;
    if ((this.encodedLength / 4) * 3 - this.padding > MAX_FILE_BYTES) return FILE_TOO_LARGE;
    return this.valid ? null : NOT_BASE64;
  }

  private endPrefix(): void {
    this.prefixDone = true;
    const prefix = DATA_URL.exec(this.head);
    this.mime = prefix?.[1]?.toLowerCase() ?? null;
    const rest = prefix ? this.head.slice(prefix[0].length) : this.head;
    this.head = '';
    this.body(rest);
  }

  private body(chunk: string): void {
    if (chunk.length === 0) return;
    this.encodedLength += chunk.length;
    if (!this.valid) return;
    // Padding only at the very end: nothing but up to two '=' may follow the first one.
    const firstPad = chunk.indexOf('=');
    const data = firstPad < 0 ? chunk : chunk.slice(0, firstPad);
    const pad = firstPad < 0 ? '' : chunk.slice(firstPad);
    if ((this.padding > 0 && data.length > 0) || !BASE64_CHARS.test(data) || !/^=*$/.test(pad)) {
      this.valid = false;
      return;
    }
    this.padding += pad.length;
    if (this.padding > 2) {
      this.valid = false;
      return;
    }
    // Past the largest file allowed nothing more is kept: the answer is "too large" anyway.
    if (this.decodedBytes > MAX_FILE_BYTES) return;
    const text = this.carry + chunk;
    const whole = text.length - (text.length % 4);
    this.carry = text.slice(whole);
    if (whole === 0) return;
    const piece = text.slice(0, whole);
    const size = (whole / 4) * 3;
    if (this.decodedBytes + size > this.buffer.length) this.grow(this.decodedBytes + size);
    this.decodedBytes += this.buffer.write(piece, this.decodedBytes, 'base64');
  }

  /** Only when the body's length was not told (chunked) or undersold it. */
  private grow(needed: number): void {
    // Doubling up to the largest file allowed (one piece past it at most: the answer is then "too large").
    const larger = Buffer.allocUnsafe(Math.max(needed, Math.min(this.buffer.length * 2, MAX_FILE_BYTES + 3)));
    this.buffer.copy(larger, 0, 0, this.decodedBytes);
    this.buffer = larger;
  }
}

type Token = { name: string; value?: unknown };

/**
 * Builds the body from the parser's tokens: a top-level object's scalar fields (strings kept
 * up to FIELD_CHARS), `fileField` decoded by a Base64Decoder, and any nested value reduced
 * to an empty one of its kind (no field of the upload is a list or an object, so the
 * contract names it; nothing inside it is kept).
 */
class UploadBody {
  private depth = 0;
  private key: string | null = null;
  /** Inside a nested value: skipped until the depth is back to `skipUntil`. */
  private skipping = false;
  private skipUntil = 0;
  private text: string[] | null = null;
  private textLength = 0;
  private file: Base64Decoder | null = null;
  private topLevel: unknown = undefined;
  readonly fields: Record<string, unknown> = {};

  constructor(
    private readonly fileField: string,
    /** The file's decoded size as far as the body's length tells it (0 when it does not). */
    private readonly expectedFileBytes: number,
  ) {}

  get value(): unknown {
    return this.topLevel;
  }

  take(token: Token): void {
    if (this.skipping) return this.skip(token);
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        if (this.depth === 0 && token.name === 'startObject') {
          this.topLevel = this.fields;
          this.depth = 1;
          return;
        }
        this.set(token.name === 'startObject' ? {} : []);
        this.skipping = true;
        this.skipUntil = this.depth;
        this.depth += 1;
        return;
      case 'endObject':
        this.depth -= 1;
        return;
      case 'keyValue':
        this.key = String(token.value);
        return;
      case 'startString':
        if (this.depth === 0) this.text = [];
        else if (this.key === this.fileField) this.file = new Base64Decoder(this.expectedFileBytes);
        else this.text = [];
        this.textLength = 0;
        return;
      case 'stringChunk': {
        const chunk = String(token.value);
        if (this.file) return this.file.write(chunk);
        if (this.text && this.textLength <= FIELD_CHARS) {
          this.text.push(chunk.slice(0, FIELD_CHARS + 1 - this.textLength));
          this.textLength += chunk.length;
        }
        return;
      }
      case 'endString':
        if (this.file) this.set(this.file.end());
        else this.set((this.text ?? []).join(''));
        this.file = null;
        this.text = null;
        return;
      case 'numberValue':
        return this.set(Number(token.value));
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        return this.set(token.value);
    }
  }

  /** Inside a nested value (or a top-level list): only its depth is followed. */
  private skip(token: Token): void {
    if (token.name === 'startObject' || token.name === 'startArray') this.depth += 1;
    else if (token.name === 'endObject' || token.name === 'endArray') {
      this.depth -= 1;
      if (this.depth === this.skipUntil) this.skipping = false;
    }
  }

  private set(value: unknown): void {
    if (this.depth === 0) this.topLevel = value;
    else if (this.key !== null) this.fields[this.key] = value;
  }
}

function contentLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  return header === undefined ? null : Number(header);
}

/**
 * Registers, in `scope` only, a parser for `application/json` bodies that decodes
 * `fileField` as it arrives. Failures are Fastify's own errors (malformed, empty, too large),
 * so they are answered as every other call's.
 */
export function streamUploadBodies(scope: FastifyInstance, fileField: string, bodyLimit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const declared = contentLength(request);
    if (declared !== null && declared > bodyLimit) throw new FST_ERR_CTP_BODY_TOO_LARGE();
    const body = new UploadBody(fileField, declared === null ? 64 * 1024 : Math.ceil((declared * 3) / 4));
    const tokens = parser.asStream({
      packKeys: true,
      streamKeys: false,
      packStrings: false,
      streamStrings: true,
      packNumbers: true,
      streamNumbers: false,
    });
    let received = 0;
    let tooLarge = false;
    // Everything but the file is capped before the parser sees it (upload-fields-guard.ts).
    const guard = new UploadFieldsGuard(fileField);
    let refused: unknown = null;
    payload.on('data', (data: Buffer | string) => {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      received += chunk.length;
      if (received > bodyLimit && !tooLarge) {
        tooLarge = true;
        tokens.destroy(new FST_ERR_CTP_BODY_TOO_LARGE());
      }
      if (tooLarge || refused !== null) return;
      try {
        guard.scan(chunk);
      } catch (error) {
        // Listeners run in order: this one before the pipe's, so the parser never gets the chunk.
        refused = error;
        tokens.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
    payload.on('error', (error) => tokens.destroy(error));
    payload.pipe(tokens);
    try {
      for await (const token of tokens) body.take(token as Token);
    } catch {
      // The parser's own error, the limit above, or the client gone: told as Fastify tells them.
      if (tooLarge) throw new FST_ERR_CTP_BODY_TOO_LARGE();
      if (refused !== null) throw refused;
      if (received === 0) throw new FST_ERR_CTP_EMPTY_JSON_BODY();
      throw new FST_ERR_CTP_INVALID_JSON_BODY();
    }
    if (received === 0) throw new FST_ERR_CTP_EMPTY_JSON_BODY();
    return body.value;
  });
}

/** The contract's bounds of the file field, on the file as received. */
const receivedFile = z
  .custom<ReceivedFile>((value) => value instanceof ReceivedFile, 'esperado o arquivo em base64 (texto)')
  .check(
    z.refine((file) => file.textLength <= MAX_BASE64_LENGTH, `no máximo ${MAX_BASE64_LENGTH} caracteres`),
    z.refine((file) => file.textLength >= 1, 'Arquivo vazio'),
  );

/** The upload call's input as the server reads it: the contract's, with the file received. */
export const documentUploadReceived = z.extend(documentUpload, { arquivoBase64: receivedFile });
