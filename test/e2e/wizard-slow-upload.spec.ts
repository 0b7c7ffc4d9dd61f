/**
 * Issue 27's budget, measured: filing a 6 MB phone photo and two PDFs (~420 KB) on Slow 3G
 * (2,000 ms latency, 50 KB/s up, Chromium's own network emulation) takes ≤ 60 s from
 * 'Enviar solicitação' to the protocol (save, three uploads, the acceptance document; before
 * issue 27 the photo alone took 189 s). About 2.5 minutes with the photo made and shrunk, so
 * it runs only when asked: MEASURE_SLOW_3G=1.
 */
import { expect, test } from './support/test';
import { attach, fileReviewed, noisyJpeg, openDocumentsStep } from './support/photos';

const PDF_HEAD = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const pdf = (size: number) => Buffer.concat([PDF_HEAD, Buffer.alloc(size - PDF_HEAD.length, 0x20)]);
const BUDGET_MS = 60_000;

test('filing a 6 MB photo and two PDFs on Slow 3G takes at most 60 s of sending', async ({ page, context }) => {
  test.skip(!process.env.MEASURE_SLOW_3G, 'a measure: MEASURE_SLOW_3G=1 runs it');
  test.setTimeout(480_000);
  await openDocumentsStep(page);
  // 4000 × 3000 with noise at quality 0.95: about 6.6 MB, as a phone's photo.
  const photo = await noisyJpeg(page, { width: 4000, height: 3000, quality: 0.95, noise: 24 });
  expect(photo.length).toBeGreaterThan(6 * 1024 * 1024);
  await attach(page, { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('row').filter({ hasText: 'foto.jpg' })).toContainText('→', { timeout: 120_000 });
  await attach(page, { name: 'rg.pdf', mimeType: 'application/pdf', buffer: pdf(215_000) });
  await attach(page, { name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: pdf(215_000) });

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2000,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: 50 * 1024,
  });
  const started = Date.now();
  await fileReviewed(page);
  const took = Date.now() - started;
  console.log(`Slow 3G: filing a ${(photo.length / 1048576).toFixed(1)} MB photo and two PDFs took ${(took / 1000).toFixed(1)} s`);
  expect(took).toBeLessThanOrEqual(BUDGET_MS);
});
