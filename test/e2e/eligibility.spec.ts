/**
 * Issue 14, item 2, in Chromium against the reference server: from home's "Realizar
 * Solicitação" mode, "Quem pode fazer a portabilidade?" asks the RN 438 requirements one at a
 * time (the minimum stay and payments up to date among them); an answer that rules portability
 * out says why and what to do, and the request is still one click away. axe and 320 px.
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/portal';

test.describe.configure({ timeout: 120_000 });

async function fitsWidth(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${where}: the page scrolls sideways`,
    })
    .toBe(0);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const answer = (page: Page, text: 'Sim' | 'Não') => page.getByRole('button', { name: text, exact: true }).click();

test('late payments and a short stay are explained with what to do, and the request goes on anyway', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/#/home/2');
  await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
  await page.getByRole('link', { name: 'Quem pode fazer a portabilidade?' }).click();
  await expect(page).toHaveURL(/#\/quem-pode$/);

  await expect(heading(page, 'O seu plano de saúde atual está ativo?')).toBeVisible();
  await expect(page.getByText('Pergunta 1 de 5')).toBeVisible();
  await expectNoAxeViolations(page, 'first question');
  await fitsWidth(page, 'first question');
  await answer(page, 'Sim');
  await expect(heading(page, 'As mensalidades do plano atual estão em dia?')).toBeFocused();
  await answer(page, 'Não');
  await expect(heading(page, 'Você está no plano atual há pelo menos 2 anos?')).toBeVisible();
  await expect(page.getByText('São 3 anos se você cumpriu cobertura parcial temporária (CPT)')).toBeVisible();
  await answer(page, 'Não');
  await answer(page, 'Sim');
  await answer(page, 'Sim');

  const result = page.getByRole('region', { name: 'Pelo que você respondeu, a portabilidade pode ser recusada.' });
  // The pressed button went with the question: focus is on the result, not the page (WCAG 2.4.3).
  await expect(heading(page, 'Pelo que você respondeu, a portabilidade pode ser recusada.')).toBeFocused();
  await expect(result.getByRole('list', { name: 'Requisitos não atendidos' }).getByRole('listitem')).toHaveCount(2);
  await expect(result).toContainText('Mensalidades em dia: quite o que estiver em atraso');
  await expect(result).toContainText('Prazo mínimo de permanência: faça a solicitação quando ele se completar');
  await expectNoAxeViolations(page, 'refusal');
  await fitsWidth(page, 'refusal');

  // Back to the last question, then all over again and all met: the other outcome.
  await page.getByRole('button', { name: 'Voltar à pergunta anterior' }).click();
  await expect(heading(page, 'O seu plano atual foi contratado a partir de 1999 ou foi adaptado à Lei 9.656/98?')).toBeFocused();
  await answer(page, 'Sim');
  await page.getByRole('button', { name: 'Refazer as perguntas' }).click();
  await expect(heading(page, 'O seu plano de saúde atual está ativo?')).toBeFocused();
  for (let i = 0; i < 5; i += 1) await answer(page, 'Sim');
  await expect(heading(page, 'Pelo que você respondeu, você pode fazer a portabilidade.')).toBeFocused();
  await page.getByRole('button', { name: 'Fazer a solicitação' }).click();
  // Home of the plan the person came from, in "Realizar Solicitação" mode.
  await expect(page).toHaveURL(/#\/home\/2$/);
  await expect(page.getByRole('textbox', { name: 'Digite o protocolo ANS' })).toBeVisible();
});

test('the questions can be skipped: the request is never out of reach', async ({ page }) => {
  await page.goto('/#/quem-pode');
  await page.getByRole('button', { name: 'Pular as perguntas e fazer a solicitação' }).click();
  await expect(page.getByRole('textbox', { name: 'Digite o protocolo ANS' })).toBeVisible();
});
