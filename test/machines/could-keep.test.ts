/**
 * Which chosen files the documents step could keep, asked before a file is written to the
 * tab's store: a refused one (empty, over 10MB, a wrong type) is never written, a photo to
 * shrink and a file within SPEC's checks are.
 */
import { describe, expect, it } from 'vitest';
import { couldKeep } from '../../machines/attachments';

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
    expect(couldKeep({ name, size })).toBe(kept);
  });
});
