/**
 * The tracking screen on a 320 px phone (issue 13), in Chromium against the real reference
 * server: no screen or modal scrolls sideways, the documents table's actions stay on screen,
 * 'Encerrar sessão' is in the phone menu, and axe (WCAG 2.2 AA rules) finds nothing.
 */
import { expect, test, type Page } from './support/test';
import { lastAnnouncement } from './support/portal';
import { seedSession } from './support/session';
import {
  CPF,
  backoffice,
  expectAccessible,
  fileRequest,
  openTerm,
  panel,
  sendChoice,
  sendConfirmation,
  stored,
  termBoxes,
  trackFromHome,
} from './support/tracking';

test.use({ viewport: { width: 320, height: 640 } });
test.describe.configure({ timeout: 180_000 });

/** Nothing wider than the viewport, and every view action inside it. */
async function fitsThePhone(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${where}: the page scrolls sideways`,
    })
    .toBe(0);
  for (const action of await page.getByRole('button', { name: /^Visualizar/ }).all()) {
    const box = await action.boundingBox();
    expect(box, `${where}: a 'Visualizar' is laid out`).not.toBeNull();
    expect(box!.x, `${where}: 'Visualizar' starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${where}: 'Visualizar' ends on screen`).toBeLessThanOrEqual(320);
  }
  await expectAccessible(page, `${where} at 320 px`);
}

test.describe('acompanhamento at 320 px', () => {
  test("analysis, the phone menu with 'Encerrar sessão', 6 type 1 and 'Você está quase lá'", async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();
    await fitsThePhone(page, 'em análise');

    // The header has no room for it: 'Encerrar sessão' is in the menu.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Encerrar sessão' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('button', { name: 'Encerrar sessão' })).toBeVisible();
    await fitsThePhone(page, 'phone menu open');

    await backoffice('set-status', protocolo, '6', '--tipo', '1');
    await page.reload();
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    await fitsThePhone(page, 'status 6 type 1');
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    await fitsThePhone(page, "'Estou de acordo' chosen, not sent");
    await page.getByRole('button', { name: 'Sair' }).click();
    const leaving = page.getByRole('dialog', { name: 'Sua escolha ainda não foi enviada' });
    await expect(leaving).toBeVisible();
    await fitsThePhone(page, 'the question on leaving with a choice not sent');
    await leaving.getByRole('button', { name: 'Continuar aqui' }).click();
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(sendConfirmation(page)).toBeVisible();
    await fitsThePhone(page, "the confirmation of sending 'Estou de acordo'");
    await sendConfirmation(page).getByRole('button', { name: 'Enviar', exact: true }).click();
    const aviso = page.getByRole('dialog', { name: 'Você está quase lá' });
    await expect(aviso).toBeVisible();
    await fitsThePhone(page, 'avisoModal');
  });

  test("6 type 2 recorded, 7, 4 and 5, then 'Encerrar sessão' from the phone menu", async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    await backoffice('set-status', protocolo, '6', '--tipo', '2');
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await page.getByRole('checkbox', { name: 'Estou ciente' }).click();
    await sendChoice(page);
    await expect(page.getByTestId('acknowledgement-recorded')).toBeVisible();
    await fitsThePhone(page, 'status 6 type 2 recorded');
    for (const [status, title] of [
      ['7', 'Seu contrato está ativo'],
      ['4', 'Sua solicitação foi recusada'],
      ['5', 'Sua solicitação foi cancelada'],
    ] as const) {
      // 7, 4 and 5 are closed: leaving one for the next is a reopening, said so.
      await backoffice('set-status', protocolo, status, ...(status === '7' ? [] : ['--reabrir']));
      await page.reload();
      await expect(panel(page, title)).toBeVisible();
      await fitsThePhone(page, `status ${status}`);
    }
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Encerrar sessão' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    expect(await stored(page, 'token')).toBeNull();
  });

  test("3 after a login (the Status text wraps), signing every term, and 'Seja bem-vindo'", async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    const accepted = await backoffice('set-status', protocolo, '3', '--tipo', '1', '--concordo', 'S');
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo, { cpf: CPF, senha: accepted.senha });
    await expect(panel(page, 'Sua solicitação foi aceita')).toBeVisible();
    // The whole status, however long, within its box: nothing cut at the edge.
    const status = page.getByLabel('Status', { exact: true });
    await expect(status).toHaveValue(/^Aceita/);
    expect(
      await status.evaluate((box: HTMLTextAreaElement) => box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth),
    ).toBe(true);
    await fitsThePhone(page, 'status 3');

    // Each term opens in a new tab before its 'Li e aceito' can be ticked (closed once served).
    const terms = termBoxes(page);
    for (let i = 0; i < (await terms.count()); i++) {
      await expect(terms.nth(i)).toBeDisabled();
      await openTerm(page, i);
      await terms.nth(i).click();
      await expect(terms.nth(i)).toBeChecked();
      await expect(terms.nth(i)).toBeDisabled();
      // Said in the polite live region, named after the term just signed.
      const label = await page.locator(`label[for="${await terms.nth(i).getAttribute('id')}"]`).innerText();
      await expect(lastAnnouncement(page)).toHaveText(`Assinatura registrada: ${label.replace(/^Li e aceito: /, '')}.`);
    }
    await fitsThePhone(page, 'status 3, every term signed');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByRole('dialog', { name: /^Seja bem-vindo/ })).toBeVisible();
    await fitsThePhone(page, 'bemvindoModal');
  });

  test('an expired session on a request that requires login', async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    await backoffice('set-status', protocolo, '3', '--tipo', '1', '--concordo', 'S');
    await seedSession(page, { protocolo, token: 'expired.or.forged', cdEmpresaPlano: '1' });
    await page.goto('/#/acompanhamento');
    await expect(page.getByRole('button', { name: 'Fazer login' })).toBeVisible();
    await fitsThePhone(page, 'login required');
  });
});
