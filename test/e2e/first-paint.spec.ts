/**
 * The first paint: every screen a link or a reload opens is in index.html, rendered at build
 * time by React itself (scripts/vite-prerender.ts), so a slow phone shows it before any
 * script runs; then React hydrates that same markup (the nodes stay, nothing is painted
 * twice). These tests hold the bundle back to see what the HTML alone paints, and watch the
 * running portal take it over without a hydration error.
 */
import { expect, test, type Page } from './support/test';
import { SESSION_IDLE_MS, SESSION_TIMES_KEY, TAB_DRAFT_KEY, deviceDraftKey } from '../../src/storage';
import { layoutShifts, recordLayoutShifts } from './support/layout-shifts';
import { seedSession } from './support/session';

test.use({ viewport: { width: 412, height: 823 } });

const SESSION = { protocolo: '12345678901234567890', token: 'free' };

function withoutBundle(page: Page) {
  return page.route('**/assets/*.js', (route) => route.abort());
}

/** Holds the script at `url` (a slow link) until the returned function lets it through. */
async function holdScript(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Console errors (hydration mismatches, CSP violations) and uncaught exceptions. */
function problems(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

async function store(page: Page, entries: Record<string, string>) {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/** What index.html painted and these tests look for again once React runs. */
const PAINTED_HEADING = '#root h1';
const PAINTED_FIELD = '#root input';

/** Keeps the node index.html painted at `selector`, to tell later whether React kept it or drew a new one. */
async function rememberPainted(page: Page, selector: string) {
  await page.addInitScript((selector) => {
    document.addEventListener('DOMContentLoaded', () => {
      const scope = window as unknown as { painted?: Record<string, Element | null> };
      scope.painted = { ...scope.painted, [selector]: document.querySelector(selector) };
    });
  }, selector);
}

const keptPainted = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const painted = (window as unknown as { painted?: Record<string, Element | null> }).painted?.[selector] ?? null;
    return painted !== null && painted === document.querySelector(selector) && painted.isConnected;
  }, selector);

/** Home's modes whose protocol step (a lazy chunk) is part of the painted screen. */
const LAZY_STEP_SHELLS: ReadonlySet<string> = new Set(['home-new', 'home-track']);

/**
 * As on a slow phone, the protocol step's code is held until `ms` from now, or until the
 * returned function is called, whichever comes first.
 */
async function delayProtocolStepCode(page: Page, ms: number): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, ms);
  });
  await page.route('**/assets/protocol-step-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const SCREENS = [
  { shell: 'home', hash: '#/home/1', stored: {}, session: false, heading: 'Portabilidade', control: 'Realizar Solicitação' },
  { shell: 'home-new', hash: '#/home/1', stored: { type: 'new' }, session: false, heading: 'Solicitar Portabilidade', control: 'Retornar' },
  {
    shell: 'home-track',
    hash: '#/home/1',
    stored: { type: 'track' },
    session: false,
    heading: 'Acompanhar Portabilidade',
    control: 'Retornar',
  },
  { shell: 'nova-solicitacao', hash: '#/nova-solicitacao', stored: {}, session: true, heading: 'Nova Solicitação', control: 'Próximo' },
  {
    shell: 'acompanhamento',
    hash: '#/acompanhamento',
    stored: {},
    session: true,
    heading: 'Acompanhar Solicitação',
    control: 'Abrir menu',
  },
] as const;

/** What the screen finds stored: its values, and a live session when it is a guarded one. */
async function prepare(page: Page, screen: (typeof SCREENS)[number]) {
  await store(page, screen.stored);
  if (screen.session) await seedSession(page, SESSION);
}

test.describe('the first paint, before any script', () => {
  for (const screen of SCREENS) {
    test(`${screen.shell}: painted from the HTML alone, then hydrated as it is`, async ({ page }) => {
      const seen = problems(page);
      await prepare(page, screen);
      await withoutBundle(page);
      await page.goto(`/${screen.hash}`);
      await expect(page.locator('#root')).toHaveAttribute('data-shell', screen.shell);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(screen.heading);
      await expect(page.getByRole('button', { name: screen.control }).first()).toBeVisible();
      expect(seen.filter((message) => !/Failed to load resource|net::ERR_FAILED/.test(message))).toEqual([]);
    });

    test(`${screen.shell}: React takes the prerendered markup over without a hydration error`, async ({ page }) => {
      const seen = problems(page);
      await prepare(page, screen);
      await rememberPainted(page, PAINTED_HEADING);
      // A home mode's protocol step is a lazy part of the painted screen; here its code comes late.
      const lazyStep = LAZY_STEP_SHELLS.has(screen.shell);
      const releaseStep = lazyStep ? await delayProtocolStepCode(page, 1_500) : () => {};
      await page.goto(`/${screen.hash}`);
      // Running: React names the tab after the screen (the HTML's title is the application's alone).
      await expect(page).not.toHaveTitle('Portabilidade');
      await expect(page.getByRole('button', { name: screen.control }).first()).toBeEnabled();
      expect(await keptPainted(page, PAINTED_HEADING)).toBe(true);
      if (lazyStep) {
        // Pressed as soon as React answers, before the step's code is let through: a painted part
        // React had not taken over for want of its code would drop the press (React does not replay it).
        await page.getByRole('button', { name: 'Retornar' }).press('Enter');
        releaseStep();
        await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
      }
      // The made-up protocol answers 404 on tracking (the browser says so, and the error catalogue
      // logs it once the retries are spent: since the reads start with the HTML, often by now);
      // anything else said in the console is a fault.
      const expected404 = /Failed to load resource: the server responded with a status of 404|^ApiError: tracking: http 404/;
      expect(seen.filter((message) => !expected404.test(message))).toEqual([]);
    });

    test(`${screen.shell}: nothing on it moves when the data arrives after the paint`, async ({ page }) => {
      await prepare(page, screen);
      await recordLayoutShifts(page);
      await rememberPainted(page, PAINTED_FIELD);
      // As on a phone: every answer comes a moment after the prerendered screen has painted.
      await page.route('**/wslinhafrente/v1/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      // A home mode's protocol step is a lazy part of the painted screen: its code comes late
      // here, and React takes the screen over only once it is in (an answer re-rendering the
      // screen before it would make React paint the step again, and what is below it jump).
      const lazyStep = LAZY_STEP_SHELLS.has(screen.shell);
      if (lazyStep) await delayProtocolStepCode(page, 1_000);
      await page.goto(`/${screen.hash}`);
      await expect(page.getByRole('button', { name: screen.control }).first()).toBeEnabled();
      await page.waitForLoadState('networkidle');
      expect(await layoutShifts(page)).toEqual([]);
      // The field painted from the HTML is the one React kept (a field drawn anew loses what was typed).
      if (lazyStep) expect(await keptPainted(page, PAINTED_FIELD)).toBe(true);
    });
  }

  test('the wizard shows the stored protocol once React runs (the HTML cannot know it)', async ({ page }) => {
    await seedSession(page, SESSION);
    await page.goto('/#/nova-solicitacao');
    const protocol = page.getByLabel('Protocolo ANS');
    await expect.poll(async () => (await protocol.inputValue()).replace(/\D/g, '')).toBe(SESSION.protocolo);
  });

  test('what is typed, ticked and chosen on the painted wizard before its code took over is kept, masks applied', async ({ page }) => {
    const seen = problems(page);
    await seedSession(page, SESSION);
    // The screen's code held on a slow link: the painted fields take keystrokes meanwhile.
    const release = await holdScript(page, /\/assets\/nova-solicitacao-page-[^/]+\.js$/);
    await page.goto('/#/nova-solicitacao', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'nova-solicitacao');
    await page.getByLabel('Nome do beneficiário', { exact: true }).fill('Maria da Silva');
    await page.locator('#wizard-cpf').fill('52998224725');
    await page.getByLabel('Desejo receber as respostas por e-mail').check();
    await page.getByLabel('Continuar depois neste aparelho').check();
    await page.getByLabel('UF', { exact: true }).selectOption('SP');
    release();
    await expect(page.getByLabel('Nome do beneficiário', { exact: true })).toHaveValue('MARIA DA SILVA');
    await expect(page.locator('#wizard-cpf')).toHaveValue('529.982.247-25');
    // Typing on after the takeover renders the step again: a tick or choice the flow did not
    // take would be undone by that render, and the draft would not have it.
    await page.getByLabel('Celular', { exact: true }).fill('11987654321');
    await expect(page.getByLabel('Desejo receber as respostas por e-mail')).toBeChecked();
    await expect(page.getByLabel('Desejo receber avisos por SMS no celular')).not.toBeChecked();
    await expect(page.getByLabel('Continuar depois neste aparelho')).toBeChecked();
    await expect(page.getByLabel('UF', { exact: true })).toHaveValue('SP');
    // Kept on this device, as ticked: the draft there holds every change.
    await expect
      .poll(() =>
        page.evaluate(
          (key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.snapshot?.context?.form ?? null,
          deviceDraftKey(SESSION.protocolo),
        ),
      )
      .toMatchObject({
        nome: 'MARIA DA SILVA',
        cpf: '52998224725',
        celular: '11987654321',
        fl_aceita_email: true,
        fl_aceita_sms: false,
        ds_uf: 'SP',
      });
    expect(seen).toEqual([]);
  });

  test('a date typed halfway and a CPF then waived on the painted wizard come out as typing them would', async ({ page }) => {
    const seen = problems(page);
    await seedSession(page, SESSION);
    const release = await holdScript(page, /\/assets\/nova-solicitacao-page-[^/]+\.js$/);
    await page.goto('/#/nova-solicitacao', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'nova-solicitacao');
    const birth = page.getByLabel('Data de nascimento', { exact: true });
    // As people write a date: with its slashes, the year still to come.
    await birth.pressSequentially('15/0');
    await page.locator('#wizard-cpf').pressSequentially('529982247251');
    await page.getByLabel('Beneficiário não possui CPF').check();
    release();
    await expect(page.locator('#wizard-cpf')).toBeDisabled();
    await expect(birth).toHaveValue('15/0');
    // Back to the date with a tap (a key pressed into an unfocused field would start at its beginning).
    await birth.click();
    await birth.pressSequentially('3/1990');
    await expect(birth).toHaveValue('15/03/1990');
    // Waived, the CPF is cleared (SPEC §5), on the screen as in the flow.
    await expect(page.locator('#wizard-cpf')).toHaveValue('');
    await page.getByLabel('Beneficiário não possui CPF').uncheck();
    await expect(page.locator('#wizard-cpf')).toBeEnabled();
    await expect(page.locator('#wizard-cpf')).toHaveValue('');
    await expect
      .poll(() => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null')?.context?.form ?? null, TAB_DRAFT_KEY))
      .toMatchObject({ dt_nascimento: '15/03/1990', cpf: '', sem_cpf: false });
    expect(seen).toEqual([]);
  });

  test('keystrokes that keep coming while the code takes the painted wizard over all land, on a slow phone', async ({ page }) => {
    const seen = problems(page);
    await seedSession(page, SESSION);
    const release = await holdScript(page, /\/assets\/nova-solicitacao-page-[^/]+\.js$/);
    await page.goto('/#/nova-solicitacao', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'nova-solicitacao');
    const name = page.getByLabel('Nome do beneficiário', { exact: true });
    await name.click();
    await name.pressSequentially('Maria');
    // A phone four times slower takes the screen over while the person goes on typing: the
    // keys pressed after the code arrived and before React held the field are the ones at risk.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      release();
      await name.pressSequentially(' da Silva Santos Oliveira Pereira', { delay: 5 });
      await expect(name).toHaveValue('MARIA DA SILVA SANTOS OLIVEIRA PEREIRA');
      // What the field shows is what the flow holds: the next step's review of it would say so,
      // and a render of the field (its error shown and gone) does not put it back to empty.
      await page.locator('#wizard-cpf').click();
      await expect(name).toHaveValue('MARIA DA SILVA SANTOS OLIVEIRA PEREIRA');
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    await expect
      .poll(() =>
        page.evaluate(
          () => window.sessionStorage.getItem('portabilidade.wizard.v1')?.includes('MARIA DA SILVA SANTOS OLIVEIRA PEREIRA') ?? false,
        ),
      )
      .toBe(true);
    expect(seen).toEqual([]);
  });

  test('a protocol typed on the painted home before its code arrived is kept, and Prosseguir looks it up', async ({ page }) => {
    const seen = problems(page);
    await store(page, { type: 'track' });
    const release = await holdScript(page, /\/assets\/index-[^/]+\.js$/);
    // The entry is a module script: the document's load events wait for it, the paint does not.
    await page.goto('/#/home/1', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'home-track');
    const protocol = page.getByRole('textbox', { name: 'Digite o protocolo', exact: true });
    // The seeded request in analysis (server/seed/demo-requests.ts): no login asked.
    await protocol.pressSequentially('4821390756');
    release();
    await protocol.pressSequentially('1238470015', { delay: 5 });
    await expect(protocol).toHaveValue('48213907561238470015');
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page).toHaveURL(/#\/acompanhamento$/);
    expect(await page.evaluate(() => localStorage.getItem('protocolo'))).toBe('48213907561238470015');
    expect(seen).toEqual([]);
  });

  test('a wizard draft kept in this tab is not prerendered: React renders it with its values', async ({ page }) => {
    const seen = problems(page);
    await seedSession(page, SESSION);
    await page.goto('/#/nova-solicitacao');
    await page.getByLabel('Nome do beneficiário', { exact: true }).fill('Maria da Silva');
    await expect(page.getByLabel('Nome do beneficiário', { exact: true })).toHaveValue('MARIA DA SILVA');
    // The reload comes once the draft is in this tab's storage: typed on the painted HTML and
    // reloaded before the code ran, there is no app yet to keep it (the capitals the field
    // shows are its own; a slow CI run reloaded before the draft was written).
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('portabilidade.wizard.v1')?.includes('MARIA DA SILVA') ?? false))
      .toBe(true);
    await page.reload();
    await expect(page.locator('#root')).not.toHaveAttribute('data-shell');
    await expect(page.getByLabel('Nome do beneficiário', { exact: true })).toHaveValue('MARIA DA SILVA');
    expect(seen).toEqual([]);
  });

  test('without a session, a guarded screen opens home, painted from the HTML alone as the guard would send it', async ({ page }) => {
    await withoutBundle(page);
    await page.goto('/#/acompanhamento');
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'home');
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
  });

  test('a session idle past its time is no session: home from the HTML alone, the pair removed, and React keeps it', async ({ page }) => {
    const seen = problems(page);
    await store(page, {
      ...SESSION,
      [SESSION_TIMES_KEY]: JSON.stringify({ desde: Date.now() - SESSION_IDLE_MS, ultimaAtividade: Date.now() - SESSION_IDLE_MS }),
    });
    await page.goto('/#/acompanhamento');
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'home');
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeEnabled();
    expect(await page.evaluate(() => [localStorage.getItem('protocolo'), localStorage.getItem('token')])).toEqual([null, null]);
    expect(seen).toEqual([]);
  });

  test('the bare address opens home, prerendered', async ({ page }) => {
    await withoutBundle(page);
    await page.goto('/');
    await expect(page).toHaveURL(/#\/home\/1$/);
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'home');
  });

  const preloads = (page: Page) => page.locator('link[rel="modulepreload"]');

  for (const [route, other] of [
    ['nova-solicitacao', 'acompanhamento'],
    ['acompanhamento', 'nova-solicitacao'],
  ] as const) {
    test(`${route} asks for its own code beside the bundle, from the HTML`, async ({ page }) => {
      await seedSession(page, SESSION);
      await withoutBundle(page);
      await page.goto(`/#/${route}`);
      await expect(preloads(page).and(page.locator(`[href*="/assets/${route}-page-"]`))).toHaveCount(1);
      await expect(preloads(page).and(page.locator(`[href*="/assets/${other}-page-"]`))).toHaveCount(0);
    });
  }

  test("home asks for no other screen's code", async ({ page }) => {
    await withoutBundle(page);
    await page.goto('/#/home/1');
    await expect(page.locator('#root')).toHaveAttribute('data-shell', 'home');
    await expect(preloads(page).and(page.locator('[href*="-page-"]'))).toHaveCount(0);
  });

  test('the styles come inside the HTML: no stylesheet request before the first paint', async ({ page }) => {
    await page.goto('/#/home/1');
    await expect(page.getByRole('button', { name: 'Realizar Solicitação' })).toBeVisible();
    const stylesheets = await page.evaluate(
      () => performance.getEntriesByType('resource').filter((entry) => /\.css$/.test(entry.name)).length,
    );
    expect(stylesheets).toBe(0);
  });

  test('a screen whose code cannot be downloaded says so instead of a blank page', async ({ page }) => {
    await seedSession(page, SESSION);
    await page.route('**/assets/nova-solicitacao-page-*.js', (route) => route.abort());
    await page.goto('/#/nova-solicitacao');
    await expect(page.getByRole('heading', { name: 'Não foi possível abrir esta página.' })).toBeVisible();
    // Outside the layout, the page still names a person to reach (issue 26).
    const contact = page.getByTestId('operator-contact');
    await expect(contact.getByRole('heading', { name: /^Fale com a operadora/ })).toBeVisible();
    await expect(contact.getByText(/^Central de atendimento:/)).toBeVisible();
    await expect(contact.getByRole('link', { name: '0800 701 9656' })).toBeVisible();
  });
});
