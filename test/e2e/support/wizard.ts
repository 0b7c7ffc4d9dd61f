/** Opening the wizard as a person arrives at it (home first), blank or with steps 1–3 filled. */
import { expect, type Page } from '@playwright/test';
import { FILLED_FORM, TODAY } from '../../machines/wizard.fixtures';
import { persistedSnapshotOf } from '../../paths/ui/wizard.ui';
import { uniqueIds } from './portal';
import { seedSession } from './session';

/** src/flows/wizard/wizard-persistence.ts WIZARD_SNAPSHOT_KEY */
const SNAPSHOT_KEY = 'portabilidade.wizard.v1';

export const stepTitle = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });

/** The wizard with steps 1–3 filled (this tab's draft, as a reload finds it), or blank; answers its ANS protocol. */
export async function openWizard(page: Page, filled: boolean): Promise<string> {
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
  return protocoloAns;
}

/** The error summary a refused 'Próximo' shows at the top of the step (issue 27 item 5). */
export const errorSummary = (page: Page) => page.locator('#wizard-resumo-erros');
