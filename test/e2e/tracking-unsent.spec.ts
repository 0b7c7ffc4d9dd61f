/**
 * What the screen says of a choice is what the server holds (issue 25 item 1), in Chromium
 * against the real reference server, on README's status-6 type-1 demo request: a choice is a
 * draft that says it was not sent, 'Finalizar' asks before sending it, leaving ('Sair', a menu
 * item) or closing the tab with it unsent asks first, and reopening the request shows exactly
 * what the server recorded.
 */
import { expect, test, type Page } from './support/test';
import { backoffice, expectAccessible, fileRequest, panel, sendConfirmation, trackFromHome } from './support/tracking';

/** README's demo table: 6, type code 1 (CPF 348.126.950-15, password 584926). */
const DEMO = '73051948260137584926';

/**
 * The demo as seeded: status 6, type 1, nothing answered. Each run starts from fresh data; if
 * this request was already answered in this run (the backoffice cannot take an answer back),
 * a request filed now and moved to the same state stands in for it.
 */
async function statusSixTypeOne(baseURL: string): Promise<string> {
  const demo = await backoffice('show', DEMO);
  const protocolo = demo.flConcordo === null ? DEMO : await fileRequest(baseURL);
  const state = await backoffice('show', protocolo);
  if (state.flStatus !== 6 || state.cdStatusPort !== 1) await backoffice('set-status', protocolo, '6', '--tipo', '1');
  return protocolo;
}

const agree = (page: Page) => page.getByRole('radio', { name: 'Estou de acordo' });
const finalize = (page: Page) => page.getByRole('button', { name: 'Finalizar' });
const leaveQuestion = (page: Page) => page.getByRole('dialog', { name: 'Sua escolha ainda não foi enviada' });

/**
 * Nothing on the screen, shown or ready in a closed dialog, says the answer is recorded ("não
 * foi registrada" is the truth) or cannot be undone (only "depois de enviada").
 */
async function claimsNothingFinal(page: Page) {
  await expect(page.getByTestId('acknowledgement-recorded')).toHaveCount(0);
  await expect(page.getByText(/(?<!não )foi registrada|não pode ser desfeita\.$/)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Você está quase lá' })).toHaveCount(0);
}

test.describe('acompanhamento: a choice is sent, or said not to be', () => {
  test.describe.configure({ timeout: 180_000 });

  test("status 6 type 1 (the demo): 'Estou de acordo', its confirmation taken back, then 'Sair' asks; leaving sends nothing, and reopening shows nothing recorded; sent, reopening shows it recorded", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await statusSixTypeOne(baseURL!);
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();

    // Chosen: a draft, said on the screen (not only to screen readers).
    await agree(page).click();
    await expect(agree(page)).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('acknowledgement-unsent')).toHaveText(
      "Sua escolha ainda não foi enviada: nada foi registrado. Use 'Finalizar' para enviá-la.",
    );
    await claimsNothingFinal(page);

    // The confirmation comes where it is sent, and says it cannot be undone once sent.
    await finalize(page).click();
    await expect(sendConfirmation(page)).toHaveAccessibleName("Enviar 'Estou de acordo'?");
    await expect(sendConfirmation(page)).toContainText('Esta escolha não pode ser desfeita depois de enviada.');
    await sendConfirmation(page).getByRole('button', { name: 'Voltar' }).click();
    await expect(sendConfirmation(page)).toBeHidden();
    await claimsNothingFinal(page);

    // Closing the tab asks first (the browser's own prompt); staying keeps the choice.
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const beforeUnload = await prompt;
    expect(beforeUnload.type()).toBe('beforeunload');
    await beforeUnload.dismiss();
    await expect(agree(page)).toHaveAttribute('aria-checked', 'true');

    // A menu item asks too; 'Continuar aqui' stays with the choice as it was.
    await page.getByRole('navigation').getByRole('button', { name: 'Nova Solicitação' }).click();
    await expect(leaveQuestion(page)).toContainText("Você escolheu 'Estou de acordo', mas essa escolha não foi registrada");
    await expectAccessible(page, 'the question on leaving with a choice not sent');
    await leaveQuestion(page).getByRole('button', { name: 'Continuar aqui' }).click();
    await expect(leaveQuestion(page)).toBeHidden();
    await expect(page).toHaveURL(/#\/acompanhamento$/);
    await expect(agree(page)).toHaveAttribute('aria-checked', 'true');

    // 'Sair' asks; leaving anyway goes home, and the server holds nothing: nothing was claimed.
    await page.getByRole('button', { name: 'Sair' }).click();
    await leaveQuestion(page).getByRole('button', { name: 'Sair sem enviar' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();

    // Reopened: what the server holds, i.e. nothing chosen.
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    await expect(agree(page)).toHaveAttribute('aria-checked', 'false');
    await expect(finalize(page)).toBeDisabled();
    await expect(page.getByTestId('acknowledgement-unsent')).toHaveCount(0);
    await expect(page.getByTestId('acknowledgement-recorded')).toHaveCount(0);

    // Sent this time: only the server's answer says it is recorded.
    await agree(page).click();
    await finalize(page).click();
    await sendConfirmation(page).getByRole('button', { name: 'Enviar', exact: true }).click();
    const aviso = page.getByRole('dialog', { name: 'Você está quase lá' });
    await expect(aviso).toBeVisible();
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
    await aviso.getByRole('button', { name: 'Minha Portabilidade' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);

    // Reopened: the agreement the server holds, locked.
    await trackFromHome(page, protocolo);
    await expect(page.getByTestId('acknowledgement-recorded')).toContainText('Sua concordância foi registrada.');
    await expect(agree(page)).toHaveAttribute('aria-checked', 'true');
    await expect(agree(page)).toBeDisabled();
    await expect(finalize(page)).toBeDisabled();
    await expectAccessible(page, 'status 6 type 1, agreement recorded');
  });
});
