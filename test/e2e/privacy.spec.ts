/**
 * Issue 14, item 1, in Chromium against the reference server: the privacy notice (LGPD) where
 * personal data is asked, and the full `#/privacidade` page with the operator's own texts.
 * axe on each, and at 320 px. (Item 3, the acknowledgement consequences, is in tracking-answers.)
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations, startNewRequest, uniqueIds } from './support/portal';

test.describe.configure({ timeout: 120_000 });

async function fitsWidth(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${where}: the page scrolls sideways`,
    })
    .toBe(0);
}

test("the wizard's first step says who keeps the data and why (LGPD), and links to #/privacidade", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await startNewRequest(page, uniqueIds().protocoloAns);
  const notice = page.getByRole('complementary', { name: 'Aviso de privacidade' });
  await expect(notice).toContainText('LGPD');
  await notice.getByText('Quem trata os seus dados e para quê').click();
  await expect(notice.getByText('Vida Plena Saúde')).toBeVisible(); // the operator, from the server (key 65's name)
  await expect(notice.getByText(/Resolução Normativa ANS nº 438/)).toBeVisible(); // the purpose
  await expect(notice).toContainText('O que guardamos e por quanto tempo');
  await expect(notice).toContainText('Com quem compartilhamos');
  await expect(notice).toContainText('Seus direitos');
  await expect(notice).toContainText('privacidade@operadora-1.example'); // the officer's contact
  await fitsWidth(page, 'step 1 with the notice');
  await expectNoAxeViolations(page, 'step 1 with the privacy notice');

  // The link opens the full page in another tab: the wizard keeps what was typed.
  const [privacy] = await Promise.all([
    page.waitForEvent('popup'),
    notice.getByRole('link', { name: /Aviso de privacidade completo/ }).click(),
  ]);
  await expect(privacy).toHaveURL(/#\/privacidade$/);
  await expect(privacy.getByRole('heading', { level: 1 })).toContainText('Privacidade e proteção de dados');
  for (const heading of ['Quem trata os seus dados', 'Para quê', 'Por quanto tempo', 'Com quem compartilhamos', 'Seus direitos']) {
    await expect(privacy.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(privacy.getByRole('region', { name: 'Com quem compartilhamos' })).toContainText('ANS');
  await expect(privacy.getByRole('region', { name: 'Fale com o encarregado' })).toContainText('@');
  await privacy.setViewportSize({ width: 320, height: 640 });
  await fitsWidth(privacy, '#/privacidade');
  await expectNoAxeViolations(privacy, '#/privacidade');
});
