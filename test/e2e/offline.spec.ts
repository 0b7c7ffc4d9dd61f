/**
 * A phone with no connection (found by an exploratory run): react-query holds the calls while
 * the browser is offline and sends them when it is back. The screen says so instead of
 * waiting in silence with its button disabled, and nothing is lost: the lookup held while
 * offline goes out by itself once the connection returns.
 */
import { OFFLINE_TEXT } from '../../src/app/connection-notice';
import { expectNoAxeViolations } from './support/portal';
import { expect, test } from './support/test';

/** Seeded demo request (server/seed/demo-requests.ts): em análise, plan 1, no login. */
const NO_LOGIN = '48213907561238470015';

test('offline, the lookup waits with a notice that says so; back online, it goes out by itself and the notice leaves', async ({
  page,
  context,
}) => {
  await page.goto('/#/home/1');
  await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  await page.getByRole('textbox', { name: 'Digite o protocolo', exact: true }).fill(NO_LOGIN);
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toBeEmpty();

  await context.setOffline(true);
  await expect(notice).toHaveText(OFFLINE_TEXT);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(page.getByRole('textbox', { name: 'Digite o protocolo', exact: true })).toHaveValue(NO_LOGIN);
  await expectNoAxeViolations(page, 'home offline, the lookup held');
  // Still held a while later: no request went out, nothing was lost, the notice stays.
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/#\/home\/1$/);
  await expect(notice).toHaveText(OFFLINE_TEXT);

  await context.setOffline(false);
  await expect(page).toHaveURL(/#\/acompanhamento$/);
  await expect(notice).toBeEmpty();
});
