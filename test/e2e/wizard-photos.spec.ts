/**
 * Photos that fit (issue 27 item 1): a phone photo of 12 MB, 4000 × 3000, turned by its EXIF
 * orientation, is shrunk in the browser, listed with its sizes before and after, filed, and
 * stored by the server under 10 MB, upright and without its metadata; an iPhone photo (a
 * real HEIC, made with libheif's heif-enc from a 96 × 64 picture, red left and blue right) is
 * converted to JPEG by a decoder the page loads only then; a HEIC the decoder cannot read is
 * refused with how to send it, and one whose decoder could not be downloaded with the
 * connection to check; a photo being prepared can be cancelled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page, type Route } from './support/test';
import { E2E_DATA_DIR } from './support/env';
import { attach, fileReviewed, noisyJpeg, openDocumentsStep, withExifOrientation } from './support/photos';
import { ANNOUNCED, expectNoAxeViolations } from './support/portal';
import { backoffice } from './support/tracking';

const MAX_BYTES = 10_485_760;
const HEIC_FIXTURE = resolve('test/e2e/fixtures/iphone-96x64.heic');

const row = (page: Page, fileName: string) => page.getByRole('row').filter({ hasText: fileName });

/** How many files the wizard keeps in this browser (its IndexedDB store). */
const filesKept = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('portabilidade-wizard', 1);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const count = request.result.transaction('files').objectStore('files').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

function storedFile(name: string): Buffer {
  const find = (dir: string): string | undefined => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        const found = find(path);
        if (found) return found;
      } else if (entry.name === name) return path;
    }
    return undefined;
  };
  const path = find(E2E_DATA_DIR);
  if (!path) throw new Error(`stored file ${name} not found`);
  return readFileSync(path);
}

/** The JPEG as a browser shows it: its size and the colour at the top and bottom centre. */
async function looks(page: Page, jpeg: Buffer) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), { imageOrientation: 'from-image' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const at = (x: number, y: number) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
    const sample = (fx: number, fy: number) => at(Math.floor(bitmap.width * fx), Math.floor(bitmap.height * fy));
    return { width: bitmap.width, height: bitmap.height, top: sample(0.5, 0.2), bottom: sample(0.5, 0.8), left: sample(0.2, 0.5) };
  }, jpeg.toString('base64'));
}

const reddish = ([r, , b]: number[]) => r! > 120 && b! < 110;
const bluish = ([r, , b]: number[]) => b! > 120 && r! < 110;
const hasExif = (jpeg: Buffer) => jpeg.subarray(0, 65_536).includes(Buffer.from('Exif\0\0', 'latin1'));

test.describe('photos that fit (issue 27)', () => {
  test('a 12 MB, 4000 × 3000 phone photo turned by EXIF and an iPhone HEIC: shrunk or converted, listed with their sizes, stored under 10 MB, upright, without metadata', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await openDocumentsStep(page);

    // Light noise at quality 1 keeps it about 12.6 MB, as a phone's photo is; orientation 6:
    // shown turned 90° clockwise.
    const raw = await noisyJpeg(page, { width: 4000, height: 3000, quality: 1, noise: 4 });
    const photo = withExifOrientation(raw, 6);
    expect(photo.length, 'the photo as the phone gives it').toBeGreaterThan(11 * 1024 * 1024);
    expect(photo.length).toBeLessThan(16 * 1024 * 1024);
    expect(
      requested.some((url) => /heic/i.test(url)),
      'the HEIC decoder is not loaded before a HEIC file',
    ).toBe(false);

    await attach(page, { name: 'foto-documento.jpg', mimeType: 'image/jpeg', buffer: photo });
    const photoRow = row(page, 'foto-documento.jpg');
    await expect(photoRow).toContainText(/\d+,\d MB → \d+(,\d)? (KB|MB)/, { timeout: 60_000 });

    await attach(page, { name: 'iphone.heic', mimeType: 'image/heic', buffer: readFileSync(HEIC_FIXTURE) });
    await expect(row(page, 'iphone.jpg')).toContainText('→', { timeout: 60_000 });
    expect(
      requested.some((url) => /heic/i.test(url) && /\.js($|\?)/.test(url)),
      'the decoder came with the HEIC file',
    ).toBe(true);
    await expectNoAxeViolations(page, 'step 5 with a shrunk and a converted photo');

    const protocolo = await fileReviewed(page);
    const stored = (
      (await backoffice('show', protocolo)) as unknown as { anexos: Array<{ arquivo: string; bytes: number; armazenado: string }> }
    ).anexos;
    expect(stored.map((a) => a.arquivo)).toEqual(['foto-documento.jpg', 'iphone.jpg']);
    const [shrunk, converted] = stored;
    expect(shrunk!.bytes).toBeLessThan(MAX_BYTES);
    expect(shrunk!.bytes).toBeLessThan(photo.length / 4);

    const shrunkBytes = storedFile(shrunk!.armazenado);
    expect(shrunkBytes.length).toBe(shrunk!.bytes);
    expect(hasExif(shrunkBytes), 'no metadata left').toBe(false);
    const upright = await looks(page, shrunkBytes);
    // 4000 × 3000 turned upright is 3000 × 4000, shrunk to 2,000 px on its long side; the red
    // left of the sensor's picture is now on top, the blue right at the bottom.
    expect({ width: upright.width, height: upright.height }).toEqual({ width: 1500, height: 2000 });
    expect(reddish(upright.top), `top ${upright.top}`).toBe(true);
    expect(bluish(upright.bottom), `bottom ${upright.bottom}`).toBe(true);

    const decoded = await looks(page, storedFile(converted!.armazenado));
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 96, height: 64 });
    expect(reddish(decoded.left), `left ${decoded.left}`).toBe(true);
  });

  test("a photo being prepared can be cancelled: not listed, not kept in the tab, focus back on 'Anexar arquivo', and the next photo is prepared", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A 320 px phone, and the long unbroken name a phone gives a photo.
    await page.setViewportSize({ width: 320, height: 640 });
    await openDocumentsStep(page);
    const photo = await noisyJpeg(page, { width: 2400, height: 1800, quality: 1, noise: 4 });
    expect(photo.length, 'a photo the page shrinks').toBeGreaterThan(1024 * 1024);
    // The shrinking code held on its way, as a slow link holds it.
    const held: Route[] = [];
    const shrinkingCode = /\/assets\/browser-image-compression-[^/]+\.js$/;
    await page.route(shrinkingCode, (route) => void held.push(route));

    await attach(page, { name: 'Screenshot_20240315_142233_WhatsApp.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('status').filter({ hasText: 'Preparando Screenshot_20240315_142233_WhatsApp.jpg' })).toBeVisible();
    await expect.poll(() => held.length, { message: 'the shrinking code asked for' }).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'step 5 while a photo is prepared');
    // 'Anexar arquivo' is disabled meanwhile: focus is on 'Cancelar', and nothing runs off the screen.
    const cancel = page.getByRole('button', { name: 'Cancelar o preparo de Screenshot_20240315_142233_WhatsApp.jpg', exact: true });
    await expect(cancel).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await cancel.click();

    const attachButton = page.getByRole('button', { name: 'Anexar arquivo', exact: true });
    await expect(page.getByText('Preparando Screenshot_20240315_142233_WhatsApp.jpg')).toHaveCount(0);
    await expect(attachButton).toBeFocused();
    await expect(page.locator(ANNOUNCED)).toContainText(
      'Preparo de Screenshot_20240315_142233_WhatsApp.jpg cancelado. A foto não foi anexada.',
    );
    await expect(page.getByText('Nenhum documento anexado.')).toBeVisible();

    // The code arrives after all: the cancelled photo stays out, and the next one is shrunk.
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await page.unroute(shrinkingCode);
    await attach(page, { name: 'foto-nova.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(row(page, 'foto-nova.jpg')).toContainText('→', { timeout: 60_000 });
    await expect(attachButton, 'focus back where the photo was chosen').toBeFocused();
    await expect(row(page, 'Screenshot_20240315')).toHaveCount(0);
    expect(await filesKept(page), 'the tab keeps the listed photo only').toBe(1);
  });

  test("'Sair e apagar os dados' while a photo is being prepared leaves no file in the browser (found by a regression walk)", async ({
    page,
  }) => {
    await openDocumentsStep(page);
    const photo = await noisyJpeg(page, { width: 2400, height: 1800, quality: 1, noise: 4 });
    // The shrinking code held on its way: the photo stays in preparation.
    await page.route(/\/assets\/browser-image-compression-[^/]+\.js$/, () => undefined);
    await attach(page, { name: 'foto-grande.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('status').filter({ hasText: 'Preparando foto-grande.jpg' })).toBeVisible();
    await expect.poll(() => filesKept(page), { message: 'the photo kept while it is prepared' }).toBe(1);
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await page
      .getByRole('dialog', { name: 'Sair da solicitação?' })
      .getByRole('button', { name: 'Sair e apagar os dados', exact: true })
      .click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect.poll(() => filesKept(page), { message: 'nothing of the request in the browser' }).toBe(0);
  });

  test('a reload while a photo is being prepared prepares it again from the bytes kept on the device, without blaming the photo', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openDocumentsStep(page, { seedOnce: true });
    const photo = await noisyJpeg(page, { width: 2400, height: 1800, quality: 1, noise: 4 });
    expect(photo.length, 'a photo the page shrinks').toBeGreaterThan(1024 * 1024);
    // The shrinking code held on its way: the photo stays 'Preparando' until the reload.
    const shrinkingCode = /\/assets\/browser-image-compression-[^/]+\.js$/;
    let asked = 0;
    await page.route(shrinkingCode, () => void (asked += 1));
    await attach(page, { name: 'IMG_9.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('status').filter({ hasText: 'Preparando IMG_9.jpg' })).toBeVisible();
    await expect.poll(() => asked, { message: 'the shrinking code asked for' }).toBeGreaterThan(0);

    await page.unroute(shrinkingCode);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Documentos', exact: true })).toBeVisible();
    await expect(row(page, 'IMG_9.jpg')).toContainText(/\d+,\d MB → \d+(,\d)? (KB|MB)/, { timeout: 60_000 });
    await expect(page.getByText('Não foi possível ler esta imagem')).toHaveCount(0);
    await expect(page.getByText('foi interrompida')).toHaveCount(0);
  });

  test('an iPhone photo whose decoder cannot be downloaded: the connection is blamed, not the photo, and the next pick converts it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openDocumentsStep(page);
    const decoder = /\/assets\/heic-to-[^/]+\.js$/;
    await page.route(decoder, (route) => route.abort('internetdisconnected'));
    const heic = { name: 'iphone.heic', mimeType: 'image/heic', buffer: readFileSync(HEIC_FIXTURE) };
    await attach(page, heic);
    await expect(page.getByRole('alert')).toHaveText(
      'Não foi possível preparar a foto porque a conexão falhou. Verifique sua internet e anexe a foto de novo.',
    );
    await expect(page.getByText('Nenhum documento anexado.')).toBeVisible();

    await page.unroute(decoder);
    await attach(page, heic);
    await expect(row(page, 'iphone.jpg')).toContainText('→', { timeout: 60_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a JPEG named without an extension, as some Android document providers give it ('1000012345'), is listed and filed as a JPG", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openDocumentsStep(page);
    const photo = await noisyJpeg(page, { width: 400, height: 300, quality: 0.8, noise: 4 });
    await attach(page, { name: '1000012345', mimeType: 'image/jpeg', buffer: photo });
    await expect(row(page, '1000012345')).toBeVisible();
    await expect(page.getByText('Tipo de arquivo não permitido')).toHaveCount(0);

    const protocolo = await fileReviewed(page);
    const stored = ((await backoffice('show', protocolo)) as unknown as { anexos: Array<{ arquivo: string; bytes: number }> }).anexos;
    expect(stored).toEqual([expect.objectContaining({ arquivo: '1000012345.jpg', bytes: photo.length })]);
  });

  test('a HEIC file the browser cannot read is refused with how to send it, and nothing is listed', async ({ page }) => {
    await openDocumentsStep(page);
    const unreadable = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(2048, 7),
    ]);
    await attach(page, { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: unreadable });
    await expect(page.getByRole('alert')).toContainText('"Mais Compatível"', { timeout: 60_000 });
    await expect(page.getByText('Nenhum documento anexado.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anexar arquivo', exact: true })).toBeEnabled();
    await expectNoAxeViolations(page, 'a refused HEIC');
  });
});
