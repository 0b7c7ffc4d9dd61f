/**
 * What the tracking browser tests share: a request filed through the API as the wizard files
 * it, the backoffice command that moves it through statuses, home's way into the tracking
 * screen (with the login when asked), and axe with the WCAG 2.2 AA rules.
 */
import { expect, request as apiRequest, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { runBackofficeCommandLine } from '../../paths/ui/backoffice-in-process';
import { API } from './env';
import { expectNoAxeViolations, uniqueIds } from './portal';

export interface RequestSummary {
  nuProtocolo: string;
  senha: string;
  cpf: string;
  flStatus: number;
  cdStatusPort: number;
  flConcordo: string | null;
  exigeLogin: boolean;
}

export const CPF = '52998224725';
export const OPERATOR_NAME = 'Vida Plena Saúde';

/** A valid new request (SPEC §3), filed the way the wizard files it, CSRF included. */
export async function fileRequest(baseURL: string): Promise<string> {
  const api = await apiRequest.newContext({ baseURL });
  await api.get('/'); // hands out the XSRF-TOKEN cookie
  const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(csrf, 'the server sets the CSRF cookie').toBeTruthy();
  const response = await api.post(`${API}portabilidade`, {
    headers: { 'X-XSRF-TOKEN': csrf!, 'Idempotency-Key': randomUUID(), 'X-Frame-Options': 'deny' },
    data: {
      tipo: '9',
      nu_protocolo_ans: uniqueIds().protocoloAns,
      nu_protocolo: '',
      nome: 'MARIA DA SILVA',
      nm_mae: 'ANA DA SILVA',
      cpf: CPF,
      dt_nascimento: '10/05/1980',
      cd_cep: '01001000',
      ds_endereco: 'PRACA DA SE',
      nu_endereco: '100',
      ds_bairro: 'SE',
      ds_cidade: 'SAO PAULO',
      ds_uf: 'SP',
      ds_complemento: '',
      ops_origem: 'OPERADORA ANTIGA',
      plano_origem: 'PLANO ANTIGO',
      nu_ans_ops_origem: '123456',
      nu_ans_plano_origem: '987654321',
      area_plano: 'NACIONAL',
      dt_inicio: '01/01/2020',
      tp_contrato_origem: 'TITULAR',
      nu_ans_plano_destino: '481234561',
      plano_destino: 'VIDA PLENA ESSENCIAL ENFERMARIA',
      tp_contrato_destino: 'TITULAR',
      tp_port_destino: '3',
      fl_aceita_email: '1',
      contato: [
        { tp_contato: '1', ds_contato: '11987654321' },
        { tp_contato: '2', ds_contato: 'maria@example.com' },
      ],
      dependente: [],
      cd_empresa_plano: '1',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { nuProtocolo } = (await response.json()) as { nuProtocolo: string };
  await api.dispose();
  return nuProtocolo;
}

/**
 * The operator's backoffice command on the test server's data, run in this process (it asks
 * the running server over loopback, as `npm run backoffice` does): no process per move.
 */
export async function backoffice<T = RequestSummary>(...args: string[]): Promise<T> {
  return (await runBackofficeCommandLine(args)) as T;
}

export async function expectAccessible(page: Page, where: string) {
  // The loading overlay fades out over 200 ms: check the page once it is really gone.
  await expect(page.locator('.loading-overlay')).toBeHidden();
  await expectNoAxeViolations(page, where);
}

/** Home in track mode: protocol, then (when asked) CPF and password, then the tracking screen. */
export async function trackFromHome(page: Page, protocolo: string, login?: { cpf: string; senha: string }) {
  if (!(await page.getByLabel('Digite o protocolo', { exact: true }).isVisible())) {
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  }
  await page.getByLabel('Digite o protocolo', { exact: true }).fill(protocolo);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  if (login) {
    const cpf = page.getByLabel('CPF');
    await expect(cpf).toBeFocused(); // the login fields focus CPF once mounted: type after that
    await expect(page.locator('.loading-overlay')).toBeHidden();
    // Typed key by key, as fast as the keyboard sends them: the masked field keeps every digit.
    await cpf.pressSequentially(login.cpf);
    await expect(cpf).toHaveValue(login.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'));
    await page.getByLabel('Senha').fill(login.senha);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
  }
  await expect(page).toHaveURL(/#\/acompanhamento$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Acompanhar Solicitação');
}

/** The request put in a state by the backoffice (`set-status` and its flags), then opened from home in track mode. */
export async function openAt(page: Page, protocolo: string, ...status: string[]) {
  await backoffice('set-status', protocolo, ...status);
  await page.goto('/#/home/1');
  await trackFromHome(page, protocolo);
}

export const panel = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });
export const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

/** The confirmation 'Finalizar' asks for before sending a choice ("Enviar 'Estou de acordo'?"). */
export const sendConfirmation = (page: Page) => page.getByRole('dialog', { name: /^Enviar '/ });

/** 'Finalizar' with a choice made, then 'Enviar' in the confirmation it asks for. */
export async function sendChoice(page: Page) {
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await sendConfirmation(page).getByRole('button', { name: 'Enviar', exact: true }).click();
}

/** Status 3's list of terms and declarations. */
export const termsRegion = (page: Page) => page.getByRole('region', { name: 'Termos e declarações' });
/** Each term's 'Abrir …' (its name says it opens a new tab) and its 'Li e aceito: …' box. */
export const termOpeners = (page: Page) => termsRegion(page).getByRole('button', { name: /^Abrir .+ \(abre em nova aba\)$/ });
export const termBoxes = (page: Page) => termsRegion(page).getByRole('checkbox', { name: /^Li e aceito: / });

/**
 * Opens the i-th term as a holder does ('Abrir', a new tab) and waits for the server's answer
 * (it records the reading before answering), then closes the tab. Focus stays on 'Abrir'. The
 * answer, not the body's end: a browser without a PDF viewer saves the file instead.
 */
export async function openTerm(page: Page, index: number): Promise<void> {
  const served = page.context().waitForEvent('response', (response) => response.url().includes('/arquivos/'));
  const tab = page.context().waitForEvent('page');
  await termOpeners(page).nth(index).click();
  await served;
  await (await tab).close();
  await expect(termOpeners(page).nth(index)).toBeFocused();
}

/** Opens then accepts every term: each box checked and locked once the server recorded it. */
export async function openAndAcceptEveryTerm(page: Page): Promise<void> {
  const count = await termBoxes(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(termBoxes(page).nth(i)).toBeDisabled(); // not opened yet
    await openTerm(page, i);
    await termBoxes(page).nth(i).click();
    await expect(termBoxes(page).nth(i)).toBeChecked();
    await expect(termBoxes(page).nth(i)).toBeDisabled();
  }
}

/** "Desistir desta solicitação?" */
export const withdrawConfirmation = (page: Page) => page.getByRole('dialog', { name: 'Desistir desta solicitação?' });
