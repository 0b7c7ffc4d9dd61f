/**
 * Issue 14, item 4, in Chromium against the reference server: a complete CEP fills the
 * address (uppercased like every field), every field stays editable, what the person typed is
 * never overwritten, an unknown CEP and a failed lookup say so; UF is a choice of the 27 UFs.
 * axe on step 1 with the note, and at 320 px.
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations, field, startNewRequest, uniqueIds } from './support/portal';

test.describe.configure({ timeout: 120_000 });

const note = (page: Page) => page.locator('#wizard-cd_cep-note');

async function fitsWidth(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: 'step 1 scrolls sideways',
    })
    .toBe(0);
}

test('typing CEP 01310-100 fills street, district, city and UF; an unknown CEP says so and changes nothing', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await startNewRequest(page, uniqueIds().protocoloAns);
  // A phone's saved address fills every address field, the district included.
  const tokens = {
    CEP: 'postal-code',
    UF: 'address-level1',
    Cidade: 'address-level2',
    Endereço: 'address-line1',
    Bairro: 'address-level3',
  };
  for (const [label, token] of Object.entries(tokens)) await expect(field(page, label), label).toHaveAttribute('autocomplete', token);
  await field(page, 'Bairro').fill('Jardim Paulista');
  await field(page, 'CEP').pressSequentially('01310100', { delay: 20 });
  await expect(note(page)).toHaveText('Endereço preenchido pelo CEP. Confira os dados e informe o número.');
  await expect(field(page, 'Cidade')).toHaveValue('SÃO PAULO');
  await expect(field(page, 'Endereço')).toHaveValue('AVENIDA PAULISTA');
  await expect(field(page, 'UF')).toHaveValue('SP');
  // Typed before the lookup: the person's own district stays.
  await expect(field(page, 'Bairro')).toHaveValue('JARDIM PAULISTA');
  await expectNoAxeViolations(page, 'step 1 with the CEP note');
  await fitsWidth(page);

  // Filled fields stay editable.
  await field(page, 'Endereço').fill('Alameda Santos');
  await expect(field(page, 'Endereço')).toHaveValue('ALAMEDA SANTOS');

  await field(page, 'CEP').fill('99999999');
  await expect(note(page)).toHaveText('CEP não encontrado. Confira o número ou preencha o endereço.');
  await expect(field(page, 'Cidade')).toHaveValue('SÃO PAULO');
  await expect(field(page, 'Endereço')).toHaveValue('ALAMEDA SANTOS');

  // A CEP that covers a whole city: city and UF, the street left to the person.
  await field(page, 'CEP').fill('60602320');
  await expect(note(page)).toHaveText('Cidade e UF preenchidas pelo CEP. Informe o endereço, o número e o bairro.');
  await expect(field(page, 'Cidade')).toHaveValue('FORTALEZA');
  await expect(field(page, 'UF')).toHaveValue('CE');
  await expect(field(page, 'Endereço')).toHaveValue('ALAMEDA SANTOS');

  // The UF is a choice of the 27.
  await expect(field(page, 'UF').locator('option')).toHaveCount(28); // 'Selecione' and the 27
  await expect(field(page, 'UF').locator('option[value="RN"]')).toHaveText('RN – Rio Grande do Norte');
});

test('a lookup that fails says the person fills the address in, and the fields stay as they were', async ({ page }) => {
  await page.route(/\/portabilidade\/utils\/cep\?/, (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"Não foi possível consultar o CEP agora."}' }),
  );
  await startNewRequest(page, uniqueIds().protocoloAns);
  await field(page, 'Cidade').fill('Campinas');
  await field(page, 'CEP').fill('13010111');
  await expect(note(page)).toHaveText('Buscando o endereço pelo CEP...');
  await expect(note(page)).toHaveText('Não foi possível buscar o endereço pelo CEP agora. Preencha o endereço.', { timeout: 20_000 });
  await expect(field(page, 'Cidade')).toHaveValue('CAMPINAS');
});
