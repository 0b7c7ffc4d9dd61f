/**
 * Tracking's reads start when the HTML arrives (issue 28): on a slow link, where the app's
 * entry script takes seconds, index.html's inline script has already asked for the screen's
 * four reads from the stored session, and the screen takes those answers instead of asking
 * again. A read that fails is still retried twice and then shows SPEC §8's message, as before.
 */
import { expect, test, type Page } from './support/test';
import { seedSession } from './support/session';
import { onSlowLink } from './support/slow-link';
import { panel } from './support/tracking';

/** A seeded demo request under analysis that needs no login (README's demo table). */
const PROTOCOLO = '48213907561238470015';
const UNEXPECTED = 'Ocorreu um erro inesperado!';
const READS = {
  tracking: /\/portabilidade\/acompanhamento\?/,
  attachedDocuments: /\/portabilidade\/documento\?/,
  documentsToSign: /\/portabilidade\/documento\/assinatura\?/,
  history: /\/portabilidade\/historico\?/,
} as const;

async function openOnSlowLink(page: Page) {
  const timeline = await onSlowLink(page, READS);
  await seedSession(page, { protocolo: PROTOCOLO, token: 'free' });
  await page.goto('/#/acompanhamento');
  return timeline;
}

test.describe("tracking's reads start with the HTML", () => {
  test('on a slow link the four reads go out before the entry script has arrived, once each, and the screen shows their answers', async ({
    page,
  }) => {
    const timeline = await openOnSlowLink(page);
    await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('answer-window')).toContainText('A operadora tem 10 dias para responder');
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    expect(timeline.entryFinished).not.toBeNull();
    for (const [name, sent] of Object.entries(timeline.reads)) {
      // Taken by the screen, not asked again.
      expect(sent, name).toHaveLength(1);
      expect(sent[0]!, `${name} before the entry script arrived`).toBeLessThan(timeline.entryFinished!);
    }
  });

  test("a history read that keeps failing is tried three times and shows SPEC's 'Ocorreu um erro inesperado!'; the rest of the screen still shows", async ({
    page,
  }) => {
    await page.route(READS.history, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"falhou"}' }),
    );
    const timeline = await openOnSlowLink(page);
    await expect(page.getByText(UNEXPECTED)).toBeVisible({ timeout: 30_000 });
    await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();
    await expect(page.getByTestId('answer-window')).toHaveCount(0);
    // The early attempt, then react-query's two retries, as for any read.
    expect(timeline.reads.history).toHaveLength(3);
    expect(timeline.reads.history[0]!).toBeLessThan(timeline.entryFinished!);
    expect(timeline.reads.tracking).toHaveLength(1);
  });

  test("a request read answered 404 shows the server's message and 'Tentar novamente', which asks again and shows the request", async ({
    page,
  }) => {
    const notFound = 'Solicitação não encontrada.';
    await page.route(READS.tracking, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: notFound }) }),
    );
    const timeline = await openOnSlowLink(page);
    await expect(page.getByText(notFound)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Não foi possível carregar a sua solicitação.')).toBeVisible();
    expect(timeline.reads.tracking).toHaveLength(3);
    expect(timeline.reads.tracking[0]!).toBeLessThan(timeline.entryFinished!);

    await page.unroute(READS.tracking);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();
    expect(timeline.reads.tracking).toHaveLength(4);
  });
});
