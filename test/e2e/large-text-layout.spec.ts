/**
 * Widths between a phone and a desktop, and larger text (WCAG 1.4.4 and 1.4.10): the wizard's
 * step bar from 320 px up with the page's text at 100, 150 and 200 %; and at 360 px with text
 * at 200 % (a phone's large font), home, the wizard's read-only values, the dropdowns, step 5's
 * table, the protocol modal and the tracking screen. Each check is what a person sees: the page does not scroll sideways, no
 * word is broken a letter a line, no text runs past its box, nothing is drawn over another.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { choose, field, next, waitIdle } from './support/portal';
import { attach, fileReviewed, openDocumentsStep } from './support/photos';
import { fileRequest, panel, trackFromHome } from './support/tracking';
import { openWizard, stepTitle } from './support/wizard';

type Box = { x: number; y: number; width: number; height: number };

/** The page's text at that size, now and on every page this tab loads (as the browser's text size setting does). */
async function textAt(page: Page, percent: number) {
  await page.addInitScript((size) => {
    // Before the document has its root element, only the listener can apply it.
    const apply = () => document.documentElement?.style.setProperty('font-size', size);
    apply();
    document.addEventListener('DOMContentLoaded', apply);
  }, `${percent}%`);
  await page.evaluate((size) => document.documentElement.style.setProperty('font-size', size), `${percent}%`);
}

/** The page, and every open dialog, are no wider than the screen. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
    dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => ({ scroll: d.scrollWidth, client: d.clientWidth })),
  }));
  expect(widths.page, `${where}: the page's width against the screen's`).toBeLessThanOrEqual(widths.screen);
  for (const dialog of widths.dialogs) expect(dialog.scroll, `${where}: the dialog's content width`).toBeLessThanOrEqual(dialog.client);
}

/**
 * The words a person reads in it, each with the lines it is laid out on and how far its text
 * runs past the element's box (screen-reader-only text left out).
 */
function wordsIn(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const words: { word: string; lines: number; outside: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.sr-only')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const outside = Math.max(
          0,
          ...rects.flatMap((r) => [box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom]),
        );
        words.push({ word: match[0], lines: new Set(rects.map((r) => Math.round(r.top))).size, outside });
      }
    }
    return words;
  });
}

/** Every word on one line (none broken a letter a line) and inside the element's box. */
async function expectReadable(locator: Locator, where: string) {
  for (const { word, lines, outside } of await wordsIn(locator)) {
    expect(lines, `${where}: '${word}' is broken over ${lines} lines`).toBe(1);
    expect(outside, `${where}: '${word}' runs ${Math.round(outside)} px past its box`).toBeLessThanOrEqual(1);
  }
}

function overlap(a: Box, b: Box): boolean {
  return a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} is laid out`).not.toBeNull();
  return box!;
}

/** Inside the screen, left and right. */
async function expectOnScreen(page: Page, locator: Locator, where: string) {
  const box = await boxOf(locator);
  expect(box.x, `${where}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: right edge`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** A field's whole value is in view (a read-only field cannot be scrolled by a person who only reads it). */
async function expectWholeValue(locator: Locator, where: string) {
  const size = await locator.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  expect(size.scrollWidth, `${where}: the value's width against the field's`).toBeLessThanOrEqual(size.clientWidth);
  expect(size.scrollHeight, `${where}: the value's height against the field's`).toBeLessThanOrEqual(size.clientHeight);
}

test.describe("the wizard's step bar", () => {
  test.setTimeout(120_000);

  const SIZES: ReadonlyArray<readonly [width: number, text: number]> = [
    [320, 100],
    [360, 100],
    [414, 100],
    [600, 100],
    [719, 100],
    [720, 100],
    [768, 100],
    [810, 100],
    [820, 100],
    [834, 100],
    [880, 100],
    [1024, 100],
    [1280, 100],
    [1024, 150],
    [1280, 150],
    [360, 200],
    [1024, 200],
    [1280, 200],
  ];

  test("fits every width from 320 px and text up to 200 %, the current step's name whole and clear of its mark", async ({ page }) => {
    await openWizard(page, true);
    for (const title of ['Dados Pessoais', 'Dados do Plano de Origem', 'Dados do Plano de Destino', 'Dependentes', 'Documentos']) {
      if (title !== 'Dados Pessoais') await next(page).click();
      await expect(stepTitle(page, title)).toBeVisible();
      const bar = page.getByRole('navigation', { name: 'Etapas da solicitação' });
      const steps = bar.getByRole('listitem');
      const current = bar.locator('[aria-current="step"]');
      for (const [width, text] of SIZES) {
        const where = `'${title}' at ${width} px, text ${text} %`;
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate((size) => document.documentElement.style.setProperty('font-size', size), `${text}%`);
        await expectNoSidewaysScroll(page, where);
        await expectReadable(current, `${where}, the current step`);
        const [mark, name] = [current.locator('[aria-hidden="true"]'), current.getByText(title)];
        expect(overlap(await boxOf(mark), await boxOf(name)), `${where}: the current step's mark is drawn over its name`).toBe(false);
        const barBox = await boxOf(bar);
        const boxes = await Promise.all((await steps.all()).map(boxOf));
        boxes.forEach((box, i) => {
          expect(box.x, `${where}: step ${i + 1} starts inside the bar`).toBeGreaterThanOrEqual(barBox.x - 1);
          expect(box.x + box.width, `${where}: step ${i + 1} ends inside the bar`).toBeLessThanOrEqual(barBox.x + barBox.width + 1);
          boxes
            .slice(i + 1)
            .forEach((other, j) => expect(overlap(box, other), `${where}: steps ${i + 1} and ${i + j + 2} overlap`).toBe(false));
        });
      }
      await page.evaluate(() => document.documentElement.style.removeProperty('font-size'));
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

test.describe('a 360 px phone with its text at 200 %', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.setTimeout(180_000);

  test("home: the header's title and both buttons' text stay on screen and inside their boxes", async ({ page }) => {
    await page.goto('/#/home/1');
    await textAt(page, 200);
    await waitIdle(page);
    await expectNoSidewaysScroll(page, 'home');
    await expectOnScreen(page, page.getByRole('heading', { level: 1 }), 'home, the title');
    await expectReadable(page.getByRole('heading', { level: 1 }), 'home, the title');
    for (const name of ['Realizar Solicitação', 'Acompanhar Solicitação'])
      await expectReadable(page.getByRole('button', { name }), `home, '${name}'`);
  });

  test("the wizard's header holds its title, above the page, not over it, and the 'Protocolo ANS' below it is shown whole", async ({
    page,
  }) => {
    await textAt(page, 200);
    await openWizard(page, false);
    const [header, title] = [await boxOf(page.getByRole('banner')), await boxOf(page.getByRole('heading', { level: 1 }))];
    expect(title.y, 'the title starts inside the header').toBeGreaterThanOrEqual(header.y);
    expect(title.y + title.height, 'the title ends inside the header').toBeLessThanOrEqual(header.y + header.height);
    await expectReadable(page.getByRole('heading', { level: 1 }), "the wizard's title");
    expect((await boxOf(page.getByRole('main'))).y, 'the page starts below the header').toBeGreaterThanOrEqual(
      header.y + header.height - 1,
    );
    await expectNoSidewaysScroll(page, 'wizard, step 1');
    await expectWholeValue(field(page, 'Protocolo ANS'), "the wizard's 'Protocolo ANS'");
  });

  test("a dropdown's chosen value is shown whole, so 'TITULAR' and 'TITULAR S/ DIREITO' can be told apart", async ({ page }) => {
    await textAt(page, 200);
    await openWizard(page, true);
    await next(page).click();
    await expect(stepTitle(page, 'Dados do Plano de Origem')).toBeVisible();
    for (const option of ['TITULAR', 'TITULAR S/ DIREITO']) {
      await choose(page, 'Titularidade', option);
      const button = field(page, 'Titularidade');
      await expect(button).toContainText(option);
      await expectReadable(button, `'Titularidade' showing '${option}'`);
      const cut = await button.evaluate((element) =>
        [...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1 && part.textContent?.trim()),
      );
      expect(cut, `'Titularidade' showing '${option}': a part of its text is cut`).toBe(false);
    }
    await expectNoSidewaysScroll(page, 'step 2');
  });

  test("step 3: the destination plan's name is shown whole, so one plan can be told from another", async ({ page }) => {
    await textAt(page, 200);
    await openWizard(page, true);
    await next(page).click();
    await next(page).click();
    await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeVisible();
    const name = field(page, 'Nome do plano de destino');
    await expect(name).toHaveValue(/\S/);
    await expectWholeValue(name, "step 3, 'Nome do plano de destino'");
    await expectNoSidewaysScroll(page, 'step 3');
  });

  test("step 5's table, then the protocol modal: nothing overlaps, nothing is cut, no sideways scroll", async ({ page }) => {
    test.slow();
    await textAt(page, 200);
    await openDocumentsStep(page);
    await attach(page, {
      name: 'rg.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    const table = page.getByRole('table', { name: 'Documentos anexados' });
    await expect(table).toContainText('rg.pdf');
    await expectNoSidewaysScroll(page, 'step 5');
    const headings = await Promise.all((await table.getByRole('columnheader').filter({ visible: true }).all()).map(boxOf));
    headings.forEach((a, i) =>
      headings.slice(i + 1).forEach((b) => expect(overlap(a, b), 'step 5: two column headings overlap').toBe(false)),
    );
    const name = table.getByText('rg.pdf', { exact: true });
    await expectReadable(name, "step 5, the file's name");
    for (const action of ['Visualizar rg.pdf', 'Remover rg.pdf']) {
      const button = table.getByRole('button', { name: action });
      await expectReadable(button, `step 5, '${action}'`);
      await expectOnScreen(page, button, `step 5, '${action}'`);
      expect(overlap(await boxOf(button), await boxOf(name)), `step 5: '${action}' is drawn over the file's name`).toBe(false);
    }

    await fileReviewed(page);
    const modal = page.getByTestId('protocol-modal');
    await waitIdle(page);
    await expectNoSidewaysScroll(page, 'protocol modal');
    for (const button of await modal.getByRole('button').filter({ visible: true }).all()) {
      const label = (await button.textContent())?.trim() || (await button.getAttribute('aria-label'));
      await expectOnScreen(page, button, `protocol modal, '${label}'`);
      await expectReadable(button, `protocol modal, '${label}'`);
    }
  });

  test("tracking: both 20-digit protocols are shown whole, and 'Baixar comprovante (PDF)' stays in its card", async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    await page.goto('/#/home/1');
    await textAt(page, 200);
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();
    await waitIdle(page);
    await expectNoSidewaysScroll(page, 'tracking');
    await expectReadable(page.getByRole('heading', { level: 1 }), "tracking's title");
    for (const label of ['Protocolo ANS', 'Protocolo'])
      await expectWholeValue(page.getByLabel(label, { exact: true }), `tracking, '${label}'`);
    const receipt = page.getByRole('button', { name: 'Baixar comprovante (PDF)' });
    await expectReadable(receipt, "tracking, 'Baixar comprovante (PDF)'");
    await expectOnScreen(page, receipt, "tracking, 'Baixar comprovante (PDF)'");
    const card = receipt.locator('xpath=ancestor::section[1]');
    const [button, around] = [await boxOf(receipt), await boxOf(card)];
    expect(button.x + button.width, "tracking: 'Baixar comprovante (PDF)' ends inside its card").toBeLessThanOrEqual(
      around.x + around.width,
    );
  });
});
