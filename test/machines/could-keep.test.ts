/**
 * Which chosen files the documents step could keep, asked before a file is written to the
 * tab's store: a refused one (empty, over 10MB, a wrong type) is never written, a photo to
 * shrink and a file within SPEC's checks are.
 */
import { describe, expect, it } from 'vitest';
import { couldKeep } from '../../machines/attachments';
import { fileExtensionOf } from '../../machines/wizard.schemas';

describe('a chosen file the step could keep', () => {
  it.each([
    ['rg.pdf', 2048, true],
    ['rg.pdf', 10_485_760, true],
    ['foto-celular.jpg', 12_600_000, true],
    ['iphone.heic', 4096, true],
    ['vazio.pdf', 0, false],
    ['grande.pdf', 10_485_761, false],
    ['notas.txt', 100, false],
  ])('%s of %i bytes: %s', (name, size, kept) => {
    expect(couldKeep({ name, size, mimeType: '' })).toBe(kept);
  });

  // Some Android document providers name a file '1000012345': its type says what it is.
  it.each([
    ['1000012345', 'image/jpeg', 2048, true],
    ['1000012345', 'image/jpeg', 12_600_000, true],
    ['1000012345', 'application/pdf', 2048, true],
    ['1000012345', 'image/png', 2048, true],
    ['1000012345', 'image/heic', 4096, true],
    ['1000012345', 'text/plain', 100, false],
    ['1000012345', '', 100, false],
    ['notas.txt', 'image/jpeg', 100, false],
  ])('%s (%s) of %i bytes: %s', (name, mimeType, size, kept) => {
    expect(couldKeep({ name, size, mimeType })).toBe(kept);
  });
});

describe("a chosen file's extension", () => {
  it.each([
    ['FOTO.JPG', 'image/jpeg', 'jpg'],
    ['1000012345', 'image/jpeg', 'jpg'],
    ['1000012345', 'IMAGE/JPEG', 'jpg'],
    ['1000012345', 'application/pdf', 'pdf'],
    ['1000012345', 'image/png', 'png'],
    ['1000012345', 'image/heic', 'heic'],
    ['1000012345', 'image/heif', 'heif'],
    ['1000012345', 'application/zip', ''],
    // A name with an extension keeps it, right or wrong: the type does not overrule it.
    ['documento.txt', 'application/pdf', 'txt'],
  ])('%s (%s): %j', (name, mimeType, extension) => {
    expect(fileExtensionOf({ name, mimeType })).toBe(extension);
  });
});
