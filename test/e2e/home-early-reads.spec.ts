/**
 * Home's branding starts coming when the HTML arrives (issue 28): on a slow link, where the
 * app's entry script takes seconds, index.html's inline script has already asked for the
 * plan's favicon, logo and operator name, and home takes those answers instead of asking
 * again. A read that fails is still retried twice, and home goes on without it, as before.
 */
import { onSlowLink } from './support/slow-link';
import { expect, test, type Page } from './support/test';

const READS = {
  favicon: /\/portabilidade\/utils\/parametro\?chave=85&cdEmpresaPlano=2$/,
  logo: /\/portabilidade\/utils\/parametro\?chave=82&cdEmpresaPlano=2$/,
  operatorName: /\/auth\/recuperar-chave\?cdTipo=65&cdEmpresaPlano=2$/,
} as const;

async function openOnSlowLink(page: Page, hash: string) {
  const timeline = await onSlowLink(page, READS);
  await page.goto(hash);
  return timeline;
}

test.describe("home's branding reads start with the HTML", () => {
  test("on a slow link the plan's three branding reads go out before the entry script has arrived, once each, and home shows them", async ({
    page,
  }) => {
    const timeline = await openOnSlowLink(page, '/#/home/2');
    const logo = page.getByTestId('operator-logo');
    await expect(logo).toHaveAttribute('src', /operadora-2-logo/, { timeout: 30_000 });
    await expect(page.getByTestId('welcome')).toContainText('da Horizonte Saúde');
    expect(timeline.entryFinished).not.toBeNull();
    for (const [name, sent] of Object.entries(timeline.reads)) {
      // Taken by home, not asked again.
      expect(sent, name).toHaveLength(1);
      expect(sent[0]!, `${name} before the entry script arrived`).toBeLessThan(timeline.entryFinished!);
    }
  });

  test('a logo read that keeps failing is tried three times, and home still works without it', async ({ page }) => {
    await page.route(READS.logo, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"falhou"}' }));
    const timeline = await openOnSlowLink(page, '/#/home/2');
    await expect.poll(() => timeline.reads.logo.length, { timeout: 30_000 }).toBe(3);
    expect(timeline.reads.logo[0]!).toBeLessThan(timeline.entryFinished!);
    await expect(page.getByTestId('operator-logo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Acompanhar Solicitação' })).toBeEnabled();
  });
});
