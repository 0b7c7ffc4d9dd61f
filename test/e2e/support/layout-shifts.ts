/**
 * Layout shifts the visitor did not cause (CLS counts these: none had input in the 500 ms
 * before), recorded from the page's first script, each with what moved and from where to where.
 */
import type { Page } from '@playwright/test';

export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        hadRecentInput: boolean;
        value: number;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(
          ({ node, previousRect, currentRect }) =>
            `${node instanceof Element ? node.outerHTML.slice(0, 80) : '#text'} (y ${previousRect.y} → ${currentRect.y})`,
        );
        shifts.push(`${entry.value.toFixed(4)}: ${moved.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded since the last call (each is reported once its frame is painted). */
export const layoutShifts = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { shifts: string[] }).shifts.splice(0);
  });
