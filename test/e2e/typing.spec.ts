/**
 * Nothing typed is lost (issue 13 item 1): every masked and text field of home and of the
 * wizard, typed key by key at 5 ms per key, then cleared and retyped five times at 60 ms per
 * key with the CPU slowed four times (as on a cheap phone), shows exactly what was typed;
 * and the flow's machine got it (the step is left and come back to, or the login is sent).
 */
import { expect, test, type Locator, type Page } from './support/test';
import { DEMO_LOGIN, DESTINATION, choose, currentStep, field, next, previous, startNewRequest, uniqueIds } from './support/portal';

interface Typed {
  label: string;
  keys: string;
  shown: string;
}

const STEP_1: Typed[] = [
  { label: 'Nome do beneficiário', keys: 'Maria da Silva', shown: 'MARIA DA SILVA' },
  { label: 'Nome da mãe', keys: 'Ana de Souza', shown: 'ANA DE SOUZA' },
  { label: 'Data de nascimento', keys: '15031985', shown: '15/03/1985' },
  { label: 'CPF', keys: '52998224725', shown: '529.982.247-25' },
  { label: 'Celular', keys: '11987654321', shown: '(11) 98765-4321' },
  { label: 'Email', keys: 'Maria.Silva@example.com', shown: 'Maria.Silva@example.com' },
  // A CEP the server does not know: its lookup fills nothing, so every field shows what was typed.
  { label: 'CEP', keys: '04538133', shown: '04538-133' },
  { label: 'Cidade', keys: 'São Paulo', shown: 'SÃO PAULO' },
  { label: 'Endereço', keys: 'Avenida Paulista', shown: 'AVENIDA PAULISTA' },
  { label: 'Número', keys: '1578', shown: '1578' },
  { label: 'Bairro', keys: 'Bela Vista', shown: 'BELA VISTA' },
  { label: 'Complemento (opcional)', keys: 'Apto 12', shown: 'APTO 12' },
];

const STEP_2: Typed[] = [
  { label: 'Nome da operadora', keys: 'Operadora Antiga', shown: 'OPERADORA ANTIGA' },
  { label: 'Registro ANS da operadora', keys: '123456', shown: '123456' },
  { label: 'Nome do plano', keys: 'Plano Antigo', shown: 'PLANO ANTIGO' },
  { label: 'Registro ANS do plano', keys: '987654321', shown: '987654321' },
  { label: 'Abrangência', keys: 'Nacional', shown: 'NACIONAL' },
  { label: 'Data de início', keys: '01022020', shown: '01/02/2020' },
];

const STEP_3: Typed[] = [{ label: 'Registro ANS do plano de destino', keys: DESTINATION.registry, shown: DESTINATION.registry }];

const DEPENDENT: Typed[] = [
  { label: 'Nome do dependente', keys: 'Joao Teste', shown: 'JOAO TESTE' },
  { label: 'Nome da mãe do dependente', keys: 'Maria Teste', shown: 'MARIA TESTE' },
  { label: 'Data de nascimento do dependente', keys: '10102015', shown: '10/10/2015' },
  { label: 'CPF do dependente (opcional)', keys: '11144477735', shown: '111.444.777-35' },
];

const FAST_MS = 5;
const HUMAN_MS = 60;
const RETYPES = 5;

/** Select everything with the keyboard and delete it, as a person clears a field. */
async function clear(input: Locator) {
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await expect(input).toHaveValue('');
}

async function typeInto(input: Locator, typed: Typed, delay: number) {
  await input.pressSequentially(typed.keys, { delay });
  expect(await input.inputValue(), `${typed.label} typed at ${delay} ms per key`).toBe(typed.shown);
}

/** Typed fast once, then cleared and retyped slowly RETYPES times on a 4× slower CPU. */
async function typeEveryField(page: Page, fields: readonly Typed[]) {
  for (const typed of fields) {
    const input = field(page, typed.label);
    await input.click();
    await typeInto(input, typed, FAST_MS);
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    for (const typed of fields) {
      const input = field(page, typed.label);
      for (let round = 0; round < RETYPES; round += 1) {
        await clear(input);
        await typeInto(input, typed, HUMAN_MS);
      }
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

async function expectShown(page: Page, fields: readonly Typed[]) {
  for (const typed of fields) await expect(field(page, typed.label), typed.label).toHaveValue(typed.shown);
}

/** Fills a step's fields at once (what another test types), so this one can move on. */
async function fillAtOnce(page: Page, fields: readonly Typed[]) {
  for (const typed of fields) await field(page, typed.label).fill(typed.keys);
}

async function toStep2(page: Page) {
  await startNewRequest(page, uniqueIds().protocoloAns);
  await fillAtOnce(page, STEP_1);
  await field(page, 'UF').selectOption('SP');
  await next(page).click();
  await expect(currentStep(page)).toContainText('Dados do Plano de Origem');
}

// Each test types a handful of fields: the keystrokes take their time (60 ms per key, five
// times over, on a CPU four times slower), so the tests are small enough to run side by side.
test.describe('typing is never lost', { tag: '@waiting' }, () => {
  test.setTimeout(300_000);

  test('home: the ANS protocol, the protocol, CPF and Senha', async ({ page }) => {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
    const ans = { label: 'Digite o protocolo ANS', keys: '20240123456789012345', shown: '20240123456789012345' };
    await typeEveryField(page, [ans]);
    await page.getByRole('button', { name: 'Retornar' }).click();
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    const protocol = { label: 'Digite o protocolo', keys: DEMO_LOGIN.protocolo, shown: DEMO_LOGIN.protocolo };
    await typeEveryField(page, [protocol]);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(field(page, 'Senha')).toBeVisible();
    await typeEveryField(page, [
      { label: 'CPF', keys: DEMO_LOGIN.cpf, shown: '862.471.039-13' },
      { label: 'Senha', keys: DEMO_LOGIN.senha, shown: DEMO_LOGIN.senha },
    ]);
    // The machine had every digit: the login is accepted.
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page).toHaveURL(/#\/acompanhamento$/);
  });

  for (const [part, fields] of [
    ['identity and contacts', STEP_1.slice(0, 6)],
    ['address', STEP_1.slice(6)],
  ] as const) {
    test(`wizard step 1, Dados Pessoais: ${part}`, async ({ page }) => {
      await startNewRequest(page, uniqueIds().protocoloAns);
      await fillAtOnce(
        page,
        STEP_1.filter((typed) => !fields.includes(typed)),
      );
      await typeEveryField(page, fields);
      await field(page, 'UF').selectOption('SP');
      // The machine has what the fields show: the step is valid, and comes back as typed.
      await next(page).click();
      await expect(currentStep(page)).toContainText('Dados do Plano de Origem');
      await previous(page).click();
      await expectShown(page, STEP_1);
    });
  }

  test('wizard step 2, Dados do Plano de Origem', async ({ page }) => {
    await toStep2(page);
    await typeEveryField(page, STEP_2);
    await choose(page, 'Titularidade', 'TITULAR');
    await next(page).click();
    await expect(currentStep(page)).toContainText('Dados do Plano de Destino');
    await previous(page).click();
    await expectShown(page, STEP_2);
  });

  test('wizard step 3 and a dependent', async ({ page }) => {
    await toStep2(page);
    await fillAtOnce(page, STEP_2);
    await choose(page, 'Titularidade', 'TITULAR');
    await next(page).click();
    await expect(currentStep(page)).toContainText('Dados do Plano de Destino');

    await typeEveryField(page, STEP_3);
    await expect(field(page, 'Nome do plano de destino')).toHaveValue(DESTINATION.name);
    await choose(page, 'Titularidade', 'TITULAR');
    await choose(page, 'Tipo de contratação', 'INDIVIDUAL/FAMILIAR');
    await next(page).click();
    await expect(currentStep(page)).toContainText('Dependentes');
    await previous(page).click();
    await expectShown(page, STEP_3);
    await next(page).click();

    await page.getByRole('button', { name: 'Incluir dependente' }).click();
    await typeEveryField(page, DEPENDENT);
    await field(page, 'Parentesco com o titular').selectOption('Filho(a)');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const added = page.getByRole('list', { name: 'Dependentes incluídos' });
    await expect(added).toContainText('JOAO TESTE');
    await expect(added).toContainText('MARIA TESTE');
    await expect(added).toContainText('10/10/2015');
    await expect(added).toContainText('111.444.777-35');
  });
});
