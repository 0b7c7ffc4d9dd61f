/**
 * The upload's body is a file (megabytes of base64 in one JSON string) and a few short
 * fields. Everything but the file's text is capped at UPLOAD_FIELDS_MAX_BYTES, counted on
 * the raw bytes before they reach the JSON parser: a 6 MB body of `[0,0,0,…]` used to cost
 * the streaming parser seconds of CPU (millions of tokens) before the contract refused it.
 *
 * A byte scanner just smart enough to tell the file's string apart: strings and their escapes,
 * nesting depth, and the top-level key a string value belongs to. Inside the file's string it
 * jumps from quote to backslash with `indexOf` (native), so a 10 MB file costs next to nothing;
 * everywhere else it looks at each byte, and stops at the cap.
 */
import { HttpError } from './http-error.ts';

/** Every field of the upload but the file, at its bound and escaped, is under 3 KB. */
export const UPLOAD_FIELDS_MAX_BYTES = 16 * 1024;

export const UPLOAD_FIELDS_TOO_LARGE =
  'A requisição é grande demais: além do arquivo, os demais campos do envio podem ter no máximo 16 KB.';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Longest key looked at (raw bytes); longer ones are not the file's. */
const KEY_BYTES = 256;

export class UploadFieldsGuard {
  private counted = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringKind: 'key' | 'file' | 'other' = 'other';
  private keyBytes: number[] = [];
  /** At depth 1: a key is expected next (after `{` or `,`). */
  private expectingKey = false;
  /** At depth 1: after `key:`, before the value starts. */
  private valueOf: string | null = null;
  private lastKey: string | null = null;

  constructor(
    private readonly fileField: string,
    private readonly maxBytes = UPLOAD_FIELDS_MAX_BYTES,
  ) {}

  /** Scans the next piece of the body; throws a 413 HttpError once the non-file bytes pass the cap. */
  scan(chunk: Buffer): void {
    // Where the next quote and backslash are, found once per chunk and reused (-2: not looked yet),
    // so many short file strings in one large chunk do not rescan it.
    const next = new Map<number, number>([
      [QUOTE, -2],
      [BACKSLASH, -2],
    ]);
    const find = (byte: number, from: number): number => {
      const known = next.get(byte) ?? -2;
      if (known === -1 || known >= from) return known;
      const found = chunk.indexOf(byte, from);
      next.set(byte, found);
      return found;
    };
    let at = 0;
    while (at < chunk.length) {
      if (this.inString && this.stringKind === 'file') {
        at = this.skipFile(chunk, at, find);
        continue;
      }
      this.count();
      const byte = chunk[at] as number;
      at += 1;
      if (this.inString) this.stringByte(byte);
      else this.structureByte(byte);
    }
  }

  private count(): void {
    this.counted += 1;
    if (this.counted > this.maxBytes) throw new HttpError(413, UPLOAD_FIELDS_TOO_LARGE);
  }

  /** Inside the file's string: on to its closing quote (not counted), minding escapes. */
  private skipFile(chunk: Buffer, from: number, find: (byte: number, from: number) => number): number {
    let at = from;
    if (this.escaped) {
      this.escaped = false;
      at += 1;
    }
    for (;;) {
      const quote = find(QUOTE, at);
      const backslash = find(BACKSLASH, at);
      if (backslash >= 0 && (quote < 0 || backslash < quote)) {
        // The byte after a backslash is escaped, a quote included.
        at = backslash + 2;
        if (at > chunk.length) {
          this.escaped = true;
          return chunk.length;
        }
        continue;
      }
      if (quote < 0) return chunk.length;
      this.endString();
      return quote + 1;
    }
  }

  private stringByte(byte: number): void {
    if (this.escaped) this.escaped = false;
    else if (byte === BACKSLASH) this.escaped = true;
    else if (byte === QUOTE) return this.endString();
    if (this.stringKind === 'key' && this.keyBytes.length <= KEY_BYTES) this.keyBytes.push(byte);
  }

  private endString(): void {
    this.inString = false;
    if (this.stringKind === 'key') {
      this.lastKey = this.decodeKey();
      this.expectingKey = false;
    }
    this.stringKind = 'other';
  }

  private decodeKey(): string | null {
    if (this.keyBytes.length > KEY_BYTES) return null;
    try {
      return JSON.parse(`"${Buffer.from(this.keyBytes).toString('utf8')}"`) as string;
    } catch {
      return null;
    } finally {
      this.keyBytes = [];
    }
  }

  private structureByte(byte: number): void {
    const topLevel = this.depth === 1;
    if (byte === QUOTE) {
      this.inString = true;
      this.escaped = false;
      if (topLevel && this.expectingKey) this.stringKind = 'key';
      else if (topLevel && this.valueOf !== null && this.valueOf === this.fileField) this.stringKind = 'file';
      else this.stringKind = 'other';
      if (topLevel) this.valueOf = null;
      return;
    }
    switch (byte) {
      case 0x7b: // {
      case 0x5b: // [
        this.depth += 1;
        this.expectingKey = this.depth === 1 && byte === 0x7b;
        this.valueOf = null;
        return;
      case 0x7d: // }
      case 0x5d: // ]
        this.depth -= 1;
        return;
      case 0x3a: // :
        if (topLevel) this.valueOf = this.lastKey;
        return;
      case 0x2c: // ,
        if (topLevel) {
          this.expectingKey = true;
          this.valueOf = null;
        }
        return;
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        return;
      default:
        // A number, true, false or null: a value that is not the file.
        if (topLevel) this.valueOf = null;
    }
  }
}
