/**
 * Home's branding starts coming when the HTML arrives (issue 28): on a slow link, where the
 * app's entry script takes seconds, index.html's inline script has already asked for the
 * plan's favicon, logo and operator name, and home takes those answers instead of asking
 * again. A read that fails is still retried twice and then says so, as before.
 */
import { expect, test, type Page } from './support/test';

const ENTRY_DELAY_MS = 2_500;
const READS = {
  favicon: /\/portabilidade\/utils\/parametro\?chave=85&cdEmpresaPlano=2$/,
  logo: /\/portabilidade\/utils\/parametro\?chave=82&cdEmpresaPlano=2$/,
  operatorName: /\/auth\/recuperar-chave\?cdTipo=65&cdEmpresaPlano=2$/,
} as const;
type ReadName = keyof typeof READS;
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** When each read was sent (every attempt) and when the entry script finished arriving. */
interface Timeline {
  reads: Record<ReadName, number[]>;
  entryFinished: number | null;
}

async function openOnSlowLink(page: Page, hash: string): Promise<Timeline> {
  const timeline: Timeline = { reads: { favicon: [], logo: [], operatorName: [] }, entryFinished: null };
  page.on('request', (request) => {
    for (const [name, pattern] of Object.entries(READS) as [ReadName, RegExp][])
      if (pattern.test(request.url())) timeline.reads[name].push(Date.now());
  });
  page.on('requestfinished', (request) => {
    if (ENTRY.test(request.url())) timeline.entryFinished = Date.now();
  });
  // The slow link: the app's code arrives seconds after the page.
  await page.route(ENTRY, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ENTRY_DELAY_MS));
    await route.continue();
  });
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
