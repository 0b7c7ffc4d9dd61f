/**
 * Status 6 when 'Enviar' gets no answer (found by an exploratory run): the screen said
 * "nada foi registrado" although the server had recorded the agreement and only its answer was
 * lost, and a second choice was then refused with 'ERRO'. Now the screen reads the request
 * back before it says anything of the choice. In Chromium against the real reference server:
 * the network drops the acceptance's answers (every attempt), once after the server did it and
 * once before it got there. And a choice refused with 'ERRO' because another tab's answer is
 * recorded is read back the same way.
 */
import { expect, test, type Page } from './support/test';
import { backoffice, fileRequest, openAt, panel, sendChoice, sendConfirmation, trackFromHome } from './support/tracking';

const ACCEPTANCE = /\/portabilidade\/utils\/documento\/aceite$/;
const notification = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function openStatusSix(page: Page, baseURL: string): Promise<string> {
  const protocolo = await fileRequest(baseURL);
  await openAt(page, protocolo, '6', '--tipo', '1');
  await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
  return protocolo;
}

/** Every acceptance call loses its answer; with `reachServer`, the first one is done on the server first. */
async function dropAcceptanceAnswers(page: Page, { reachServer }: { reachServer: boolean }) {
  let first = true;
  await page.route(ACCEPTANCE, async (route) => {
    if (reachServer && first) await route.fetch();
    first = false;
    await route.abort('connectionreset');
  });
}

test.describe('acompanhamento: a choice whose sending got no answer', () => {
  test.describe.configure({ timeout: 150_000 });

  test('recorded on the server, its answer lost: the screen says it was recorded and locks it, never "nada foi registrado"', async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openStatusSix(page, baseURL!);
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    await dropAcceptanceAnswers(page, { reachServer: true });
    await sendChoice(page);

    await expect(notification(page, 'Erro ao gerar o documento')).toBeVisible();
    await expect(notification(page, 'Sua concordância foi registrada.')).toBeVisible();
    await expect(page.getByTestId('acknowledgement-recorded')).toBeVisible();
    await expect(page.getByTestId('acknowledgement-unsent')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Não aceito' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Finalizar' })).toBeDisabled();
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
  });

  test("refused with a 500 (every try): SPEC's 'Erro ao gerar o documento' alone, and the choice kept unsent (found by a regression walk: the catalogue's generic message came beside it)", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openStatusSix(page, baseURL!);
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    await page.route(ACCEPTANCE, (route) => route.fulfill({ status: 500, body: '' }));
    await sendChoice(page);
    await expect(notification(page, 'Erro ao gerar o documento')).toBeVisible();
    await expect(page.getByTestId('acknowledgement-unsent')).toBeVisible();
    expect(await page.getByTestId('toast').allTextContents()).toEqual(['Erro ao gerar o documento']);
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();
  });

  test("the browser's Back while a confirmed choice is on its way: the session leaves the device, and the server records the choice before the session ends there (found by an exploratory run)", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openStatusSix(page, baseURL!);
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    const order: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(ACCEPTANCE, async (route) => {
      await released;
      const response = await route.fetch();
      order.push(`aceite ${response.status()}`);
      await route.fulfill({ response });
    });
    await page.route('**/auth/sair', async (route) => {
      order.push('sair');
      await route.continue();
    });
    await sendChoice(page);
    await page.goBack();
    await expect(page).toHaveURL(/#\/home\/1$/);
    expect(await page.evaluate(() => [localStorage.getItem('protocolo'), localStorage.getItem('token')])).toEqual([null, null]);
    release();
    await expect.poll(() => order).toEqual(['aceite 200', 'sair']);
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
  });

  test('never reached the server: the screen says it was not sent, and "Finalizar" sends it once the network is back', async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openStatusSix(page, baseURL!);
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    await dropAcceptanceAnswers(page, { reachServer: false });
    await sendChoice(page);

    await expect(notification(page, 'Erro ao gerar o documento')).toBeVisible();
    await expect(page.getByTestId('acknowledgement-unsent')).toHaveText(
      "Sua escolha ainda não foi enviada: nada foi registrado. Use 'Finalizar' para enviá-la.",
    );
    await expect(page.getByRole('radio', { name: 'Estou de acordo' })).toHaveAttribute('aria-checked', 'true');
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();

    await page.unroute(ACCEPTANCE);
    await sendChoice(page);
    await expect(page.getByRole('dialog', { name: 'Você está quase lá' })).toBeVisible();
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
  });

  test("another tab agreed first: this tab's 'Não aceito', refused with 'ERRO', is read back and the agreement said recorded (found by an exploratory run)", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await openStatusSix(page, baseURL!);
    const other = await page.context().newPage();
    await other.goto('/#/home/1');
    await trackFromHome(other, protocolo);
    await expect(panel(other, 'Finalize sua solicitação')).toBeVisible();
    await other.getByRole('radio', { name: 'Estou de acordo' }).click();
    await sendChoice(other);
    await expect(other.getByRole('dialog', { name: 'Você está quase lá' })).toBeVisible();
    await other.close();

    await page.getByRole('radio', { name: 'Não aceito' }).click();
    await sendChoice(page);
    await expect(notification(page, 'Erro ao gerar o documento')).toBeVisible();
    await expect(notification(page, 'Sua concordância foi registrada.')).toBeVisible();
    await expect(page.getByTestId('acknowledgement-recorded')).toBeVisible();
    await expect(page.getByTestId('acknowledgement-unsent')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Estou de acordo' })).toHaveAttribute('aria-checked', 'true');
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
  });

  test("while a confirmed choice is sent, focus stays on 'Finalizar', never on the page (found by an exploratory run)", async ({
    page,
    baseURL,
  }) => {
    await openStatusSix(page, baseURL!);
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ACCEPTANCE, async (route) => {
      await held;
      await route.continue();
    });
    const finalize = page.getByRole('button', { name: 'Finalizar' });
    await finalize.click();
    await sendConfirmation(page).getByRole('button', { name: 'Enviar', exact: true }).press('Enter');
    await expect(finalize).toBeDisabled();
    await expect(finalize).toBeFocused();
    release();
    await expect(page.getByRole('dialog', { name: 'Você está quase lá' })).toBeVisible();
  });
});
