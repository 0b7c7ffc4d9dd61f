/**
 * The tracking screen tells the truth and answers every action (issue 13), in Chromium
 * against the real reference server, each request filed through the API and moved with the
 * backoffice command: acknowledgement options commit only on purpose, a recorded answer says
 * so and cannot be sent twice, every status says what it is, and a session ends for good.
 */
import { expect, test, type Page } from './support/test';
import { lastAnnouncement as announced } from './support/portal';
import { CPF, backoffice, expectAccessible, fileRequest, openAt, panel, stored, trackFromHome } from './support/tracking';

const finalize = (page: Page) => page.getByRole('button', { name: 'Finalizar' });
/** One 'Visualizar' per row of the attached documents table. */
const documentRows = (page: Page) => page.getByRole('button', { name: /^Visualizar/ });

test.describe('acompanhamento: choices, records and statuses', () => {
  // Each test files a request and moves it with the backoffice (a process per move) and runs axe.
  test.describe.configure({ timeout: 150_000 });

  test("status 6 type 1: arrows only move between 'Estou de acordo' and 'Não aceito'; Enter chooses a draft that 'Finalizar' sends after asking; 'Não aceito' is sent once, and said so", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    await openAt(page, protocolo, '6', '--tipo', '1');
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    await expect(page).toHaveTitle('Acompanhar Solicitação - Portabilidade');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused(); // not the page body

    const agree = page.getByRole('radio', { name: 'Estou de acordo' });
    const decline = page.getByRole('radio', { name: 'Não aceito' });
    await agree.focus();
    // Two options: an odd number of moves ends on the second.
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowLeft', 'ArrowUp']) {
      await page.keyboard.press(key);
    }
    await expect(decline).toBeFocused();
    // A keyboard user sees which option Space or Enter will choose (WCAG 2.4.7).
    await expect(decline).toHaveCSS('outline-style', 'solid');
    await expect(decline).toHaveCSS('outline-width', '2px');
    await expect(agree).toHaveAttribute('aria-checked', 'false');
    await expect(decline).toHaveAttribute('aria-checked', 'false');
    await expect(finalize(page)).toBeDisabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();
    // Before choosing, each option says what it commits to (read with the option).
    await expect(agree).toHaveAccessibleDescription(/plano antigo deve ser cancelado em até 5 dias/);
    await expect(agree).toHaveAccessibleDescription(/carências/);
    await expect(decline).toHaveAccessibleDescription(/continua no plano de origem/);
    await expectAccessible(page, 'status 6 type 1, nothing chosen');

    // Chosen, not sent: the option keeps focus, nothing locks, and the screen says it was not sent.
    await page.keyboard.press('Enter');
    await expect(decline).toHaveAttribute('aria-checked', 'true');
    await expect(decline).toBeFocused();
    await expect(decline).toBeEnabled();
    await expect(agree).toBeEnabled();
    await expect(page.getByTestId('acknowledgement-unsent')).toHaveText(
      "Sua escolha ainda não foi enviada: nada foi registrado. Use 'Finalizar' para enviá-la.",
    );
    await expect(announced(page)).toHaveText("Você escolheu 'Não aceito'. Para enviar a sua resposta, use 'Finalizar'.");
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull(); // nothing is sent before 'Finalizar'

    // 'Finalizar' asks first, saying what sending it means; 'Voltar' sends nothing.
    await finalize(page).click();
    const sending = page.getByRole('dialog', { name: "Enviar 'Não aceito'?" });
    await expect(sending).toContainText("Depois de enviada, a resposta 'Não aceito' fica registrada e não pode ser enviada de novo.");
    await expectAccessible(page, "the confirmation of sending 'Não aceito'");
    await sending.getByRole('button', { name: 'Voltar' }).click();
    await expect(sending).toBeHidden();
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();

    const before = await documentRows(page).count();
    await finalize(page).click();
    await sending.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByTestId('toast').filter({ hasText: "Sua resposta 'Não aceito' foi registrada." })).toBeVisible();
    await expect(page.getByTestId('acknowledgement-recorded')).toContainText("Sua resposta 'Não aceito' foi registrada.");
    await expect(panel(page, 'Finalize sua solicitação')).toBeFocused();
    await expect(finalize(page)).toBeDisabled();
    await expect(decline).toBeDisabled(); // 'Não aceito' only once
    await expect(documentRows(page)).toHaveCount(before + 1);
    expect((await backoffice('show', protocolo)).flConcordo).toBe('N');
    await expectAccessible(page, "status 6 type 1, 'Não aceito' recorded");

    // Coming back later: still recorded, still not sendable twice; agreeing is still possible.
    await page.reload();
    await expect(page.getByTestId('acknowledgement-recorded')).toBeVisible();
    await expect(decline).toHaveAttribute('aria-checked', 'true');
    await expect(finalize(page)).toBeDisabled();
    await expect(agree).toBeEnabled();

    // Agreeing is a draft too: the screen says 'Não aceito' still stands until it is sent.
    await agree.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(agree).toHaveAttribute('aria-checked', 'true');
    await expect(decline).toBeDisabled();
    await expect(page.getByTestId('acknowledgement-recorded')).toHaveCount(0);
    await expect(page.getByTestId('acknowledgement-unsent')).toContainText("continua registrada a resposta 'Não aceito'");
    await expect(finalize(page)).toBeEnabled();
    await finalize(page).click();
    const agreeing = page.getByRole('dialog', { name: "Enviar 'Estou de acordo'?" });
    await expect(agreeing).toContainText('Esta escolha não pode ser desfeita depois de enviada.');
    await expect(agreeing).toContainText('em até 5 dias');
    await expectAccessible(page, "the confirmation of sending 'Estou de acordo'");
    await agreeing.getByRole('button', { name: 'Voltar' }).click();
    await expect(agreeing).toBeHidden();
    await expect(agree).toHaveAttribute('aria-checked', 'true');
    expect((await backoffice('show', protocolo)).flConcordo).toBe('N'); // nothing sent before 'Enviar'
  });

  test("status 6 type 2: arrows never tick 'Estou ciente'; ticked, it may be unticked until sent; 'Finalizar' twice asks once and adds one document", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    await openAt(page, protocolo, '6', '--tipo', '2');
    const aware = page.getByRole('checkbox', { name: 'Estou ciente' });
    await aware.focus();
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(key);
    await expect(aware).not.toBeChecked();
    await expect(finalize(page)).toBeDisabled();

    await page.keyboard.press('Space');
    await expect(aware).toBeChecked();
    await expect(aware).toBeEnabled();
    await expect(announced(page)).toHaveText("Você marcou 'Estou ciente'. Para enviar a sua resposta, use 'Finalizar'.");
    await page.keyboard.press('Space');
    await expect(aware).not.toBeChecked();
    await expect(finalize(page)).toBeDisabled();
    await page.keyboard.press('Space');
    await expect(finalize(page)).toBeEnabled();

    const before = await documentRows(page).count();
    await finalize(page).dblclick();
    // It asks what sending commits to, once; nothing is ticked as recorded before 'Enviar'.
    const sending = page.getByRole('dialog', { name: "Enviar 'Estou ciente'?" });
    await expect(sending).toContainText('em até 5 dias');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expectAccessible(page, "the confirmation of sending 'Estou ciente'");
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();
    await sending.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Sua ciência foi registrada.' })).toBeVisible();
    await expect(page.getByTestId('acknowledgement-recorded')).toContainText('Sua ciência foi registrada.');
    await expect(announced(page)).toHaveText('Sua ciência foi registrada.');
    await expect(documentRows(page)).toHaveCount(before + 1);
    await expect(finalize(page)).toBeDisabled();
    await expect(aware).toBeChecked(); // a locked choice still reads as chosen
    await expect(aware).toBeDisabled();
    await expectAccessible(page, "status 6 type 2, 'Estou ciente' recorded");

    await page.reload();
    await expect(page.getByTestId('acknowledgement-recorded')).toBeVisible();
    await expect(finalize(page)).toBeDisabled();
    await expect(documentRows(page)).toHaveCount(before + 1);
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
  });

  test('statuses 7, 4 and 5 say what they are and what comes next, with no answer clock', async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(page.getByTestId('answer-window')).toContainText('A operadora tem 10 dias para responder'); // em análise: it runs
    const cases = [
      ['7', 'Contrato ativo', 'Seu contrato está ativo', 'seu contrato está ativo e apto para utilização'],
      ['4', 'Recusada', 'Sua solicitação foi recusada', 'não seguirá adiante'],
      ['5', 'Cancelada', 'Sua solicitação foi cancelada', 'não seguirá adiante'],
    ] as const;
    for (const [status, dsStatus, title, next] of cases) {
      // Each case leaves the closed status before it (set-status asks for --reabrir).
      await backoffice('set-status', protocolo, status, '--reabrir');
      await page.reload();
      await expect(panel(page, title)).toBeVisible();
      await expect(page.getByLabel('Status', { exact: true })).toHaveValue(dsStatus);
      await expect(page.getByTestId('panel-note')).toContainText(next);
      await expect(page.getByTestId('answer-window')).toHaveCount(0);
      await expect(page.getByText(/para responder/)).toHaveCount(0);
      await expect(panel(page, 'Sua solicitação está em análise')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retornar' })).toBeVisible();
      await expectAccessible(page, `status ${status}`);
    }
  });

  test("'Encerrar sessão' after a login leaves #/acompanhamento unreachable, back button included, until one logs in again", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    const accepted = await backoffice('set-status', protocolo, '3', '--tipo', '1', '--concordo', 'S');
    expect(accepted.exigeLogin).toBe(true);
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo, { cpf: CPF, senha: accepted.senha });
    await expect(panel(page, 'Sua solicitação foi aceita')).toBeVisible();
    await expectAccessible(page, 'status 3 with Encerrar sessão');

    await page.getByRole('banner').getByRole('button', { name: 'Encerrar sessão' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByTestId('toast').filter({ hasText: 'Sessão encerrada.' })).toBeVisible();
    expect(await stored(page, 'protocolo')).toBeNull();
    expect(await stored(page, 'token')).toBeNull();

    await page.goBack();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByRole('heading', { name: 'Termos e declarações' })).toHaveCount(0);
    await page.goto('/#/acompanhamento');
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Sua solicitação foi aceita' })).toHaveCount(0);

    // Logging in again opens it again; leaving by a menu item ends that session too.
    await trackFromHome(page, protocolo, { cpf: CPF, senha: accepted.senha });
    await expect(panel(page, 'Sua solicitação foi aceita')).toBeVisible();
    await page.getByRole('navigation').getByRole('button', { name: 'Nova Solicitação' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    expect(await stored(page, 'token')).toBeNull();
    await page.goBack();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByRole('heading', { name: 'Termos e declarações' })).toHaveCount(0);
  });

  test("'Sair' in status 6 ends the session too", async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    await openAt(page, protocolo, '6', '--tipo', '1');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    expect(await stored(page, 'protocolo')).toBeNull();
    await page.goBack();
    await expect(page).toHaveURL(/#\/home\/1$/);
  });
});
