/**
 * Issue 27 item 7: the wizard's dropdowns are part of its own code, so none is ever a
 * disabled stand-in while a chunk loads: a fast keyboard or autofill user never meets a dead
 * control. Every change of the page is watched from before the app loads.
 */
import { expect, test } from './support/test';
import { next } from './support/portal';
import { openWizard, stepTitle } from './support/wizard';

declare global {
  interface Window {
    __deadDropdowns?: string[];
  }
}

test('no dropdown is disabled at any moment after a step appears, on arrival, going on, or after a reload', async ({ page }) => {
  await page.addInitScript(() => {
    window.__deadDropdowns = [];
    const look = () => {
      // Headless UI's listbox button, or anything standing in its place under a wizard field id.
      for (const control of document.querySelectorAll<HTMLButtonElement>(
        'form button[aria-haspopup="listbox"], form button[id^="wizard-"]',
      )) {
        if (control.disabled || control.getAttribute('aria-busy') === 'true') window.__deadDropdowns!.push(control.id);
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await openWizard(page, true);
  await next(page).click();
  await expect(page.getByRole('button', { name: /^Titularidade/ })).toBeEnabled();
  await next(page).click();
  await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeVisible();
  await expect(page.getByLabel('Tipo de contratação', { exact: true })).toBeEnabled();
  // A reload on a step with dropdowns: they work as soon as the step shows.
  await page.reload();
  await expect(stepTitle(page, 'Dados do Plano de Destino')).toBeVisible();
  await expect(page.getByLabel('Tipo de contratação', { exact: true })).toBeEnabled();
  await next(page).click();
  await next(page).click();
  await expect(page.getByLabel('Tipo de documento', { exact: true })).toBeEnabled();
  expect(await page.evaluate(() => window.__deadDropdowns)).toEqual([]);
});
