/**
 * The accessibility check reads the screen at rest, not a moment of it: a notification that
 * fades out and leaves while axe reads the page (at load a reading takes seconds) is read at a
 * fraction of its contrast, and is gone before the reading ends. Two fresh-clone runs in five
 * failed so on the withdrawn panel; this plays that moment on purpose.
 */
import { test } from './support/test';
import { expectNoAxeViolations } from './support/portal';

const PAGE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Leitura do axe</title>
    <style>@keyframes leaving { from { opacity: 0.3 } to { opacity: 0.3 } }</style>
  </head>
  <body>
    <main>
      <h1>Solicitação</h1>
      <p id="toast" style="color: #1e293b">Solicitação cancelada.</p>
    </main>
  </body>
</html>`;

test('a notification that faded out and left while axe read the page is not judged at its fading contrast', async ({ page }) => {
  await page.setContent(PAGE);
  // The first reading sees the notification at 30 % (its fade), which is removed as the reading ends.
  await page.evaluate(() => {
    type Axe = { runPartial: (...args: unknown[]) => Promise<unknown> };
    let installed: Axe | undefined;
    let faded = false;
    // axe sets `window.axe` before it has its functions: its reading is wrapped when asked for.
    const wrapped = new WeakSet<Axe>();
    Object.defineProperty(window, 'axe', {
      configurable: true,
      set: (axe: Axe) => (installed = axe),
      get() {
        if (typeof installed?.runPartial !== 'function' || wrapped.has(installed)) return installed;
        const axe = installed;
        wrapped.add(axe);
        const runPartial = axe.runPartial.bind(axe);
        axe.runPartial = async (...args) => {
          const toast = document.getElementById('toast');
          if (faded || !toast) return runPartial(...args);
          faded = true;
          toast.style.animation = 'leaving 300ms forwards';
          try {
            return await runPartial(...args);
          } finally {
            // A frame for the fade to be on screen, as a real one is for 300 ms; then it leaves.
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            toast.remove();
          }
        };
        return axe;
      },
    });
  });
  await expectNoAxeViolations(page, 'the page once the notification has left');
});
