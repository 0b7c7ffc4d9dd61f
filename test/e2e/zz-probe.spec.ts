import { expect, test } from './support/test';
import { startNewRequest, uniqueIds } from './support/portal';
import { trackFromHome } from './support/tracking';

test.use({ viewport: { width: 320, height: 640 } });
test('probe: taken toast on a narrow phone', async ({ page, context }) => {
  await page.goto('/#/home/1');
  await trackFromHome(page, '48213907561238470015');
  await expect(page).toHaveURL(/acompanhamento/);
  const other = await context.newPage();
  await other.setViewportSize({ width: 320, height: 640 });
  await startNewRequest(other, uniqueIds().protocoloAns);
  await expect(page.getByText('Outra aba deste aparelho abriu outra solicitação')).toBeVisible();
  await page.screenshot({ path: '/tmp/taken.png' });
  const third = await context.newPage();
  await third.setViewportSize({ width: 320, height: 640 });
  await third.goto('/#/home/1');
  console.log(await third.getByRole('button').allTextContents());
});
