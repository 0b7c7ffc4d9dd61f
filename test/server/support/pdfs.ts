/**
 * PDFs with and without active content, for the upload check (server/services/pdf-active-content.ts):
 * real documents made with pdf-lib (which packs objects into compressed object streams by
 * default), and hand-written ones for spellings pdf-lib never writes.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, type PDFObject } from 'pdf-lib';

/** A one-page document; `edit` may add entries to its catalog. Object streams unless told otherwise. */
export async function documentPdf(
  edit: (document: PDFDocument) => void | Promise<void> = () => undefined,
  useObjectStreams = true,
): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('RG', { x: 20, y: 100 });
  await edit(document);
  return Buffer.from(await document.save({ useObjectStreams }));
}

/** Sets `/key value` in the document's catalog. */
export function catalogEntry(key: string, value: (document: PDFDocument) => PDFObject) {
  return (document: PDFDocument) => document.catalog.set(PDFName.of(key), value(document));
}

export const javaScriptAction = (document: PDFDocument) =>
  document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("oi")') });
export const launchAction = (document: PDFDocument) => document.context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') });

/** A minimal PDF around `body` (objects as text), as a hand-written file looks. */
export function handWritten(body: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
    Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

/** An object stream (PDF 1.5) holding `objects`, deflated, as object `number`. */
export function objectStream(number: number, objects: string, dictionary = '/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode'): Buffer {
  const data = deflateSync(Buffer.from(`9 0 ${objects}`, 'latin1'));
  return Buffer.concat([
    Buffer.from(`${number} 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
}

/** An image stream whose bytes are `content`: what a scanned page's JPEG is to the file. */
export function imageStream(number: number, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `${number} 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode /Length ${content.length} >>\nstream\n`,
    ),
    content,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
}
