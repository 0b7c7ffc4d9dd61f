// @vitest-environment jsdom
/**
 * The tracking screen with the app's own actions (openServerLink, notify, storage) and fake
 * network actors: what the beneficiary sees and can do in each panel, and that a server link
 * that is not http(s) is never opened.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AttachedDocumentInfo, DocumentToSignInfo, HistoryInfo, TrackingInfo } from '../../../machines/tracking.machine';
import { PENDING_TEXT } from '../../../machines/tracking.pending';
import { notify } from '../../../src/app/notify';
import { UNSAFE_LINK_MESSAGE } from '../../../src/app/open-link';
import { ANNOUNCER_SELECTOR } from '../../../src/ui/announcer';
import { createTrackingLogic } from '../../../src/flows/tracking/tracking-logic';
import { configureApi } from '../../../src/api/client';
import { storage } from '../../../src/storage';
import { renderTrackingScreen } from '../support/render-tracking';

// The operator's contact (footer, closing panels) is read by its own hook: no call here.
vi.mock('../../../src/flows/contact/use-operator-contact', () => ({ useOperatorContact: () => undefined }));

vi.mock('../../../src/flows/branding/use-branding', async (original) => ({
  ...(await original<typeof import('../../../src/flows/branding/use-branding')>()),
  useBranding: () => ({ logoUrl: '', faviconUrl: '', sealUrl: '', operatorName: '' }),
}));

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const base: TrackingInfo = {
  nuProtocolo: '20250001000123',
  nuProtocoloAnsHapvida: '98765432109876543210',
  dtCadastramento: '02/01/2025',
  dsStatus: 'Em análise',
  flStatus: 1,
  cdStatusPort: 2,
  flConcordo: null,
  cdSolicitacao: 77,
  nuCpf: null,
};
const attached: AttachedDocumentInfo[] = [
  { nmArquivo: 'rg.pdf', nmExtensaoArquivo: 'pdf', nmDocumento: 'RG', dtAssinatura: null, linkUrl: 'javascript:alert(1)' },
  { nmArquivo: 'proposta.pdf', nmExtensaoArquivo: 'pdf', nmDocumento: 'Proposta', dtAssinatura: '05/01/2025', linkUrl: '/f/proposta.pdf' },
];
const history: HistoryInfo = {
  dtCadastramento: '02/01/2025',
  prazoRespostaDias: 10,
  dtLimiteResposta: '12/01/2025',
  eventos: [{ flStatus: 1, dsStatus: 'Em análise', dtEvento: '02/01/2025 10:00' }],
};

function start(tracking: TrackingInfo, terms: DocumentToSignInfo[] = [], loadAttached = async () => attached) {
  const recordSignature = vi.fn(async (_input: unknown) => 'OK');
  const finalizeRequest = vi.fn(async (_input: unknown) => 'OK');
  const generateAcceptance = vi.fn(async (_input: unknown) => 'https://portal.test/f/aceite.pdf');
  const navigate = vi.fn();
  const logic = createTrackingLogic({ navigate }).provide({
    actors: {
      loadTrackingData: fromPromise(async () => tracking),
      loadAttachedDocuments: fromPromise(loadAttached),
      loadDocumentsToSign: fromPromise(async () => terms),
      loadHistory: fromPromise(async () => history),
      recordSignature: fromPromise(async ({ input }) => recordSignature(input)),
      generateAcceptance: fromPromise(async ({ input }) => generateAcceptance(input)),
      finalizeRequest: fromPromise(async ({ input }) => finalizeRequest(input)),
      loadOperatorName: fromPromise(async () => 'Operadora Exemplo'),
    },
  });
  const { actor } = renderTrackingScreen(logic, { protocolo: tracking.nuProtocolo, cdEmpresaPlano: '1' });
  return { actor, recordSignature, finalizeRequest, generateAcceptance, navigate };
}

/** What the screen sent to the server (only the token's revocation: the reads are faked). */
const sent: { url: string; init: RequestInit }[] = [];

let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sent.length = 0;
  // The server of today answers 'auth/sair' with 501: leaving must not mind.
  configureApi({
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url: String(url), init });
      return new Response('Encerramento de sessão ainda não disponível.', { status: 501 });
    }) as unknown as typeof fetch,
  });
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('tracking screen', () => {
  it('under analysis shows the four fields, the analysis panel, the timeline with the days left and Retornar', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-05T15:00:00Z'));
    const { navigate } = start(base);
    expect(await screen.findByRole('heading', { name: 'Sua solicitação está em análise' })).toBeTruthy();
    expect((screen.getByLabelText('Protocolo') as HTMLInputElement).value).toBe('20250001000123');
    expect((screen.getByLabelText('Protocolo ANS') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Data da solicitação') as HTMLInputElement).value).toBe('02/01/2025');
    expect((screen.getByLabelText('Status') as HTMLInputElement).value).toBe('Em análise');
    expect(screen.getByTestId('answer-window').textContent).toBe('A operadora tem 10 dias para responder: restam 7 dias (até 12/01/2025).');
    expect(screen.getByText('02/01/2025 10:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull();
    // The table: '-' for no signature date.
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['1', 'rg.pdf', 'RG', '-']);
    await userEvent.click(screen.getByRole('button', { name: 'Retornar' }));
    expect(navigate).toHaveBeenCalledWith('/home/1');
  });

  it('statuses 4, 5 and 7 say what they mean and what comes next, with no answer clock; 2 still counts the days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-05T15:00:00Z'));
    const cases = [
      [4, 'Recusada', 'Sua solicitação foi recusada', /não seguirá adiante/],
      [5, 'Cancelada', 'Sua solicitação foi cancelada', /não seguirá adiante/],
      [7, 'Contrato ativo', 'Seu contrato está ativo', /seu contrato está ativo e apto para utilização/],
    ] as const;
    for (const [flStatus, dsStatus, title, note] of cases) {
      start({ ...base, flStatus, dsStatus });
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByTestId('panel-note').textContent).toMatch(note);
      expect(screen.queryByTestId('answer-window')).toBeNull();
      expect(screen.getByText('02/01/2025 10:00')).toBeTruthy(); // the history is still there
      expect(screen.getByRole('button', { name: 'Retornar' })).toBeTruthy();
      cleanup();
    }
    start({ ...base, flStatus: 2, dsStatus: 'Pendente de documentação' });
    expect(await screen.findByRole('heading', { name: 'Sua solicitação está em análise' })).toBeTruthy();
    expect(screen.getByTestId('answer-window').textContent).toContain('restam 7 dias');
  });

  it('status 2: an empty list from the server says every document was received; no list says the operator did not name them (found by an exploratory run)', async () => {
    const pendente = { ...base, flStatus: 2, dsStatus: 'Pendente de documentação' };
    start({ ...pendente, documentosPendentes: [] });
    expect((await screen.findByTestId('pending-empty')).textContent).toBe(PENDING_TEXT.allSent);
    cleanup();
    start(pendente);
    expect((await screen.findByTestId('pending-empty')).textContent).toBe(PENDING_TEXT.none);
  });

  it("a list that failed to load is said so, not shown empty; 'Carregar de novo' reads the screen again", async () => {
    let fail = true;
    start(base, [], async () => {
      if (fail) throw new Error('HTTP 500');
      return attached;
    });
    const notice = await screen.findByTestId('unread-list');
    expect(notice.textContent).toContain('Não foi possível carregar os documentos anexados.');
    expect(screen.queryByText('Nenhum documento encontrado.')).toBeNull();
    fail = false;
    await userEvent.click(within(notice).getByRole('button', { name: 'Carregar de novo os documentos anexados' }));
    expect(await screen.findByText('rg.pdf')).toBeTruthy();
    expect(screen.queryByTestId('unread-list')).toBeNull();
  });

  it('the Status field shows its whole text, in a read-only box that wraps', async () => {
    start({ ...base, flStatus: 3, cdStatusPort: 2, flConcordo: 'S', dsStatus: 'Aceita - aguardando assinatura dos documentos' });
    const status = (await screen.findByLabelText('Status')) as HTMLTextAreaElement;
    expect(status.tagName).toBe('TEXTAREA');
    expect(status.readOnly).toBe(true);
    await waitFor(() => expect(status.value).toBe('Aceita - aguardando assinatura dos documentos'));
  });

  it("'Encerrar sessão' and the menu items end the session before going home, and revoke its token; the heading has focus on entry", async () => {
    const errors = vi.spyOn(notify, 'error');
    const warnings = vi.spyOn(notify, 'warning');
    for (const control of ['Encerrar sessão', 'Nova Solicitação', 'Acompanhar Solicitação']) {
      sent.length = 0;
      storage.startSession({ protocolo: '20250001000123', token: 'a.login.token' });
      const { navigate } = start(base);
      await screen.findByRole('heading', { name: 'Sua solicitação está em análise' });
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
      // jsdom has no layout: the header's copy and the phone menu's are both in the tree.
      await userEvent.click(screen.getAllByRole('button', { name: control, hidden: true })[0]!);
      expect(localStorage.getItem('protocolo')).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/home/1');
      // One 'auth/sair' with the token the session held, sent so that closing the tab keeps it going.
      expect(
        sent.map(({ url, init }) => [url, init.method, (init.headers as Record<string, string>).Authorization, init.keepalive]),
      ).toEqual([['/wslinhafrente/v1/auth/sair', 'POST', 'Bearer a.login.token', true]]);
      cleanup();
    }
    // The server refused it (501 today): nobody is told, the session is gone from the device anyway.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('an expired session on a request that requires login asks to log in again and opens home in track mode', async () => {
    storage.startSession({ protocolo: '20250001000123', token: 'expired' });
    const { navigate } = start({
      ...base,
      nuProtocoloAnsHapvida: null,
      dtCadastramento: null,
      dsStatus: null,
      cdSolicitacao: null,
      flStatus: 3,
      cdStatusPort: 1,
      flConcordo: 'S',
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Faça login novamente');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Fazer login' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('type')).toBe('track');
    expect(navigate).toHaveBeenCalledWith('/home/1');
  });

  it('never opens a javascript: link from the documents table, and says so', async () => {
    const toast = vi.spyOn(notify, 'error');
    start(base);
    const [unsafe, safe] = await screen.findAllByRole('button', { name: /^Visualizar/ });
    await userEvent.click(unsafe!);
    expect(open).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(UNSAFE_LINK_MESSAGE);
    await userEvent.click(safe!);
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/f/proposta.pdf`, '_blank', 'noopener,noreferrer');
  });

  it("status 6 type 1: 'Finalizar' is disabled until a choice; the choice is a draft that may change and says it was not sent; 'Sair' asks before losing it", async () => {
    storage.startSession({ protocolo: '20250001000123', token: 'a.login.token' });
    const { navigate, generateAcceptance } = start({ ...base, flStatus: 6, cdStatusPort: 1, dsStatus: 'Aguardando sua confirmação' });
    expect(await screen.findByRole('heading', { name: 'Finalize sua solicitação' })).toBeTruthy();
    const finalize = screen.getByRole('button', { name: 'Finalizar' }) as HTMLButtonElement;
    const agree = screen.getByRole('radio', { name: 'Estou de acordo' });
    const decline = screen.getByRole('radio', { name: 'Não aceito' });
    expect(finalize.getAttribute('aria-disabled')).toBe('true'); // inactive, still focusable
    expect(screen.queryByTestId('acknowledgement-unsent')).toBeNull();
    await userEvent.click(agree);
    // Chosen, not sent: no question yet, nothing locked, and the panel says so.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(finalize.getAttribute('aria-disabled')).toBeNull();
    expect(agree.getAttribute('aria-checked')).toBe('true');
    expect(agree.getAttribute('aria-disabled')).toBeNull();
    expect(decline.getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByTestId('acknowledgement-unsent').textContent).toBe(
      "Sua escolha ainda não foi enviada: nada foi registrado. Use 'Finalizar' para enviá-la.",
    );
    await userEvent.click(decline);
    expect(decline.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(agree);

    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    const leaving = await screen.findByRole('dialog', { name: 'Sua escolha ainda não foi enviada' });
    expect(leaving.textContent).toContain("Você escolheu 'Estou de acordo', mas essa escolha não foi registrada");
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.click(within(leaving).getByRole('button', { name: 'Continuar aqui' }));
    expect(agree.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('protocolo')).toBe('20250001000123');

    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sua escolha ainda não foi enviada' })).getByRole('button', {
        name: 'Sair sem enviar',
      }),
    );
    expect(navigate).toHaveBeenCalledWith('/home/1');
    expect(localStorage.getItem('protocolo')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(generateAcceptance).not.toHaveBeenCalled();
  });

  it("'Encerrar sessão' with a choice not sent asks too, and its button says it ends the session", async () => {
    storage.startSession({ protocolo: '20250001000123', token: 'a.login.token' });
    const { navigate } = start({ ...base, flStatus: 6, cdStatusPort: 2 });
    await userEvent.click(await screen.findByLabelText('Estou ciente'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Encerrar sessão', hidden: true })[0]!);
    const leaving = await screen.findByRole('dialog', { name: 'Sua escolha ainda não foi enviada' });
    expect(leaving.textContent).toContain("Você escolheu 'Estou ciente'");
    await userEvent.click(within(leaving).getByRole('button', { name: 'Encerrar sem enviar' }));
    expect(navigate).toHaveBeenCalledWith('/home/1');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('closing or reloading the tab asks first exactly while a choice is unsent', async () => {
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    start({ ...base, flStatus: 6, cdStatusPort: 1 });
    const agree = await screen.findByRole('radio', { name: 'Estou de acordo' });
    expect(closing()).toBe(false);
    await userEvent.click(agree);
    expect(closing()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(closing()).toBe(true); // the confirmation: still not sent
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    await screen.findByTestId('aviso-modal');
    await waitFor(() => expect(closing()).toBe(false)); // the server has it
  });

  it('status 6 type 1: the arrow keys only move between the options; Enter chooses, focus stays on the option and the choice is announced', async () => {
    const { actor } = start({ ...base, flStatus: 6, cdStatusPort: 1, dsStatus: 'Aguardando sua confirmação' });
    const agree = await screen.findByRole('radio', { name: 'Estou de acordo' });
    const decline = screen.getByRole('radio', { name: 'Não aceito' });
    agree.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(decline);
    await userEvent.keyboard('{ArrowDown}'); // wraps around
    expect(document.activeElement).toBe(agree);
    await userEvent.keyboard('{ArrowUp}{ArrowDown}{ArrowLeft}{ArrowRight}{ArrowUp}');
    expect(document.activeElement).toBe(decline);
    expect(actor.getSnapshot().context.choice).toBeNull();
    expect([agree, decline].map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'false']);
    await userEvent.keyboard('{Enter}');
    expect(actor.getSnapshot().context.choice).toBe('N');
    expect(decline.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(decline); // still an option one can change
    await waitFor(() =>
      expect(document.querySelector(ANNOUNCER_SELECTOR)?.lastElementChild?.textContent).toBe(
        "Você escolheu 'Não aceito'. Para enviar a sua resposta, use 'Finalizar'.",
      ),
    );
    // Agreeing instead, by Space: no question until it is sent.
    agree.focus();
    await userEvent.keyboard(' ');
    expect(actor.getSnapshot().context.choice).toBe('S');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("status 6 type 1: 'Finalizar' asks 'Enviar 'Estou de acordo'?' with its consequences; 'Voltar' sends nothing, 'Enviar' sends it and opens 'Você está quase lá'", async () => {
    storage.startSession({ protocolo: '20250001000123', token: 'free' });
    const { navigate, generateAcceptance } = start({ ...base, flStatus: 6, cdStatusPort: 1 });
    await userEvent.click(await screen.findByLabelText('Estou de acordo'));
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    const confirmation = await screen.findByRole('dialog', { name: "Enviar 'Estou de acordo'?" });
    expect(confirmation.textContent).toContain('em até 5 dias');
    expect(confirmation.textContent).toContain('Esta escolha não pode ser desfeita depois de enviada.');
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Voltar' }));
    expect(generateAcceptance).not.toHaveBeenCalled();
    expect(screen.getByTestId('acknowledgement-unsent')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: "Enviar 'Estou de acordo'?" })).getByRole('button', { name: 'Enviar' }),
    );
    expect(generateAcceptance).toHaveBeenCalledWith({ tipo: '9', fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: 77 });
    const dialog = await screen.findByTestId('aviso-modal');
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
    expect(dialog.textContent).toContain('6 últimos dígitos do protocolo');
    // Issue 26: the link the modal names is shown, to home's 'Acompanhar Solicitação'.
    expect(within(dialog).getByTestId('aviso-link').getAttribute('href')).toBe(`${window.location.origin}/#/home/1`);
    await userEvent.click(screen.getByRole('button', { name: 'Minha Portabilidade' }));
    expect(localStorage.getItem('protocolo')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('type')).toBe('track');
    expect(navigate).toHaveBeenCalledWith('/home/1');
    expect(sent).toEqual([]); // 'free' is no one's token: nothing to revoke
  });

  it("status 6 type 1: 'Finalizar' on 'Não aceito' says it is sent once and agreeing stays possible", async () => {
    start({ ...base, flStatus: 6, cdStatusPort: 1 });
    await userEvent.click(await screen.findByLabelText('Não aceito'));
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    const confirmation = await screen.findByRole('dialog', { name: "Enviar 'Não aceito'?" });
    expect(confirmation.textContent).toContain(
      "Depois de enviada, a resposta 'Não aceito' fica registrada e não pode ser enviada de novo.",
    );
    expect(confirmation.textContent).toContain('ainda pode escolher “Estou de acordo”');
  });

  it("status 6 type 2: a single 'Estou ciente' box enables 'Finalizar', may be unticked until sent, and is sent after 'Enviar 'Estou ciente'?'", async () => {
    const { generateAcceptance } = start({ ...base, flStatus: 6, cdStatusPort: 2 });
    const aware = (await screen.findByLabelText('Estou ciente')) as HTMLInputElement;
    const finalize = screen.getByRole('button', { name: 'Finalizar' }) as HTMLButtonElement;
    expect(screen.queryByLabelText('Não aceito')).toBeNull();
    await userEvent.click(aware);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(aware.checked).toBe(true);
    expect(aware.disabled).toBe(false);
    expect(finalize.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(aware);
    expect(aware.checked).toBe(false);
    expect(finalize.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(aware);
    await userEvent.click(finalize);
    const confirmation = await screen.findByRole('dialog', { name: "Enviar 'Estou ciente'?" });
    expect(confirmation.textContent).toContain('em até 5 dias');
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Enviar' }));
    expect(generateAcceptance).toHaveBeenCalledWith({ tipo: '9', fl_ciente: 'S', fl_tipo: 'I', cd_solicitacao: 77 });
  });

  it('status 3: an unsigned term blocks finishing with the warning; checking a term opens it and signs it; a javascript: term is neither', async () => {
    const warning = vi.spyOn(notify, 'warning');
    const terms: DocumentToSignInfo[] = [
      { documento: 'Proposta de adesão', linkUrl: '/f/proposta.pdf', cdFileDocumento: 11, flAssinado: false },
      { documento: 'Termo adulterado', linkUrl: 'javascript:alert(1)', cdFileDocumento: 13, flAssinado: false },
    ];
    const { recordSignature, finalizeRequest } = start({ ...base, flStatus: 3, cdStatusPort: 1, flConcordo: 'S' }, terms);
    expect(await screen.findByRole('heading', { name: 'Sua solicitação foi aceita' })).toBeTruthy();
    // Acknowledgement pre-set from flConcordo 'S' and disabled in status 3.
    expect(screen.getByRole('radio', { name: 'Estou de acordo' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Estou de acordo' }).getAttribute('aria-disabled')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(warning).toHaveBeenCalledWith('Ainda há documento(s) que precisa(m) ser assinado(s).');
    expect(finalizeRequest).not.toHaveBeenCalled();

    // Sign after reading (issue 25): a box cannot be ticked before its term is opened.
    const tampered = screen.getByRole('checkbox', { name: 'Li e aceito: Termo adulterado' }) as HTMLInputElement;
    expect(tampered.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /^Abrir Termo adulterado/ }));
    expect(open).not.toHaveBeenCalled();
    expect(tampered.disabled).toBe(true);
    expect(recordSignature).not.toHaveBeenCalled();

    const proposal = screen.getByRole('checkbox', { name: 'Li e aceito: Proposta de adesão' }) as HTMLInputElement;
    expect(proposal.disabled).toBe(true);
    const openProposal = screen.getByRole('button', { name: 'Abrir Proposta de adesão (abre em nova aba)' });
    await userEvent.click(openProposal);
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/f/proposta.pdf`, '_blank', 'noopener,noreferrer');
    expect(recordSignature).not.toHaveBeenCalled();
    // Focus stays on the row.
    expect(document.activeElement).toBe(openProposal);
    expect(proposal.disabled).toBe(false);
    await userEvent.click(proposal);
    await waitFor(() => expect(recordSignature).toHaveBeenCalledWith({ cdFileDocumento: 11 }));
    await waitFor(() => expect(proposal.checked).toBe(true));
    expect(proposal.disabled).toBe(true);
  });

  it("status 3: the table reloaded after a signature, with the fresh links the server makes for every list, keeps its rows (focus on 'Visualizar' stays)", async () => {
    const terms: DocumentToSignInfo[] = [
      { documento: 'Proposta de adesão', linkUrl: '/f/proposta.pdf', cdFileDocumento: 11, flAssinado: false },
    ];
    let loads = 0;
    // Each list answered with new links; the reload also shows a date, so the test sees it rendered.
    const freshLinks = async () => {
      loads += 1;
      return attached.map((document) => ({
        ...document,
        linkUrl: `/f/${loads}/${document.nmArquivo}`,
        dtAssinatura: document.dtAssinatura ?? (loads > 1 ? '06/01/2025' : null),
      }));
    };
    start({ ...base, flStatus: 3, cdStatusPort: 1, flConcordo: 'S' }, terms, freshLinks);
    const view = await screen.findByRole('button', { name: /^Visualizar proposta\.pdf/ });
    await userEvent.click(screen.getByRole('button', { name: /^Abrir Proposta de adesão/ }));
    const proposal = screen.getByRole('checkbox', { name: 'Li e aceito: Proposta de adesão' }) as HTMLInputElement;
    await userEvent.click(proposal);
    view.focus();
    expect(await screen.findByText('06/01/2025')).toBeTruthy();
    expect(loads).toBe(2);
    expect(screen.getByRole('button', { name: /^Visualizar proposta\.pdf/ })).toBe(view);
    expect(document.activeElement).toBe(view);
  });

  it("status 3 with every term signed: 'Finalizar' finishes and welcomes with the operator's name", async () => {
    const terms: DocumentToSignInfo[] = [
      { documento: 'Proposta de adesão', linkUrl: '/f/proposta.pdf', cdFileDocumento: 11, flAssinado: true },
    ];
    const { finalizeRequest, actor } = start({ ...base, flStatus: 3, cdStatusPort: 2, flConcordo: 'S' }, terms);
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    expect(finalizeRequest).toHaveBeenCalledWith({ tipo: '9', cd_solicitacao: 77 });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('bemvindoModal'));
    const dialog = screen.getByTestId('bemvindo-modal');
    expect(dialog.textContent).toContain('Seja bem-vindo à Operadora Exemplo!');
    expect(dialog.textContent).toContain('Seu contrato está ativo e apto para utilização.');
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'OK', hidden: true })).toBeTruthy();
  });
});

describe("the operator's decision and what is left to do (issue 25)", () => {
  const facts = {
    nmPlanoDestino: 'VIDA PLENA MAIS APARTAMENTO',
    nuRegistroPlanoDestino: '481234562',
    dtInicioCobertura: '22/03/2025',
    vlMensalidadeCentavos: 61240,
    dtLimiteCancelamentoPlanoAnterior: '27/03/2025',
  } satisfies Partial<TrackingInfo>;
  const factsBox = () => within(screen.getByTestId('decision-facts'));
  const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T15:00:00Z'));
  });

  it('status 6 shows plan, start, price and the last day to cancel before the choice, and says by when the old plan goes', async () => {
    start({ ...base, ...facts, flStatus: 6, cdStatusPort: 1, dsStatus: 'Aguardando sua confirmação' });
    await screen.findByRole('heading', { name: 'Condições da portabilidade' });
    expect(factOf('Plano de destino')).toBe('VIDA PLENA MAIS APARTAMENTO (registro ANS 481234562)');
    expect(factOf('Início da cobertura')).toBe('22/03/2025');
    expect(factOf('Mensalidade')?.replace(/\s/g, ' ')).toBe('R$ 612,40');
    expect(factOf('Cancelar o plano anterior até')).toBe('27/03/2025');
    expect(factsBox().queryByText('Ainda não informado pela operadora.')).toBeNull();
    const steps = screen.getByTestId('next-steps').textContent ?? '';
    expect(steps).toContain("escolha 'Estou de acordo' ou 'Não aceito' e use 'Finalizar'");
    expect(steps).toContain(
      'Se a portabilidade seguir, a cobertura do novo plano começa em 22/03/2025; depois disso, cancele o seu plano anterior até 27/03/2025.',
    );
    // The facts come before the choice they inform.
    const options = screen.getByRole('radio', { name: 'Estou de acordo' });
    expect(screen.getByTestId('decision-facts').compareDocumentPosition(options) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('status 6 without facts says each one is not yet informed and invents no date', async () => {
    start({ ...base, flStatus: 6, cdStatusPort: 2, dsStatus: 'Aguardando sua confirmação' });
    await screen.findByRole('heading', { name: 'Condições da portabilidade' });
    expect(factsBox().getAllByText('Ainda não informado pela operadora.')).toHaveLength(4);
    const steps = screen.getByTestId('next-steps').textContent ?? '';
    expect(steps).toContain('A data limite para cancelar o plano anterior ainda não foi informada pela operadora.');
    expect(steps).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  it("after a recorded 'Não aceito' it says not to cancel the old plan", async () => {
    start({ ...base, ...facts, flStatus: 6, cdStatusPort: 1, flConcordo: 'N', dsStatus: "Resposta 'Não aceito' registrada" });
    expect((await screen.findByTestId('next-steps')).textContent).toContain(
      "Você respondeu 'Não aceito': não cancele o seu plano anterior.",
    );
    expect(screen.getByTestId('next-steps').textContent).not.toMatch(/Cancele o seu plano anterior até/);
  });

  it('status 7 no longer says there is nothing left while the old plan may still have to be cancelled; a past day says so', async () => {
    start({
      ...base,
      ...facts,
      dtInicioCobertura: '09/03/2025',
      dtLimiteCancelamentoPlanoAnterior: '14/03/2025',
      flStatus: 7,
      dsStatus: 'Contrato ativo',
    });
    await screen.findByRole('heading', { name: 'Seu contrato está ativo' });
    expect(screen.getByTestId('panel-note').textContent).not.toMatch(/nada a fazer/);
    expect(screen.queryByText(/Não há mais nada a fazer/)).toBeNull();
    expect(screen.getByTestId('next-steps').textContent).toContain('Cancele o seu plano anterior até 14/03/2025, se ainda não o fez.');
    cleanup();
    vi.setSystemTime(new Date('2025-03-15T15:00:00Z'));
    start({
      ...base,
      ...facts,
      dtInicioCobertura: '09/03/2025',
      dtLimiteCancelamentoPlanoAnterior: '14/03/2025',
      flStatus: 7,
      dsStatus: 'Contrato ativo',
    });
    expect((await screen.findByTestId('next-steps')).textContent).toContain(
      'O prazo para cancelar o plano anterior terminou em 14/03/2025. Se ainda não o cancelou, fale com a operadora.',
    );
  });

  it('status 3 shows the facts with the terms, and the welcome modal repeats the last day to cancel', async () => {
    const terms: DocumentToSignInfo[] = [
      { documento: 'Proposta de adesão', linkUrl: '/f/proposta.pdf', cdFileDocumento: 11, flAssinado: true },
    ];
    const { actor } = start({ ...base, ...facts, flStatus: 3, cdStatusPort: 2, flConcordo: 'S' }, terms);
    await screen.findByRole('heading', { name: 'Sua solicitação foi aceita' });
    expect(factOf('Cancelar o plano anterior até')).toBe('27/03/2025');
    expect(screen.getByTestId('next-steps').textContent).toContain("Abra e aceite cada termo e declaração abaixo e use 'Finalizar'.");
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(actor.getSnapshot().value).toBe('bemvindoModal'));
    expect(screen.getByTestId('welcome-cancellation').textContent).toBe(
      'A cobertura do novo plano começa em 22/03/2025; depois disso, cancele o seu plano anterior até 27/03/2025.',
    );
  });

  it("a refused request shows the operator's reason and where to turn: a new request, the operator, the ANS (NIP, Disque ANS)", async () => {
    start({ ...base, flStatus: 4, dsStatus: 'Recusada', dsMotivo: 'Prazo mínimo de permanência não cumprido.' });
    await screen.findByRole('heading', { name: 'Sua solicitação foi recusada' });
    expect(within(screen.getByTestId('closing-reason')).getByText('Prazo mínimo de permanência não cumprido.')).toBeTruthy();
    const recourse = screen.getByTestId('recourse');
    expect(recourse.textContent).toContain("'Realizar Solicitação'");
    expect(recourse.textContent).toContain('Falar com a operadora');
    expect(recourse.textContent).toContain('Notificação de Intermediação Preliminar (NIP)');
    expect(within(recourse).getByRole('link', { name: '0800 701 9656' }).getAttribute('href')).toBe('tel:08007019656');
    expect(screen.queryByTestId('decision-facts')).toBeNull();
  });

  it('a cancelled request without a reason says the operator gave none', async () => {
    start({ ...base, flStatus: 5, dsStatus: 'Cancelada' });
    await screen.findByRole('heading', { name: 'Sua solicitação foi cancelada' });
    expect(screen.getByTestId('closing-reason').textContent).toContain('A operadora não informou o motivo.');
    expect(screen.getByTestId('recourse').textContent).toContain('Disque ANS');
  });
});
