/**
 * A shared phone or PC (issue 24): the stored session ends after 30 idle minutes, so the next
 * person who opens #/acompanhamento gets home and nothing of the request; a screen left open
 * goes home by itself; and leaving the tracking screen revokes the token on the server
 * (`auth/sair`) without waiting for it. The browser's clock is Playwright's, moved on by hand.
 */
import { expect, test, type BrowserContext, type Page } from './support/test';
import {
  SESSION_ENDED_ELSEWHERE_MESSAGE,
  SESSION_ENDED_MESSAGE,
  SESSION_TAKEN_MESSAGE,
  SESSION_WARNING_TITLE,
} from '../../src/app/session-watch';
import { API } from './support/env';
import { PROTOCOL_TO_TRACK_KEY } from '../../src/storage';
import { backoffice, fileRequest, openAt, sendConfirmation, stored, trackFromHome } from './support/tracking';
import { startNewRequest, uniqueIds } from './support/portal';

/** A seeded demo request that needs no login (README's demo table): its lookup answers a token. */
const PROTOCOLO = '48213907561238470015';
const UNEXPECTED = 'Ocorreu um erro inesperado!';

/** The tracking reads a page asks for (none may go out for an ended session). */
function trackingReads(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/portabilidade\/(acompanhamento|documento|historico)/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Opens #/acompanhamento in a new page of the same browser, as the next person would. */
async function openTrackingAgain(context: BrowserContext): Promise<{ page: Page; reads: string[] }> {
  const page = await context.newPage();
  const reads = trackingReads(page);
  await page.goto('/#/acompanhamento');
  return { page, reads };
}

async function expectNothingOfTheRequest(page: Page) {
  await expect(page).toHaveURL(/#\/home\/1$/);
  await expect(page.getByRole('button', { name: 'Acompanhar Solicitação' })).toBeVisible();
  // Not the protocol, nor its last 6 digits (the password), anywhere on the screen or in a field.
  const body = page.locator('body');
  await expect(body).not.toContainText(PROTOCOLO.slice(-6));
  const values = await page.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
  expect(values.filter((value) => value.replace(/\D/g, '').includes(PROTOCOLO.slice(-6)))).toEqual([]);
  expect([await stored(page, 'protocolo'), await stored(page, 'token')]).toEqual([null, null]);
}

test.describe('a shared phone or PC', () => {
  test('closed without signing out: within 30 minutes the request is still there; after 30 idle minutes, home and nothing of it', async ({
    context,
    page,
  }) => {
    await context.clock.install();
    await page.goto('/#/home/1');
    await trackFromHome(page, PROTOCOLO);
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    await page.close();

    // 25 minutes later: the session lives, and opening the screen is activity.
    await context.clock.fastForward('25:00');
    const again = await openTrackingAgain(context);
    await expect(again.page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    await again.page.close();

    // 31 minutes after that visit: nobody used it for longer than the idle time.
    await context.clock.fastForward('31:00');
    const next = await openTrackingAgain(context);
    await expectNothingOfTheRequest(next.page);
    // The HTML painted home; no read of the request went out.
    await expect(next.page.locator('#root')).toHaveAttribute('data-shell', 'home');
    expect(next.reads).toEqual([]);
  });

  test('a tracking screen left open goes home by itself once idle for 30 minutes, and says why', async ({ page }) => {
    await page.clock.install();
    await page.goto('/#/home/1');
    await trackFromHome(page, PROTOCOLO);
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    await page.clock.fastForward('31:00');
    await expect(page.getByText(SESSION_ENDED_MESSAGE)).toBeVisible();
    await expectNothingOfTheRequest(page);
  });

  test("two minutes before an idle end the screen warns, and 'Continuar' keeps it (WCAG 2.2.1)", async ({ page }) => {
    await page.clock.install();
    await page.goto('/#/home/1');
    await trackFromHome(page, PROTOCOLO);
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    await page.clock.fastForward('28:30');
    const warning = page.getByRole('dialog', { name: SESSION_WARNING_TITLE });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('termina depois de 30 minutos sem uso');
    await expect(warning.getByRole('button', { name: 'Continuar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    await page.clock.fastForward('05:00');
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    await expect(page.getByText(SESSION_ENDED_MESSAGE)).toHaveCount(0);
  });

  test('home with the protocol handed over after filing forgets it once idle for 30 minutes, warning first (found by an exploratory run)', async ({
    page,
  }) => {
    await page.clock.install();
    // What the wizard's 'OK' leaves (src/storage.ts protocolToTrack): track mode with the protocol typed.
    await page.addInitScript(
      ([key, protocolo]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        sessionStorage.setItem(key, protocolo);
        localStorage.setItem('type', 'track');
      },
      [PROTOCOL_TO_TRACK_KEY, PROTOCOLO] as const,
    );
    await page.goto('/#/home/1');
    await expect(page.getByRole('textbox', { name: 'Digite o protocolo' })).toHaveValue(PROTOCOLO);
    await page.clock.fastForward('28:30');
    await expect(page.getByRole('dialog', { name: SESSION_WARNING_TITLE })).toContainText('termina depois de 30 minutos sem uso');
    await page.clock.fastForward('02:00');
    await expect(page.getByText(SESSION_ENDED_MESSAGE)).toBeVisible();
    await expectNothingOfTheRequest(page);
  });

  test("'Esqueci meu protocolo' forgets the CPF and date of birth typed once idle for 30 minutes, warning first (found by a regression walk)", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await page.getByRole('button', { name: 'Esqueci meu protocolo' }).click();
    await page.getByLabel('CPF do beneficiário', { exact: true }).pressSequentially('86247103913');
    await page.getByLabel('Data de nascimento', { exact: true }).pressSequentially('15041985');
    await expect(page.getByLabel('Data de nascimento', { exact: true })).toHaveValue('15/04/1985');
    await page.clock.fastForward('28:30');
    await expect(page.getByRole('dialog', { name: SESSION_WARNING_TITLE })).toContainText('termina depois de 30 minutos sem uso');
    await page.clock.fastForward('02:00');
    await expect(page.getByText(SESSION_ENDED_MESSAGE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    const values = await page.locator('input').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
    expect(values.filter((value) => /862|1985/.test(value))).toEqual([]);
    await expect(page.locator('body')).not.toContainText('86247103913');
  });

  test("Enter on the warning's 'Continuar' keeps the session and nothing else: the confirmation under it stays, nothing is sent (found by a regression walk)", async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    const protocolo = await fileRequest(baseURL!);
    await openAt(page, protocolo, '6', '--tipo', '1');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/documento/aceite')) sent.push(request.url());
    });
    await page.getByRole('radio', { name: 'Estou de acordo' }).click();
    await page.getByRole('button', { name: 'Finalizar' }).click();
    const confirmation = sendConfirmation(page);
    await confirmation.getByRole('button', { name: 'Enviar', exact: true }).focus();
    await page.clock.fastForward('28:10');
    const warning = page.getByRole('dialog', { name: SESSION_WARNING_TITLE });
    await expect(warning.getByRole('button', { name: 'Continuar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByRole('button', { name: 'Enviar', exact: true })).toBeFocused();
    expect(sent).toEqual([]);
    expect((await backoffice('show', protocolo)).flConcordo).toBeNull();
  });

  test("'Encerrar sessão' revokes the token on the server: a copy of it gets 401 there, and the page shows nothing", async ({ page }) => {
    await page.goto('/#/home/1');
    await trackFromHome(page, PROTOCOLO);
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    const token = await stored(page, 'token');
    expect(token, 'the lookup answered a token of its own').toMatch(/^(?!free$)./);
    const signOut = page.waitForRequest((request) => request.url().endsWith('/auth/sair'));
    const answered = page.waitForResponse((response) => response.url().endsWith('/auth/sair'));
    await page.getByRole('button', { name: 'Encerrar sessão' }).click();
    const request = await signOut;
    expect(request.method()).toBe('POST');
    expect(await request.headerValue('authorization')).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByText('Sessão encerrada.')).toBeVisible();
    // The server ended the session: the same token, copied before, opens nothing any more.
    expect(await (await answered).text()).toBe('OK');
    const copied = await page.request.get(`${API}portabilidade/acompanhamento?protocolo=${PROTOCOLO}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(copied.status()).toBe(401);
    await page.waitForTimeout(500);
    expect(await page.getByText(UNEXPECTED).count()).toBe(0);
    expect([await stored(page, 'protocolo'), await stored(page, 'token')]).toEqual([null, null]);
  });

  test("'Retornar' leaves at once even when the server never answers the revocation", async ({ page }) => {
    const held: string[] = [];
    await page.route('**/auth/sair', (route) => {
      held.push((route.request().headers().authorization as string | undefined) ?? '');
      // Never answered: leaving must not wait for it.
    });
    await page.goto('/#/home/1');
    await trackFromHome(page, PROTOCOLO);
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    const token = await stored(page, 'token');
    await page.getByRole('button', { name: 'Retornar' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByRole('button', { name: 'Acompanhar Solicitação' })).toBeVisible();
    await expect(page.locator('.loading-overlay')).toBeHidden();
    expect(held).toEqual([`Bearer ${token}`]);
  });

  test("the browser's Back from tracking ends the session as 'Retornar' does: Forward opens nothing of it (found by an exploratory run)", async ({
    page,
  }) => {
    const signOut = page.waitForRequest((request) => request.url().endsWith('/auth/sair'));
    await page.goto('/#/home/1');
    await trackFromHome(page, PROTOCOLO);
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(PROTOCOLO);
    const token = await stored(page, 'token');
    await page.goBack();
    await expect(page).toHaveURL(/#\/home\/1$/);
    expect(await (await signOut).headerValue('authorization')).toBe(`Bearer ${token}`);
    expect([await stored(page, 'protocolo'), await stored(page, 'token')]).toEqual([null, null]);
    // The next person presses Forward.
    await page.goForward();
    await expectNothingOfTheRequest(page);
  });

  test("a tracking screen whose session another tab ended, or another tab's new request took, goes home and says why; that request goes on (found by an exploratory run)", async ({
    page,
    context,
  }) => {
    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.goto('/#/home/1');
      await trackFromHome(tab, PROTOCOLO);
    }
    // 'Encerrar sessão' in one tab ends the request in the other too (a shared phone).
    await other.getByRole('button', { name: 'Encerrar sessão' }).first().click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByText(SESSION_ENDED_ELSEWHERE_MESSAGE)).toBeVisible();

    // Followed again here, then a new request in the other tab takes the one stored session.
    // Before, this tab stayed, and its next call carried the other request's token
    // ('Baixar comprovante (PDF)' answered "Ocorreu um erro inesperado!").
    await trackFromHome(page, PROTOCOLO);
    const { protocoloAns } = uniqueIds();
    await startNewRequest(other, protocoloAns);
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByText(SESSION_TAKEN_MESSAGE)).toBeVisible();
    expect(await stored(page, 'protocolo')).toBe(protocoloAns);
    await other.reload();
    await expect(other.getByLabel('Protocolo ANS', { exact: true })).toHaveValue(protocoloAns);
  });
});
