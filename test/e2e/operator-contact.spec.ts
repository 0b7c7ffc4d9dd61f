/**
 * "A person to reach" (issue 26), in Chromium against the reference server: the footer of
 * every screen and the refusal panel show the operator's contact and the ANS at 320 px and
 * at 1280 px, and a contact changed with the backoffice command is what the portal shows.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { backoffice, expectAccessible, fileRequest, panel, trackFromHome } from './support/tracking';

const footer = (page: Page) => page.getByTestId('footer-contact');

async function expectBothContacts(where: Locator, phone: string) {
  await expect(where).toContainText('Fale com a operadora Vida Plena Saúde');
  await expect(where.getByRole('link', { name: phone, exact: true })).toHaveAttribute('href', `tel:${phone.replace(/\D/g, '')}`);
  await expect(where.getByRole('link', { name: '0800 701 9656' })).toHaveAttribute('href', 'tel:08007019656');
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the operator contact', () => {
  // One after the other: the last test changes operator 1's contact on the server, which the
  // others read (run beside them, the footer at 1280 px showed its number instead).
  test.describe.configure({ mode: 'serial', timeout: 150_000 });

  for (const width of [320, 1280]) {
    test(`at ${width} px the footer and the refusal panel show the operator's contact and the ANS`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      const protocolo = await fileRequest(baseURL!);
      await backoffice('set-status', protocolo, '4', '--motivo', 'Carência do plano de origem não cumprida.');
      await page.goto('/#/home/1');
      await trackFromHome(page, protocolo);
      await expect(panel(page, 'Sua solicitação foi recusada')).toBeVisible();
      await expectBothContacts(footer(page), '0800 000 0001');
      await expect(footer(page)).toContainText('Segunda a sexta, das 8h às 20h');
      // The refusal panel: the ANS in the recourse list, the operator's channels under it.
      await expect(page.getByTestId('recourse').getByRole('link', { name: '0800 701 9656' })).toBeVisible();
      const card = page.getByTestId('operator-contact');
      await expect(card.getByRole('link', { name: '0800 000 0001', exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: /\(85\) 99999-0001/ })).toHaveAttribute('href', 'https://wa.me/5585999990001');
      await expect(card).toContainText('Ouvidoria: 0800 000 0101');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `refusal with contacts at ${width} px`);
    });
  }

  test('a contact the backoffice changes is the one the portal shows', async ({ page }) => {
    try {
      await backoffice('contato', '1', '--telefone', '0800 555 1234', '--horario', 'Todos os dias, das 7h às 22h');
      await page.goto('/#/quem-pode');
      await expectBothContacts(footer(page), '0800 555 1234');
      await expect(footer(page)).toContainText('Todos os dias, das 7h às 22h');
      await expect(footer(page)).not.toContainText('0800 000 0001');
    } finally {
      await backoffice('contato', '1', '--telefone', '0800 000 0001', '--horario', 'Segunda a sexta, das 8h às 20h; sábado, das 8h às 14h');
    }
  });
});
