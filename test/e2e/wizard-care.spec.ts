/**
 * The wizard treats what a person does with care (issue 13 items 1, 2, 6 and 7): a pasted
 * value lands as meant or is refused with a message; a dropdown choice commits only on
 * purpose; a dependent with data is never dropped; focus moves to each new screen's and
 * step's heading, and the live region says what changed.
 */
import { expect, test, type Page } from './support/test';
import {
  DESTINATION,
  choose,
  fillAddressByCep,
  currentStep,
  expectNoAxeViolations,
  field,
  next,
  previous,
  startNewRequest,
  uniqueIds,
} from './support/portal';

const ANNOUNCED = '[data-live-announcer] [aria-live="polite"]';
const announced = (page: Page) => page.locator(ANNOUNCED);

async function fillStep1(page: Page) {
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
}

async function fillStep2(page: Page) {
  for (const [label, value] of [
    ['Nome da operadora', 'Operadora'],
    ['Registro ANS da operadora', '123456'],
    ['Nome do plano', 'Plano'],
    ['Registro ANS do plano', '654321'],
    ['Abrangência', 'Nacional'],
    ['Data de início', '01022020'],
  ] as const)
    await field(page, label).fill(value);
  await choose(page, 'Titularidade', 'TITULAR');
}

async function toStep3(page: Page) {
  await startNewRequest(page, uniqueIds().protocoloAns);
  await fillStep1(page);
  await next(page).click();
  await fillStep2(page);
  await next(page).click();
  await expect(currentStep(page)).toContainText('Dados do Plano de Destino');
}

async function toStep4(page: Page) {
  await toStep3(page);
  await field(page, 'Registro ANS do plano de destino').fill(DESTINATION.registry);
  await expect(field(page, 'Nome do plano de destino')).toHaveValue(DESTINATION.name);
  await choose(page, 'Titularidade', 'TITULAR');
  await choose(page, 'Tipo de contratação', 'INDIVIDUAL/FAMILIAR');
  await next(page).click();
  await expect(currentStep(page)).toContainText('Dependentes');
}

/** Puts `text` on the clipboard and pastes it into the field with the keyboard. */
async function paste(page: Page, label: string, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  const input = field(page, label);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('ControlOrMeta+v');
}

test.describe('the wizard, with care', () => {
  test('a date typed with its slashes, as people write it, keeps its day and month: 1/3/1960 is 01/03/1960', async ({ page }) => {
    await startNewRequest(page, uniqueIds().protocoloAns);
    const date = field(page, 'Data de nascimento');
    await date.pressSequentially('1/3/1960');
    await expect(date).toHaveValue('01/03/1960');
    await date.clear();
    await date.pressSequentially('15-3-1960');
    await expect(date).toHaveValue('15/03/1960');
  });

  test('pasted values land as the digits meant, or are refused with a message and the field unchanged', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await startNewRequest(page, uniqueIds().protocoloAns);
    await paste(page, 'Celular', '+55 11 98765-4321');
    await expect(field(page, 'Celular')).toHaveValue('(11) 98765-4321');
    await paste(page, 'Data de nascimento', '1985-03-15');
    await expect(field(page, 'Data de nascimento')).toHaveValue('15/03/1985');
    await paste(page, 'CPF', '529.982.247-25');
    await expect(field(page, 'CPF')).toHaveValue('529.982.247-25');

    await paste(page, 'CPF', '529.982.247-250');
    await expect(field(page, 'CPF')).toHaveValue('529.982.247-25');
    // After the field's help (issue 27), the paste's message.
    await expect(field(page, 'CPF')).toHaveAccessibleDescription(/O CPF tem 11 dígitos; o valor colado tem mais\.$/);
    await expect(page.getByRole('alert').filter({ hasText: 'O CPF tem 11 dígitos' })).toBeVisible();
    await paste(page, 'Data de nascimento', '15 de março de 1985');
    await expect(field(page, 'Data de nascimento')).toHaveValue('15/03/1985');
    await expect(page.getByRole('alert').filter({ hasText: 'Use o formato dd/mm/aaaa' })).toBeVisible();
    await expectNoAxeViolations(page, 'refused pastes');

    // What the fields show is what the flow kept: it survives leaving the step and coming back.
    await fillStep1(page);
    await paste(page, 'Celular', '+55 (11) 98765-4321');
    await next(page).click();
    await previous(page).click();
    await expect(field(page, 'Celular')).toHaveValue('(11) 98765-4321');
  });

  test('editing in the middle of a field keeps the caret where the person types', async ({ page }) => {
    await startNewRequest(page, uniqueIds().protocoloAns);
    const numero = field(page, 'Número');
    await numero.pressSequentially('1001');
    await numero.press('ArrowLeft');
    await numero.press('ArrowLeft');
    // Among repeated characters too: the 5 lands right after the 0 just typed.
    await numero.pressSequentially('05', { delay: 5 });
    await expect(numero).toHaveValue('100501');
    const cpf = field(page, 'CPF');
    await cpf.pressSequentially('529982247');
    await expect(cpf).toHaveValue('529.982.247');
    for (let i = 0; i < 7; i += 1) await cpf.press('ArrowLeft');
    // Caret after "529.": the digits go there, one after the other, and the rest moves along.
    await cpf.pressSequentially('10', { delay: 5 });
    await expect(cpf).toHaveValue('529.109.822-47');
    // Backspace right after the mask's dot: the dot stays, the caret goes before it; the next one deletes the 9.
    await cpf.press('ArrowLeft');
    await cpf.press('ArrowLeft');
    await cpf.press('Backspace');
    await cpf.press('Backspace');
    await expect(cpf).toHaveValue('521.098.224-7');
  });

  test("ArrowDown and ArrowUp through 'Tipo de contratação' never open the HR modal; only a confirmed choice does", async ({ page }) => {
    await toStep3(page);
    const control = field(page, 'Tipo de contratação');
    const hrModal = page.getByRole('dialog', { name: 'Prezado Cliente' });
    await control.focus();
    // Closed: the arrows open the list, they choose nothing.
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp']) {
      await page.keyboard.press(key);
      await expect(hrModal).toBeHidden();
    }
    await expect(control).toHaveText('Selecione');
    await expectNoAxeViolations(page, 'contract type list open');
    // Escape leaves the choice as it was.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(control).toHaveText('Selecione');
    await expect(control).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(hrModal).toBeHidden();
    // Enter opens it too: the closed control is announced as a button, and Enter is what people
    // press on a button (found by an exploratory run); it chooses nothing.
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await expect(control).toHaveText('Selecione');
    await page.keyboard.press('Escape');
    await expect(control).toBeFocused();

    // Enter on INDIVIDUAL/FAMILIAR chooses it; the arrows go over the collective options on the way.
    await page.keyboard.press('ArrowDown');
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
    await expect(list.getByRole('option', { name: 'INDIVIDUAL/FAMILIAR' })).toHaveAttribute('data-focus', '');
    await page.keyboard.press('Enter');
    await expect(control).toHaveText('INDIVIDUAL/FAMILIAR');
    await expect(hrModal).toBeHidden();

    // A collective type confirmed with Enter opens the modal, on purpose.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'COLETIVO EMPRESARIAL' })).toHaveAttribute('data-focus', '');
    await page.keyboard.press('Enter');
    await expect(hrModal).toBeVisible();
    await expect(control).toHaveText('Selecione');
  });

  test("a name longer than the server takes is said on its field at 'Próximo', kept as typed (found by an exploratory run)", async ({
    page,
  }) => {
    await startNewRequest(page, uniqueIds().protocoloAns);
    const name = field(page, 'Nome do beneficiário');
    const long = 'MARIA DA SILVA '.repeat(17).trim(); // 254 characters, as a careless paste
    await name.fill(long);
    await next(page).click();
    await expect(currentStep(page)).toContainText('Dados Pessoais');
    const message = 'Nome do beneficiário: no máximo 200 caracteres; abrevie o texto';
    await expect(name).toHaveAccessibleDescription(new RegExp(`\\* ${message}$`));
    // The summary takes focus and links to the field (as for any refused step).
    const summary = page.locator('#wizard-resumo-erros');
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: message }).click();
    await expect(name).toBeFocused();
    await expect(name).toHaveValue(long);
  });

  test('a dependent with an invalid CPF is kept with its message, across steps, until it is fixed', async ({ page }) => {
    await toStep4(page);
    await page.getByRole('button', { name: 'Incluir dependente' }).click();
    await expect(field(page, 'Nome do dependente')).toBeFocused();
    await field(page, 'Nome do dependente').fill('Joao Teste');
    await field(page, 'Parentesco com o titular').selectOption('Filho(a)');
    await field(page, 'Nome da mãe do dependente').fill('Maria Teste');
    await field(page, 'Data de nascimento do dependente').fill('10102015');
    await field(page, 'CPF do dependente (opcional)').fill('52998224724');
    await next(page).click();
    // Not dropped: still on step 4, the row open with its data and its message, focus on the CPF.
    await expect(currentStep(page)).toContainText('Dependentes');
    const cpf = field(page, 'CPF do dependente (opcional)');
    await expect(cpf).toHaveValue('529.982.247-24');
    await expect(cpf).toHaveAccessibleDescription('* CPF inválido');
    await expect(cpf).toBeFocused();
    await expect(
      page.getByText("Corrija os campos indicados e clique em 'Adicionar', ou clique em 'Cancelar' para descartar este dependente."),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'a kept dependent');

    // 'Anterior' never validates: the row goes along and is open again on coming back.
    await previous(page).click();
    await expect(currentStep(page)).toContainText('Dados do Plano de Destino');
    await next(page).click();
    await expect(currentStep(page)).toContainText('Dependentes');
    await expect(field(page, 'Nome do dependente')).toHaveValue('JOAO TESTE');
    await expect(field(page, 'CPF do dependente (opcional)')).toHaveValue('529.982.247-24');
    await expect(field(page, 'CPF do dependente (opcional)')).toHaveAccessibleDescription('* CPF inválido');

    // Fixed: leaving the step keeps it as a dependent.
    await field(page, 'CPF do dependente (opcional)').fill('11144477735');
    await next(page).click();
    await expect(currentStep(page)).toContainText('Documentos');
    await previous(page).click();
    await expect(page.getByRole('list', { name: 'Dependentes incluídos' })).toContainText('111.444.777-35');

    // A blank row is still dropped on leaving the step (SPEC §2).
    await page.getByRole('button', { name: 'Incluir dependente' }).click();
    await next(page).click();
    await expect(currentStep(page)).toContainText('Documentos');
    await previous(page).click();
    await expect(field(page, 'Nome do dependente')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Dependentes incluídos' }).getByRole('listitem')).toHaveCount(1);
  });

  test('focus goes to the screen and step headings; the live region says the step, the files and the dependents', async ({ page }) => {
    await startNewRequest(page, uniqueIds().protocoloAns);
    await expect(page.getByRole('heading', { level: 1, name: /Nova Solicitação/ })).toBeFocused();
    await fillStep1(page);
    await next(page).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Dados do Plano de Origem' })).toBeFocused();
    await expect(announced(page)).toContainText('Etapa 2 de 5: Dados do Plano de Origem');
    await fillStep2(page);
    await next(page).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Dados do Plano de Destino' })).toBeFocused();
    await expect(announced(page)).toContainText('Etapa 3 de 5: Dados do Plano de Destino');
    await previous(page).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Dados do Plano de Origem' })).toBeFocused();
    await next(page).click();

    await field(page, 'Registro ANS do plano de destino').fill(DESTINATION.registry);
    await expect(field(page, 'Nome do plano de destino')).toHaveValue(DESTINATION.name);
    await choose(page, 'Titularidade', 'TITULAR');
    await choose(page, 'Tipo de contratação', 'INDIVIDUAL/FAMILIAR');
    await next(page).click();

    await page.getByRole('button', { name: 'Incluir dependente' }).click();
    await field(page, 'Nome do dependente').fill('Joao Teste');
    await field(page, 'Parentesco com o titular').selectOption('Filho(a)');
    await field(page, 'Nome da mãe do dependente').fill('Maria Teste');
    await field(page, 'Data de nascimento do dependente').fill('10102015');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Incluir dependente' })).toBeFocused();
    await expect(announced(page)).toContainText('Dependente JOAO TESTE incluído.');
    await page.getByRole('button', { name: 'Remover dependente JOAO TESTE' }).click();
    await expect(page.getByRole('button', { name: 'Incluir dependente' })).toBeFocused();
    await expect(announced(page)).toContainText('Dependente JOAO TESTE removido.');
    await next(page).click();

    await choose(page, 'Tipo de documento', 'RG (documento de identidade)');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Anexar arquivo' }).click();
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    await (await chooser).setFiles({ name: 'rg.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(announced(page)).toContainText('Arquivo rg.pdf anexado como RG (documento de identidade).');
    await page.getByRole('button', { name: 'Remover rg.pdf' }).click();
    await expect(announced(page)).toContainText('Arquivo rg.pdf, RG (documento de identidade), removido.');
    await expect(page.getByRole('button', { name: 'Anexar arquivo' })).toBeFocused();
  });

  test("back home after the HR modal, focus is on home's heading", async ({ page }) => {
    await toStep3(page);
    await choose(page, 'Tipo de contratação', 'COLETIVO EMPRESARIAL');
    await page.getByRole('dialog', { name: 'Prezado Cliente' }).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    // Home opens in the mode of the session (a new request), its heading focused.
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitar Portabilidade' })).toBeFocused();
    await expect(page).toHaveTitle('Solicitar Portabilidade');
    await expect(page.getByRole('textbox', { name: 'Digite o protocolo ANS' })).toBeVisible();
  });
});
