/**
 * The bytes of the photos the paths choose (issue 27's preparation, in the wizard and in
 * tracking's pending documents): a real JPEG over 1 MB, which the page shrinks, and an iPhone
 * photo that is not a real HEIC, which the page refuses saying how to send it.
 */
import type { Page } from '@playwright/test';
import { noisyJpeg } from '../../e2e/support/photos';

/** The start of a HEIC file (its 'ftyp' box) and nothing a decoder can read: the page refuses it. */
const UNREADABLE_HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);

/** The bytes of a photo the page prepares, by its type; null for any other file. */
export async function photoBytes(page: Page, size: number, mimeType: string): Promise<Buffer | null> {
  if (mimeType === 'image/heic') return Buffer.concat([UNREADABLE_HEIC, Buffer.alloc(Math.max(0, size - UNREADABLE_HEIC.length), 0x20)]);
  // About 2 MB at 2,000 × 1,500.
  if (mimeType === 'image/jpeg') return noisyJpeg(page, { width: 2000, height: 1500, quality: 0.97, noise: 30 });
  return null;
}
