/**
 * Whether an uploaded PDF carries active content: scripts, actions that run when it opens,
 * programs or files inside it. An analyst opens these documents; an identity document or a
 * proof of address needs none of that, so such a PDF is refused (services/upload-check.ts)
 * with a message saying how to make a plain one.
 *
 * What is looked for, as PDF names (also spelled with `#xx` escapes, `/J#61vaScript`):
 * - anywhere in the file's bytes, stream data included (names this long do not occur by
 *   chance in compressed bytes): /JavaScript, /Launch, /EmbeddedFile(s), /FileAttachment,
 *   /GoToE, /RichMedia, and /OpenAction unless its value is an explicit destination
 *   (`/OpenAction [3 0 R /Fit]` only opens a page, as many generators write);
 * - in the document's syntax outside stream data, also the short ones: /JS, /EF (a file
 *   specification's embedded file), /XFA (forms that carry scripts);
 * - inside object streams (PDF 1.5 compressed objects: `/Type /ObjStm`, or `/N` with
 *   `/First`), inflated with zlib (at most 16 MB in all): every name above. An object
 *   stream that cannot be read (another filter, a predictor, encryption, damage, over the
 *   budget) makes the file "unreadable", refused the same way: what cannot be checked is not
 *   accepted.
 * Not looked at: a short name (/JS, /EF, /XFA) placed inside another stream's bytes and
 * reached only through a cross-reference offset; a script needs /JavaScript as its action
 * type anyway, which is found wherever it is.
 */
import { constants, inflateSync } from 'node:zlib';

export type PdfInspection = { kind: 'plain' } | { kind: 'active'; marker: string } | { kind: 'unreadable' };

/** Markers as bytes, to compare a name with them without making a string of it. */
type Markers = readonly Buffer[];
const markers = (names: readonly string[]): Markers => names.map((name) => Buffer.from(name, 'latin1'));

const LONG_NAMES = ['JavaScript', 'OpenAction', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'FileAttachment', 'GoToE', 'RichMedia'];
const ANYWHERE = markers(LONG_NAMES);
const IN_SYNTAX = markers([...LONG_NAMES, 'JS', 'EF', 'XFA']);
/** A marker spelled with every letter escaped (`#4A#53`) is at most this long; anything longer is no marker. */
const LONGEST_SPELLING = 3 * Math.max(...IN_SYNTAX.map((marker) => marker.length));

/** Inflated object streams, all together: far above any real document's, far below memory trouble. */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
/** Object streams inflated per file: hundreds in a real document. */
export const MAX_OBJECT_STREAMS = 2_000;
/** Streams per file: a few per page in a real document. */
export const MAX_STREAMS = 100_000;
/** How far back a stream's dictionary is looked for. */
const DICTIONARY_LOOKBACK = 64 * 1024;

const SLASH = 0x2f;
const HASH = 0x23;
const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/** PDF white space: NUL, tab, line feed, form feed, carriage return, space. */
const WHITE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[byte] = 1;
/** Bytes that end a name: white space and the delimiters ( ) < > [ ] { } / %. */
const ENDS_NAME = new Uint8Array(WHITE);
for (const byte of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) ENDS_NAME[byte] = 1;

const isWhite = (byte: number | undefined): boolean => byte !== undefined && WHITE[byte] === 1;
const endsName = (byte: number | undefined): boolean => byte === undefined || ENDS_NAME[byte] === 1;

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** The marker that bytes[from, to) is, or null. */
function markerAt(source: Uint8Array, from: number, to: number, candidates: Markers): Buffer | null {
  const length = to - from;
  for (const marker of candidates) {
    if (marker.length !== length) continue;
    let index = 0;
    while (index < length && source[from + index] === marker[index]) index += 1;
    if (index === length) return marker;
  }
  return null;
}

/** Where a name's `#xx` escapes are undone (a name worth decoding is at most LONGEST_SPELLING long). */
const decoded = new Uint8Array(LONGEST_SPELLING);

/** bytes[from, to) with its escapes undone, into `decoded`; returns the decoded length. */
function decodeName(bytes: Uint8Array, from: number, to: number): number {
  let length = 0;
  for (let at = from; at < to; at += 1) {
    const high = bytes[at] === HASH && at + 2 < to ? hexValue(bytes[at + 1]) : -1;
    const low = high >= 0 ? hexValue(bytes[at + 2]) : -1;
    if (low >= 0) {
      decoded[length] = high * 16 + low;
      at += 2;
    } else decoded[length] = bytes[at] ?? 0;
    length += 1;
  }
  return length;
}

/** `/OpenAction [ … ]` names a page to open at, nothing that runs. */
function isDestination(bytes: Uint8Array, from: number, end: number): boolean {
  let index = from;
  while (index < end && isWhite(bytes[index])) index += 1;
  return bytes[index] === 0x5b;
}

/**
 * The first of `candidates` written as a name in bytes[start, end), as '/Name', or null. One
 * pass over the bytes, no string made per name: a file of ten million slashes costs what a
 * file of ten million letters does.
 */
function findMarker(bytes: Buffer, start: number, end: number, candidates: Markers): string | null {
  for (let slash = start; slash < end; slash += 1) {
    // Dense slashes are met one by one; between sparse ones the native search jumps.
    if (bytes[slash] !== SLASH) {
      slash = bytes.indexOf(SLASH, slash);
      if (slash < 0 || slash >= end) return null;
    }
    let index = slash + 1;
    let escaped = false;
    while (index < end && !endsName(bytes[index]) && index - slash - 1 <= LONGEST_SPELLING) {
      if (bytes[index] === HASH) escaped = true;
      index += 1;
    }
    const length = index - slash - 1;
    if (length >= 2 && length <= LONGEST_SPELLING) {
      const marker = escaped
        ? markerAt(decoded, 0, decodeName(bytes, slash + 1, index), candidates)
        : markerAt(bytes, slash + 1, index, candidates);
      if (marker) {
        const name = marker.toString('latin1');
        if (!(name === 'OpenAction' && isDestination(bytes, index, end))) return `/${name}`;
      }
    }
    // The rest of this name holds no '/'.
    slash = index - 1;
  }
  return null;
}

/** Where a stream's data starts: after `stream`, spaces, and its end of line (readers skip to the next line). */
function dataStart(bytes: Buffer, keyword: number): number {
  let index = keyword + STREAM.length;
  while (bytes[index] === 0x20 || bytes[index] === 0x09) index += 1;
  if (bytes[index] === 0x0d) index += 1;
  if (bytes[index] === 0x0a) index += 1;
  return index;
}

/** A `stream` keyword: a token of its own (not the end of `endstream`, not part of a longer word). */
function isStreamKeyword(bytes: Buffer, at: number): boolean {
  const before = bytes[at - 1];
  return (isWhite(before) || before === 0x3e) && endsName(bytes[at + STREAM.length]);
}

interface StreamInfo {
  objectStream: boolean;
  /** The filters as names, or null when the dictionary does not say them itself (an indirect reference). */
  filters: string[] | null;
  predictor: boolean;
  /** A direct /Length, when there is one. */
  length: number | null;
}

/** A name that ends here: the next character is not part of it. */
const NAME_END = String.raw`(?![^\s()<>\[\]{}\/%])`;
const NAME = String.raw`\/([^\s()<>\[\]{}\/%]*)`;
const HAS = (name: string) => new RegExp(String.raw`\/${name}${NAME_END}`);
const OBJECT_STREAM_TYPE = new RegExp(String.raw`\/Type\s*\/ObjStm${NAME_END}`);
const [HAS_N, HAS_FIRST, HAS_FILTER, HAS_PREDICTOR] = ['N', 'First', 'Filter', 'Predictor'].map(HAS) as [RegExp, RegExp, RegExp, RegExp];
const FILTER = new RegExp(String.raw`\/Filter\s*(?:${NAME}|\[([^\]]*)\])`);
const DIRECT_LENGTH = /\/Length\s+(\d{1,10})(?!\s+\d+\s+R)/;

/** What the scan needs to know of a stream from its dictionary's text (a few linear regular expressions). */
function describeStream(text: string): StreamInfo {
  const plain = text.includes('#')
    ? text.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
  const length = DIRECT_LENGTH.exec(plain);
  const objectStream = OBJECT_STREAM_TYPE.test(plain) || (HAS_N.test(plain) && HAS_FIRST.test(plain));
  let filters: string[] | null = [];
  if (objectStream) {
    const filter = FILTER.exec(plain);
    if (filter?.[1] !== undefined) filters = [filter[1]];
    else if (filter?.[2] !== undefined) filters = [...filter[2].matchAll(new RegExp(NAME, 'g'))].map((match) => match[1] ?? '');
    else if (HAS_FILTER.test(plain)) filters = null;
  }
  return { objectStream, filters, predictor: objectStream && HAS_PREDICTOR.test(plain), length: length ? Number(length[1]) : null };
}

class Unreadable extends Error {}

/** One pass over one file, with bounds on the work a hostile one can cause. */
class PdfScan {
  /** Bytes walked back over looking for dictionaries: in a real file, a small part of it. */
  private lookedBack = 0;
  private inflated = 0;
  private objectStreams = 0;
  private streams = 0;
  /** The next `endstream` at or after a position: found once, reused while the position stays before it. */
  private nextEnd = -1;

  constructor(private readonly bytes: Buffer) {}

  private walkBack(count: number): void {
    this.lookedBack += count;
    if (this.lookedBack > this.bytes.length / 2 + DICTIONARY_LOOKBACK) throw new Unreadable();
  }

  /** Back from `from` over white space and comments (`% …` to the end of its line). */
  private skipBackOverBlanks(from: number): number {
    const bytes = this.bytes;
    let index = from;
    for (;;) {
      while (index > 0 && isWhite(bytes[index])) index -= 1;
      // A '%' earlier on this line makes the rest of the line a comment.
      let lineStart = index;
      while (lineStart > 0 && bytes[lineStart - 1] !== 0x0a && bytes[lineStart - 1] !== 0x0d) lineStart -= 1;
      this.walkBack(index - lineStart + 1);
      const percent = bytes.subarray(lineStart, index + 1).indexOf(0x25);
      if (percent < 0 || index <= 0) return index;
      index = lineStart + percent - 1;
    }
  }

  /** The dictionary right before the `stream` keyword at `keyword` (its `<<` … `>>`), or null. */
  private streamDictionary(keyword: number): { start: number; end: number } | null {
    const bytes = this.bytes;
    // Right before it, or before a comment between (a '%' inside a string on that line is not one).
    let index = keyword - 1;
    while (index > 0 && isWhite(bytes[index])) index -= 1;
    if (bytes[index] !== 0x3e || bytes[index - 1] !== 0x3e) index = this.skipBackOverBlanks(keyword - 1);
    if (bytes[index] !== 0x3e || bytes[index - 1] !== 0x3e) return null;
    const end = index + 1;
    const limit = Math.max(0, end - DICTIONARY_LOOKBACK);
    let depth = 0;
    index = end - 1;
    while (index > limit) {
      if (bytes[index] === 0x3e && bytes[index - 1] === 0x3e) {
        depth += 1;
        index -= 2;
      } else if (bytes[index] === 0x3c && bytes[index - 1] === 0x3c) {
        depth -= 1;
        index -= 2;
        if (depth === 0) break;
      } else index -= 1;
    }
    this.walkBack(end - index);
    return depth === 0 ? { start: index + 1, end } : null;
  }

  /** Where a stream's data ends: its direct /Length when `endstream` follows it, else the next `endstream`. */
  private dataEnd(start: number, length: number | null): number {
    const bytes = this.bytes;
    if (length !== null && start + length <= bytes.length) {
      let index = start + length;
      while (index < bytes.length && isWhite(bytes[index])) index += 1;
      if (bytes.subarray(index, index + END_STREAM.length).equals(END_STREAM)) return start + length;
    }
    if (this.nextEnd < start && this.nextEnd !== bytes.length) {
      const found = bytes.indexOf(END_STREAM, start);
      this.nextEnd = found < 0 ? bytes.length : found;
    }
    return Math.max(this.nextEnd, start);
  }

  /** The objects of an object stream, as bytes to look for names in. */
  private objectsOf(info: StreamInfo, start: number, end: number): Buffer {
    this.objectStreams += 1;
    if (this.objectStreams > MAX_OBJECT_STREAMS) throw new Unreadable();
    const flate = info.filters?.every((filter) => filter === 'FlateDecode' || filter === 'Fl');
    // Without its `endstream` the data's end is a guess: not something to vouch for.
    if (!flate || (info.filters?.length ?? 0) > 1 || info.predictor || end >= this.bytes.length) throw new Unreadable();
    const data = this.bytes.subarray(start, end);
    if (info.filters?.length === 0) {
      this.inflated += data.length;
      if (this.inflated > MAX_INFLATED_BYTES) throw new Unreadable();
      return data;
    }
    try {
      const objects = inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES - this.inflated, finishFlush: constants.Z_SYNC_FLUSH });
      this.inflated += objects.length;
      return objects;
    } catch {
      // Encrypted, damaged, or past the budget.
      throw new Unreadable();
    }
  }

  /** The first marker, or null; throws Unreadable. */
  firstMarker(): string | null {
    const bytes = this.bytes;
    // Long names, anywhere.
    const anywhere = findMarker(bytes, 0, bytes.length, ANYWHERE);
    if (anywhere) return anywhere;
    // The syntax between streams: every name; each object stream, inflated: every name.
    let syntaxFrom = 0;
    for (let keyword = bytes.indexOf(STREAM, 0); keyword >= 0; keyword = bytes.indexOf(STREAM, keyword + 1)) {
      if (!isStreamKeyword(bytes, keyword)) continue;
      this.streams += 1;
      if (this.streams > MAX_STREAMS) throw new Unreadable();
      const start = dataStart(bytes, keyword);
      const dictionary = this.streamDictionary(keyword);
      const info = dictionary ? describeStream(bytes.toString('latin1', dictionary.start, dictionary.end)) : null;
      const end = this.dataEnd(start, info?.length ?? null);
      // A `stream` keyword inside the data of a stream already passed (an object hidden
      // there) is still looked at for object streams; the syntax resumes after the outer data.
      if (keyword >= syntaxFrom) {
        const marker = findMarker(bytes, syntaxFrom, keyword, IN_SYNTAX);
        if (marker) return marker;
        syntaxFrom = end;
      }
      if (info?.objectStream) {
        const objects = this.objectsOf(info, start, end);
        const marker = findMarker(objects, 0, objects.length, IN_SYNTAX);
        if (marker) return marker;
      }
    }
    return findMarker(bytes, syntaxFrom, bytes.length, IN_SYNTAX);
  }
}

export function inspectPdf(bytes: Buffer): PdfInspection {
  try {
    const marker = new PdfScan(bytes).firstMarker();
    return marker ? { kind: 'active', marker } : { kind: 'plain' };
  } catch (error) {
    if (error instanceof Unreadable) return { kind: 'unreadable' };
    throw error;
  }
}
