/**
 * "Esqueci meu protocolo" in the browser tier, under home's track mode: one gesture per event,
 * one marker per leaf state. The answer is fulfilled here rather than asked of the reference
 * server: the server brakes each CPF for an hour after 5 tries, which would turn a rerun of
 * these paths into refusals; the server's own answer, found or not, and its brakes are
 * test/e2e/forgot-protocol.spec.ts's.
 */
import type { Page } from '@playwright/test';
import type { forgotProtocolMachine } from '../../../machines/forgot-protocol.machine';
import type { BrowserModel, Gestures, Markers, Network } from '../framework/browser';
import { REMINDER_ANSWER_TEXT, forgotProtocolModel } from '../models/forgot-protocol.model';

type M = typeof forgotProtocolMachine;

const form = (page: Page) => page.getByTestId('forgot-protocol');
const FIELD_LABEL = { cpf: 'CPF do beneficiário', dtNascimento: 'Data de nascimento' } as const;

export const forgotProtocolGestures = {
  OPENED: (page) => page.getByRole('button', { name: 'Esqueci meu protocolo', exact: true }).click(),
  FIELD_CHANGED: (page, e) => form(page).getByLabel(FIELD_LABEL[e.field], { exact: true }).fill(e.value),
  SUBMIT: (page) => form(page).getByRole('button', { name: 'Enviar protocolo', exact: true }).click(),
  CLOSED: (page) =>
    form(page)
      .getByRole('button', { name: /^(Cancelar|Fechar)$/ })
      .click(),
} satisfies Gestures<M>;

export const forgotProtocolMarkers = {
  closed: (page) => ({ visible: page.getByRole('button', { name: 'Esqueci meu protocolo', exact: true }) }),
  editing: (page) => ({ visible: form(page).getByRole('button', { name: 'Enviar protocolo', exact: true }) }),
  sending: (page) => ({ disabled: form(page).getByRole('button', { name: 'Enviando…', exact: true }) }),
  sent: (page) => ({ visible: form(page).getByRole('status').filter({ hasText: 'Se houver uma solicitação com estes dados' }) }),
  failed: (page) => ({ visible: form(page).getByRole('alert') }),
} satisfies Markers<M>;

export const forgotProtocolNetwork = {
  sendReminder: {
    url: /\/wslinhafrente\/v1\/portabilidade\/protocolo\/lembrete$/,
    done: () => ({ contentType: 'text/plain; charset=utf-8', body: REMINDER_ANSWER_TEXT }),
  },
} satisfies Network<M>;

export const forgotProtocolBrowser: BrowserModel<M> = {
  model: forgotProtocolModel,
  async open(page) {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
  },
  gestures: forgotProtocolGestures,
  markers: forgotProtocolMarkers,
  network: forgotProtocolNetwork,
};
