/**
 * Issue 27 item 4, "a draft that waits, only where the holder wants it": with "Continuar
 * depois neste aparelho" checked, closing the tab and opening the portal again resumes the
 * wizard at the same step with every file; unchecked, nothing is left once the tab is closed.
 */
import { expect, test, type BrowserContext, type Page } from './support/test';
import { choose, expectNoAxeViolations, field, next, sendWithoutDocuments, startNewRequest, uniqueIds } from './support/portal';
import { attach, openDocumentsStep } from './support/photos';
import { trackFromHome } from './support/tracking';
import { deviceDraftKey } from '../../src/storage';
import { seedSession } from './support/session';
import { SESSION_ENDED_ELSEWHERE_MESSAGE } from '../../src/app/session-watch';
import { openWizard, stepTitle } from './support/wizard';

/** The demo request under analysis (the reference server's seed). */
const DEMO_PROTOCOL = '48213907561238470015';

/** The keys of every draft kept on this device. */
const keptDrafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('portabilidade.wizard.aparelho'))
      .sort(),
  );
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The names of the files this browser keeps for wizard drafts (IndexedDB). */
function storedFileNames(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('portabilidade-wizard', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('files', { keyPath: 'id' });
        request.onsuccess = () => {
          const all = request.result.transaction('files', 'readonly').objectStore('files').getAll();
          all.onsuccess = () => {
            resolve((all.result as Array<{ name: string }>).map((file) => file.name));
            request.result.close();
          };
        };
      }),
  );
}

/** Step 5 opened with its first document type (RG), and rg.pdf attached and stored. */
async function rgStoredOnStepFive(page: Page) {
  await openDocumentsStep(page, { seedOnce: true });
  await attach(page, { name: 'rg.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect.poll(() => storedFileNames(page)).toEqual(['rg.pdf']);
}

/** Steps 1–4 filled, two files attached on step 5 (each stored before going on). */
async function attachTwoFiles(page: Page) {
  for (let step = 0; step < 4; step += 1) await next(page).click();
  await expect(stepTitle(page, 'Documentos')).toBeVisible();
  await choose(page, 'Tipo de documento', 'RG (documento de identidade)');
  for (const name of ['rg.pdf', 'cpf.pdf']) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Anexar arquivo', exact: true }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('button', { name: `Visualizar ${name}` })).toBeVisible();
  }
  await expect.poll(() => storedFileNames(page).then((names) => names.sort())).toEqual(['cpf.pdf', 'rg.pdf']);
}

/**
 * A new request started as a person does, from home (nothing seeds the session again on a
 * reload), a name typed and kept; then home in a second tab of the same browser, which opens in
 * the mode the request left (asking for an ANS protocol).
 */
async function typedHereThenHomeInAnotherTab(page: Page, context: BrowserContext) {
  const { protocoloAns } = uniqueIds();
  await startNewRequest(page, protocoloAns);
  await field(page, 'Nome do beneficiário').fill('Maria da Silva');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portabilidade.wizard.v1') ?? '')).toContain('MARIA DA SILVA');
  const other = await context.newPage();
  await other.goto('/#/home/1');
  return { protocoloAns, other };
}

/** A new tab: home, 'Realizar Solicitação', the ANS protocol typed (a kept draft opens only so). */
async function typeProtocolOnHome(page: Page, protocoloAns: string): Promise<void> {
  await page.goto('/#/home/1');
  await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
  await page.getByRole('textbox', { name: 'Digite o protocolo ANS' }).fill(protocoloAns);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
}

test('with "Continuar depois neste aparelho", a new tab resumes at the same step with every file', async ({ page, context }) => {
  const protocoloAns = await openWizard(page, true);
  const keep = page.getByLabel('Continuar depois neste aparelho', { exact: true });
  await expect(keep).toHaveAccessibleDescription(/7 dias/);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page, `the opt-in at ${width} px`);
  }
  await keep.check();
  await attachTwoFiles(page);
  await page.close();

  const again = await context.newPage();
  await typeProtocolOnHome(again, protocoloAns);
  await expect(stepTitle(again, 'Documentos')).toBeVisible();
  // Resumed from the device, the wizard is drawn from nothing: no painted step 1 for React to
  // find different (a hydration error, found by an exploratory run).
  const errors: string[] = [];
  again.on('pageerror', (error) => errors.push(error.message));
  again.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await again.reload();
  await expect(stepTitle(again, 'Documentos')).toBeVisible();
  expect(await again.locator('#root').getAttribute('data-shell')).toBeNull();
  expect(errors.filter((error) => /Minified React error|hydrat/i.test(error))).toEqual([]);
  for (const name of ['rg.pdf', 'cpf.pdf']) await expect(again.getByRole('button', { name: `Visualizar ${name}` })).toBeVisible();
  await expect(again.getByRole('alert')).toHaveCount(0);
  await expect(again.getByLabel('Continuar depois neste aparelho', { exact: true })).toBeChecked();
  // Unchecked: the draft no longer outlives the tab.
  await again.getByLabel('Continuar depois neste aparelho', { exact: true }).uncheck();
  await expect.poll(() => again.evaluate((key) => window.localStorage.getItem(key), deviceDraftKey(protocoloAns))).toBeNull();
});

test('without it, nothing is left once the tab is closed', async ({ page, context }) => {
  const protocoloAns = await openWizard(page, true);
  await attachTwoFiles(page);
  expect(await keptDrafts(page)).toEqual([]);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);

  const again = await context.newPage();
  await typeProtocolOnHome(again, protocoloAns);
  await expect(stepTitle(again, 'Dados Pessoais')).toBeVisible();
  await expect(again.getByLabel('Nome do beneficiário', { exact: true })).toHaveValue('');
  expect(await keptDrafts(again)).toEqual([]);
  await expect.poll(() => storedFileNames(again)).toEqual([]);
});

test('a device without room for the draft says so, and closing the tab asks first again (found by an exploratory run)', async ({
  page,
}) => {
  const draftKey = deviceDraftKey(await openWizard(page, true));
  const keep = page.getByLabel('Continuar depois neste aparelho', { exact: true });
  await keep.check();
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key) !== null, draftKey)).toBe(true);
  // The device's storage is full from now on.
  await page.evaluate((key) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (name: string, value: string) {
      if (name === key) throw new DOMException('O armazenamento está cheio.', 'QuotaExceededError');
      return setItem.call(this, name, value);
    };
  }, draftKey);
  await page.getByLabel('Nome da mãe', { exact: true }).fill('Ana de Souza');
  await expect(page.getByTestId('keep-on-device-refused')).toHaveText(/sem espaço para guardar o rascunho/);
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  expect((await dialog).type()).toBe('beforeunload');
});

test('a file the device has no room for is said to live only in this tab, and closing asks first (found by an exploratory run)', async ({
  page,
}) => {
  await openWizard(page, true);
  await page.getByLabel('Continuar depois neste aparelho', { exact: true }).check();
  // The device's file store is full from now on: each write is refused.
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('O armazenamento está cheio.', 'QuotaExceededError');
    };
  });
  for (let step = 0; step < 4; step += 1) await next(page).click();
  await expect(stepTitle(page, 'Documentos')).toBeVisible();
  await choose(page, 'Tipo de documento', 'RG (documento de identidade)');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anexar arquivo', exact: true }).click();
  await (await chooser).setFiles({ name: 'rg.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('files-only-in-tab')).toHaveText(
    'Este aparelho está sem espaço para guardar este arquivo: rg.pdf. Por enquanto ele fica só nesta aba: ' +
      'não feche nem recarregue a página antes de enviar a solicitação, ou libere espaço no aparelho.',
  );
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  expect((await dialog).type()).toBe('beforeunload');
});

test("a shared phone keeps each person's draft: another request's 'Sair e apagar os dados' and its sending leave it as it was (found by a regression walk)", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const keep = (tab: Page) => tab.getByLabel('Continuar depois neste aparelho', { exact: true }).check();
  // Ana keeps her request's draft on the phone and closes the tab.
  const ana = await openWizard(page, false);
  await field(page, 'Nome do beneficiário').fill('Ana Souza');
  await keep(page);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', deviceDraftKey(ana))).toContain('ANA SOUZA');
  await page.close();

  // Bruno, on the same phone, keeps his own, then leaves erasing it.
  const bruno = await context.newPage();
  const brunoAns = await openWizard(bruno, true);
  await keep(bruno);
  await expect.poll(() => keptDrafts(bruno)).toEqual([deviceDraftKey(ana), deviceDraftKey(brunoAns)].sort());
  await next(bruno).click();
  await bruno.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  await bruno.getByRole('button', { name: 'Sair e apagar os dados', exact: true }).click();
  await expect(bruno).toHaveURL(/#\/home\/1$/);
  expect(await keptDrafts(bruno)).toEqual([deviceDraftKey(ana)]);
  await bruno.close();

  // Carla keeps hers, and sends it.
  const carla = await context.newPage();
  await openWizard(carla, true);
  await keep(carla);
  for (let step = 0; step < 4; step += 1) await next(carla).click();
  await expect(stepTitle(carla, 'Documentos')).toBeVisible();
  await sendWithoutDocuments(carla);
  await expect(carla.getByRole('dialog', { name: 'O número do protocolo da sua solicitação é' })).toBeVisible({ timeout: 60_000 });
  expect(await keptDrafts(carla)).toEqual([deviceDraftKey(ana)]);
  await carla.close();

  // Ana comes back: her request opens with what she typed.
  const again = await context.newPage();
  await seedSession(again, { protocolo: ana, token: 'free', cdEmpresaPlano: '1' });
  await again.goto('/#/nova-solicitacao');
  await expect(field(again, 'Nome do beneficiário')).toHaveValue('ANA SOUZA');
  await expect(again.getByLabel('Continuar depois neste aparelho', { exact: true })).toBeChecked();
});

test("a kept draft opens in a new tab only once its protocol is typed there: the next person on the phone, opening the wizard's address, gets home (found by a regression walk)", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // Ana keeps her request's draft and closes the tab; her session is still stored.
  const ana = await openWizard(page, false);
  await field(page, 'Nome do beneficiário').fill('Ana Souza');
  await page.getByLabel('Continuar depois neste aparelho', { exact: true }).check();
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', deviceDraftKey(ana))).toContain('ANA SOUZA');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.close({ runBeforeUnload: true });

  // The next person opens the wizard's address from the history: home asks for the ANS protocol.
  const next = await context.newPage();
  await next.goto('/#/nova-solicitacao');
  await expect(next.getByRole('textbox', { name: 'Digite o protocolo ANS' })).toBeVisible();
  await expect(next).toHaveURL(/#\/home\/1$/);
  await expect(next.getByText('ANA SOUZA')).toHaveCount(0);
  expect(await keptDrafts(next)).toEqual([deviceDraftKey(ana)]);
  // Nor does the tracking address, and its way out leaves the draft alone (found by a regression walk).
  await next.goto('/#/acompanhamento');
  await next.getByRole('button', { name: 'Retornar', exact: true }).click();
  await expect(next).toHaveURL(/#\/home\/1$/);
  expect(await keptDrafts(next)).toEqual([deviceDraftKey(ana)]);
  await next.close();

  // Ana, in a new tab, types her protocol: her draft opens, still kept.
  const again = await context.newPage();
  await typeProtocolOnHome(again, ana);
  await expect(field(again, 'Nome do beneficiário')).toHaveValue('ANA SOUZA');
  await expect(again.getByLabel('Continuar depois neste aparelho', { exact: true })).toBeChecked();
});

test("a session that ends takes the tab's draft and its files with it: the next person typing the protocol starts blank (found by an exploratory run)", async ({
  page,
}) => {
  await page.clock.install();
  const protocoloAns = await openWizard(page, true);
  await attachTwoFiles(page);
  // Nobody touched the phone for 31 minutes.
  await page.clock.fastForward('31:00');
  await expect(page.getByTestId('welcome')).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('portabilidade.wizard.v1'))).toBeNull();
  await expect.poll(() => storedFileNames(page)).toEqual([]);

  await page.getByRole('button', { name: 'Realizar Solicitação' }).click();
  await page.getByRole('textbox', { name: 'Digite o protocolo ANS' }).fill(protocoloAns);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  await expect(page.getByLabel('Nome do beneficiário', { exact: true })).toHaveValue('');
});

test('files a closed tab left behind are deleted when the portal opens again, on any screen', async ({ page, context }) => {
  await openWizard(page, true);
  await attachTwoFiles(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.close({ runBeforeUnload: true });

  const again = await context.newPage();
  await again.goto('/#/home/1');
  await expect(again.getByTestId('welcome')).toBeVisible();
  await expect.poll(() => storedFileNames(again)).toEqual([]);
});

test('a draft from before a field existed: restored without it, the wizard opens on its step, says so once, and the request goes out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openDocumentsStep(page, { seedOnce: true });
  // An older version's draft: its form had no 'nome' (the send crashed the page, and 'Tentar novamente' again).
  // Changed as the next page starts: the page leaving writes its own draft back.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('test.olderDraft') !== '1') return;
    sessionStorage.removeItem('test.olderDraft');
    const draft = JSON.parse(sessionStorage.getItem('portabilidade.wizard.v1')!) as { context: { form: Record<string, unknown> } };
    delete draft.context.form.nome;
    sessionStorage.setItem('portabilidade.wizard.v1', JSON.stringify(draft));
  });
  await page.evaluate(() => sessionStorage.setItem('test.olderDraft', '1'));
  await page.reload();

  await expect(page.getByText('Alguns dados do rascunho precisam ser revistos: Dados Pessoais.', { exact: true })).toHaveCount(1);
  await expect(stepTitle(page, 'Dados Pessoais')).toBeVisible();
  await expect(field(page, 'Nome do beneficiário')).toHaveValue('');
  await field(page, 'Nome do beneficiário').fill('MARIA DA SILVA');
  // In the form, not in a 5-second toast: there until the person says they read it.
  const note = page.locator('form').getByTestId('draft-revision');
  await expect(note).toHaveText(/Alguns dados do rascunho precisam ser revistos: Dados Pessoais\./);
  await note.getByRole('button', { name: 'Entendi' }).click();
  await expect(note).toHaveCount(0);
  await expect(stepTitle(page, 'Dados Pessoais')).toBeFocused();
  for (const title of ['Dados do Plano de Origem', 'Dados do Plano de Destino', 'Dependentes', 'Documentos']) {
    await next(page).click();
    await expect(stepTitle(page, title)).toBeVisible();
  }
  await sendWithoutDocuments(page);
  await expect(page.getByRole('dialog', { name: 'O número do protocolo da sua solicitação é' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Não foi possível abrir esta página')).toHaveCount(0);
});

test("another tab following a request leaves this tab's draft and ANS protocol as they were, and so does its way out ('Retornar'); a new tab opens no request from it (found by exploratory runs)", async ({
  page,
  context,
}) => {
  const { protocoloAns, other } = await typedHereThenHomeInAnotherTab(page, context);
  // Tab B follows a request (the shared slot now names it): from home's choices first.
  await other.getByRole('button', { name: 'Retornar' }).click();
  await trackFromHome(other, DEMO_PROTOCOL);
  await expect.poll(() => other.evaluate(() => localStorage.getItem('protocolo'))).toBe(DEMO_PROTOCOL);

  await page.reload();
  await expect(field(page, 'Nome do beneficiário')).toHaveValue('MARIA DA SILVA');
  await expect(page.getByLabel('Protocolo ANS', { exact: true })).toHaveValue(protocoloAns);

  // A third tab has no draft of its own: it is sent home, never into a request with the followed protocol as its ANS one.
  const third = await context.newPage();
  await third.goto('/#/nova-solicitacao');
  await expect(third).toHaveURL(/#\/home\/1$/);

  // Tab B leaves the followed request: it ended its own session, not this tab's request, which
  // goes on being kept (its session ended with B's before, and a reload lost the draft).
  await expect(other).toHaveURL(/#\/acompanhamento$/);
  await other.getByRole('button', { name: 'Retornar' }).click();
  await expect(other).toHaveURL(/#\/home\/1$/);
  await field(page, 'Nome da mãe').fill('Ana da Silva');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portabilidade.wizard.v1') ?? '')).toContain('ANA DA SILVA');
  await page.reload();
  await expect(field(page, 'Nome do beneficiário')).toHaveValue('MARIA DA SILVA');
  await expect(field(page, 'Nome da mãe')).toHaveValue('ANA DA SILVA');
  await expect(page.getByLabel('Protocolo ANS', { exact: true })).toHaveValue(protocoloAns);
});

test('the same file chosen twice for one document is listed and kept once, and the alert says where it is; for another document it is listed again', async ({
  page,
}) => {
  await openDocumentsStep(page);
  const attach = async (name: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Anexar arquivo', exact: true }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  };
  const rows = page.getByRole('button', { name: /^Remover rg\.pdf, / });
  await choose(page, 'Tipo de documento', 'RG (documento de identidade)');
  await attach('rg.pdf');
  await expect(rows).toHaveCount(1);
  await attach('rg.pdf');
  await expect(page.getByRole('alert')).toHaveText('O arquivo rg.pdf já está na lista como RG (documento de identidade).');
  await expect(rows).toHaveCount(1);
  // Its bytes were not written again for nothing.
  await expect.poll(() => storedFileNames(page)).toEqual(['rg.pdf']);

  // One PDF may hold several documents: under another type it is listed, and the alert goes.
  await choose(page, 'Tipo de documento', 'CPF');
  await attach('rg.pdf');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => storedFileNames(page)).toEqual(['rg.pdf', 'rg.pdf']);
});

test("step 5's privacy link opens the portal in a new tab, which leaves this tab's files alone: a reload still finds them (found by an exploratory run)", async ({
  page,
  context,
}) => {
  await rgStoredOnStepFive(page);
  // What a tab closed earlier left behind: the new tab's boot deletes it (so its tidying ran).
  await page.evaluate(
    (pdf) =>
      new Promise<void>((resolve) => {
        const request = indexedDB.open('portabilidade-wizard', 1);
        request.onsuccess = () => {
          const transaction = request.result.transaction('files', 'readwrite');
          const blob = new Blob([pdf], { type: 'application/pdf' });
          transaction.objectStore('files').put({ id: 'f-deixado', blob, name: 'deixado.pdf', savedAt: Date.now(), tab: 'aba-fechada' });
          transaction.oncomplete = () => {
            request.result.close();
            resolve();
          };
        };
      }),
    PDF.toString('latin1'),
  );

  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Aviso de privacidade completo (abre em nova aba)' }).click();
  const privacy = await opened;
  await expect(privacy.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => storedFileNames(privacy).then((names) => names.sort())).toEqual(['rg.pdf']);

  await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);
  await expect(page.getByRole('button', { name: /^Remover rg\.pdf, / })).toBeVisible();
  await expect(page.getByText('Não foi possível recuperar estes arquivos')).toHaveCount(0);
});

test("two new requests in two tabs: each tab's reload opens its own, and filing one leaves the other's draft (found by an exploratory run)", async ({
  page,
  context,
}) => {
  await openDocumentsStep(page, { seedOnce: true });
  const first = await page.getByLabel('Protocolo ANS', { exact: true }).inputValue();

  // The same person, another tab: a second request (a spouse's), which the shared session now names.
  const other = await context.newPage();
  await other.goto('/#/home/1');
  const newRequest = other.getByRole('button', { name: 'Realizar Solicitação' });
  if (await newRequest.isVisible()) await newRequest.click();
  const { protocoloAns: second } = uniqueIds();
  await other.getByRole('textbox', { name: 'Digite o protocolo ANS' }).fill(second);
  await other.getByRole('button', { name: 'Prosseguir' }).click();
  await field(other, 'Nome do beneficiário').fill('Joana Segunda');
  await expect.poll(() => other.evaluate(() => sessionStorage.getItem('portabilidade.wizard.v1') ?? '')).toContain('JOANA SEGUNDA');

  // The first tab, reloaded, is still its own request (it went home before, asking for a protocol).
  await page.reload();
  await expect(page.getByLabel('Protocolo ANS', { exact: true })).toHaveValue(first);
  await expect(stepTitle(page, 'Documentos')).toBeVisible();
  await sendWithoutDocuments(page);
  await expect(page.getByRole('dialog', { name: /O número do protocolo/ })).toBeVisible();

  // Filing the first cleared its own protocol, not the second's: its draft survives a reload.
  await other.reload();
  await expect(field(other, 'Nome do beneficiário')).toHaveValue('JOANA SEGUNDA');
  await expect(other.getByLabel('Protocolo ANS', { exact: true })).toHaveValue(second);
});

test('the same request opened in a second tab is said in both: each tab keeps its own draft (found by an exploratory run)', async ({
  page,
  context,
}) => {
  const { protocoloAns, other } = await typedHereThenHomeInAnotherTab(page, context);
  await other.getByRole('textbox', { name: 'Digite o protocolo ANS' }).fill(protocoloAns);
  await other.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(other.getByLabel('Protocolo ANS', { exact: true })).toHaveValue(protocoloAns);
  const said = /também está aberta em outra aba deste aparelho/;
  await expect(other.getByRole('alert').filter({ hasText: said })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: said })).toBeVisible();

  // Said once per tab: the second tab's reload (a phone reclaiming it) hears the first answer
  // again, and says nothing more.
  await other.addInitScript(() => {
    const page = window as { heardHere?: number };
    new BroadcastChannel('portabilidade.solicitacoes-abertas').onmessage = (message: MessageEvent<{ kind?: string }>) => {
      if (message.data?.kind === 'here') page.heardHere = (page.heardHere ?? 0) + 1;
    };
  });
  await other.reload();
  await expect(other.getByLabel('Protocolo ANS', { exact: true })).toHaveValue(protocoloAns);
  await expect.poll(() => other.evaluate(() => (window as { heardHere?: number }).heardHere)).toBe(1);
  await other.waitForTimeout(1_000);
  // Counted once, not awaited: a toast leaves by itself after 5 s.
  expect(await other.getByRole('alert').filter({ hasText: said }).count()).toBe(0);

  // 'Sair e apagar os dados' in one tab: the other shows the request no more (a shared phone).
  await field(other, 'Nome da mãe').fill('Ana da Silva');
  await other.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  await other.getByRole('button', { name: 'Sair e apagar os dados', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/1$/);
  await expect(page.getByText(SESSION_ENDED_ELSEWHERE_MESSAGE)).toBeVisible();
  await expect(page.getByText('MARIA DA SILVA')).toHaveCount(0);
});

test('a duplicated tab keeps its files while the first removes them, and once both are closed the next visit finds none (found by an exploratory run)', async ({
  page,
  context,
}) => {
  await rgStoredOnStepFive(page);

  // The browser's 'Duplicar guia': the same address, with a copy of the tab's storage.
  const tabStorage = await page.evaluate(() => Object.entries(sessionStorage));
  const duplicate = await context.newPage();
  await duplicate.addInitScript((entries) => {
    if (sessionStorage.getItem('teste.duplicada')) return;
    for (const [key, value] of entries) sessionStorage.setItem(key, value);
    sessionStorage.setItem('teste.duplicada', '1');
  }, tabStorage);
  await duplicate.goto(page.url());
  const removeRg = (tab: Page) => tab.getByRole('button', { name: /^Remover rg\.pdf, / });
  await expect(removeRg(duplicate)).toBeVisible();

  await removeRg(page).click();
  await expect(removeRg(page)).toHaveCount(0);
  await duplicate.reload();
  await expect(removeRg(duplicate)).toBeVisible();
  await expect(duplicate.getByText('Não foi possível recuperar estes arquivos')).toHaveCount(0);

  // Both closed: no draft names the file, no tab holds it; the portal opened again deletes it.
  await duplicate.close();
  await page.close();
  const next = await context.newPage();
  await next.goto('/#/home/1');
  await expect.poll(() => storedFileNames(next)).toEqual([]);
});
