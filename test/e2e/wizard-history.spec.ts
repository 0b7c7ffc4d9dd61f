/**
 * Issue 27 item 3, "Back goes back": each wizard step is an entry of the browser's history.
 * The browser's Back on a step is 'Anterior' (the step before, with its data, on the same
 * page), Forward validates like 'Próximo', and leaving from step 1 with data typed asks
 * first; the tab asks before closing only while typed data would be lost.
 */
import { expect, test, type Page } from '@playwright/test';
import { FILLED_FORM, TODAY } from '../machines/wizard.fixtures';
import { persistedSnapshotOf } from '../paths/ui/wizard.ui';
import { seedSession } from './support/session';
import { expectNoAxeViolations, field, next, uniqueIds } from './support/portal';

const SNAPSHOT_KEY = 'portabilidade.wizard.v1';
const stepTitle = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
const leaveModal = (page: Page) => page.getByRole('dialog', { name: 'Sair da solicitação?' });

/** The wizard with steps 1–3 filled (this tab's draft, as a reload finds it), or blank. */
async function openWizard(page: Page, filled: boolean) {
  const { protocoloAns } = uniqueIds();
  await seedSession(page, { protocolo: protocoloAns, token: 'free', cdEmpresaPlano: '1' });
  if (filled) {
    const snapshot = persistedSnapshotOf({ protocoloAns, cdEmpresaPlano: '1', today: TODAY, form: FILLED_FORM });
    await page.addInitScript(
      ({ key, snapshot }) => {
        if (!window.sessionStorage.getItem('e2e.draftSeeded')) {
          window.sessionStorage.setItem(key, snapshot);
          window.sessionStorage.setItem('e2e.draftSeeded', '1');
        }
      },
      { key: SNAPSHOT_KEY, snapshot },
    );
  }
  // Home first, as a person arrives: Back has somewhere to go.
  await page.goto('/#/home/1');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.evaluate(() => (window.location.hash = '#/nova-solicitacao'));
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
}

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

test('Forward is no way around a step that does not validate', async ({ page }) => {
  await openWizard(page, true);
  await next(page).click();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
  await page.goBack();
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  await field(page, 'Nome do beneficiário').fill('');
  await page.goForward();
  await expect(page.getByRole('alert').filter({ hasText: 'Nome do beneficiário é obrigatório' })).toBeVisible();
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
