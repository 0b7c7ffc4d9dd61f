/**
 * The active-content check on uploaded PDFs (issue 24 item 10): scripts, actions on opening,
 * launched programs and embedded files are found however they are spelled or packed; a
 * plain document, with or without object streams, passes; what cannot be read is not vouched for.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../../server/services/pdf-active-content.ts';
import { catalogEntry, documentPdf, handWritten, imageStream, javaScriptAction, launchAction, objectStream } from './support/pdfs.ts';

describe('PDFs without active content', () => {
  it('passes a plain document, packed in object streams or not', async () => {
    const packed = await documentPdf();
    expect(packed.includes('/ObjStm')).toBe(true);
    expect(inspectPdf(packed)).toEqual({ kind: 'plain' });
    expect(inspectPdf(await documentPdf(undefined, false))).toEqual({ kind: 'plain' });
  });

  it('passes an /OpenAction that only opens a page (an explicit destination)', async () => {
    const pdf = await documentPdf((document) => {
      document.catalog.set(PDFName.of('OpenAction'), document.context.obj([document.getPage(0).ref, PDFName.of('Fit')]));
    }, false);
    expect(pdf.includes('/OpenAction [')).toBe(true);
    expect(inspectPdf(pdf)).toEqual({ kind: 'plain' });
  });

  it('does not mistake short names in an image for markers (they occur by chance in compressed bytes)', () => {
    const image = Buffer.concat([randomBytes(64), Buffer.from(' /JS (x) /EF /XFA '), randomBytes(64)]);
    expect(inspectPdf(handWritten(imageStream(3, image)))).toEqual({ kind: 'plain' });
  });
});

describe('PDFs with active content', () => {
  it.each([
    ['a JavaScript action run on opening', catalogEntry('OpenAction', javaScriptAction), '/OpenAction'],
    [
      'a document-level script (/Names /JavaScript)',
      catalogEntry('Names', (d) => d.context.obj({ JavaScript: javaScriptAction(d) })),
      '/JavaScript',
    ],
    ['a launched program', catalogEntry('OpenAction', launchAction), '/OpenAction'],
    [
      'an embedded executable',
      (d: Parameters<typeof javaScriptAction>[0]) => d.attach(Buffer.from('MZ'), 'programa.exe', {}),
      '/EmbeddedFiles',
    ],
    ['an XFA form', catalogEntry('AcroForm', (d) => d.context.obj({ Fields: [], XFA: [] })), '/XFA'],
  ])('finds %s, in plain objects and inside compressed object streams', async (_what, edit, marker) => {
    const plain = await documentPdf(edit, false);
    expect(inspectPdf(plain)).toEqual({ kind: 'active', marker: expect.any(String) });
    const packed = await documentPdf(edit, true);
    // Packed, the marker is only in the deflated object stream, not in the file's bytes.
    expect(packed.includes(marker)).toBe(false);
    expect(inspectPdf(packed)).toEqual({ kind: 'active', marker: expect.any(String) });
  });

  it.each([
    ['/JavaScript', '5 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>\nendobj'],
    ['/JS', '5 0 obj\n<< /AA << /O << /JS (app.alert(1)) >> >> >>\nendobj'],
    ['/OpenAction', '5 0 obj\n<< /OpenAction 6 0 R >>\nendobj'],
    ['/Launch', '5 0 obj\n<< /S /Launch /F (cmd.exe) >>\nendobj'],
    ['/EmbeddedFile', '5 0 obj\n<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream\nendobj'],
    ['/EF', '5 0 obj\n<< /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>\nendobj'],
  ])('finds %s written as it is', (marker, body) => {
    expect(inspectPdf(handWritten(body))).toEqual({ kind: 'active', marker });
  });

  it.each([
    ['/J#61vaScript', '/JavaScript'],
    ['/#4A#53', '/JS'],
    ['/Open#41ction', '/OpenAction'],
    ['/L#61unch', '/Launch'],
    ['/Embedded#46ile', '/EmbeddedFile'],
  ])('finds %s, a name spelled with #xx escapes', (spelled, marker) => {
    expect(inspectPdf(handWritten(`5 0 obj\n<< /S ${spelled} /X (y) >>\nendobj`))).toEqual({ kind: 'active', marker });
  });

  it('finds a script in an object stream whose own dictionary hides inside an image’s bytes', () => {
    const hidden = Buffer.concat([
      randomBytes(32),
      Buffer.from('\n'),
      objectStream(7, '<< /S /JavaScript /JS (app.alert(1)) >>'),
      randomBytes(32),
    ]);
    expect(inspectPdf(handWritten(imageStream(3, hidden)))).toEqual({ kind: 'active', marker: '/JavaScript' });
  });

  it('finds a long marker inside any stream’s bytes', () => {
    const image = Buffer.concat([randomBytes(64), Buffer.from(' 9 0 obj << /S /JavaScript /JS (x) >> endobj '), randomBytes(64)]);
    expect(inspectPdf(handWritten(imageStream(3, image)))).toEqual({ kind: 'active', marker: '/JavaScript' });
  });
});

describe('PDFs that cannot be checked', () => {
  it.each([
    ['packed with another filter', objectStream(7, '<< >>', '/Type /ObjStm /N 1 /First 5 /Filter /LZWDecode')],
    [
      'packed with a predictor',
      objectStream(7, '<< >>', '/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode /DecodeParms << /Predictor 12 >>'),
    ],
    [
      'encrypted or damaged',
      Buffer.from(`7 0 obj\n<< /Type /ObjStm /N 1 /First 5 /Filter /FlateDecode >>\nstream\n${'x'.repeat(40)}\nendstream\nendobj\n`),
    ],
    [
      'packed beyond 16 MB',
      Buffer.concat([
        Buffer.from('7 0 obj\n<< /Type /ObjStm /N 1 /First 5 /Filter /FlateDecode >>\nstream\n'),
        // A few kilobytes that inflate to 20 MB.
        (() => {
          const bomb = Buffer.alloc(20 * 1024 * 1024, 0x20);
          return deflateSync(bomb, { level: 9 });
        })(),
        Buffer.from('\nendstream\nendobj\n'),
      ]),
    ],
  ])('calls an object stream %s unreadable', (_what, body) => {
    expect(inspectPdf(handWritten(body))).toEqual({ kind: 'unreadable' });
  });

  it('answers a hostile 10 MB file quickly (no work per slash, per stream or per dictionary beyond a bound)', () => {
    const tenMegabytes = 10 * 1024 * 1024;
    for (const pattern of ['/', '<</N 1/First 2>> stream\nx', '<<>> stream\n', '/#41#41#41#41#41#41#41#41']) {
      const started = performance.now();
      inspectPdf(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(tenMegabytes, pattern)]));
      expect(performance.now() - started, pattern).toBeLessThan(5_000);
    }
  }, 60_000);
});
