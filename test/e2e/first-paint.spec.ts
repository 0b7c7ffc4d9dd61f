/**
 * The first paint: index.html carries the home screen's header and welcome and all the
 * styles, so a slow phone shows them before it even asks for the bundle; opened on another
 * screen, it asks for the bundle and that screen's code at once. These tests hold the bundle
 * back (the portal's scripts never load) to see exactly what the HTML alone paints, and
 * compare it with what the running portal renders, so the two cannot drift apart.
 */
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 412, height: 823 } });

function withoutBundle(page: Page) {
  return page.route('**/assets/*.js', (route) => route.abort());
}

function cspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

const title = (page: Page) => page.getByRole('heading', { level: 1, name: 'Portabilidade', exact: true });
const welcome = (page: Page) => page.locator('main p').filter({ hasText: 'Bem-vindo(a) ao portal de portabilidade' });

async function boxes(page: Page) {
  const round = (box: { x: number; y: number; width: number; height: number } | null) =>
    box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  return { title: round(await title(page).boundingBox()), welcome: round(await welcome(page).boundingBox()) };
}

test.describe('the first paint, before any script', () => {
  test('home shows its header and welcome from the HTML alone, exactly where the portal then renders them', async ({ page, browser }) => {
    const violations = cspViolations(page);
    await withoutBundle(page);
    await page.goto('/#/home/1');
    await expect(title(page)).toBeVisible();
    await expect(welcome(page)).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
    const fromHtml = await boxes(page);

    const portal = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await portal.goto('/#/home/1');
    await expect(portal.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    await expect(portal.getByTestId('welcome')).toHaveText('Bem-vindo(a) ao portal de portabilidade da Vida Plena Saúde');
    // React replaced the HTML's copy: one header, one welcome.
    await expect(portal.locator('#first-paint')).toHaveCount(0);
    await expect(title(portal)).toHaveCount(1);
    expect(await boxes(portal)).toEqual(fromHtml);
    await portal.close();
    expect(violations).toEqual([]);
  });

  const preloads = (page: Page) => page.locator('link[rel="modulepreload"]');

  for (const [route, other] of [['nova-solicitacao', 'acompanhamento'], ['acompanhamento', 'nova-solicitacao']] as const) {
    test(`${route} never shows the home's welcome, and asks for its own code beside the bundle`, async ({ page }) => {
      const violations = cspViolations(page);
      await withoutBundle(page);
      await page.goto(`/#/${route}`);
      await expect(page.locator('#root')).toBeAttached();
      await expect(welcome(page)).toHaveCount(0);
      await expect(page.locator('#first-paint')).toHaveCount(0);
      // The screen's chunk is requested from the HTML, not after the bundle has run.
      await expect(preloads(page).and(page.locator(`[href*="/assets/${route}-page-"]`))).toHaveCount(1);
      await expect(preloads(page).and(page.locator(`[href*="/assets/${other}-page-"]`))).toHaveCount(0);
      // The script ran: the server's CSP allows it by its hash.
      expect(violations).toEqual([]);
    });
  }

  test('home paints from the HTML and its styles before it asks for the bundle', async ({ page }) => {
    await page.goto('/#/home/1');
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance.getEntriesByType('resource').filter((entry) => /\/assets\/.*\.js$/.test(entry.name)).map((entry) => entry.startTime),
      stylesheets: performance.getEntriesByType('resource').filter((entry) => /\.css$/.test(entry.name)).length,
    }));
    expect(timing.stylesheets).toBe(0);
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const requested of timing.scripts) expect(requested).toBeGreaterThanOrEqual(timing.firstPaint!);
  });

  test.describe('opened straight on a lazy screen', () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        if (!localStorage.getItem('protocolo')) {
          localStorage.setItem('protocolo', '12345678901234567890');
          localStorage.setItem('token', 'free');
        }
        // What React puts in #root first (index.html's home copy, removed on this screen, aside).
        new MutationObserver((_records, observer) => {
          const first = document.getElementById('root')?.firstElementChild;
          if (!first || first.id === 'first-paint') return;
          (window as unknown as { firstRender: string }).firstRender = (first as HTMLElement).innerText;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
    });

    test('React\'s first render is the screen itself, not the loading overlay', async ({ page }) => {
      await page.goto('/#/nova-solicitacao');
      await expect(page.getByRole('heading', { name: 'Dados Pessoais' })).toBeVisible();
      const firstRender = await page.evaluate(() => (window as unknown as { firstRender?: string }).firstRender);
      expect(firstRender).toContain('Dados Pessoais');
      expect(firstRender).not.toContain('Carregando');
    });

    test('a screen whose code cannot be downloaded says so instead of a blank page', async ({ page }) => {
      await page.route('**/assets/nova-solicitacao-page-*.js', (route) => route.abort());
      await page.goto('/#/nova-solicitacao');
      await expect(page.getByRole('heading', { name: 'Não foi possível abrir esta página.' })).toBeVisible();
    });
  });

  test('home asks for no other screen\'s code', async ({ page }) => {
    await withoutBundle(page);
    await page.goto('/#/home/1');
    await expect(welcome(page)).toBeVisible();
    await expect(preloads(page).and(page.locator('[href*="-page-"]'))).toHaveCount(0);
  });
});
