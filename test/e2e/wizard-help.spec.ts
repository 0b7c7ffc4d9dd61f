/**
 * Help where people stall (issue 27 item 5): home says what the ANS protocol is and how the
 * Guia ANS gives it (the ANS site in a new tab, saying so); in the wizard the destination plan
 * is picked from the operator's list by a word of its name, the operator's field help is one
 * tap away beside its field and read with it, a glossary opens in place, required fields are
 * marked and optional ones say so, and a refused 'Próximo' focuses an error summary whose links
 * lead to each field. axe finds nothing on any of it on a 320 px phone and a 1280 px screen.
 * Reads that arrive late move nothing under a finger: the plan search waits in its own room.
 */
import { expect, test, type Page } from './support/test';
import { TOOLTIPS } from '../../server/seed/reference-data.ts';
import { FILLED_FORM } from '../machines/wizard.fixtures';
import { layoutShifts, recordLayoutShifts } from './support/layout-shifts';
import { choose, expectNoAxeViolations, field, next } from './support/portal';
import { errorSummary, openWizard, stepTitle } from './support/wizard';

const HELP = new Map(TOOLTIPS);

// Each test walks a screen at two widths' worth of axe scans, on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });
const WIDTHS = [320, 1280] as const;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
}

test.describe('home: how to get the ANS protocol', () => {
  for (const width of WIDTHS) {
    test(`says what the protocol is and where the ANS gives it, the ANS site opening in a new tab (${width} px)`, async ({ page }) => {
      await atWidth(page, width);
      await page.goto('/#/home/1');
      await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
      const protocol = page.getByRole('textbox', { name: 'Digite o protocolo ANS' });
      await expect(protocol).toHaveAccessibleDescription(/Guia ANS de Planos de Saúde/);

      const how = page.getByText('Como conseguir o protocolo ANS?', { exact: true });
      await how.click();
      await expect(page.getByRole('listitem').filter({ hasText: 'relatório de compatibilidade' })).toBeVisible();
      const site = page.getByRole('link', { name: 'Site da ANS (abre em nova aba)' });
      await expect(site).toHaveAttribute('href', 'https://www.gov.br/ans/pt-br');
      await expect(site).toHaveAttribute('target', '_blank');
      await expect(site).toHaveAttribute('rel', /noopener/);
      await expectNoAxeViolations(page, `home, new request, ${width} px`);
    });
  }
});

test.describe('wizard: help on the fields', () => {
  for (const width of WIDTHS) {
    test(`a refused 'Próximo' focuses the error summary, whose links lead to each field; help, marks and the glossary beside them (${width} px)`, async ({
      page,
    }) => {
      await atWidth(page, width);
      await openWizard(page, false);

      // Required fields are marked (and say so to a screen reader); optional ones say "(opcional)".
      await expect(field(page, 'Nome do beneficiário')).toHaveAttribute('aria-required', 'true');
      await expect(field(page, 'Complemento (opcional)')).not.toHaveAttribute('aria-required');

      // The operator's help: read with the field, and shown by a tap on its button.
      const nomeHelp = HELP.get('nome')!;
      await expect(field(page, 'Nome do beneficiário')).toHaveAccessibleDescription(nomeHelp);
      await page.getByRole('button', { name: 'Ajuda: Nome do beneficiário' }).click();
      await expect(page.getByRole('tooltip').filter({ hasText: nomeHelp })).toBeVisible();

      // The glossary, one tap away.
      await page.getByText('O que significam carência, CPT, titularidade e abrangência?').click();
      for (const term of ['Carência', 'CPT (Cobertura Parcial Temporária)', 'Titularidade', 'Abrangência'])
        await expect(page.getByRole('term').filter({ hasText: term })).toBeVisible();

      // An empty step: focus on the summary, which lists each message as a link.
      await next(page).click();
      await expect(errorSummary(page)).toBeFocused();
      await expect(errorSummary(page).getByRole('heading')).toHaveText('Há 12 campos para corrigir nesta etapa');
      const links = errorSummary(page).getByRole('link');
      await expect(links).toHaveCount(12);
      await expect(links.first()).toHaveText('Nome do beneficiário é obrigatório');
      // The summary says it; the fields' messages are read with each field, not all at once.
      await expect(page.locator('form').getByRole('alert')).toHaveCount(0);
      await expect(field(page, 'Nome do beneficiário')).toHaveAccessibleDescription(/Nome do beneficiário é obrigatório/);
      await expectNoAxeViolations(page, `step 1 refused, glossary open, ${width} px`);

      // A link moves focus to its field, and the step stays where it was.
      await links.filter({ hasText: 'Cidade é obrigatória' }).click();
      await expect(field(page, 'Cidade')).toBeFocused();
      await expect(page).toHaveURL(/#\/nova-solicitacao$/);
      await field(page, 'Cidade').fill('Fortaleza');
      await expect(links).toHaveCount(11);
    });

    test(`the destination plan is picked from the operator's list by a word of its name (${width} px)`, async ({ page }) => {
      await atWidth(page, width);
      const listed = page.waitForResponse(/\/plano\/destino\/lista/, { timeout: 20_000 });
      await openWizard(page, true);
      // Asked for as the wizard opens, while step 1 is filled: ready by step 3.
      expect((await listed).ok()).toBe(true);
      await next(page).click();
      await next(page).click();
      await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeVisible();

      const search = page.getByRole('combobox', { name: 'Buscar o plano de destino' });
      await search.fill('plena apartamento');
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options).toHaveCount(2);
      await expectNoAxeViolations(page, `plan search open, ${width} px`);
      await options.filter({ hasText: 'VIDA PLENA MAIS APARTAMENTO' }).click();
      await expect(field(page, 'Registro ANS do plano de destino')).toHaveValue('481234562');
      await expect(field(page, 'Nome do plano de destino')).toHaveValue('VIDA PLENA MAIS APARTAMENTO');
      await expect(search).toHaveValue('VIDA PLENA MAIS APARTAMENTO');

      // By its registry too; and a typed registry still works beside the list.
      await search.fill('47987654');
      await expect(options).toHaveCount(2);
      await page.keyboard.press('Escape');
      await field(page, 'Registro ANS do plano de destino').fill('479876541');
      await expect(field(page, 'Nome do plano de destino')).toHaveValue('HORIZONTE BÁSICO ENFERMARIA');
      await expect(search).toHaveValue('HORIZONTE BÁSICO ENFERMARIA');

      // The step's own help, beside its fields.
      await expect(field(page, 'Registro ANS do plano de destino')).toHaveAccessibleDescription(HELP.get('nu_ans_plano_destino')!);
      await expectNoAxeViolations(page, `step 3, ${width} px`);
    });
  }
});

test.describe('wizard: a dropdown in error', () => {
  test('says it is in error, with its message, that it is required and its help, as the text fields do (found by an exploratory run)', async ({
    page,
  }) => {
    await openWizard(page, true);
    await next(page).click();
    await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
    await choose(page, 'Titularidade', 'Selecione');
    await next(page).click();
    const ownership = field(page, 'Titularidade');
    await expect(ownership).toHaveAttribute('aria-invalid', 'true');
    await expect(ownership).toHaveAccessibleDescription(/Campo obrigatório/);
    await expect(ownership).toHaveAccessibleDescription(/\* Titularidade é obrigatória/);
    // Chosen again: no longer in error, its description without the message.
    await choose(page, 'Titularidade', 'TITULAR');
    await expect(ownership).not.toHaveAttribute('aria-invalid', 'true');
    await expect(ownership).not.toHaveAccessibleDescription(/obrigatória/);
  });
});

test.describe('wizard: help that fails to arrive', () => {
  /**
   * The wizard opened again with the field help's read answering 500 to its first `failures`
   * tries; counts the tries of this opening.
   */
  async function reopenFailingHelp(page: Page, failures: number) {
    await openWizard(page, false);
    const tries = { count: 0 };
    await page.route(/\/portabilidade\?solicitacao=9$/, async (route) => {
      tries.count += 1;
      if (tries.count <= failures) await route.fulfill({ status: 500, body: '' });
      else await route.continue();
    });
    await page.reload();
    return tries;
  }

  test('a read that fails is tried again, as every call is (SPEC §7), and the help arrives', async ({ page }) => {
    const tries = await reopenFailingHelp(page, 2);
    await expect(field(page, 'Nome do beneficiário')).toHaveAccessibleDescription(HELP.get('nome')!);
    expect(tries.count).toBe(3);
    await expect(page.getByText('Ocorreu um erro inesperado!')).toHaveCount(0);
  });

  test('a read that fails every try says nothing and takes nothing away: the step is filled without it', async ({ page }) => {
    const tries = await reopenFailingHelp(page, 99);
    await expect.poll(() => tries.count).toBe(3);
    await expect(page.getByTestId('loading-overlay')).toHaveAttribute('data-visible', 'false');
    await field(page, 'Nome do beneficiário').fill('Maria');
    await expect(field(page, 'Nome do beneficiário')).toHaveValue('MARIA');
    await expect(page.getByRole('button', { name: 'Ajuda: Nome do beneficiário' })).toHaveCount(0);
    await expect(page.getByText('Ocorreu um erro inesperado!')).toHaveCount(0);
    // Three tries in all: the retries' back-off is over by now (250 ms, then 500 ms).
    await page.waitForTimeout(1_000);
    expect(tries.count).toBe(3);
  });
});

test.describe('wizard: reads that arrive late', () => {
  const search = (page: Page) => page.getByRole('combobox', { name: 'Buscar o plano de destino' });
  // The status line lays every text it can say in one cell, the others invisible: found by its text.
  const planStatus = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

  /** Holds the destination plans' read until `release()`: the list arrives when the test says. */
  async function holdPlans(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/plano\/destino\/lista/, async (route) => {
      await released;
      await route.continue();
    });
    return { release };
  }

  async function toStep3(page: Page) {
    await next(page).click();
    await next(page).click();
    await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeVisible();
  }

  // Found by a CI run: the search appeared only with its list and pushed the step's fields down
  // between a press and its release, so the tap chose nothing and the list stayed open.
  test('moves nothing under a finger: a tap on a dropdown option as the list arrives still chooses it', async ({ page }) => {
    // Held from the start: the wizard asks for the list as it opens.
    const plans = await holdPlans(page);
    await openWizard(page, true);
    await toStep3(page);
    await expect(search(page)).toBeDisabled();
    await expect(planStatus(page, 'Carregando a lista de planos...')).toBeVisible();

    await field(page, 'Titularidade').click();
    const option = page.getByRole('listbox').getByRole('option', { name: 'TITULAR S/ DIREITO', exact: true });
    const box = (await option.boundingBox())!;
    const contractType = page.locator('#wizard-tp_port_destino');
    const contractTypeBefore = await contractType.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    plans.release();
    // The open list makes the rest of the page inert: found by CSS, not by its role, meanwhile.
    await expect(page.locator('input[role="combobox"]')).toBeEnabled();
    // Where the option starts and how tall it is (its list may still be widening to its button's width).
    const { x, y, height } = (await option.boundingBox())!;
    expect({ x, y, height }).toEqual({ x: box.x, y: box.y, height: box.height });
    expect(await contractType.boundingBox()).toEqual(contractTypeBefore);
    await page.mouse.up();
    await expect(field(page, 'Titularidade')).toHaveText('TITULAR S/ DIREITO');
    await expect(planStatus(page, 'Carregando a lista de planos...')).toBeHidden();
    // The plan the draft holds, shown by its name once the list has it.
    await expect(search(page)).toHaveValue(FILLED_FORM.plano_destino);
  });

  test("no step moves when its reads arrive late (the step's own change aside)", async ({ page }) => {
    await recordLayoutShifts(page);
    // Every read of the portal's API answers 1.5 s late, as on a slow network.
    const pending = { count: 0 };
    await page.route(/\/wslinhafrente\/v1\//, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      pending.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().finally(() => (pending.count -= 1));
    });
    await openWizard(page, true);
    const moved: string[] = [];
    for (const title of ['Dados Pessoais', 'Dados do Plano de Origem', 'Dados do Plano de Destino', 'Dependentes', 'Documentos']) {
      if (title !== 'Dados Pessoais') await next(page).click();
      await expect(stepTitle(page, title)).toBeVisible();
      await layoutShifts(page); // the step's own arrival
      await expect.poll(() => pending.count, { timeout: 15_000 }).toBe(0);
      moved.push(...(await layoutShifts(page)).map((shift) => `${title}: ${shift}`));
    }
    expect(moved).toEqual([]);
  });

  test('a list that cannot be read leaves the search waiting and says to type the registry, which still works', async ({ page }) => {
    // On a phone, where the message takes two lines.
    await atWidth(page, 360);
    const tries = { count: 0 };
    await page.route(/\/plano\/destino\/lista/, async (route) => {
      tries.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ status: 500, body: '' });
    });
    await openWizard(page, true);
    await toStep3(page);
    const ownership = page.locator('#wizard-tp_contrato_destino');
    const ownershipBefore = await ownership.boundingBox();
    const failed = planStatus(page, 'Não foi possível carregar a lista de planos. Digite o registro ANS no campo abaixo.');
    await expect(failed).toBeVisible();
    // Three tries as the wizard opened; three more when step 3 asked again, if those had ended.
    expect([3, 6]).toContain(tries.count);
    // Said a couple of seconds after the step appeared, in room the line kept: nothing below moved.
    expect(await ownership.boundingBox()).toEqual(ownershipBefore);
    await expect(search(page)).toBeDisabled();
    await expect(page.getByText('Ocorreu um erro inesperado!')).toHaveCount(0);
    await field(page, 'Registro ANS do plano de destino').fill('479876541');
    await expect(field(page, 'Nome do plano de destino')).toHaveValue('HORIZONTE BÁSICO ENFERMARIA');
    await expectNoAxeViolations(page, 'step 3, plan list unread');
  });
});
