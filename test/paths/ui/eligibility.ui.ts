/**
 * "Quem pode fazer a portabilidade?" (#/quem-pode) in the browser tier: one gesture per event,
 * one marker per leaf state, typed against the machine. It calls no API.
 */
import type { Page } from '@playwright/test';
import { ELIGIBILITY_QUESTIONS, unmetRequirements, type eligibilityMachine } from '../../../machines/eligibility.machine';
import { REQUIREMENTS } from '../../../src/views/quem-pode/requirements';
import type { BrowserModel, Gestures, Markers, Network } from '../framework/browser';
import { eligibilityModel } from '../models/eligibility.model';

type M = typeof eligibilityMachine;

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
const question = (page: Page, text: string) => ({ visible: page.getByRole('heading', { level: 2, name: text, exact: true }) });

export const eligibilityGestures = {
  ANSWERED: (page, e) => button(page, e.answer ? 'Sim' : 'Não').click(),
  PREVIOUS: (page) => button(page, 'Voltar à pergunta anterior').click(),
  RESTARTED: (page) => button(page, 'Refazer as perguntas').click(),
  // One way on in every state: the skip link while asking, the result's main button after.
  CONTINUED: (page) => button(page, /^(Pular as perguntas e fazer a solicitação|Fazer a solicitação)/).click(),
} satisfies Gestures<M>;

const [planoAtivo, pagamentosEmDia, permanenciaMinima, faixaDePreco, planoRegulamentado] = ELIGIBILITY_QUESTIONS.map(
  (q) => REQUIREMENTS[q].question,
) as [string, string, string, string, string];

export const eligibilityMarkers = {
  'asking.planoAtivo': (page) => question(page, planoAtivo),
  'asking.pagamentosEmDia': (page) => question(page, pagamentosEmDia),
  'asking.permanenciaMinima': (page) => question(page, permanenciaMinima),
  'asking.faixaDePreco': (page) => question(page, faixaDePreco),
  'asking.planoRegulamentado': (page) => question(page, planoRegulamentado),
  mayPort: (page) => question(page, 'Pelo que você respondeu, você pode fazer a portabilidade.'),
  // Each unmet requirement says why and what to do.
  mayBeRefused: (page, c) => ({
    all: [
      question(page, 'Pelo que você respondeu, a portabilidade pode ser recusada.'),
      ...unmetRequirements(c.answers).map((q) => ({ visible: page.getByRole('listitem').filter({ hasText: REQUIREMENTS[q].whenNot }) })),
    ],
  }),
  // Home in its "Realizar Solicitação" mode.
  leftForNewRequest: (page) => ({ visible: page.getByRole('textbox', { name: 'Digite o protocolo ANS' }) }),
} satisfies Markers<M>;

export const eligibilityNetwork = {} satisfies Network<M>;

export const eligibilityBrowser: BrowserModel<M> = {
  model: eligibilityModel,
  async open(page) {
    await page.goto('/#/quem-pode');
  },
  gestures: eligibilityGestures,
  markers: eligibilityMarkers,
  network: eligibilityNetwork,
};
