/**
 * The home screen end to end: the built portal against the real reference server on a fresh
 * embedded database (playwright.config.ts → scripts/e2e-server.mjs), seeded with two
 * operators and the demo requests of server/seed/demo-requests.ts.
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations, fileAnotherRequest, waitIdle } from './support/portal';

/** Seeded demo requests (server/seed/demo-requests.ts): password = last 6 digits. */
const DEMO = {
  /** Em análise, plan 1: no login. */
  noLogin: '48213907561238470015',
  /** Status 3, cdStatusPort 1, flConcordo 'S': login required. */
  login: { protocolo: '85520374916648203357', cpf: '86247103913', senha: '203357' },
};

async function stored(page: Page) {
  return page.evaluate(() => ({
    protocolo: localStorage.getItem('protocolo'),
    token: localStorage.getItem('token'),
    type: localStorage.getItem('type'),
    cdEmpresaPlano: localStorage.getItem('cdEmpresaPlano'),
  }));
}

async function startTracking(page: Page, protocolo: string) {
  await page.goto('/#/home/1');
  await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  await expect(page.getByRole('heading', { name: 'Acompanhar Portabilidade' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Digite o protocolo', exact: true }).fill(protocolo);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
}

test.describe('home', () => {
  test('the empty path lands on home/1 with operator 1’s logo, name and version 1.22P', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByText('Bem-vindo(a) ao portal de portabilidade da Vida Plena Saúde')).toBeVisible();
    const logo = page.getByTestId('operator-logo');
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', /operadora-1-logo/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText('1.22P')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acompanhar Solicitação' })).toBeVisible();
    // The favicon follows the plan once loaded; the plan code is stored.
    await expect(page.locator('link#favicon')).toHaveAttribute('href', /operadora-1-favicon/);
    expect((await stored(page)).cdEmpresaPlano).toBe('1');
    await waitIdle(page);
    await expectNoAxeViolations(page);
  });

  test('home/2 shows operator 2', async ({ page }) => {
    await page.goto('/#/home/2');
    await expect(page.getByText('Bem-vindo(a) ao portal de portabilidade da Horizonte Saúde')).toBeVisible();
    await expect(page.getByTestId('operator-logo')).toHaveAttribute('src', /operadora-2-logo/);
    await expect(page.locator('link#favicon')).toHaveAttribute('href', /operadora-2-favicon/);
    expect((await stored(page)).cdEmpresaPlano).toBe('2');
  });

  test('new: the ANS protocol (digits only) leads to nova-solicitacao with protocolo, free token and type stored', async ({ page }) => {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
    await expect(page.getByRole('heading', { name: 'Solicitar Portabilidade' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Digite o protocolo ANS', exact: true });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('placeholder', /.+/);
    const next = page.getByRole('button', { name: 'Prosseguir' });
    await expect(next).toBeDisabled();
    await waitIdle(page);
    await expectNoAxeViolations(page);
    await field.pressSequentially('2024-ab 12345');
    await expect(field).toHaveValue('202412345');
    // Issue 27 item 6: a partial ANS protocol goes nowhere and says how many digits are missing.
    await expect(next).toBeDisabled();
    await expect(field).toHaveAccessibleDescription(/O protocolo ANS tem 20 dígitos\. Faltam 11 dígitos\./);
    // A pasted protocol longer than 20 digits is refused with a message, not cut into another one.
    await field.fill('1234567890123456789012345');
    await expect(field).toHaveValue('202412345');
    await expect(field).toHaveAccessibleDescription(/O protocolo ANS tem 20 dígitos; o valor colado tem mais\./);
    await expect(field).toHaveAttribute('placeholder', 'Somente números (20 dígitos)');
    await field.fill('12345678901234567890');
    await expect(field).toHaveValue('12345678901234567890');
    await next.click();
    await expect(page).toHaveURL(/#\/nova-solicitacao$/);
    expect(await stored(page)).toEqual({ protocolo: '12345678901234567890', token: 'free', type: 'new', cdEmpresaPlano: '1' });
  });

  test('the tooltip of each protocol field comes from the tooltip call', async ({ page }) => {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
    await page.getByRole('button', { name: 'Ajuda: Digite o protocolo ANS' }).click();
    await expect(page.getByRole('tooltip')).toContainText('Guia ANS');
    await page.getByRole('button', { name: 'Ajuda: Digite o protocolo ANS' }).click();
    // Shown by hover over the field's help, Escape in the field closes it (WCAG 1.4.13).
    await page.getByRole('textbox', { name: 'Digite o protocolo ANS' }).focus();
    const help = page.getByRole('button', { name: 'Ajuda: Digite o protocolo ANS' });
    await page.mouse.move(0, 0);
    await help.hover();
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Retornar' }).click();
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await page.getByRole('button', { name: 'Ajuda: Digite o protocolo' }).click();
    await expect(page.getByRole('tooltip')).toContainText('enviado para o seu e-mail');
  });

  test("'Retornar' goes back to home mode and choosing a mode clears the protocol", async ({ page }) => {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await page.getByRole('textbox', { name: 'Digite o protocolo', exact: true }).fill('123');
    await page.getByRole('button', { name: 'Retornar' }).click();
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeFocused();
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await expect(page.getByRole('textbox', { name: 'Digite o protocolo', exact: true })).toHaveValue('');
  });

  test('track without login: goes to acompanhamento with the token of that protocol the lookup answered', async ({ page }) => {
    await startTracking(page, DEMO.noLogin);
    await expect(page).toHaveURL(/#\/acompanhamento$/);
    const session = await stored(page);
    expect(session).toMatchObject({ protocolo: DEMO.noLogin, cdEmpresaPlano: '1' });
    // A sealed token (server/services/tokens.ts): nothing of the protocol shows, even decoded.
    const token = String(session.token);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(DEMO.noLogin.slice(-6));
  });

  test('track with login: CPF (masked, stored as digits) and Senha reach acompanhamento with the token', async ({ page }) => {
    await startTracking(page, DEMO.login.protocolo);
    const cpf = page.getByLabel('CPF', { exact: true });
    await expect(cpf).toBeFocused();
    await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'password');
    await waitIdle(page);
    await expectNoAxeViolations(page);
    await cpf.pressSequentially(DEMO.login.cpf);
    await expect(cpf).toHaveValue('862.471.039-13');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.login.senha);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page).toHaveURL(/#\/acompanhamento$/);
    const session = await stored(page);
    expect(session.protocolo).toBe(DEMO.login.protocolo);
    expect(session.token).toMatch(/^[\w-]{40,}$/);
    expect(session.token).not.toBe('free');
  });

  test('track with login: a wrong password is refused, the user stays on the login with focus on the emptied password', async ({
    page,
  }) => {
    await startTracking(page, DEMO.login.protocolo);
    await page.getByLabel('CPF', { exact: true }).pressSequentially(DEMO.login.cpf);
    await page.getByLabel('Senha', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page.getByText('CPF ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('');
    // 'Prosseguir' was disabled while the login ran: focus is put back where the person retries.
    await expect(page.getByLabel('Senha', { exact: true })).toBeFocused();
    expect((await stored(page)).token).toBeNull();
  });

  test('track with login: an incomplete login shows its messages and focuses the first invalid field', async ({ page }) => {
    await startTracking(page, DEMO.login.protocolo);
    await page.getByLabel('Senha', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page.getByText('Informe os 11 dígitos do CPF.')).toBeVisible();
    await expect(page.getByLabel('CPF', { exact: true })).toBeFocused();
    await expect(page.getByLabel('CPF', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test("track with login: an empty login answer opens 'Prezado Cliente'", async ({ page, request }) => {
    // A second request of the same CPF, still in analysis: its password logs in with an empty token.
    const senha = await fileAnotherRequest(request, DEMO.login.cpf);
    await startTracking(page, DEMO.login.protocolo);
    await page.getByLabel('CPF', { exact: true }).pressSequentially(DEMO.login.cpf);
    await page.getByLabel('Senha', { exact: true }).fill(senha);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    const modal = page.getByRole('dialog', { name: 'Prezado Cliente' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('tente novamente mais tarde');
    await waitIdle(page);
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    expect((await stored(page)).token).toBeNull();
  });

  test("an unknown protocol shows 'Número de protocolo inválido ou não encontrado', with focus back on the field to correct it", async ({
    page,
  }) => {
    await startTracking(page, '99999999999999999999');
    await expect(page.getByText('Número de protocolo inválido ou não encontrado')).toBeVisible();
    // Said once: the server's own 'Protocolo não encontrado.' is not shown beside it.
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByRole('textbox', { name: 'Digite o protocolo', exact: true })).toBeFocused();
    await waitIdle(page);
  });

  test('a toast closes when tapped', async ({ page }) => {
    await startTracking(page, '99999999999999999999');
    const toast = page.getByTestId('toast').filter({ hasText: 'Número de protocolo inválido ou não encontrado' });
    await expect(toast).toBeVisible();
    await toast.click();
    await expect(toast).toBeHidden();
  });

  test('with reduced motion, a toast fades in without sliding and its icon without growing (found by an exploratory run)', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await startTracking(page, '99999999999999999999');
    const toast = page.getByTestId('toast').filter({ hasText: 'Número de protocolo inválido ou não encontrado' });
    await expect(toast).toBeVisible();
    const moving = await toast.evaluate((button) =>
      document
        .getAnimations()
        .map((animation) => animation.effect as KeyframeEffect)
        .filter((effect) => effect.target instanceof Element && (effect.target.contains(button) || button.contains(effect.target)))
        .filter((effect) => {
          const keyframes = effect.getKeyframes();
          const moves = keyframes.some((frame) => frame.transform !== undefined && frame.transform !== 'none');
          return moves && Number(effect.getComputedTiming().duration) > 1;
        })
        .map((effect) => (effect.target as Element).outerHTML.slice(0, 80)),
    );
    expect(moving).toEqual([]);
  });

  test("a browser that blocks the site's data is told so and what to do, instead of 'Prosseguir' leading nowhere (found by an exploratory run)", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('O acesso foi negado.', 'SecurityError');
        },
      });
    });
    await page.goto('/#/home/1');
    const notice = page.getByTestId('storage-notice');
    await expect(notice).toHaveText(/bloqueando os dados deste site/);
    await expect(notice).toHaveText(/recarregue a página/);
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await expect(notice).toBeVisible();
  });

  test('a part of home that cannot be downloaded gets a clear message and a way out, not a blank page', async ({ page }) => {
    await page.route('**/assets/protocol-step-*.js', (route) => route.abort());
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
    await expect(page.getByRole('heading', { name: 'Não foi possível abrir esta página.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });

  test('the server down when the first toast comes: its message is shown all the same, the page stays, and the next toast tries again (found by an exploratory run)', async ({
    page,
  }) => {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    const protocol = page.getByRole('textbox', { name: 'Digite o protocolo', exact: true });
    await protocol.fill('99999999999999999999');
    // Everything from now on fails, the toasts' code too: a restart, a deploy, a proxy down.
    await page.route('**/*', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Ocorreu um erro inesperado!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acompanhar Portabilidade' })).toBeVisible();
    await expect(protocol).toHaveValue('99999999999999999999');
    // A plain message closes with a tap, or by itself after the toasts' 5 seconds, as a toast
    // does (on a slow run they were still up when the next ones came: the same words twice).
    await page.getByTestId('toast').filter({ hasText: 'Ocorreu um erro inesperado!' }).click();
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });

    // The server is back: the next message comes as a toast again.
    await page.unroute('**/*');
    const toasterCode = page.waitForResponse((response) => /\/assets\/toaster-[^/]+\.js$/.test(response.url()) && response.ok());
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await toasterCode;
    await expect(page.getByTestId('toast').filter({ hasText: 'Número de protocolo inválido ou não encontrado' })).toBeVisible();
  });

  test('opening #/acompanhamento or #/nova-solicitacao with empty storage lands on #/home/1', async ({ page }) => {
    await page.goto('/#/acompanhamento');
    await expect(page).toHaveURL(/#\/home\/1$/);
    await page.goto('/#/nova-solicitacao');
    await expect(page).toHaveURL(/#\/home\/1$/);
    await page.goto('/#/rota-desconhecida');
    await expect(page).toHaveURL(/#\/home\/1$/);
    // A plan code the server does not take goes to plan 1's home; one with leading zeros is that plan.
    for (const [asked, landed] of [
      ['0', '1'],
      ['99999999999', '1'],
      ['02', '2'],
    ]) {
      await page.goto(`/#/home/${asked}`);
      await expect(page).toHaveURL(new RegExp(`#/home/${landed}$`));
    }
  });

  test("the stored type 'track' opens home in track mode, once", async ({ page }) => {
    // Once home has started (it forgets a stored type as it starts), not while it boots: the
    // prerendered buttons show before that, and the machine asks for its tooltips as it starts.
    const homeStarted = () => page.waitForRequest((request) => request.url().includes('/portabilidade?solicitacao='));
    let started = homeStarted();
    await page.goto('/#/home/1');
    await started;
    await page.evaluate(() => localStorage.setItem('type', 'track'));
    started = homeStarted();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Acompanhar Portabilidade' })).toBeVisible();
    await started;
    await page.reload();
    await expect(page.getByRole('button', { name: 'Acompanhar Solicitação' })).toBeVisible();
  });

  test('on a narrow screen the header moves down 60 px', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/#/home/1');
    // The portal's header, not index.html's copy that it replaces.
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    const header = page.locator('header');
    const box = await header.boundingBox();
    expect(box?.y).toBe(60);
    expect(box?.height).toBe(60);
  });
});
