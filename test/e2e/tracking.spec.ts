/**
 * Acompanhamento end to end (issue 4), in Chromium against the real reference server: a
 * request filed through the API is moved with the backoffice command through
 * 'em análise' → 6 (type 1) → 3, and each panel, lock, signature, finish, modal and
 * redirect is checked, with axe (WCAG 2.2 AA rules) on every panel and modal.
 */
import { expect, test } from './support/test';
import {
  CPF,
  OPERATOR_NAME,
  backoffice,
  expectAccessible,
  fileRequest,
  openAndAcceptEveryTerm,
  panel,
  sendChoice,
  sendConfirmation,
  stored,
  trackFromHome,
} from './support/tracking';
import { seedSession } from './support/session';

test.describe('acompanhamento', () => {
  test('one request walked through em análise → 6 (type 1) → 3, with both modals and redirects', async ({ page, baseURL }) => {
    test.setTimeout(180_000); // the whole journey, three backoffice moves and five axe runs
    const protocolo = await fileRequest(baseURL!);

    // --- em análise
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Sua solicitação está em análise')).toBeVisible();
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(protocolo);
    await expect(page.getByTestId('answer-window')).toContainText('A operadora tem 10 dias para responder');
    await expect(page.getByRole('button', { name: 'Retornar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalizar' })).toHaveCount(0);
    await expectAccessible(page, 'em análise');

    // --- status 6, type 1: 'Finalizar' waits for a choice, which stays a draft until sent
    await backoffice('set-status', protocolo, '6', '--tipo', '1');
    await page.reload();
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    const finalize = page.getByRole('button', { name: 'Finalizar' });
    await expect(finalize).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expectAccessible(page, 'status 6');
    await page.getByLabel('Estou de acordo', { exact: true }).click();
    await expect(finalize).toBeEnabled();
    await expect(page.getByLabel('Estou de acordo', { exact: true })).toBeEnabled();
    await expect(page.getByLabel('Não aceito')).toBeEnabled();
    await expect(page.getByTestId('acknowledgement-unsent')).toBeVisible();
    await expectAccessible(page, 'status 6, a choice not sent');
    await finalize.click();
    await expect(sendConfirmation(page)).toContainText('Esta escolha não pode ser desfeita depois de enviada.');
    await expectAccessible(page, "the confirmation of sending 'Estou de acordo'");
    await sendConfirmation(page).getByRole('button', { name: 'Enviar', exact: true }).click();

    const aviso = page.getByRole('dialog', { name: 'Você está quase lá' });
    await expect(aviso).toBeVisible();
    await expect(aviso).toContainText('6 últimos dígitos do protocolo');
    await expectAccessible(page, 'avisoModal');
    await page.keyboard.press('Escape');
    await expect(aviso).toBeVisible(); // not escapable
    await aviso.getByRole('button', { name: 'Minha Portabilidade' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByLabel('Digite o protocolo', { exact: true })).toBeVisible(); // home in track mode
    expect(await stored(page, 'protocolo')).toBeNull();
    expect(await stored(page, 'token')).toBeNull();

    // --- status 3: login needed (flConcordo 'S' from the acceptance, cdStatusPort 1)
    const accepted = await backoffice('set-status', protocolo, '3');
    expect(accepted).toMatchObject({ flStatus: 3, cdStatusPort: 1, flConcordo: 'S', exigeLogin: true });
    expect(accepted.senha).toBe(protocolo.slice(-6));
    await trackFromHome(page, protocolo, { cpf: CPF, senha: accepted.senha });
    await expect(panel(page, 'Sua solicitação foi aceita')).toBeVisible();
    await expect(page.getByLabel('Estou de acordo', { exact: true })).toBeChecked(); // pre-set from flConcordo
    await expect(page.getByLabel('Estou de acordo', { exact: true })).toBeDisabled();
    await expectAccessible(page, 'status 3');

    // Unsigned terms: a warning, and nothing is finished.
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByText('Ainda há documento(s) que precisa(m) ser assinado(s).')).toBeVisible();
    expect((await backoffice('show', protocolo)).flStatus).toBe(3);

    // Sign every term after reading it: each opens in a new tab first, then stays checked and disabled.
    await openAndAcceptEveryTerm(page);

    await page.getByRole('button', { name: 'Finalizar' }).click();
    const welcome = page.getByRole('dialog', { name: `Seja bem-vindo à ${OPERATOR_NAME}!` });
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText('Seu contrato está ativo e apto para utilização.');
    await expectAccessible(page, 'bemvindoModal');
    await page.keyboard.press('Escape');
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    expect(await stored(page, 'protocolo')).toBeNull();
    expect(await stored(page, 'token')).toBeNull();
    expect((await backoffice('show', protocolo)).flStatus).toBe(7);
  });

  test("status 6 type 2: 'Estou ciente' enables 'Finalizar', which asks, then records the acknowledgement and reloads", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    await backoffice('set-status', protocolo, '6', '--tipo', '2');
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    await expect(page.getByLabel('Não aceito')).toHaveCount(0);
    const finalize = page.getByRole('button', { name: 'Finalizar' });
    await expect(finalize).toBeDisabled();
    await page.getByLabel('Estou ciente', { exact: true }).click();
    await expect(finalize).toBeEnabled();
    await sendChoice(page);
    await expect(page.getByRole('button', { name: /Ver documento de aceite/ })).toBeVisible();
    await expect(page.getByLabel('Estou ciente', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Estou ciente', { exact: true })).toBeDisabled();
    expect((await backoffice('show', protocolo)).flConcordo).toBe('S');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
  });

  test("an expired token on a request that requires login shows 'Fazer login', which opens home in track mode", async ({
    page,
    baseURL,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    expect((await backoffice('set-status', protocolo, '3', '--tipo', '1', '--concordo', 'S')).exigeLogin).toBe(true);
    await seedSession(page, { protocolo, token: 'expired.or.forged', cdEmpresaPlano: '1' }, { once: true });
    await page.goto('/#/acompanhamento');
    await expect(page.getByRole('alert').filter({ hasText: 'Faça login novamente' })).toBeVisible();
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(protocolo);
    // The reads that ran beside the request's own were refused too (403): the screen already
    // says why, so they are dropped, not retried and toasted. (Waits out the retries' back-off.)
    await page.waitForTimeout(2_000);
    expect(await page.getByText('Ocorreu um erro inesperado!').count()).toBe(0); // now, not eventually: a toast goes by itself
    await expectAccessible(page, 'login required');
    await page.getByRole('button', { name: 'Fazer login' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByLabel('Digite o protocolo', { exact: true })).toBeVisible();
    expect(await stored(page, 'token')).toBeNull();
  });

  test("a server link off the portal's origin, or spelled to look like it, is never opened; one on it is", async ({
    page,
    baseURL,
    context,
  }) => {
    const protocolo = await fileRequest(baseURL!);
    const unsafe = [
      'javascript:alert(1)',
      '//evil.example/x',
      '\\\\evil.example\\x',
      '/\\evil.example/x',
      'https:evil.example',
      'https://evil.example/x',
    ];
    const safe = '/wslinhafrente/v1/openapi.json';
    await page.route('**/wslinhafrente/v1/portabilidade/documento?*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(
          [...unsafe, safe].map((linkUrl, index) => ({
            nmArquivo: `doc-${index}.pdf`,
            nmExtensaoArquivo: 'pdf',
            nmDocumento: `Documento ${index}`,
            dtAssinatura: null,
            linkUrl,
          })),
        ),
      }),
    );
    const opened: string[] = [];
    context.on('page', (popup) => {
      opened.push(popup.url());
    });
    let evilRequests = 0;
    await context.route(/evil\.example/, (route) => {
      evilRequests += 1;
      return route.abort();
    });
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    const buttons = page.getByRole('button', { name: /^Visualizar/ });
    await expect(buttons).toHaveCount(unsafe.length + 1);
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('Link recusado')) refusals.push(message.text());
    });
    const refused = page.getByText('Não foi possível abrir o documento: o endereço recebido é inválido.');
    for (let index = 0; index < unsafe.length; index += 1) {
      await buttons.nth(index).click();
      // Each click is refused on its own: one console line and one toast. The toast is tapped
      // away, as a reader would, before the next click: toasts stack top-right (SPEC §9), over
      // the table's last column, and one sliding in under a click takes the click.
      await expect.poll(() => refusals.length).toBe(index + 1);
      await expect(refused).toHaveCount(1);
      await refused.click();
      await expect(refused).toHaveCount(0);
    }
    expect(opened).toEqual([]);
    expect(evilRequests).toBe(0);
    expect(alerted).toBe(false);
    // The same button on a link of the portal's own origin does open it (the test can tell).
    const popup = context.waitForEvent('page');
    await buttons.nth(unsafe.length).click();
    await (await popup).waitForLoadState();
    expect(opened).toHaveLength(1);
    expect(new URL((await popup).url()).origin).toBe(new URL(baseURL!).origin);
  });
});
