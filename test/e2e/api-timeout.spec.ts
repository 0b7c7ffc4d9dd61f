/**
 * A back-end that never answers (issue 11): the portal's own 30 s limit per call ends the
 * wait with the error catalogue's message, the overlay hidden and what was typed still there.
 * The browser's clock is faked so the 30 s pass at once; the request is really held open.
 */
import { expect, test } from './support/test';

test('a lookup the server never answers ends after 30 s with the message, the overlay gone and the protocol kept', async ({ page }) => {
  await page.clock.install();
  let held = 0;
  // Held, never answered: the server behind it is stuck.
  await page.route('**/wslinhafrente/v1/portabilidade/acompanhamento?*', () => {
    held += 1;
  });
  await page.goto('/#/home/1');
  await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  const protocol = page.getByRole('textbox', { name: 'Digite o protocolo', exact: true });
  await protocol.fill('48213907561238470015');
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  const overlay = page.locator('.loading-overlay');
  await expect(overlay).toBeVisible();
  await expect.poll(() => held).toBe(1);

  // Well before the limit, still waiting.
  await page.clock.fastForward('00:20');
  await expect(overlay).toBeVisible();
  await expect(page.getByText('Ocorreu um erro inesperado!')).toHaveCount(0);

  await page.clock.fastForward('00:11');
  await expect(page.getByText('Ocorreu um erro inesperado!')).toBeVisible();
  await expect(page.getByText('Número de protocolo inválido ou não encontrado')).toBeVisible();
  await page.clock.fastForward('00:01');
  await expect(overlay).toBeHidden();
  await expect(protocol).toHaveValue('48213907561238470015');
  // Not retried: a server that did not answer in 30 s would only keep the overlay up longer.
  expect(held).toBe(1);
});

test('the spinner turns only while the overlay shows: hidden, it costs the phone no frames', async ({ page }) => {
  // Each of the eight balls' animations: 'running' or 'paused'.
  const spinner = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a instanceof CSSAnimation && a.animationName === 'ball-spin-clockwise')
        .map((a) => a.playState),
    );
  await page.route('**/wslinhafrente/v1/portabilidade/acompanhamento?*', () => {}); // held: the overlay stays
  await page.goto('/#/home/1');
  await expect(page.getByTestId('loading-overlay')).toHaveAttribute('data-visible', 'false');
  await expect.poll(spinner).toEqual(Array(8).fill('paused'));
  await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  await page.getByRole('textbox', { name: 'Digite o protocolo', exact: true }).fill('48213907561238470015');
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(page.locator('.loading-overlay')).toBeVisible();
  await expect.poll(spinner).toEqual(Array(8).fill('running'));
});
