/**
 * Issue 27 item 3, "Back goes back": each wizard step is an entry of the browser's history.
 * The browser's Back on a step is 'Anterior' (the step before, with its data, on the same
 * page), Forward validates like 'Próximo', and leaving from step 1 with data typed asks
 * first; the tab asks before closing only while typed data would be lost.
 */
import { expect, test, type Page } from './support/test';
import { FILLED_FORM } from '../machines/wizard.fixtures';
import { expectNoAxeViolations, field, next } from './support/portal';
import { openWizard, stepTitle } from './support/wizard';
import { attach, fileReviewed, openDocumentsStep } from './support/photos';

const leaveModal = (page: Page) => page.getByRole('dialog', { name: 'Sair da solicitação?' });

test('Back on step 3 shows step 2 with its data, on the same page; Forward goes on again', async ({ page }) => {
  await openWizard(page, true);
  await next(page).click();
  await next(page).click();
  await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeVisible();
  await page.goBack();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
  await expect(field(page, 'Nome da operadora')).toHaveValue(FILLED_FORM.ops_origem);
  await expect(page).toHaveURL(/#\/nova-solicitacao$/);
  await page.goForward();
  await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeVisible();
  // 'Anterior' and Back agree: after 'Anterior', Back goes one step further.
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
  await page.goBack();
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  await expect(field(page, 'Nome do beneficiário')).toHaveValue(FILLED_FORM.nome);
});

test("on a phone, 'Anterior' and Back show the step from its heading, and a double tap goes back one step (found by an exploratory run)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openWizard(page, true);
  for (let step = 0; step < 3; step += 1) await next(page).click();
  await expect(stepTitle(page, 'Dependentes')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeFocused();
  await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.goBack();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeFocused();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeInViewport();
  // Two quick taps where 'Anterior' was: the second lands on the step shown, not its button row.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const box = await page.getByRole('button', { name: 'Anterior' }).boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.waitForTimeout(250);
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  // One step back, not two: no leaving the wizard (its question) on the second tap, and
  // nothing of the new step under the finger taken either (its help stays closed).
  await page.waitForTimeout(500);
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  await expect(leaveModal(page)).toHaveCount(0);
  await expect(page.locator('form details[open]')).toHaveCount(0);
});

test('Forward is no way around a step that does not validate', async ({ page }) => {
  await openWizard(page, true);
  await next(page).click();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
  await page.goBack();
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  await field(page, 'Nome do beneficiário').fill('');
  await page.goForward();
  await expect(field(page, 'Nome do beneficiário')).toHaveAccessibleDescription(/Nome do beneficiário é obrigatório/);
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
});

test('Back from step 1 with data asks first: staying keeps the step, leaving goes home; axe finds nothing at 320 and 1280 px', async ({
  page,
}) => {
  await openWizard(page, true);
  await page.goBack();
  await expect(leaveModal(page)).toBeVisible();
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page, `leave question at ${width} px`);
  }
  await leaveModal(page).getByRole('button', { name: 'Continuar preenchendo' }).click();
  await expect(leaveModal(page)).toBeHidden();
  await expect(field(page, 'Nome do beneficiário')).toHaveValue(FILLED_FORM.nome);
  await page.goBack();
  await leaveModal(page).getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
});

test('a menu item on a step with data asks first too', async ({ page }) => {
  await openWizard(page, true);
  await next(page).click();
  await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  await expect(leaveModal(page)).toBeVisible();
  await leaveModal(page).getByRole('button', { name: 'Continuar preenchendo' }).click();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
});

test("a shared phone: 'Sair e apagar os dados' leaves nothing of the request, and Back does not bring it back (found by an exploratory run)", async ({
  page,
}) => {
  await openWizard(page, true);
  await next(page).click();
  await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  await expect(leaveModal(page)).toContainText("Em aparelho compartilhado, use 'Sair e apagar os dados'");
  await leaveModal(page).getByRole('button', { name: 'Sair e apagar os dados', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/1$/);
  // Nothing of the request in the browser: no session, no draft in the tab or on the device.
  const kept = await page.evaluate(() => ({
    local: Object.keys(localStorage).filter((key) => /protocolo|token|portabilidade\.wizard\.aparelho/.test(key)),
    session: Object.keys(sessionStorage).filter((key) => key === 'portabilidade.wizard.v1'),
  }));
  expect(kept).toEqual({ local: [], session: [] });
  // The next person pressing Back does not see the form, nor its data.
  await page.goBack();
  await expect(page).not.toHaveURL(/#\/nova-solicitacao$/);
  await expect(page.getByText(FILLED_FORM.nome)).toHaveCount(0);
  await expect(page.locator(`input[value="${FILLED_FORM.nome}"]`)).toHaveCount(0);
});

test('Back from a blank step 1 goes home at once', async ({ page }) => {
  await openWizard(page, false);
  await page.goBack();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(leaveModal(page)).toHaveCount(0);
});

test('closing the tab asks first only while typed data would be lost', async ({ page, context }) => {
  await openWizard(page, false);
  await field(page, 'Nome da mãe').click();
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toBe(false);

  const typed = await context.newPage();
  await openWizard(typed, false);
  await field(typed, 'Nome da mãe').fill('Ana');
  const dialog = typed.waitForEvent('dialog');
  await typed.close({ runBeforeUnload: true });
  expect((await dialog).type()).toBe('beforeunload');
  await (await dialog).accept();
});

test('a reload while the protocol is shown lands on home, tracking with that protocol typed: it is never lost (found by an exploratory run)', async ({
  page,
}) => {
  await openDocumentsStep(page, { seedOnce: true });
  await attach(page, {
    name: 'rg.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  const protocolo = await fileReviewed(page);
  await page.reload();
  await expect(page).toHaveURL(/#\/home\/1$/);
  await expect(page.getByRole('textbox', { name: 'Digite o protocolo', exact: true })).toHaveValue(protocolo);
});
