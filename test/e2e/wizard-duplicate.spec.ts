/**
 * Issue 27 item 6: a second request for the same CPF and ANS protocol while one is open is
 * warned of (the reference server answers 409 SOLICITACAO_EM_ANDAMENTO). The warning names no
 * request; 'Voltar' keeps everything, 'Acompanhar minha solicitação' opens home's tracking empty.
 */
import { expect, test, type Page } from './support/test';
import { FILLED_FORM } from '../machines/wizard.fixtures';
import { expectNoAxeViolations, field, fileAnotherRequest, next, sendWithoutDocuments, waitIdle } from './support/portal';
import { openWizard, stepTitle } from './support/wizard';

const warning = (page: Page) => page.getByRole('dialog', { name: 'Você já tem uma solicitação em andamento' });

async function sendAgain(page: Page) {
  await expect(stepTitle(page, 'Documentos')).toBeVisible();
  await waitIdle(page);
  await sendWithoutDocuments(page);
  await expect(warning(page)).toBeVisible();
}

test('the same CPF and ANS protocol with a request open: the warning, no protocol shown, axe clean at 1280 and 320 px', async ({
  page,
}) => {
  const protocoloAns = await openWizard(page, true);
  const senha = await fileAnotherRequest(page.request, FILLED_FORM.cpf, protocoloAns);
  for (let step = 0; step < 4; step += 1) await next(page).click();
  await sendAgain(page);
  await expect(warning(page)).toContainText('Já existe uma solicitação de portabilidade em andamento para este CPF e este protocolo ANS');
  await expect(warning(page)).not.toContainText(senha);
  await expect(warning(page).getByText(/\d{4} \d{4} \d{4}|\d{20}/)).toHaveCount(0);
  // The screen says it: no toast of an unexpected error beside it.
  await expect(page.getByText('Ocorreu um erro inesperado!')).toHaveCount(0);
  await expectNoAxeViolations(page, 'duplicate warning at 1280 px');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoAxeViolations(page, 'duplicate warning at 320 px');

  // 'Voltar': back on step 5, everything kept.
  await warning(page).getByRole('button', { name: 'Voltar', exact: true }).click();
  await expect(stepTitle(page, 'Documentos')).toBeVisible();
  for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(field(page, 'Nome do beneficiário')).toHaveValue(FILLED_FORM.nome);
  for (let step = 0; step < 4; step += 1) await next(page).click();

  // Sent again (a fresh attempt, still refused): 'Acompanhar minha solicitação' opens the tracking, empty.
  await sendAgain(page);
  await warning(page).getByRole('button', { name: 'Acompanhar minha solicitação' }).click();
  await expect(page).toHaveURL(/#\/home\/1$/);
  await expect(field(page, 'Digite o protocolo')).toHaveValue('');
});
