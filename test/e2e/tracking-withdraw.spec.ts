/**
 * Withdrawal (issue 25 item 7), in Chromium against the reference server: under analysis the
 * holder can withdraw after a confirmation that says what it means; 'Voltar' sends nothing;
 * the screen says nothing of a withdrawal before the server answered; then the request shows
 * "cancelada a seu pedido" — not an operator's cancellation — in its panel, status and history.
 */
import { expect, test } from './support/test';
import { backoffice, expectAccessible, fileRequest, panel, trackFromHome, withdrawConfirmation } from './support/tracking';

test.describe.configure({ timeout: 120_000 });

const WITHDRAWN = 'Sua solicitação foi cancelada a seu pedido';

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 320, height: 640 },
]) {
  test(`a withdrawn request shows cancelled by the holder (${viewport.width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const protocolo = await fileRequest(baseURL!);
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();

    // The confirmation says what withdrawing means, in pt-BR, and 'Voltar' sends nothing.
    const withdraw = page.getByRole('button', { name: 'Desistir da solicitação' });
    await withdraw.click();
    const dialog = withdrawConfirmation(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('cancelada a seu pedido');
    await expect(dialog).toContainText('não pode ser desfeita');
    await expect(dialog).toContainText('nova solicitação');
    await expectAccessible(page, `withdrawal confirmation, ${viewport.width} px`);
    await dialog.getByRole('button', { name: 'Voltar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(withdraw).toBeFocused();
    expect((await backoffice('show', protocolo)).flStatus).toBe(1);

    // Refused (500 to it and its two retries): nothing done, and the person is told.
    let refused = 0;
    await page.route('**/portabilidade/desistencia', (route) => {
      refused += 1;
      return route.fulfill({ status: 500, body: '' });
    });
    await withdraw.click();
    await dialog.getByRole('button', { name: 'Sim, desistir', exact: true }).click();
    await expect(dialog).toBeHidden();
    // The refusal is final only after the retries: until then the next route below would catch one.
    await expect(page.getByTestId('toast').filter({ hasText: 'Ocorreu um erro inesperado!' })).toBeVisible();
    expect(refused).toBe(3);
    // It may have arrived all the same: the screen reads the server again, and its panel, which
    // takes focus, says the request is still under analysis.
    await expect(panel(page, 'Sua solicitação está em análise')).toBeFocused();
    await page.unroute('**/portabilidade/desistencia');

    // Confirmed: until the server answers, nothing says it is done.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/portabilidade/desistencia', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await withdraw.click();
    await dialog.getByRole('button', { name: 'Sim, desistir', exact: true }).click();
    await expect.poll(() => asked).toBe(true);
    await expect(panel(page, WITHDRAWN)).toHaveCount(0);
    await expect(page.getByText('Sua solicitação foi cancelada a seu pedido.')).toHaveCount(0);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Em análise');
    release();

    // The server has it: cancelled at the holder's request, in the panel, the status and the history.
    await expect(panel(page, WITHDRAWN)).toBeVisible();
    // The reloaded panel takes focus (the confirmation that had it is gone).
    await expect(panel(page, WITHDRAWN)).toBeFocused();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Cancelada a seu pedido');
    await expect(page.getByTestId('withdrawn-note')).toContainText('Você desistiu desta solicitação em');
    await expect(page.getByTestId('withdrawn-note')).toContainText('nova solicitação');
    // Not an operator's cancellation: no operator reason, no complaint channel.
    await expect(page.getByText('A operadora não informou o motivo.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Desistir da solicitação' })).toHaveCount(0);
    await expect(page.getByText('Cancelada a seu pedido', { exact: true }).last()).toBeVisible();
    expect((await backoffice('show', protocolo)).flStatus).toBe(5);
    await expectAccessible(page, `withdrawn, ${viewport.width} px`);
  });
}

test("an operator's cancellation is not said to be the holder's", async ({ page, baseURL }) => {
  const protocolo = await fileRequest(baseURL!);
  await backoffice('set-status', protocolo, '5');
  await page.goto('/#/home/1');
  await trackFromHome(page, protocolo);
  await expect(panel(page, 'Sua solicitação foi cancelada')).toBeVisible();
  await expect(panel(page, WITHDRAWN)).toHaveCount(0);
  await expect(page.getByText('A operadora não informou o motivo.')).toBeVisible();
});

test('a refused withdrawal whose re-read fails too leaves focus on "Tentar novamente", not on the page', async ({ page, baseURL }) => {
  const protocolo = await fileRequest(baseURL!);
  await page.goto('/#/home/1');
  await trackFromHome(page, protocolo);
  await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();
  // The server down from here on: the withdrawal and the reads after it.
  await page.route('**/portabilidade/**', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'Desistir da solicitação' }).click();
  await withdrawConfirmation(page).getByRole('button', { name: 'Sim, desistir', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível carregar a sua solicitação.' })).toBeVisible();
  // The button that had focus is gone with the panel: focus goes where the person goes on.
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeFocused();
  // The withdrawal and the read after it failed as one: said once (found by a regression walk: twice).
  const toasts = await page.getByTestId('toast').allTextContents();
  expect(toasts.filter((text) => text.includes('Ocorreu um erro inesperado!'))).toHaveLength(1);
});
