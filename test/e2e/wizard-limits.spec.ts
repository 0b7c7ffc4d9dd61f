/**
 * What the server refuses, the wizard says before the person gets there (found by an
 * exploratory run): a 21st dependent could be added on step 4 and the whole request was
 * refused after step 5.
 */
import { expect, test } from './support/test';
import { FILLED_FORM, TODAY } from '../machines/wizard.fixtures';
import { persistedSnapshotOf } from '../paths/ui/wizard.ui';
import { DEPENDENTS_FULL_MESSAGE, MAX_DEPENDENTS } from '../../machines/dependents';
import { next, uniqueIds } from './support/portal';
import { seedSession } from './support/session';
import { stepTitle } from './support/wizard';

test(`step 4 takes at most ${MAX_DEPENDENTS} dependents and says so where 'Incluir dependente' was; a removal makes room`, async ({
  page,
}) => {
  const { protocoloAns } = uniqueIds();
  await seedSession(page, { protocolo: protocoloAns, token: 'free', cdEmpresaPlano: '1' });
  // A draft with one dependent less than the limit (typing 19 rows would only test typing).
  const snapshot = JSON.parse(persistedSnapshotOf({ protocoloAns, cdEmpresaPlano: '1', today: TODAY, form: FILLED_FORM })) as {
    context: { dependents: unknown[] };
  };
  snapshot.context.dependents = Array.from({ length: MAX_DEPENDENTS - 1 }, (_, index) => ({
    id: index + 1,
    nome: `DEPENDENTE ${index + 1}`,
    nm_mae: 'ANA DE SOUZA',
    dt_nasc: '10/10/2015',
    cpf: '',
    ds_parentesco: 'Filho(a)',
  }));
  await page.addInitScript((draft) => {
    if (!window.sessionStorage.getItem('e2e.draftSeeded')) {
      window.sessionStorage.setItem('portabilidade.wizard.v1', draft);
      window.sessionStorage.setItem('e2e.draftSeeded', '1');
    }
  }, JSON.stringify(snapshot));
  await page.goto('/#/nova-solicitacao');
  for (let step = 0; step < 3; step += 1) await next(page).click();
  await expect(stepTitle(page, 'Dependentes')).toBeVisible();

  await page.getByRole('button', { name: 'Incluir dependente' }).click();
  await page.getByLabel('Nome do dependente', { exact: true }).fill('ULTIMO DEPENDENTE');
  await page.getByLabel('Parentesco com o titular', { exact: true }).selectOption('Filho(a)');
  await page.getByLabel('Nome da mãe do dependente', { exact: true }).fill('ANA DE SOUZA');
  await page.getByLabel('Data de nascimento do dependente', { exact: true }).fill('10102016');
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();

  const full = page.getByText(DEPENDENTS_FULL_MESSAGE);
  await expect(full).toBeFocused();
  await expect(page.getByRole('button', { name: 'Incluir dependente' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remover dependente DEPENDENTE 1', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Incluir dependente' })).toBeFocused();
  await expect(full).toHaveCount(0);
});
