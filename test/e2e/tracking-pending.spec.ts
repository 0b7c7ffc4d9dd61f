/**
 * Status 2, 'Pendente de documentação' (issue 25 item 3), in Chromium against the reference
 * server: the operator marks the missing document types with the backoffice command
 * (`set-status … 2 --pendente <tipo>[:<motivo>]`), the holder sees them on the tracking
 * screen and sends one from there, with the wizard's checks, upload and retry; the server
 * stores it (the backoffice `show` lists it) and the list the screen reloads has shrunk.
 * A phone's photo is made ready first, as in the wizard (issue 27): shrunk, or cancelled.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ANNOUNCED, lastAnnouncement } from './support/portal';
import { noisyJpeg } from './support/photos';
import { expect, test, type Page, type Route } from './support/test';
import { backoffice, expectAccessible, fileRequest, panel, trackFromHome } from './support/tracking';
import { UPLOAD_OUTCOME } from '../../machines/attachments';

const REASON = 'O comprovante enviado tem mais de 90 dias.';
const RESIDENCE = 'Comprovante de residência';
const PAYMENT = 'Comprovante de pagamento (últimos 3 boletos)';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const rows = (page: Page) => page.getByTestId('pending-document');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
const fileInput = (page: Page, name: string) => page.getByLabel(`Arquivo para ${name}`, { exact: true });
const alertWith = (page: Page, text: string) => page.getByTestId('pending-documents').getByRole('alert').filter({ hasText: text });

interface ShowAnswer {
  anexos: Array<{ documento: string; arquivo: string; bytes: number }>;
  documentosPendentes: Array<{ cdTipoDocumento: number; enviadoEm: string | null }>;
}

async function openPending(page: Page, baseURL: string): Promise<string> {
  const protocolo = await fileRequest(baseURL);
  await backoffice('set-status', protocolo, '2', '--pendente', `3:${REASON}`, '--pendente', '5');
  await page.goto('/#/home/1');
  await trackFromHome(page, protocolo);
  await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();
  return protocolo;
}

test.describe('acompanhamento: pending documents (status 2)', () => {
  // Files a request, moves it with the backoffice (a process per call) and runs axe.
  test.describe.configure({ timeout: 150_000 });

  test('status 2 with two pending types lists both; one sent from tracking is stored (backoffice show lists it) and the list shrinks', async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openPending(page, baseURL!);
    await expect(page.getByRole('heading', { level: 3, name: 'Documentos pendentes' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, RESIDENCE)).toContainText(`Motivo informado pela operadora: ${REASON}`);
    await expect(row(page, PAYMENT)).toBeVisible();
    // Each row's 'Escolher arquivo' is its one control: the file input it opens is not listed beside it.
    await expect(row(page, RESIDENCE).getByRole('button')).toHaveText(['Escolher arquivo']);
    // What happens next, and the operator's clock (ANS: 10 days from the request).
    await expect(page.getByTestId('pending-next')).toContainText('cada documento recebido sai desta lista');
    await expect(page.getByTestId('pending-next')).toContainText(/A operadora tem 10 dias para responder: restam \d+ dias/);

    // The wizard's checks (SPEC §5): empty, over 10MB, not PDF/JPG/PNG — refused before any sending.
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'vazio.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
    await expect(alertWith(page, 'O arquivo está vazio. Por favor, selecione um arquivo válido.')).toBeVisible();
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761) });
    await expect(alertWith(page, 'O arquivo excede o tamanho máximo permitido de 10MB.')).toBeVisible();
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('texto') });
    await expect(alertWith(page, 'Tipo de arquivo não permitido')).toBeVisible();
    await expect(page.getByTestId('pending-file')).toHaveCount(0);

    // A text file named .pdf passes the screen's checks and is refused by the server: the row
    // keeps its reason, and offers only 'Remover' (found by an exploratory run: it said only
    // 'Não foi enviado.' and 'Tentar de novo' sent the same file again).
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('texto') });
    const refused = page.getByTestId('pending-file');
    await refused.getByRole('button', { name: `Enviar: ${RESIDENCE}` }).click();
    await expect(refused.getByRole('alert')).toHaveText(
      'Não foi enviado. O conteúdo do arquivo não é um PDF válido. Envie um arquivo PDF, JPG ou PNG verdadeiro.',
    );
    await expect(refused.getByRole('button', { name: `Tentar de novo: ${RESIDENCE}` })).toHaveCount(0);
    await expect(refused.getByRole('button', { name: 'Remover falso.pdf' })).toBeFocused();
    // The other document waits, and says the one way on: a refused file cannot be sent as it is
    // (found by a regression walk: it said to send it).
    await expect(row(page, PAYMENT)).toContainText(`Remova ou troque antes o arquivo recusado para ${RESIDENCE}.`);
    await expect(row(page, PAYMENT)).not.toContainText('Envie ou remova antes');
    await refused.getByRole('button', { name: 'Remover falso.pdf' }).click();
    await expect(page.getByTestId('pending-file')).toHaveCount(0);
    // Focus goes on to choosing another file for the same document, not to the page.
    await expect(page.getByRole('button', { name: `Escolher arquivo para ${RESIDENCE}` })).toBeFocused();

    // A real PDF: named with its size, 'Enviar' next. The first sending fails (the network
    // answers 500 to it and its retries): unconfirmed, and 'Tentar de novo', as the wizard.
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'conta-de-luz.pdf', mimeType: 'application/pdf', buffer: PDF });
    const chosen = page.getByTestId('pending-file');
    await expect(chosen).toContainText('conta-de-luz.pdf');
    await expect(chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` })).toBeFocused();
    // One file in hand at a time: the other document waits, and says why (never dropped unsent).
    await expect(page.getByRole('button', { name: `Escolher arquivo para ${PAYMENT}` })).toBeDisabled();
    await expect(row(page, PAYMENT)).toContainText(`Envie ou remova antes o arquivo escolhido para ${RESIDENCE}.`);
    // Nor does withdrawing drop it: the button waits and says why (found by a regression walk:
    // a refused withdrawal, or 'Voltar', came back to 'Escolher arquivo' without a word).
    const withdraw = page.getByRole('button', { name: 'Desistir da solicitação' });
    await expect(withdraw).toHaveAttribute('aria-disabled', 'true');
    await expect(withdraw).toHaveAccessibleDescription('Para desistir, antes envie ou remova o arquivo escolhido.');
    // A tap all the same (Playwright would wait for an aria-disabled button to be enabled).
    await withdraw.click({ force: true });
    await expect(page.getByRole('dialog', { name: 'Desistir desta solicitação?' })).toHaveCount(0);
    await expect(chosen).toContainText('conta-de-luz.pdf');
    const failing = /\/portabilidade\/utils\/documento$/;

    // A slow link: the sending can be stopped, the file kept in hand, nothing said to have failed
    // (found by an exploratory run: a big photo on a slow link could only be waited out).
    const stalled: Route[] = [];
    await page.route(failing, (route) => void stalled.push(route));
    await chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` }).click();
    await expect(chosen).toContainText('Enviando…');
    await expect.poll(() => stalled.length).toBe(1);
    await chosen.getByRole('button', { name: 'Cancelar envio de conta-de-luz.pdf' }).click();
    await expect(chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` })).toBeFocused();
    await expect(chosen).not.toContainText('Enviando…');
    await expect(lastAnnouncement(page)).toHaveText(`Envio cancelado. O arquivo para ${RESIDENCE} continua escolhido.`);
    await expect(page.getByText('Ocorreu um erro inesperado!')).toHaveCount(0);
    await expect(chosen.getByRole('alert')).toHaveCount(0);
    // Not tried again behind the person's back.
    await page.waitForTimeout(1_500);
    expect(stalled).toHaveLength(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.route(failing, (route) => route.fulfill({ status: 500, body: '' }));
    await chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` }).click();
    await expect(chosen.getByRole('alert')).toHaveText(UPLOAD_OUTCOME.unconfirmed);
    // Focus is where the person goes on, not on the page (the buttons were hidden while it went).
    await expect(chosen.getByRole('button', { name: `Tentar de novo: ${RESIDENCE}` })).toBeFocused();
    await page.unroute(failing);
    expect(((await backoffice('show', protocolo)) as unknown as ShowAnswer).anexos).toHaveLength(0);
    await chosen.getByRole('button', { name: `Tentar de novo: ${RESIDENCE}` }).click();

    // The server holds it: the screen says so and lists what the server still waits for.
    await expect(page.getByTestId('pending-sent')).toHaveText(`Documento enviado: ${RESIDENCE}.`);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, PAYMENT)).toBeVisible();
    await expect(page.getByRole('button', { name: `Escolher arquivo para ${PAYMENT}` })).toBeEnabled();
    await expect(row(page, RESIDENCE)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: 'Documentos pendentes' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Visualizar conta-de-luz.pdf' }).or(page.getByText('conta-de-luz.pdf'))).not.toHaveCount(
      0,
    );

    const shown = (await backoffice('show', protocolo)) as unknown as ShowAnswer;
    expect(shown.anexos.map(({ documento, arquivo }) => ({ documento, arquivo }))).toEqual([
      { documento: RESIDENCE, arquivo: 'conta-de-luz.pdf' },
    ]);
    expect(shown.documentosPendentes).toEqual([
      expect.objectContaining({ cdTipoDocumento: 3, enviadoEm: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/) }),
      expect.objectContaining({ cdTipoDocumento: 5, enviadoEm: null }),
    ]);
  });

  test("the operator closes the request while a file is in hand: sending it says why, in the server's words, and shows where the request now is — the file is not blamed (found by a regression walk)", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openPending(page, baseURL!);
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'bom.pdf', mimeType: 'application/pdf', buffer: PDF });
    const chosen = page.getByTestId('pending-file');
    await expect(chosen).toContainText('bom.pdf');
    await backoffice('set-status', protocolo, '4');
    await chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` }).click();
    await expect(page.getByText('Esta solicitação não aceita novos documentos no status atual (Recusada).')).toBeVisible();
    await expect(panel(page, 'Sua solicitação foi recusada')).toBeVisible();
    await expect(page.getByText(/Remova ou troque antes o arquivo recusado/)).toHaveCount(0);
    await expect(page.getByTestId('pending-documents')).toHaveCount(0);
    expect(((await backoffice('show', protocolo)) as unknown as ShowAnswer).anexos).toHaveLength(0);
  });

  test("a phone's photos, as in the wizard: an iPhone photo being prepared can be cancelled (the file chosen before stays), a 12 MB photo is shrunk, sent and stored under 10 MB, and nothing is kept on the device", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openPending(page, baseURL!);
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'conta-de-luz.pdf', mimeType: 'application/pdf', buffer: PDF });
    const chosen = page.getByTestId('pending-file');
    await expect(chosen).toContainText('conta-de-luz.pdf');

    // The iPhone decoder held on its way, as a slow link holds it: the photo is being prepared.
    const held: Route[] = [];
    const decoder = /\/assets\/heic-to-[^/]+\.js$/;
    await page.route(decoder, (route) => void held.push(route));
    const heic = readFileSync(resolve('test/e2e/fixtures/iphone-96x64.heic'));
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'iphone.heic', mimeType: 'image/heic', buffer: heic });
    await expect(row(page, RESIDENCE).getByRole('status')).toHaveText('Preparando iphone.heic: reduzindo a foto para o envio...');
    await expect.poll(() => held.length, { message: 'the decoder asked for' }).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: `Trocar arquivo para ${RESIDENCE}` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Escolher arquivo para ${PAYMENT}` })).toBeDisabled();
    await expect(chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancelar o preparo de iphone.heic', exact: true })).toBeFocused();
    await expectAccessible(page, 'pendências com uma foto em preparo');
    await page.getByRole('button', { name: 'Cancelar o preparo de iphone.heic', exact: true }).click();
    await expect(page.getByText('Preparando iphone.heic')).toHaveCount(0);
    await expect(chosen).toContainText('conta-de-luz.pdf');
    await expect(page.getByRole('button', { name: `Trocar arquivo para ${RESIDENCE}` })).toBeFocused();
    await expect(page.locator(ANNOUNCED)).toContainText('Preparo de iphone.heic cancelado. A foto não foi anexada.');
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await page.unroute(decoder);

    // A phone's photo of about 12 MB: shrunk in the page, shown with both sizes, then sent.
    const photo = await noisyJpeg(page, { width: 4000, height: 3000, quality: 1, noise: 4 });
    expect(photo.length).toBeGreaterThan(10_485_760);
    await fileInput(page, RESIDENCE).setInputFiles({ name: 'foto-conta.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(chosen).toContainText(/foto-conta\.jpg \(\d+,\d MB → \d+(,\d)? (KB|MB)\)/, { timeout: 60_000 });
    await expect(chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` })).toBeFocused();
    await chosen.getByRole('button', { name: `Enviar: ${RESIDENCE}` }).click();
    await expect(page.getByTestId('pending-sent')).toHaveText(`Documento enviado: ${RESIDENCE}.`);

    const stored = ((await backoffice('show', protocolo)) as unknown as ShowAnswer).anexos;
    expect(stored.map(({ documento, arquivo }) => ({ documento, arquivo }))).toEqual([{ documento: RESIDENCE, arquivo: 'foto-conta.jpg' }]);
    expect(stored[0]!.bytes).toBeLessThan(photo.length / 4);
    // Tracking keeps its files in the tab's memory only: a shared phone keeps nothing of them.
    const onDevice = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          const request = indexedDB.open('portabilidade-wizard', 1);
          request.onerror = () => done(-1);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('files')) return done(0);
            const count = db.transaction('files').objectStore('files').count();
            count.onsuccess = () => done(count.result);
          };
        }),
    );
    expect(onDevice).toBe(0);
  });

  for (const width of [320, 1280]) {
    test(`the pending documents panel passes axe at ${width} px, with a reason, a refused file and a file chosen`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await openPending(page, baseURL!);
      await expectAccessible(page, `pendências (${width} px)`);
      await fileInput(page, PAYMENT).setInputFiles({ name: 'vazio.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
      await expect(alertWith(page, 'O arquivo está vazio')).toBeVisible();
      await fileInput(page, RESIDENCE).setInputFiles({ name: 'conta-de-luz.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('pending-file')).toBeVisible();
      await expectAccessible(page, `pendências com arquivo escolhido (${width} px)`);
      // Nothing runs off a phone's screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
