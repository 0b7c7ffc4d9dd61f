/**
 * Photos made for the browser tests by the browser itself (issue 27): a JPEG of the size a
 * phone makes, drawn with noise so it does not compress away, optionally with an EXIF
 * orientation, as a buffer Playwright hands to a file chooser (nothing this large is committed);
 * and the wizard opened on step 5 with steps 1–4 filled, to attach and file them.
 */
import { expect, type Page } from '@playwright/test';
import { createActor } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import { DOCUMENT_TYPES } from '../../../server/seed/reference-data.ts';
import { FILLED_FORM, TODAY } from '../../machines/wizard.fixtures';
import { choose, next, uniqueIds } from './portal';
import { seedSession } from './session';

export interface PhotoSpec {
  width: number;
  height: number;
  /** JPEG quality 0–1 (1: largest). */
  quality: number;
  /** How far each pixel strays from the picture, 0–255: more noise, more bytes. */
  noise: number;
}

/** A JPEG whose left half is red and right half blue, under noise: its orientation can be read back. */
export async function noisyJpeg(page: Page, spec: PhotoSpec): Promise<Buffer> {
  const base64 = await page.evaluate(async ({ width, height, quality, noise }) => {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(width, height);
    const data = image.data;
    let seed = 12345;
    for (let i = 0; i < data.length; i += 4) {
      const x = (i / 4) % width;
      const left = x < width / 2;
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % (2 * noise + 1)) - noise;
      data[i] = Math.max(0, Math.min(255, (left ? 200 : 40) + n));
      data[i + 1] = Math.max(0, Math.min(255, 40 + ((n * 7) % noise)));
      data[i + 2] = Math.max(0, Math.min(255, (left ? 40 : 200) - n));
      data[i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, spec);
  return Buffer.from(base64, 'base64');
}

/**
 * The same JPEG with an EXIF APP1 segment right after its start marker, saying how a viewer
 * must turn it (6: 90° clockwise, as a phone held upright writes it).
 */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF, first IFD at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    orientation >> 8,
    orientation & 0xff,
    0x00,
    0x00, // Orientation, SHORT, 1
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}

/** The wizard on step 5 with steps 1–4 filled (this tab's snapshot, as a reload finds it). */
/** `seedOnce`: the session is seeded on the first load only, so a reload sees what the portal left (not a fresh seed). */
export async function openDocumentsStep(page: Page, { seedOnce = false }: { seedOnce?: boolean } = {}) {
  const { protocoloAns } = uniqueIds();
  const actor = createActor(wizardMachine, { input: { protocoloAns, cdEmpresaPlano: '1', form: FILLED_FORM, today: TODAY } });
  actor.start();
  const snapshot = JSON.stringify(actor.getPersistedSnapshot());
  actor.stop();
  await seedSession(page, { protocolo: protocoloAns, token: 'free', cdEmpresaPlano: '1' }, { once: seedOnce });
  await page.addInitScript((saved) => {
    if (!sessionStorage.getItem('photos.seeded')) {
      sessionStorage.setItem('portabilidade.wizard.v1', saved);
      sessionStorage.setItem('photos.seeded', '1');
    }
  }, snapshot);
  await page.goto('/#/nova-solicitacao');
  for (const title of ['Dados do Plano de Origem', 'Dados do Plano de Destino', 'Dependentes', 'Documentos']) {
    await next(page).click();
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  }
  await choose(page, 'Tipo de documento', DOCUMENT_TYPES[0]![1]);
}

export async function attach(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anexar arquivo', exact: true }).click();
  await (await chooser).setFiles(file);
}

/** Reviews and sends the request; answers the protocol the server gave it. */
export async function fileReviewed(page: Page): Promise<string> {
  await next(page).click();
  await page.getByTestId('review-modal').getByRole('button', { name: 'Enviar solicitação' }).click();
  const modal = page.getByRole('dialog', { name: 'O número do protocolo da sua solicitação é' });
  await expect(modal).toBeVisible({ timeout: 300_000 });
  const protocolo = ((await modal.textContent()) ?? '').replace(/\D/g, '').match(/\d{20}/)?.[0];
  expect(protocolo, 'the protocol in the modal').toBeTruthy();
  return protocolo!;
}
