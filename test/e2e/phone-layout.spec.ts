/**
 * Home and the wizard on a 320 px phone (issue 13 item 8): no screen or modal scrolls
 * sideways, help tooltips stay inside the screen without covering their field, the
 * dropdown's list stays inside the screen, an unknown plan says so in one toast, the tab's
 * title names the screen — and axe (WCAG 2.2 AA rules) finds nothing on any of them.
 */
import { expect, test, type Locator, type Page } from './support/test';
import {
  DEMO_LOGIN,
  DESTINATION,
  choose,
  fillAddressByCep,
  currentStep,
  expectNoAxeViolations,
  field,
  fileAnotherRequest,
  next,
  startNewRequest,
  uniqueIds,
  waitIdle,
} from './support/portal';

test.use({ viewport: { width: 320, height: 640 } });

/** The page, and every open dialog, are no wider than the screen. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
    dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => ({
      scroll: d.scrollWidth,
      client: d.clientWidth,
      right: d.getBoundingClientRect().right,
    })),
  }));
  expect(widths.page, `${where}: page width`).toBeLessThanOrEqual(widths.screen);
  for (const dialog of widths.dialogs) {
    expect(dialog.scroll, `${where}: dialog content width`).toBeLessThanOrEqual(dialog.client);
    expect(dialog.right, `${where}: dialog right edge`).toBeLessThanOrEqual(widths.screen);
  }
}

async function expectInsideScreen(page: Page, locator: Locator, where: string) {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${where}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: right edge`).toBeLessThanOrEqual(width);
}

declare global {
  interface Window {
    __listPlaces?: number[];
  }
}

/**
 * Records, on every frame from now until it closes, where the open dropdown list is against
 * its field (its top less the field's bottom): below it, or flipped above it.
 */
async function watchListPlace(page: Page, fieldId: string) {
  await page.evaluate((fieldId) => {
    const places: number[] = (window.__listPlaces = []);
    const look = () => {
      const list = document.querySelector('[role="listbox"]');
      const field = document.getElementById(fieldId);
      if (list && field) places.push(Math.round(list.getBoundingClientRect().top - field.getBoundingClientRect().bottom));
      if (list || places.length === 0) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, fieldId);
}

/** The list never moved against its field while it was open: one that jumps after it shows moves away from a finger on its way to it. */
async function expectListStayedPut(page: Page, where: string) {
  const places = await page.evaluate(() => window.__listPlaces ?? []);
  expect(places.length, `${where}: frames seen`).toBeGreaterThan(0);
  expect(new Set(places), `${where}: the list's top less its field's bottom, frame by frame: ${places.join(', ')}`).toEqual(
    new Set([places[0]]),
  );
}

/** At 320 px, with nothing sideways and nothing axe can fault. */
async function checkScreen(page: Page, where: string) {
  await expectNoSidewaysScroll(page, where);
  await expectNoAxeViolations(page, where);
}

test.describe('home at 320 px', () => {
  test('every mode, the tooltip, the login and the access-later modal fit the screen; the tab names each', async ({ page, request }) => {
    const senha = await fileAnotherRequest(request, DEMO_LOGIN.cpf);
    await page.goto('/#/home/1');
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    await waitIdle(page);
    await expect(page).toHaveTitle('Início - Portabilidade');
    await checkScreen(page, 'home mode');

    await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
    await expect(page).toHaveTitle('Solicitar Portabilidade');
    const input = page.getByRole('textbox', { name: 'Digite o protocolo ANS' });
    await page.getByRole('button', { name: 'Ajuda: Digite o protocolo ANS' }).click();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expectInsideScreen(page, tooltip, 'tooltip');
    const [tip, box] = [(await tooltip.boundingBox())!, (await input.boundingBox())!];
    expect(tip.y + tip.height <= box.y || tip.y >= box.y + box.height, 'the tooltip leaves its field uncovered').toBe(true);
    await checkScreen(page, 'new mode with its tooltip');

    await page.getByRole('button', { name: 'Retornar' }).click();
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await expect(page).toHaveTitle('Acompanhar Portabilidade');
    await page.getByRole('textbox', { name: 'Digite o protocolo', exact: true }).fill(DEMO_LOGIN.protocolo);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(field(page, 'Senha')).toBeVisible();
    await waitIdle(page);
    await checkScreen(page, 'login');

    await field(page, 'CPF').fill(DEMO_LOGIN.cpf);
    await field(page, 'Senha').fill(senha);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page.getByRole('dialog', { name: 'Prezado Cliente' })).toBeVisible();
    await waitIdle(page);
    await checkScreen(page, 'access-later modal');
  });

  test('an unknown plan (#/home/99) says so in one toast', async ({ page }) => {
    await page.goto('/#/home/99');
    const toasts = page.getByTestId('toast');
    await expect(toasts.first()).toBeVisible();
    await waitIdle(page);
    // Every branding load has failed by now (the overlay is gone): still one toast.
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText('Plano 99 não encontrado');
    await expectNoSidewaysScroll(page, 'home/99');
  });
});

async function fillSteps1And2(page: Page, check: boolean) {
  for (const [label, value] of [
    ['Nome do beneficiário', 'Maria'],
    ['Nome da mãe', 'Ana'],
    ['Data de nascimento', '15031985'],
    ['CPF', '52998224725'],
    ['Celular', '11987654321'],
    ['Email', 'maria@example.com'],
  ] as const)
    await field(page, label).fill(value);
  await fillAddressByCep(page);
  await next(page).click();
  await expect(currentStep(page)).toContainText('Dados do Plano de Origem');
  if (check) await checkScreen(page, 'step 2');
  for (const [label, value] of [
    ['Nome da operadora', 'Operadora'],
    ['Registro ANS da operadora', '123456'],
    ['Nome do plano', 'Plano'],
    ['Registro ANS do plano', '654321'],
    ['Abrangência', 'Nacional'],
    ['Data de início', '01022020'],
  ] as const)
    await field(page, label).fill(value);
  await field(page, 'Titularidade').click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  if (check) {
    await expectInsideScreen(page, list, 'dropdown list');
    await checkScreen(page, 'step 2 with its dropdown open');
  }
  await list.getByRole('option', { name: 'TITULAR', exact: true }).click();
  await next(page).click();
  await expect(currentStep(page)).toContainText('Dados do Plano de Destino');
}

test.describe('the wizard at 320 px', () => {
  test.setTimeout(120_000);

  test('every step, the open dropdown, a kept dependent, the attachments and the preview and protocol modals fit the screen', async ({
    page,
  }) => {
    await startNewRequest(page, uniqueIds().protocoloAns);
    // The tab names the step (WCAG 2.4.2), not only the screen.
    await expect(page).toHaveTitle('Etapa 1 de 5: Dados Pessoais - Nova Solicitação - Portabilidade');
    await checkScreen(page, 'step 1');
    // A box with a long explanation stands level with its label, not with the middle of the text.
    const box = await page.locator('#wizard-keep-on-device').boundingBox();
    const label = await page.locator('label[for="wizard-keep-on-device"]').boundingBox();
    expect(Math.abs(box!.y - label!.y), "'Continuar depois' box level with its label's first line").toBeLessThan(6);
    await next(page).click();
    await checkScreen(page, 'step 1 with its messages');
    await fillSteps1And2(page, true);

    await expect(page).toHaveTitle('Etapa 3 de 5: Dados do Plano de Destino - Nova Solicitação - Portabilidade');
    await field(page, 'Registro ANS do plano de destino').fill('999999999');
    await expect(page.getByText('* Plano não encontrado para o registro informado')).toBeVisible();
    await checkScreen(page, 'step 3, a registry without plan');
    await field(page, 'Registro ANS do plano de destino').fill(DESTINATION.registry);
    await expect(field(page, 'Nome do plano de destino')).toHaveValue(DESTINATION.name);
    await choose(page, 'Titularidade', 'TITULAR');
    // A list first painted as wide as nothing was too tall for the room below, showed above
    // its field and then jumped below it: the tap aimed at it chose nothing (a CI failure).
    await watchListPlace(page, 'wizard-tp_port_destino');
    await choose(page, 'Tipo de contratação', 'INDIVIDUAL/FAMILIAR');
    await expectListStayedPut(page, "'Tipo de contratação'");
    await next(page).click();

    await expect(currentStep(page)).toContainText('Dependentes');
    await page.getByRole('button', { name: 'Incluir dependente' }).click();
    await field(page, 'Nome do dependente').fill('Joao Teste');
    await field(page, 'CPF do dependente (opcional)').fill('52998224724');
    await next(page).click();
    await expect(page.getByText('* CPF inválido')).toBeVisible();
    await checkScreen(page, 'step 4, a dependent kept with its messages');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await next(page).click();

    await expect(currentStep(page)).toContainText('Documentos');
    await choose(page, 'Tipo de documento', 'Comprovante de pagamento (últimos 3 boletos)');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Anexar arquivo' }).click();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await (await chooser).setFiles({ name: 'comprovante-de-pagamento-marco.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('table', { name: 'Documentos anexados' })).toContainText('comprovante-de-pagamento-marco.png');
    await checkScreen(page, 'step 5 with an attachment');
    await expectInsideScreen(page, page.getByRole('button', { name: 'Remover comprovante-de-pagamento-marco.png' }), 'remove button');
    await page.getByRole('button', { name: 'Visualizar comprovante-de-pagamento-marco.png' }).click();
    await expect(page.getByTestId('preview-modal')).toBeVisible();
    await checkScreen(page, 'preview modal');
    await page.getByRole('button', { name: 'Fechar visualização' }).click();

    await next(page).click();
    await expect(page.getByTestId('review-modal')).toBeVisible();
    await checkScreen(page, 'review modal');
    await page.getByTestId('review-modal').getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(page.getByTestId('protocol-modal')).toBeVisible();
    await waitIdle(page);
    await checkScreen(page, 'protocol modal');
  });

  test("the HR modal ('Prezado Cliente') fits the screen", async ({ page }) => {
    await startNewRequest(page, uniqueIds().protocoloAns);
    await fillSteps1And2(page, false);
    await choose(page, 'Tipo de contratação', 'COLETIVO POR ADESÃO');
    await expect(page.getByRole('dialog', { name: 'Prezado Cliente' })).toBeVisible();
    await checkScreen(page, 'HR modal');
  });
});
