/**
 * Issue 27 item 7: the review shows every field (the mother's name and the reply choices
 * included, each dependent with its relationship to the holder), and 'Alterar' opens a
 * section's step whose 'Próximo' comes back to the review with the change.
 */
import { expect, test, type Page } from './support/test';
import { FILLED_FORM } from '../machines/wizard.fixtures';
import { expectNoAxeViolations, field, next, waitIdle } from './support/portal';
import { openWizard, stepTitle } from './support/wizard';

const review = (page: Page) => page.getByRole('dialog', { name: 'Confira sua solicitação' });
const fact = (page: Page, term: string) =>
  review(page)
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .first()
    .locator('+ dd');

async function addDependent(page: Page) {
  await page.getByRole('button', { name: 'Incluir dependente' }).click();
  await field(page, 'Nome do dependente').fill('JOAO DA SILVA');
  await field(page, 'Nome da mãe do dependente').fill('ANA DA SILVA');
  await field(page, 'Data de nascimento do dependente').fill('10102015');
  // Required (issue 27 item 7): without it 'Adicionar' shows its message.
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('* Parentesco é obrigatório')).toBeVisible();
  await field(page, 'Parentesco com o titular').selectOption('Filho(a)');
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Dependentes incluídos' })).toContainText('Filho(a)');
}

async function toReview(page: Page) {
  await openWizard(page, true);
  for (const title of ['Dados do Plano de Origem', 'Dados do Plano de Destino', 'Dependentes']) {
    await next(page).click();
    await expect(stepTitle(page, title)).toBeVisible();
  }
  await waitIdle(page);
  await addDependent(page);
  await next(page).click();
  await expect(stepTitle(page, 'Documentos')).toBeVisible();
  await waitIdle(page);
  await next(page).click();
  await page.getByTestId('no-documents-modal').getByRole('button', { name: 'Continuar sem documentos' }).click();
  await expect(review(page)).toBeVisible();
}

test('the review shows every field, the dependent with its relationship, and is clean for axe at 1280 and 320 px', async ({ page }) => {
  await toReview(page);
  await expect(fact(page, 'Nome da mãe')).toHaveText(FILLED_FORM.nm_mae);
  await expect(fact(page, 'Respostas por e-mail')).toHaveText('Sim');
  await expect(fact(page, 'Avisos por SMS no celular')).toHaveText('Não');
  await expect(fact(page, 'Bairro')).toHaveText(FILLED_FORM.ds_bairro);
  await expect(fact(page, 'Registro ANS da operadora')).toHaveText(FILLED_FORM.nu_ans_ops_origem);
  await expect(review(page).getByRole('listitem').filter({ hasText: 'JOAO DA SILVA (Filho(a))' })).toContainText('mãe ANA DA SILVA');
  // One 'Alterar' per section, each named by its section.
  for (const section of ['Titular', 'Plano de origem', 'Plano de destino', 'Dependentes', 'Documentos']) {
    await expect(review(page).getByRole('button', { name: `Alterar ${section}`, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page, 'review at 1280 px');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoAxeViolations(page, 'review at 320 px');
});

test("'Alterar' opens the section's step; its 'Próximo' comes back to the review with the change, and then the request is sent", async ({
  page,
}) => {
  await toReview(page);
  await review(page).getByRole('button', { name: 'Alterar Plano de origem', exact: true }).click();
  await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Você está corrigindo a partir da conferência' })).toBeVisible();
  await expectNoAxeViolations(page, 'a step opened from the review');
  await field(page, 'Nome do plano').fill('PLANO CORRIGIDO');
  await next(page).click();
  await expect(review(page)).toBeVisible();
  // The data is the dialog's content, not its description: opening it does not read it all in one breath.
  await expect(review(page)).not.toHaveAttribute('aria-describedby');
  await expect(fact(page, 'Plano')).toHaveText('PLANO CORRIGIDO');

  // From the review to step 1 and back: the other steps are not walked again.
  await review(page).getByRole('button', { name: 'Alterar Titular', exact: true }).click();
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  await next(page).click();
  await expect(review(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Você está corrigindo a partir da conferência' })).toHaveCount(0);

  await review(page).getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByRole('dialog', { name: 'O número do protocolo da sua solicitação é' })).toBeVisible({ timeout: 30_000 });
});
