/**
 * The generated PDFs (server/services/pdf.ts): what is drawn on the page, read back from the
 * file's content streams.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../server/services/pdf.ts';

/** Windows-1252's 0x80–0x9F (Node's TextDecoder without full ICU reads them as Latin-1). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes].map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte))).join(''),
};

/** Every text the PDF draws (`<hex> Tj`), decoded from WinAnsi (Windows-1252). */
function drawnTexts(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a compressed content stream (fonts, object streams…)
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(winAnsi.decode(Buffer.from(text[1]!, 'hex')));
  }
  return texts;
}

describe('generated PDFs', () => {
  it('draw a line break as a new line, never as "?"', async () => {
    const pdf = await renderPdf(
      {
        title: 'Termo de Ciência da Portabilidade',
        operator: 'Vida Plena Saúde',
        blocks: [
          {
            kind: 'text',
            heading: 'Manifestação',
            text: 'Estou ciente: o beneficiário declara estar ciente.\nRegistrada em 10/03/2025 14:00 (horário de Brasília).\r\nFim.',
          },
        ],
        footer: 'Termo — protocolo 123',
      },
      new Date('2025-03-10T17:00:00Z'),
    );
    const texts = drawnTexts(pdf);
    expect(texts).toContain('Estou ciente: o beneficiário declara estar ciente.');
    expect(texts).toContain('Registrada em 10/03/2025 14:00 (horário de Brasília).');
    expect(texts).toContain('Fim.');
    expect(texts.filter((text) => text.includes('?'))).toEqual([]);
  });

  it('cut a word wider than the line into pieces that fit, losing no letter (found by an exploratory run: it ran past the edge)', async () => {
    const word = `DEPENDENTE${'A'.repeat(190)}`;
    const pdf = await renderPdf(
      { title: 'T', operator: 'O', blocks: [{ kind: 'text', text: `Nome: ${word} fim` }], footer: 'F' },
      new Date(),
    );
    const texts = drawnTexts(pdf);
    // Every letter drawn, in order; the word over several lines, none holding it whole.
    expect(texts.join('').replace(/\s/g, '')).toContain(`Nome:${word}fim`);
    const pieces = texts.filter((text) => text.includes('AAAA'));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThan(word.length);
  });

  it('still replace characters the standard font cannot draw', async () => {
    const pdf = await renderPdf({ title: 'T', operator: 'O', blocks: [{ kind: 'text', text: 'Nome: 王 Silva' }], footer: 'F' }, new Date());
    expect(drawnTexts(pdf)).toContain('Nome: ? Silva');
  });

  it('put one "?" for each character of a name the font cannot draw, whatever its UTF-16 length, and keep every letter it can', async () => {
    // A name may hold any character but a control one (contract/api.ts): an emoji is two UTF-16
    // units, a family or a flag several code points, a thumbs-up with its skin tone two.
    const names = {
      'JOÃO 😀 SILVA': 'JOÃO ? SILVA',
      'ANA 👨‍👩‍👧 🇧🇷 👍🏽 SOUZA': 'ANA ? ? ? SOUZA',
      'MARIA ❤️ DA CONCEIÇÃO': 'MARIA ? DA CONCEIÇÃO',
      // Decomposed accents are composed first; a letter WinAnsi has only without its mark keeps
      // the letter; one it has no base for is a '?' (found by an exploratory run: 'NGUY?N V?N').
      'JOSE\u0301 PAÇOCA ŞAHIN Ñ': 'JOSÉ PAÇOCA SAHIN Ñ',
      'NGUYỄN VĂN AN': 'NGUYEN VAN AN',
      'ŁUKASZ NOWAK': '?UKASZ NOWAK',
      // WinAnsi's own letters and signs beyond Latin-1 are drawn as they are.
      'JOÃO ŒUVRE € ŽIVKO ŠIMEK': 'JOÃO ŒUVRE € ŽIVKO ŠIMEK',
      'ÁÉÍÓÚ àèìòù âêô ãõ ç Ü ñ': 'ÁÉÍÓÚ àèìòù âêô ãõ ç Ü ñ',
    };
    for (const [name, drawn] of Object.entries(names)) {
      const pdf = await renderPdf(
        { title: 'T', operator: 'O', blocks: [{ kind: 'fields', heading: 'Titular', fields: [['Nome', name]] }], footer: 'F' },
        new Date(),
      );
      expect(drawnTexts(pdf), name).toContain(`Nome: ${drawn}`);
    }
  });
});
