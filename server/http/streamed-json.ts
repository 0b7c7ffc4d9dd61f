/**
 * A JSON body parser for the upload call that never holds the file in memory. A 10 MB file
 * arrives as a ~14 MB base64 string inside the JSON; parsed the ordinary way it existed as
 * the raw body, the parsed string, the idempotency fingerprint's copy and the decoded
 * bytes at once (4 uploads: ~200 MB). Here the body is read as a stream: the value of one
 * named top-level field (`arquivoBase64`) is decoded from base64 as it arrives into a
 * temporary file next to the stored files, and the rest of the body — a few hundred
 * bytes — is parsed by Fastify's own JSON parser with that value replaced by a short
 * stand-in naming its SHA-256 (so a retry with the same body has the same fingerprint).
 *
 * Nothing is decided here: the stand-in goes through the contract's validation like any
 * string (the contract only asks that one to be non-empty; an empty value is passed on as
 * "" so that check still speaks), and the upload check (services/upload-check.ts) reports the decoded value's
 * problems in the same order and words as for a string. A field the scanner does not
 * recognise as that key byte for byte (an escaped key, a nested one) stays an ordinary
 * string and takes the ordinary path.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/** What the upload check needs to know about a base64 value decoded on arrival. */
export interface StreamedBase64 {
  /** The type of a `data:<type>;base64,` prefix, lower-cased, or null. */
  mime: string | null;
  /** Length of the base64 text after the prefix, in UTF-16 units (as String.length). */
  length: number;
  /** Trailing '=' of that text: 2 if it ends with '==', 1 with '=', else 0. */
  padding: number;
  /** Standard alphabet with at most two '=' only at the end (the length is checked apart). */
  alphabetOk: boolean;
  /** Decoded bytes written (when the text was valid). */
  bytes: number;
  /** The first decoded bytes (file signature). */
  head: Buffer;
  /** Temporary file holding the decoded bytes, when the whole text was valid base64; else null. */
  path: string | null;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,/;
const ALPHABET = /^[A-Za-z0-9+/]*$/;
const PADDING = /^=*$/;
/** Enough text to see any real data-URL prefix before deciding where the base64 starts. */
const PREFIX_WINDOW = 512;
/** Base64 characters decoded per write (a multiple of 4). */
const DECODE_CHUNK = 64 * 1024;
/** Stands in for a character outside ASCII: never valid base64 nor part of a prefix. */
const FOREIGN = '\u0000';

/** Decodes base64 text fed in pieces straight into a file, checking it as it goes. */
class Base64ToFile {
  private prefixText: string | null = '';
  private mime: string | null = null;
  private length = 0;
  private last2 = '';
  private alphabetOk = true;
  private padSeen = 0;
  private pending = '';
  private bytes = 0;
  private head = Buffer.alloc(0);
  private fd: number | null;

  constructor(private readonly path: string) {
    this.fd = openSync(path, 'wx');
  }

  feed(text: string): void {
    if (this.prefixText !== null) {
      this.prefixText += text;
      if (this.prefixText.length >= PREFIX_WINDOW) this.endPrefix();
      return;
    }
    this.body(text);
  }

  private endPrefix(): void {
    const text = this.prefixText ?? '';
    this.prefixText = null;
    const match = DATA_URL.exec(text);
    this.mime = match?.[1]?.toLowerCase() ?? null;
    this.body(match ? text.slice(match[0].length) : text);
  }

  private body(text: string): void {
    if (text.length === 0) return;
    this.length += text.length;
    this.last2 = (this.last2 + text).slice(-2);
    if (!this.alphabetOk) return;
    const firstPad = this.padSeen > 0 ? 0 : text.indexOf('=');
    const chars = firstPad < 0 ? text : text.slice(0, firstPad);
    const pads = firstPad < 0 ? '' : text.slice(firstPad);
    if (!ALPHABET.test(chars) || !PADDING.test(pads) || this.padSeen + pads.length > 2) {
      this.fail();
      return;
    }
    this.padSeen += pads.length;
    this.pending += text;
    if (this.pending.length >= DECODE_CHUNK) {
      const whole = this.pending.length - (this.pending.length % 4);
      this.write(this.pending.slice(0, whole));
      this.pending = this.pending.slice(whole);
    }
  }

  private write(base64: string): void {
    if (this.fd === null || base64.length === 0) return;
    const decoded = Buffer.from(base64, 'base64');
    if (this.head.length < 16) this.head = Buffer.concat([this.head, decoded.subarray(0, 16 - this.head.length)]);
    try {
      writeSync(this.fd, decoded);
    } catch (error) {
      // A full disk, say: nothing half written stays behind.
      this.discard();
      throw error;
    }
    this.bytes += decoded.length;
  }

  private fail(): void {
    this.alphabetOk = false;
    this.pending = '';
    this.discard();
  }

  /** Closes and removes the file (a value that is not base64, a failed request). */
  discard(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.path, { force: true });
  }

  end(): StreamedBase64 {
    if (this.prefixText !== null) this.endPrefix();
    const whole = this.alphabetOk && this.length % 4 === 0;
    if (whole) this.write(this.pending);
    this.pending = '';
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (!whole) rmSync(this.path, { force: true });
    return {
      mime: this.mime,
      length: this.length,
      padding: this.last2 === '==' ? 2 : this.last2.endsWith('=') ? 1 : 0,
      alphabetOk: this.alphabetOk,
      bytes: this.bytes,
      head: this.head,
      path: whole ? this.path : null,
    };
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SIMPLE_ESCAPES: Readonly<Record<number, string>> = {
  0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t',
};

/** Characters (UTF-16 units) a run of UTF-8 bytes outside ASCII decodes to. */
function foreignText(bytes: Buffer): string {
  let units = 0;
  for (const byte of bytes) {
    if (byte >= 0xf0) units += 2;
    else if (byte >= 0xc0 || byte < 0x80) units += 1;
  }
  return FOREIGN.repeat(units);
}

/**
 * Splits a JSON byte stream into the small text to parse and the streamed value of
 * `field` (top level), which it decodes and hashes instead of keeping.
 */
class JsonFieldStreamer {
  private readonly small: Buffer[] = [];
  /** Bytes of the body kept for the JSON parser (all but the streamed value). */
  smallBytes = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Raw bytes of the current top-level string, while short enough to be the key. */
  private candidate: number[] | null = null;
  private lastKey: string | null = null;
  private afterColon = false;
  /** The field's value being streamed. */
  private value: { sink: Base64ToFile; hash: Hash; escape: number[] | null; empty: boolean } | null = null;
  readonly streamed = new Map<string, StreamedBase64>();
  private readonly open = new Set<Base64ToFile>();

  constructor(private readonly field: string, private readonly tempPath: () => string) {}

  push(chunk: Buffer): void {
    let start = 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.value) {
        i = this.streamValue(chunk, i);
        start = i;
        continue;
      }
      const byte = chunk[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.candidate) this.lastKey = Buffer.from(this.candidate).toString('latin1');
          this.candidate = null;
          i += 1;
          continue;
        }
        if (this.candidate) {
          this.candidate.push(byte);
          if (byte === BACKSLASH || this.candidate.length > 64) this.candidate = null;
        }
        i += 1;
        continue;
      }
      const wasAfterColon = this.afterColon;
      if (byte > 0x20) this.afterColon = false;
      if (byte === QUOTE) {
        if (wasAfterColon && this.depth === 1 && this.lastKey === this.field) {
          this.keep(Buffer.from(chunk.subarray(start, i)));
          const sink = new Base64ToFile(this.tempPath());
          this.open.add(sink);
          this.value = { sink, hash: createHash('sha256'), escape: null, empty: true };
          i += 1;
          start = i;
          continue;
        }
        this.inString = true;
        this.candidate = this.depth === 1 ? [] : null;
      } else if (byte === 0x7b || byte === 0x5b) this.depth += 1;
      else if (byte === 0x7d || byte === 0x5d) this.depth -= 1;
      else if (byte === 0x3a && this.depth === 1) this.afterColon = true;
      if (byte === 0x2c) this.lastKey = null;
      i += 1;
    }
    if (start < chunk.length && !this.value) this.keep(Buffer.from(chunk.subarray(start)));
  }

  /** Consumes the streamed value from `i`; returns where the ordinary scan resumes. */
  private streamValue(chunk: Buffer, i: number): number {
    const value = this.value;
    if (!value) return i;
    let at = i;
    let quoteAt = -2;
    while (at < chunk.length) {
      if (value.escape) {
        value.empty = false;
        value.escape.push(chunk[at] as number);
        value.hash.update(chunk.subarray(at, at + 1));
        at += 1;
        this.escapeStep(value);
        continue;
      }
      // Native searches, the next quote found once per chunk: escapes may be frequent ("\/").
      if (quoteAt !== -1 && quoteAt < at) quoteAt = chunk.indexOf(QUOTE, at);
      const slashAt = chunk.indexOf(BACKSLASH, at);
      const ends = [quoteAt, slashAt].filter((index) => index >= 0);
      const stop = ends.length ? Math.min(...ends) : chunk.length;
      if (stop > at) {
        value.empty = false;
        const run = chunk.subarray(at, stop);
        value.hash.update(run);
        this.feedRaw(value.sink, run);
      }
      if (stop === chunk.length) return stop;
      if (chunk[stop] === BACKSLASH) {
        value.empty = false;
        value.hash.update(chunk.subarray(stop, stop + 1));
        value.escape = [];
        at = stop + 1;
        continue;
      }
      // The closing quote: the value becomes a stand-in naming its hash, or stays "" when
      // empty (the contract's own check then reports it, as for any string).
      this.value = null;
      this.open.delete(value.sink);
      if (value.empty) {
        value.sink.discard();
        this.keep(Buffer.from('""'));
        return stop + 1;
      }
      const result = value.sink.end();
      const standIn = `streamed:sha256:${value.hash.digest('hex')}`;
      const earlier = this.streamed.get(standIn)?.path;
      if (earlier) rmSync(earlier, { force: true });
      this.streamed.set(standIn, result);
      this.keep(Buffer.from(JSON.stringify(standIn)));
      return stop + 1;
    }
    return at;
  }

  private escapeStep(value: { sink: Base64ToFile; escape: number[] | null }): void {
    const escape = value.escape ?? [];
    const [kind] = escape;
    if (kind === undefined) return;
    if (kind !== 0x75) {
      value.escape = null;
      value.sink.feed(SIMPLE_ESCAPES[kind] ?? FOREIGN);
      return;
    }
    if (escape.length < 5) return;
    value.escape = null;
    const unit = Number.parseInt(Buffer.from(escape.slice(1)).toString('latin1'), 16);
    value.sink.feed(Number.isNaN(unit) || unit >= 0x80 ? FOREIGN : String.fromCharCode(unit));
  }

  private feedRaw(sink: Base64ToFile, run: Buffer): void {
    let from = 0;
    for (let k = 0; k < run.length; k++) {
      if ((run[k] as number) < 0x80) continue;
      let end = k;
      while (end < run.length && (run[end] as number) >= 0x80) end += 1;
      if (k > from) sink.feed(run.subarray(from, k).toString('latin1'));
      sink.feed(foreignText(run.subarray(k, end)));
      from = end;
      k = end - 1;
    }
    if (from < run.length) sink.feed(run.subarray(from).toString('latin1'));
  }

  private keep(bytes: Buffer): void {
    this.small.push(bytes);
    this.smallBytes += bytes.length;
  }

  /** The text for the JSON parser (a value left unterminated stays so, and fails there). */
  text(): string {
    if (this.value) this.keep(Buffer.from('"'));
    return Buffer.concat(this.small).toString('utf8');
  }

  /** Removes every temporary file still held (unfinished value, failed request). */
  discard(): void {
    for (const sink of this.open) sink.discard();
    this.open.clear();
    for (const result of this.streamed.values()) if (result.path) rmSync(result.path, { force: true });
  }
}

const streamedByRequest = new WeakMap<FastifyRequest, Map<string, StreamedBase64>>();

/** The value decoded on arrival that `text` stands in for, on this request; else the text itself. */
export function streamedValue(request: FastifyRequest, text: string): StreamedBase64 | string {
  return streamedByRequest.get(request)?.get(text) ?? text;
}

export interface StreamedJsonOptions {
  /** A new temporary file path (FileStore.temporaryPath: a restart removes what a crash left). */
  temporaryPath: () => string;
  /** The whole body, streamed value included. */
  bodyLimit: number;
  /** Everything but the streamed value: the small JSON around the file. */
  restLimit: number;
}

/**
 * Replaces, in this Fastify context only, the JSON parser with one that streams `field`.
 * Register the routes that use it in the same context. Temporary files are removed when the
 * response ends, unless the handler moved them away.
 */
export function streamJsonField(app: FastifyInstance, field: string, { temporaryPath, bodyLimit, restLimit }: StreamedJsonOptions): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { bodyLimit }, (request, payload: Readable, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > bodyLimit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    const streamer = new JsonFieldStreamer(field, () => temporaryPath());
    streamedByRequest.set(request, streamer.streamed);
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const fail = (error: Error & { statusCode?: number }) => {
      stop();
      streamer.discard();
      done(error, undefined);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > bodyLimit) {
        fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      try {
        streamer.push(bytes);
      } catch (error) {
        fail(error as Error);
        return;
      }
      // The rest of the body is parsed as ordinary JSON: it stays small, whatever it holds.
      if (streamer.smallBytes > restLimit) {
        fail(new HttpError(413, `Os dados que acompanham o arquivo são grandes demais (máximo de ${Math.round(restLimit / 1024)} KB).`));
      }
    }
    function onError(error: Error & { statusCode?: number }) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      fail(error);
    }
    function onEnd() {
      stop();
      if (!Number.isNaN(declared) && received !== declared) {
        fail(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      parseJson(request, streamer.text(), (error, body) => {
        if (error) streamer.discard();
        done(error, body);
      });
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
  const cleanUp = async (request: FastifyRequest) => {
    for (const result of streamedByRequest.get(request)?.values() ?? []) {
      if (result.path) rmSync(result.path, { force: true });
    }
    streamedByRequest.delete(request);
  };
  app.addHook('onResponse', cleanUp);
  app.addHook('onRequestAbort', cleanUp);
}
