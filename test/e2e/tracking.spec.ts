/**
 * Acompanhamento end to end (issue 4), in Chromium against the real reference server: a
 * request filed through the API is moved with the backoffice command through
 * 'em análise' → 6 (type 1) → 3, and each panel, lock, signature, finish, modal and
 * redirect is checked, with axe (WCAG 2.2 AA rules) on every panel and modal.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { API, E2E_DATA_DIR } from './support/env';

interface RequestSummary {
  nuProtocolo: string;
  senha: string;
  cpf: string;
  flStatus: number;
  cdStatusPort: number;
  flConcordo: string | null;
  exigeLogin: boolean;
}

const CPF = '52998224725';
const OPERATOR_NAME = 'Vida Plena Saúde';

/** A valid new request (SPEC §3), filed the way the wizard files it, CSRF included. */
async function fileRequest(baseURL: string): Promise<string> {
  const api = await apiRequest.newContext({ baseURL });
  await api.get('/'); // hands out the XSRF-TOKEN cookie
  const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(csrf, 'the server sets the CSRF cookie').toBeTruthy();
  const response = await api.post(`${API}portabilidade`, {
    headers: { 'X-XSRF-TOKEN': csrf!, 'Idempotency-Key': randomUUID(), 'X-Frame-Options': 'deny' },
    data: {
      tipo: '9', nu_protocolo_ans: String(Date.now()).padStart(20, '0'), nu_protocolo: '',
      nome: 'MARIA DA SILVA', nm_mae: 'ANA DA SILVA', cpf: CPF, dt_nascimento: '10/05/1980',
      cd_cep: '01001000', ds_endereco: 'PRACA DA SE', nu_endereco: '100', ds_bairro: 'SE',
      ds_cidade: 'SAO PAULO', ds_uf: 'SP', ds_complemento: '',
      ops_origem: 'OPERADORA ANTIGA', plano_origem: 'PLANO ANTIGO', nu_ans_ops_origem: '123456',
      nu_ans_plano_origem: '987654321', area_plano: 'NACIONAL', dt_inicio: '01/01/2020',
      tp_contrato_origem: 'TITULAR', nu_ans_plano_destino: '481234561',
      plano_destino: 'VIDA PLENA ESSENCIAL ENFERMARIA', tp_contrato_destino: 'TITULAR', tp_port_destino: '3',
      fl_aceita_email: '1',
      contato: [{ tp_contato: '1', ds_contato: '11987654321' }, { tp_contato: '2', ds_contato: 'maria@example.com' }],
      dependente: [], cd_empresa_plano: '1',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { nuProtocolo } = (await response.json()) as { nuProtocolo: string };
  await api.dispose();
  return nuProtocolo;
}

/** The operator's backoffice command, on the test server's data (it asks the running server). */
function backoffice(...args: string[]): RequestSummary {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/backoffice.ts', ...args, '--json'], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  return JSON.parse(out) as RequestSummary;
}

async function expectAccessible(page: Page, where: string) {
  // The loading overlay fades out over 200 ms: check the page once it is really gone.
  await expect(page.locator('.loading-overlay')).toBeHidden();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

/** Home in track mode: protocol, then (when asked) CPF and password, then the tracking screen. */
async function trackFromHome(page: Page, protocolo: string, login?: { cpf: string; senha: string }) {
  if (!(await page.getByLabel('Digite o protocolo', { exact: true }).isVisible())) {
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  }
  await page.getByLabel('Digite o protocolo', { exact: true }).fill(protocolo);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  if (login) {
    const cpf = page.getByLabel('CPF');
    await expect(cpf).toBeFocused(); // the login fields focus CPF once mounted: type after that
    await expect(page.locator('.loading-overlay')).toBeHidden();
    // Typed at a human pace: the masked field is controlled through the home machine and can
    // drop keys sent faster than it re-renders on a loaded machine (reported to home's owner).
    await cpf.pressSequentially(login.cpf, { delay: 120 });
    await expect(cpf).toHaveValue(login.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'));
    await page.getByLabel('Senha').fill(login.senha);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
  }
  await expect(page).toHaveURL(/#\/acompanhamento$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Acompanhar Solicitação');
}

const panel = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test.describe('acompanhamento', () => {
  test('one request walked through em análise → 6 (type 1) → 3, with both modals and redirects', async ({ page, baseURL, context }) => {
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

    // --- status 6, type 1: 'Finalizar' waits for a choice; agreeing locks it
    backoffice('set-status', protocolo, '6', '--tipo', '1');
    await page.reload();
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    const finalize = page.getByRole('button', { name: 'Finalizar' });
    await expect(finalize).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expectAccessible(page, 'status 6');
    await page.getByLabel('Estou de acordo').check();
    await expect(finalize).toBeEnabled();
    await expect(page.getByLabel('Estou de acordo')).toBeDisabled();
    await expect(page.getByLabel('Não aceito')).toBeDisabled();
    await finalize.click();

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
    const accepted = backoffice('set-status', protocolo, '3');
    expect(accepted).toMatchObject({ flStatus: 3, cdStatusPort: 1, flConcordo: 'S', exigeLogin: true });
    expect(accepted.senha).toBe(protocolo.slice(-6));
    await trackFromHome(page, protocolo, { cpf: CPF, senha: accepted.senha });
    await expect(panel(page, 'Sua solicitação foi aceita')).toBeVisible();
    await expect(page.getByLabel('Estou de acordo')).toBeChecked(); // pre-set from flConcordo
    await expect(page.getByLabel('Estou de acordo')).toBeDisabled();
    await expectAccessible(page, 'status 3');

    // Unsigned terms: a warning, and nothing is finished.
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByText('Ainda há documento(s) que precisa(m) ser assinado(s).')).toBeVisible();
    expect(backoffice('show', protocolo).flStatus).toBe(3);

    // Sign every term: each opens in a new tab and stays checked and disabled.
    const terms = page.getByRole('region', { name: 'Termos e declarações' }).getByRole('checkbox');
    const count = await terms.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const term = terms.nth(i);
      const tab = context.waitForEvent('page');
      await term.click();
      const opened = await tab;
      expect(opened.url()).toMatch(/^https?:\/\/.+\/arquivos\//);
      await opened.close();
      await expect(term).toBeChecked();
      await expect(term).toBeDisabled();
    }

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
    expect(backoffice('show', protocolo).flStatus).toBe(7);
  });

  test("status 6 type 2: 'Estou ciente' enables 'Finalizar', which records the acknowledgement and reloads", async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    backoffice('set-status', protocolo, '6', '--tipo', '2');
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    await expect(panel(page, 'Finalize sua solicitação')).toBeVisible();
    await expect(page.getByLabel('Não aceito')).toHaveCount(0);
    const finalize = page.getByRole('button', { name: 'Finalizar' });
    await expect(finalize).toBeDisabled();
    await page.getByLabel('Estou ciente').check();
    await expect(finalize).toBeEnabled();
    await finalize.click();
    await expect(page.getByRole('button', { name: /Ver documento de aceite/ })).toBeVisible();
    await expect(page.getByLabel('Estou ciente')).toBeChecked();
    await expect(page.getByLabel('Estou ciente')).toBeDisabled();
    expect(backoffice('show', protocolo).flConcordo).toBe('S');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
  });

  test("an expired token on a request that requires login shows 'Fazer login', which opens home in track mode", async ({ page, baseURL }) => {
    const protocolo = await fileRequest(baseURL!);
    expect(backoffice('set-status', protocolo, '3', '--tipo', '1', '--concordo', 'S').exigeLogin).toBe(true);
    await page.addInitScript((p) => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem('protocolo', p);
        window.localStorage.setItem('token', 'expired.or.forged');
        window.localStorage.setItem('cdEmpresaPlano', '1');
      }
    }, protocolo);
    await page.goto('/#/acompanhamento');
    await expect(page.getByRole('alert').filter({ hasText: 'Faça login novamente' })).toBeVisible();
    await expect(page.getByLabel('Protocolo', { exact: true })).toHaveValue(protocolo);
    await expectAccessible(page, 'login required');
    await page.getByRole('button', { name: 'Fazer login' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.getByLabel('Digite o protocolo', { exact: true })).toBeVisible();
    expect(await stored(page, 'token')).toBeNull();
  });

  test('a server link off the portal\'s origin, or spelled to look like it, is never opened; one on it is', async ({ page, baseURL, context }) => {
    const protocolo = await fileRequest(baseURL!);
    const unsafe = [
      'javascript:alert(1)', '//evil.example/x', '\\\\evil.example\\x', '/\\evil.example/x', 'https:evil.example',
      'https://evil.example/x',
    ];
    const safe = '/wslinhafrente/v1/openapi.json';
    await page.route('**/wslinhafrente/v1/portabilidade/documento?*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify([...unsafe, safe].map((linkUrl, index) => ({
          nmArquivo: `doc-${index}.pdf`, nmExtensaoArquivo: 'pdf', nmDocumento: `Documento ${index}`, dtAssinatura: null, linkUrl,
        }))),
      }));
    const opened: string[] = [];
    context.on('page', (popup) => { opened.push(popup.url()); });
    let evilRequests = 0;
    await context.route(/evil\.example/, (route) => { evilRequests += 1; return route.abort(); });
    let alerted = false;
    page.on('dialog', (dialog) => { alerted = true; void dialog.dismiss(); });
    await page.goto('/#/home/1');
    await trackFromHome(page, protocolo);
    const buttons = page.getByRole('button', { name: /^Visualizar/ });
    await expect(buttons).toHaveCount(unsafe.length + 1);
    const refusals: string[] = [];
    page.on('console', (message) => { if (message.text().startsWith('Link recusado')) refusals.push(message.text()); });
    const refused = page.getByText('Não foi possível abrir o documento: o endereço recebido é inválido.');
    for (let index = 0; index < unsafe.length; index += 1) {
      await buttons.nth(index).click();
      // Each click is refused on its own (toasts come and go: the console line counts them).
      await expect.poll(() => refusals.length).toBe(index + 1);
      await expect(refused.first()).toBeVisible();
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
