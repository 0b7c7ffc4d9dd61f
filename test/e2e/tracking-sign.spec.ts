/**
 * Sign after reading (issue 25 item 5), in Chromium against the reference server: a term's
 * 'Li e aceito' cannot be ticked before the term was opened (a new tab, said in the button's
 * name); opening keeps focus on the row; the server refuses a signature for a term it never
 * served; once accepted, the term says when it was read and when it was accepted.
 */
import { expect, test, type Page } from './support/test';
import { API } from './support/env';
import {
  backoffice,
  expectAccessible,
  fileRequest,
  openTerm,
  panel,
  termBoxes,
  termOpeners,
  termsRegion,
  trackFromHome,
} from './support/tracking';

test.describe.configure({ timeout: 120_000 });

/** A signature sent straight to the server with the page's own session (as a tampered page would). */
async function signDirectly(page: Page, cdFileDocumento: number) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(`${API}portabilidade/documento/assinatura`, {
    headers: { authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': csrf, 'X-Frame-Options': 'deny' },
    data: { cdFileDocumento },
  });
}

async function termIds(page: Page): Promise<number[]> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const protocolo = await page.evaluate(() => window.localStorage.getItem('protocolo'));
  const answer = await page.request.get(`${API}portabilidade/documento/assinatura?protocolo=${protocolo}`, {
    headers: { authorization: `Bearer ${token}`, 'X-Frame-Options': 'deny' },
  });
  return ((await answer.json()) as Array<{ cdFileDocumento: number }>).map((term) => term.cdFileDocumento);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 320, height: 640 },
]) {
  test(`a term cannot be ticked before it was opened (${viewport.width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const protocolo = await fileRequest(baseURL!);
    await backoffice('set-status', protocolo, '3', '--tipo', '2');
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Sua solicitação foi aceita')).toBeVisible();

    // Nothing opened: every box is locked and says why; a click on it does nothing.
    const boxes = termBoxes(page);
    const count = await boxes.count();
    expect(count).toBe(3);
    for (let i = 0; i < count; i++) {
      await expect(boxes.nth(i)).toBeDisabled();
      await expect(boxes.nth(i)).toHaveAccessibleDescription('Abra o documento para poder aceitá-lo.');
    }
    await boxes.first().click({ force: true });
    await expect(boxes.first()).not.toBeChecked();
    await expectAccessible(page, `status 3, terms not opened, ${viewport.width} px`);

    // The server refuses too: a signature for a term never served is not recorded.
    const [first] = await termIds(page);
    const refused = await signDirectly(page, first!);
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Abra o documento antes de marcar 'Li e aceito'/);

    // 'Abrir' says it opens a new tab, opens the term there, and focus stays on the row.
    await expect(termOpeners(page).first()).toHaveAccessibleName(/\(abre em nova aba\)$/);
    await openTerm(page, 0);
    await expect(boxes.first()).toBeEnabled();
    await expect(boxes.nth(1)).toBeDisabled(); // opening one opens no other
    await boxes.first().click();
    await expect(boxes.first()).toBeChecked();
    await expect(boxes.first()).toBeDisabled();
    await expect(termsRegion(page).getByRole('listitem').first()).toContainText('(assinado)');
    // Focus did not fall to the page: it is still on the row.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-term') ?? null))
      .toBe(String(first));

    // The recorded signature says when it was read and when it was accepted.
    await page.reload();
    await expect(panel(page, 'Sua solicitação foi aceita')).toBeVisible();
    await expect(termsRegion(page).getByRole('listitem').first()).toContainText(
      /Lido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}; aceito em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./,
    );
    await expectAccessible(page, `status 3, one term read and accepted, ${viewport.width} px`);
  });
}
