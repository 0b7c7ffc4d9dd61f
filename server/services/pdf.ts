/**
 * Real PDF documents made with pdf-lib: one simple A4 layout (title, operator, labelled
 * fields, paragraphs) shared by the acceptance term and the documents to sign.
 * Helvetica's WinAnsi encoding covers Portuguese accents; anything outside it is replaced.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';

export type PdfBlock =
  { kind: 'fields'; heading: string; fields: ReadonlyArray<readonly [string, string]> } | { kind: 'text'; heading?: string; text: string };

export interface PdfContent {
  title: string;
  operator: string;
  blocks: readonly PdfBlock[];
  footer: string;
}

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BRAND_RGB = [0.05, 0.3, 0.6] as const;

/** Helvetica's WinAnsi (Windows-1252): ASCII, Latin-1 and the 0x80–0x9F letters and signs. */
const DRAWABLE = /^[\x20-\x7E\u00A0-\u00FF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]+$/;
let graphemes: Intl.Segmenter | undefined;

/** A letter WinAnsi lacks with its marks taken off ('Ễ' → 'E', 'ă' → 'a'), or '?' when that is not drawable either. */
function withoutMarks(segment: string): string {
  const bare = segment.normalize('NFD').replace(/\p{M}/gu, '');
  return bare !== '' && DRAWABLE.test(bare) ? bare : '?';
}

/**
 * Keeps the characters Helvetica (WinAnsi) can draw and puts one '?' for each other one, as a
 * reader sees it: a name may hold any character but a control one (contract/api.ts), and an
 * emoji (two UTF-16 units, or several code points joined) is one character, not two or three
 * '?'. A letter with a mark WinAnsi has no precomposed form for keeps its letter (a name from
 * Vietnam or Romania stays readable); one WinAnsi has no base for ('Ł') is a '?'.
 */
function printable(text: string): string {
  const normalized = text.normalize('NFC');
  if (normalized === '' || DRAWABLE.test(normalized)) return normalized;
  graphemes ??= new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });
  let out = '';
  for (const { segment } of graphemes.segment(normalized)) out += DRAWABLE.test(segment) ? segment : withoutMarks(segment);
  return out;
}

/**
 * The lines to draw. Paragraphs are split before `printable`, which would turn a line break
 * (not drawable by the standard fonts) into '?'.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const paragraph of text.split(/\r\n|\r|\n/).map(printable)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).flatMap((word) => (fits(word) ? [word] : pieces(word, fits)))) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate) || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A word wider than the line (a file name, a name without spaces) cut into pieces that fit,
 * never inside a character: drawn whole, it ran past the page's edge (found by an exploratory run).
 */
function pieces(word: string, fits: (text: string) => boolean): string[] {
  const out: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && !fits(piece + character)) {
      out.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece) out.push(piece);
  return out;
}

export async function renderPdf(content: PdfContent, now: Date): Promise<Uint8Array> {
  // Loaded on the first document (~8 MB resident): most server processes serve lookups,
  // saves and uploads, and never make one.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const BRAND = rgb(...BRAND_RGB);
  const doc = await PDFDocument.create();
  doc.setTitle(printable(content.title));
  doc.setAuthor(printable(content.operator));
  doc.setCreator('Portabilidade - back-end de referência');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE[0] - 2 * MARGIN;

  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const ensure = (height: number) => {
    if (y - height >= MARGIN + 30) return;
    page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  const draw = (text: string, font: PDFFont, size: number, color = rgb(0, 0, 0)) => {
    for (const line of wrap(text, font, size, width)) {
      ensure(size + 4);
      page.drawText(line, { x: MARGIN, y: y - size, size, font, color });
      y -= size + 4;
    }
  };

  draw(content.operator, bold, 11, BRAND);
  y -= 6;
  draw(content.title, bold, 18);
  y -= 10;
  for (const block of content.blocks) {
    if (block.heading) {
      y -= 6;
      draw(block.heading, bold, 12, BRAND);
      y -= 2;
    }
    if (block.kind === 'text') draw(block.text, regular, 10.5);
    else for (const [label, value] of block.fields) draw(`${label}: ${value || '-'}`, regular, 10.5);
    y -= 6;
  }
  for (const [index, current] of doc.getPages().entries()) {
    current.drawText(printable(`${content.footer} — página ${index + 1} de ${doc.getPageCount()}`), {
      x: MARGIN,
      y: MARGIN - 20,
      size: 8,
      font: regular,
      color: rgb(0.35, 0.35, 0.35),
    });
  }
  return doc.save();
}
