// @vitest-environment jsdom
/**
 * Help where people stall (issue 27 item 5), view by view: the plan search finds plans by a
 * word of their name (accents aside) or by registry and sends the wizard the plan picked; the
 * error summary lists a refused step's messages as links that focus their fields; the
 * glossary and home's ANS protocol help say what they must.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Snapshot, type ActorRefFrom } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import { DESTINATION_PLANS } from '../../../server/seed/reference-data.ts';
import { configureApi } from '../../../src/api/client';
import { AnsProtocolHelp, ANS_SITE } from '../../../src/views/home/ans-protocol-help';
import { ErrorSummary } from '../../../src/views/nova-solicitacao/error-summary';
import { GLOSSARY, Glossary } from '../../../src/views/nova-solicitacao/glossary';
import { PLAN_SEARCH_LABEL, matchPlans } from '../../../src/views/nova-solicitacao/plan-matches';
import { PlanSearch } from '../../../src/views/nova-solicitacao/plan-search';
import { WizardActorContext, useWizardActorRef } from '../../../src/flows/wizard/wizard-context';
import { FILLED_FORM, TODAY } from '../../machines/wizard.fixtures';

const PLANS = DESTINATION_PLANS.map(([registroAns, nmPlano]) => ({ registroAns, nmPlano }));

type WizardActor = ActorRefFrom<typeof wizardMachine>;

/** Where the wizard starts: its input, and the snapshot after `nexts` presses of 'Próximo'. */
function wizardAt(form: 'blank' | 'filled', nexts: number) {
  const input = { protocoloAns: '12345678901234567890', today: TODAY, ...(form === 'filled' ? { form: FILLED_FORM } : {}) };
  const actor = createActor(wizardMachine, { input }).start();
  for (let i = 0; i < nexts; i += 1) actor.send({ type: 'NEXT' });
  const snapshot: Snapshot<unknown> = actor.getPersistedSnapshot();
  actor.stop();
  return { input, snapshot };
}

/** `ui` under the wizard's own context, as the page runs it; `actor` is the one the views reach. */
function renderIn(start: ReturnType<typeof wizardAt>, ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let actor: WizardActor | undefined;
  function Probe() {
    actor = useWizardActorRef();
    return null;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <WizardActorContext.Provider options={start}>
        <Probe />
        {ui}
      </WizardActorContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, actor: actor! };
}

afterEach(cleanup);
// jsdom lays nothing out: no scrolling to do, no sizes to watch (Headless UI anchors its list with them).
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('which plans a search shows', () => {
  it('every word typed must be in the name, accents and case aside; digits find the registry', () => {
    expect(matchPlans(PLANS, 'horizonte basico').map((p) => p.nmPlano)).toEqual(['HORIZONTE BÁSICO ENFERMARIA']);
    expect(matchPlans(PLANS, 'plena apartamento')).toHaveLength(2);
    expect(matchPlans(PLANS, '4798765').map((p) => p.registroAns)).toEqual(['479876541', '479876542']);
    expect(matchPlans(PLANS, 'odonto')).toEqual([]);
    expect(matchPlans(PLANS, '  ')).toHaveLength(PLANS.length);
    expect(matchPlans(PLANS, '', 2)).toHaveLength(2);
  });
});

describe('the plan search on step 3', () => {
  /** What the status line says: its other texts are laid invisible beside it, to keep their room. */
  const said = () => [...screen.getByRole('status').querySelectorAll('span:not([aria-hidden])')].map((span) => span.textContent).join('');

  it("offers the operator's plans and sends the one picked, registry and name, to the wizard", async () => {
    const asked: string[] = [];
    configureApi({
      fetch: (async (url: string) => {
        asked.push(String(url));
        return new Response(JSON.stringify(PLANS), { status: 200, headers: { 'content-type': 'application/json' } });
      }) as unknown as typeof fetch,
    });
    const { actor } = renderIn(wizardAt('filled', 2), <PlanSearch />);
    const search = screen.getByRole('combobox', { name: PLAN_SEARCH_LABEL });
    await waitFor(() => expect(search).toHaveProperty('disabled', false));
    expect(asked.some((url) => url.includes('portabilidade/utils/plano/destino/lista'))).toBe(true);
    // The plan the form holds already is shown by its name.
    expect((search as HTMLInputElement).value).toBe(FILLED_FORM.plano_destino);

    const user = userEvent.setup();
    await user.clear(search);
    await user.type(search, 'odonto');
    expect(said()).toBe('Nenhum plano encontrado. Confira o nome ou digite o registro ANS no campo abaixo.');
    await user.clear(search);
    await user.type(search, 'horizonte premium');
    expect(said()).toBe('');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(1);
    await user.click(options[0]!);
    const { form, destinationLookup } = actor.getSnapshot().context;
    expect([form.nu_ans_plano_destino, form.plano_destino, destinationLookup]).toEqual([
      '479876542',
      'HORIZONTE PREMIUM APARTAMENTO',
      'found',
    ]);
    expect((search as HTMLInputElement).value).toBe('HORIZONTE PREMIUM APARTAMENTO');
  });

  it('waits disabled while the list is on its way, saying so, in the room it keeps once the list is there', async () => {
    let answer = (_: Response) => {};
    configureApi({
      fetch: (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch,
    });
    renderIn(wizardAt('filled', 2), <PlanSearch />);
    const search = screen.getByRole('combobox', { name: PLAN_SEARCH_LABEL });
    expect(search).toHaveProperty('disabled', true);
    expect(said()).toBe('Carregando a lista de planos...');
    answer(new Response(JSON.stringify(PLANS), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(search).toHaveProperty('disabled', false));
    expect(said()).toBe('');
  });

  it('says when the list cannot be read, or is empty, and to type the registry below; the search stays disabled', async () => {
    configureApi({ fetch: (async () => new Response('{}', { status: 500 })) as unknown as typeof fetch });
    renderIn(wizardAt('filled', 2), <PlanSearch />);
    await waitFor(() => expect(said()).toBe('Não foi possível carregar a lista de planos. Digite o registro ANS no campo abaixo.'));
    expect(screen.getByRole('combobox', { name: PLAN_SEARCH_LABEL })).toHaveProperty('disabled', true);
    cleanup();

    configureApi({
      fetch: (async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch,
    });
    renderIn(wizardAt('filled', 2), <PlanSearch />);
    await waitFor(() => expect(said()).toBe('Nenhum plano na lista. Digite o registro ANS no campo abaixo.'));
    expect(screen.getByRole('combobox', { name: PLAN_SEARCH_LABEL })).toHaveProperty('disabled', true);
  });
});

describe('the error summary', () => {
  it("is absent before a 'Próximo', then lists each message as a link that focuses its field", async () => {
    const { actor } = renderIn(
      wizardAt('blank', 0),
      <>
        <ErrorSummary step="dadosPessoais" />
        <input id="wizard-ds_cidade" aria-label="Cidade" />
      </>,
    );
    expect(document.getElementById('wizard-resumo-erros')).toBeNull();
    actor.send({ type: 'NEXT' });
    const summary = await screen.findByRole('heading', { name: 'Há 12 campos para corrigir nesta etapa' });
    const list = summary.parentElement!;
    expect(list.getAttribute('tabindex')).toBe('-1');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toContain('Nome do beneficiário é obrigatório');
    expect(links).toHaveLength(12);
    await userEvent.setup().click(within(list).getByRole('link', { name: 'Cidade é obrigatória' }));
    expect(document.activeElement?.id).toBe('wizard-ds_cidade');
  });
});

describe('the glossary and the ANS protocol help', () => {
  it('defines carência, CPT, titularidade and abrangência in one disclosure', () => {
    render(<Glossary />);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(GLOSSARY.map(([term]) => term));
    expect(terms.join(' ')).toMatch(/Carência.*CPT.*Titularidade.*Abrangência/);
    expect(screen.getAllByRole('definition').every((definition) => (definition.textContent ?? '').length > 20)).toBe(true);
  });

  it('says where the ANS gives the protocol and opens the ANS site in a new tab that the link announces', () => {
    render(<AnsProtocolHelp id="ajuda-ans" />);
    expect(document.getElementById('ajuda-ans')?.textContent).toContain('Guia ANS de Planos de Saúde');
    const site = screen.getByRole('link', { name: 'Site da ANS (abre em nova aba)' });
    expect([site.getAttribute('href'), site.getAttribute('target'), site.getAttribute('rel')]).toEqual([
      ANS_SITE,
      '_blank',
      'noopener noreferrer',
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
