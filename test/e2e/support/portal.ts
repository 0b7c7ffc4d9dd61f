/**
 * What several browser specs of home and the wizard do the same way: open a screen, find a
 * field by its label, check axe, file a step with valid data.
 */
import { randomInt, randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API } from './env';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * axe reads colours as they are at that instant: a toast or a modal still fading in has a
 * fraction of its contrast. Contrast is about what a user reads once it is on screen, so the
 * check waits for every finite animation to end (a spinner's endless one does not count).
 */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Counts, from now on, every CSS animation and transition that starts on the page: a toast that
 * fades out and is removed while axe reads is gone from `document.getAnimations()` by the time
 * the reading ends, but its start was heard (at load, two fresh-clone runs in five read one so).
 */
const listenForMotion = (page: Page) =>
  page.evaluate(() => {
    const tally = window as unknown as { motionStarts?: number };
    if (tally.motionStarts === undefined) {
      const count = () => (tally.motionStarts = (tally.motionStarts ?? 0) + 1);
      for (const type of ['animationstart', 'transitionstart']) document.addEventListener(type, count, true);
    }
    tally.motionStarts = 0;
  });

/**
 * Whether something moved since `since` (the timeline's time): a start heard, or a finite
 * animation running or started since (one a script started fires no event).
 */
const movedSince = (page: Page, since: number) =>
  page.evaluate(
    (since) =>
      ((window as unknown as { motionStarts?: number }).motionStarts ?? 0) > 0 ||
      document
        .getAnimations()
        .some(
          (a) => a.effect?.getComputedTiming().iterations !== Infinity && (a.playState === 'running' || Number(a.startTime ?? 0) >= since),
        ),
    since,
  );

export async function expectNoAxeViolations(page: Page, where?: string) {
  // A toast can start fading in or out while axe reads the page (its code loads with the first
  // one; it leaves after 5 s): then the reading is of a moment, not of the screen, and is taken
  // again once it settles. On a busy machine one reading takes seconds, so a toast's entry and
  // exit can each fall into one: up to 6 readings (a finite number: an endless one is a spinner).
  let results;
  for (let reading = 1; ; reading += 1) {
    await animationsSettled(page);
    await listenForMotion(page);
    const since = await page.evaluate(() => Number(document.timeline.currentTime ?? 0));
    results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    if (reading === 6 || !(await movedSince(page, since))) break;
  }
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

/** The demo destination plan of operator 1 (server/seed). */
export const DESTINATION = { registry: '481234561', name: 'VIDA PLENA ESSENCIAL ENFERMARIA' };

/** Seeded demo requests (server/seed/demo-requests.ts): password = last 6 digits. */
export const DEMO_LOGIN = { protocolo: '85520374916648203357', cpf: '86247103913', senha: '203357' };

/** A unique ANS protocol and beneficiary name per test, so requests can be told apart. */
export function uniqueIds() {
  // Random, not the clock: two workers filing in the same millisecond got the same ANS
  // protocol, and with the same CPF the second request was refused (one open per pair).
  const stamp = String(randomInt(1e12)).padStart(12, '0');
  const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
  return { protocoloAns: `9${stamp}`.padEnd(20, '0'), nome: `MARIA ${letters}` };
}

export const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });
/** A masked field filled at once (as a paste or a password manager does); it shows the digits masked. */
export async function typeMasked(page: Page, label: string, digits: string) {
  const input = field(page, label);
  await input.fill(digits);
  await expect.poll(async () => (await input.inputValue()).replace(/\D/g, '')).toBe(digits);
}
export const currentStep = (page: Page) => page.locator('[aria-current="step"]');
export const next = (page: Page) => page.getByRole('button', { name: 'Próximo' });
export const previous = (page: Page) => page.getByRole('button', { name: 'Anterior' });

export async function waitIdle(page: Page) {
  await expect(page.getByTestId('loading-overlay')).toHaveAttribute('data-visible', 'false');
}

/** Home → 'Realizar Solicitação' → the ANS protocol → the wizard's first step. */
export async function startNewRequest(page: Page, protocoloAns: string) {
  await page.goto('/#/home/1');
  await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
  await page.getByRole('textbox', { name: 'Digite o protocolo ANS' }).fill(protocoloAns);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(page).toHaveURL(/#\/nova-solicitacao$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nova Solicitação');
  await expect(field(page, 'Protocolo ANS')).toHaveValue(protocoloAns);
}

/** Chooses an option of one of the wizard's dropdowns (a listbox) as a user does: open it, click the option. */
export async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** Step 5's 'Próximo', the review, and its 'Enviar solicitação' (issue 14: nothing is sent before). */
export async function sendReviewed(page: Page) {
  await next(page).click();
  await page.getByTestId('review-modal').getByRole('button', { name: 'Enviar solicitação' }).click();
}

/** The same with no document attached: the warning's 'Continuar sem documentos' comes first. */
export async function sendWithoutDocuments(page: Page) {
  await next(page).click();
  await page.getByTestId('no-documents-modal').getByRole('button', { name: 'Continuar sem documentos' }).click();
  await page.getByTestId('review-modal').getByRole('button', { name: 'Enviar solicitação' }).click();
}

/** The CEP the reference server knows (Avenida Paulista): it fills step 1's address; then the number. */
export async function fillAddressByCep(page: Page) {
  await field(page, 'CEP').fill('01310100');
  await expect(page.getByRole('status').filter({ hasText: 'Endereço preenchido pelo CEP.' })).toBeVisible();
  await field(page, 'Número').fill('1578');
}

/**
 * Files a request for that CPF through the API (with the CSRF double submit); returns its
 * password. Under an ANS protocol of its own unless one is given (one open request per pair).
 */
export async function fileAnotherRequest(
  request: APIRequestContext,
  cpf: string,
  protocoloAns = uniqueIds().protocoloAns,
): Promise<string> {
  await request.get(`${API}portabilidade?solicitacao=9`, { headers: { 'X-Frame-Options': 'deny' } });
  const state = await request.storageState();
  const csrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post(`${API}portabilidade`, {
    headers: { 'X-Frame-Options': 'deny', 'X-XSRF-TOKEN': csrf, 'Idempotency-Key': randomUUID(), Authorization: 'Bearer free' },
    data: {
      tipo: '9',
      nu_protocolo_ans: protocoloAns,
      nu_protocolo: '',
      nome: 'CARLOS EDUARDO LIMA',
      nm_mae: 'TEREZA MARIA DA SILVA',
      cpf,
      dt_nascimento: '15/04/1985',
      cd_cep: '60160230',
      ds_endereco: 'RUA DOS TABAJARAS',
      nu_endereco: '120',
      ds_bairro: 'PRAIA DE IRACEMA',
      ds_cidade: 'FORTALEZA',
      ds_uf: 'CE',
      ds_complemento: '',
      ops_origem: 'SAÚDE EXEMPLO S.A.',
      plano_origem: 'EXEMPLO CLÁSSICO',
      nu_ans_ops_origem: '301234',
      nu_ans_plano_origem: '412345678',
      area_plano: 'ESTADUAL',
      dt_inicio: '01/03/2019',
      tp_contrato_origem: 'TITULAR',
      nu_ans_plano_destino: '481234561',
      plano_destino: 'VIDA PLENA ESSENCIAL ENFERMARIA',
      tp_contrato_destino: 'TITULAR',
      tp_port_destino: '3',
      fl_aceita_email: '0',
      contato: [{ tp_contato: '1', ds_contato: '85988887777' }],
      dependente: [],
      cd_empresa_plano: '1',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { nuProtocolo } = (await response.json()) as { nuProtocolo: string };
  return nuProtocolo.slice(-6);
}

/** The portal's polite live region (React Aria's announcer, added to <body> as a screen that speaks loads). */
export const ANNOUNCED = '[data-live-announcer] [aria-live="polite"]';

/**
 * The latest message said in the polite live region (earlier ones stay a few seconds). The
 * empty node that made the region when the screen loaded (src/ui/announcer.ts) says nothing.
 */
export const lastAnnouncement = (page: Page) => page.locator(ANNOUNCED).locator(':scope > :not(:empty)').last();
