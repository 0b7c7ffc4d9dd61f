/**
 * The facts of the operator's decision and the words around it (issue 25 items 2, 4 and 8),
 * in Chromium against the reference server: each request is filed through the API and the
 * operator's decision is set with the backoffice command (`set-status … --plano --inicio
 * --valor --cancelar-ate --motivo`), as an analyst would.
 */
import { expect, test, type Page } from './support/test';
import { backoffice, expectAccessible, fileRequest, openAt, panel, sendChoice } from './support/tracking';

/** A calendar day `days` from today in Brasília, 'dd/mm/yyyy' (the server and the portal count days there). */
function brasiliaDay(days: number): string {
  const parts = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
  return parts.format(new Date(Date.now() + days * 86_400_000));
}

const fact = (page: Page, label: string) =>
  page.getByTestId('decision-facts').locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
const nextSteps = (page: Page) => page.getByTestId('next-steps');

/** The centre and the top-left corner pixels of a PNG, read in a blank page of the same browser. */
async function pixels(page: Page, png: Buffer): Promise<[string, string]> {
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data].join(',');
      return [at(image.width >> 1, image.height >> 1), at(0, 0)] as [string, string];
    }, png.toString('base64'));
  } finally {
    await scratch.close();
  }
}

test.describe("acompanhamento: the operator's decision", () => {
  // Each test files a request, moves it with the backoffice (a process per move) and runs axe.
  test.describe.configure({ timeout: 150_000 });

  test('status 6 with the facts set through the backoffice shows plan, start, price and last day to cancel, before the choice', async ({
    page,
    baseURL,
  }) => {
    const start = brasiliaDay(10);
    const cancelBy = brasiliaDay(15);
    const protocolo = await fileRequest(baseURL!);
    await openAt(
      page,
      protocolo,
      '6',
      '--tipo',
      '1',
      '--plano',
      '481234562',
      '--inicio',
      start,
      '--valor',
      '612,40',
      '--cancelar-ate',
      cancelBy,
    );
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    await expect(fact(page, 'Plano de destino')).toHaveText('VIDA PLENA MAIS APARTAMENTO (registro ANS 481234562)');
    await expect(fact(page, 'Início da cobertura')).toHaveText(start);
    await expect(fact(page, 'Mensalidade')).toHaveText(/^R\$\s612,40$/);
    await expect(fact(page, 'Cancelar o plano anterior até')).toHaveText(cancelBy);
    await expect(page.getByTestId('decision-facts')).not.toContainText('Ainda não informado');
    await expect(nextSteps(page)).toContainText(
      `Se a portabilidade seguir, a cobertura do novo plano começa em ${start}; depois disso, cancele o seu plano anterior até ${cancelBy}.`,
    );
    await expectAccessible(page, 'status 6 with the decision');

    // 'Não aceito', chosen: in forced colors (Windows' high contrast) the chosen option still
    // shows its dot (a background alone is dropped there): the ring's centre is not its corner.
    await page.getByRole('radio', { name: 'Não aceito' }).click();
    await page.emulateMedia({ forcedColors: 'active' });
    const ring = page.getByRole('radio', { name: 'Não aceito' }).locator('[aria-hidden="true"]');
    const [centre, corner] = await pixels(page, await ring.screenshot());
    expect(centre, "the chosen option's dot, in forced colors").not.toEqual(corner);
    await page.emulateMedia({ forcedColors: 'none' });

    // 'Não aceito', sent: the status, the panel and the document say what happened.
    await sendChoice(page);
    await expect(page.getByTestId('acknowledgement-recorded')).toContainText("Sua resposta 'Não aceito' foi registrada.");
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue("Resposta 'Não aceito' registrada");
    await expect(nextSteps(page)).toHaveText(/Você respondeu 'Não aceito': não cancele o seu plano anterior\./);
    await expect(page.getByRole('cell', { name: 'Termo de Recusa' })).toBeVisible();
    await expect(page.getByText('Termo de Concordância')).toHaveCount(0);
    // The history keeps the step that awaited the answer, then says which answer came.
    const history = page.getByRole('region', { name: 'Histórico da solicitação' }).getByRole('listitem');
    await expect(history.last()).toContainText("Resposta 'Não aceito' registrada");

    // The operator records 'Não aceito' for new conditions (a call with the holder): the screen
    // tells it as the operator's, as the history and the e-mail do (found by a regression walk).
    await backoffice('set-status', protocolo, '6', '--concordo', 'N', '--valor', '650,00');
    await page.reload();
    await expect(nextSteps(page)).toHaveText(/A operadora registrou a sua resposta 'Não aceito': não cancele o seu plano anterior\./);
    await expect(history.last()).toContainText("Resposta 'Não aceito' registrada pela operadora");
  });

  test('an agreement sent after the operator changed the price on a screen left open is not recorded: the new price is shown to answer again', async ({
    page,
    baseURL,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    await openAt(page, protocolo, '6', '--tipo', '1', '--valor', '100,00');
    await expect(fact(page, 'Mensalidade')).toHaveText(/^R\$\s100,00$/);
    // The operator changes the price while the screen stays open with the old one.
    await backoffice('set-status', protocolo, '6', '--valor', '200,00');
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    await sendChoice(page);
    await expect(page.getByTestId('toast').filter({ hasText: 'A operadora alterou as condições' })).toBeVisible();
    await expect(fact(page, 'Mensalidade')).toHaveText(/^R\$\s200,00$/);
    await expect(page.getByRole('radio', { name: 'Estou de acordo' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('button', { name: 'Finalizar' })).toBeDisabled();
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();
    // To the price now shown, the agreement is recorded.
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    await sendChoice(page);
    await expect(page.getByRole('dialog', { name: 'Você está quase lá' })).toBeVisible();
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
  });

  test('at 320 px the facts, the next steps, the reason and the recourse wrap instead of scrolling sideways', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const protocolo = await fileRequest(baseURL!);
    const facts = ['--plano', '481234563', '--inicio', brasiliaDay(3), '--valor', '1.234,56', '--cancelar-ate', brasiliaDay(8)];
    await openAt(page, protocolo, '6', '--tipo', '1', ...facts);
    await expect(fact(page, 'Plano de destino')).toHaveText('VIDA PLENA NACIONAL APARTAMENTO (registro ANS 481234563)');
    await expect.poll(sideways).toBe(0);
    await expectAccessible(page, 'status 6 with the decision at 320 px');
    await backoffice('set-status', protocolo, '4', '--motivo', 'Documentação do plano de origem incompleta: falta a carta de permanência.');
    await page.reload();
    await expect(page.getByRole('region', { name: 'O que você pode fazer' })).toBeVisible();
    await expect.poll(sideways).toBe(0);
    await expectAccessible(page, 'status 4 with its reason at 320 px');
  });

  test('status 6 and then 7 without the facts say each is not yet informed, and status 7 still asks to cancel the old plan', async ({
    page,
    baseURL,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    await openAt(page, protocolo, '6', '--tipo', '2');
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    for (const label of ['Plano de destino', 'Início da cobertura', 'Mensalidade', 'Cancelar o plano anterior até']) {
      await expect(fact(page, label)).toHaveText('Ainda não informado pela operadora.');
    }
    await expect(nextSteps(page)).toContainText('A data limite para cancelar o plano anterior ainda não foi informada pela operadora.');
    await expect(nextSteps(page)).not.toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expectAccessible(page, 'status 6 without the decision');

    await backoffice('set-status', protocolo, '7', '--concordo', 'S');
    await page.reload();
    await expect(panel(page, 'Seu contrato está ativo')).toBeVisible();
    await expect(page.getByText('Não há mais nada a fazer nesta solicitação')).toHaveCount(0);
    await expect(nextSteps(page)).toContainText('ainda não foi informada pela operadora');
    await expect(fact(page, 'Cancelar o plano anterior até')).toHaveText('Ainda não informado pela operadora.');
  });

  test('a refused request shows its reason and the ANS contact; a cancelled one without a reason says none was given', async ({
    page,
    baseURL,
  }) => {
    const reason = 'O plano de origem não cumpre o prazo mínimo de permanência exigido para a portabilidade.';
    const protocolo = await fileRequest(baseURL!);
    await openAt(page, protocolo, '4', '--motivo', reason);
    await expect(panel(page, 'Sua solicitação foi recusada')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Motivo informado pela operadora' })).toContainText(reason);
    const recourse = page.getByRole('region', { name: 'O que você pode fazer' });
    await expect(recourse).toContainText("'Realizar Solicitação'");
    await expect(recourse).toContainText('Falar com a operadora');
    await expect(recourse).toContainText('Notificação de Intermediação Preliminar (NIP)');
    await expect(recourse.getByRole('link', { name: '0800 701 9656' })).toHaveAttribute('href', 'tel:08007019656');
    await expect(page.getByTestId('decision-facts')).toHaveCount(0);
    await expectAccessible(page, 'status 4 with its reason');

    // Cancelled afterwards without a reason: the refusal's reason is not the cancellation's
    // (leaving the closed 4 is a reopening, said so).
    await backoffice('set-status', protocolo, '5', '--reabrir');
    await page.reload();
    await expect(panel(page, 'Sua solicitação foi cancelada')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Motivo informado pela operadora' })).toHaveText(/A operadora não informou o motivo\./);
    await expect(page.getByRole('region', { name: 'O que você pode fazer' })).toContainText('Disque ANS');
  });
});
