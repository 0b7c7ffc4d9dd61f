/**
 * Widths between a phone and a desktop, and larger text (WCAG 1.4.4 and 1.4.10): the wizard's
 * step bar from 320 px up with the page's text at 100, 150 and 200 %. Each check is what a
 * person sees: the page does not scroll sideways, no word is broken a letter a line, no text
 * runs past its box, nothing is drawn over another.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { next } from './support/portal';
import { openWizard, stepTitle } from './support/wizard';

type Box = { x: number; y: number; width: number; height: number };

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
