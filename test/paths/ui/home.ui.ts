/**
 * The home screen in the browser tier: one gesture per event of the home machine, one
 * marker per leaf state, where each actor's requests go. Both tables are typed against the
 * machine: a new event or state does not compile until it has its entry here.
 */
import type { Page } from '@playwright/test';
import type { homeMachine } from '../../../machines/home.machine';
import type { BrowserModel, Gestures, Markers, Network } from '../framework/browser';
import { LOGIN_NEIGHBOURS, RATE_LIMITED_MESSAGE, homeModel } from '../models/home.model';
import { serverRequest } from './reference-server';

/** The protocols of the requests filed for a path's login-table rows, by the model's stand-in protocol. */
const filed = new WeakMap<Page, Map<string, string>>();

type M = typeof homeMachine;

const API = /\/wslinhafrente\/v1\//;
const protocolField = (page: Page) => page.getByRole('textbox', { name: /^Digite o protocolo/ });
const overlay = (page: Page) => page.getByTestId('loading-overlay');

export const homeGestures = {
  CHOOSE_NEW: (page) => page.getByRole('button', { name: 'Realizar Solicitação' }).click(),
  CHOOSE_TRACK: (page) => page.getByRole('button', { name: 'Acompanhar Solicitação' }).click(),
  // RETURN and SUBMIT by keyboard: a path may take them while a load (the tooltips) is still
  // out, when the loading overlay stops the pointer but not the keyboard (a click would wait
  // for the held load to time out).
  RETURN: (page) => page.getByRole('button', { name: 'Retornar' }).press('Enter'),
  PROTOCOL_CHANGED: (page, event) => protocolField(page).fill(filed.get(page)?.get(event.value) ?? event.value),
  CPF_CHANGED: (page, event) => page.getByLabel('CPF', { exact: true }).fill(event.value),
  PASSWORD_CHANGED: (page, event) => page.getByLabel('Senha', { exact: true }).fill(event.value),
  SUBMIT: (page) => page.getByRole('button', { name: 'Prosseguir' }).press('Enter'),
  ACKNOWLEDGE: (page) => page.getByRole('dialog', { name: 'Prezado Cliente' }).getByRole('button', { name: 'OK' }).click(),
} satisfies Gestures<M>;

export const homeMarkers = {
  // Left at once for the preset mode: never at rest, so never checked.
  starting: (page) => ({ visible: page.getByTestId('welcome') }),
  home: (page) => ({ visible: page.getByRole('button', { name: 'Realizar Solicitação' }) }),
  'newRequest.editing': (page) => ({ visible: page.getByRole('textbox', { name: 'Digite o protocolo ANS' }) }),
  'track.editing': (page) => ({ visible: page.getByRole('textbox', { name: 'Digite o protocolo', exact: true }) }),
  'track.lookingUp': (page) => ({ attribute: overlay(page), name: 'data-visible', value: 'true' }),
  'track.login.editing': (page) => ({ visible: page.getByLabel('Senha', { exact: true }) }),
  'track.login.submitting': (page) => ({ attribute: overlay(page), name: 'data-visible', value: 'true' }),
  'track.accessLaterModal': (page) => ({ visible: page.getByRole('dialog', { name: 'Prezado Cliente' }) }),
  leftForNewRequest: (page) => ({ visible: page.getByRole('heading', { name: /Nova Solicitação/ }) }),
  leftForTracking: (page) => ({ visible: page.getByRole('heading', { name: /Acompanhar Solicitação/ }) }),
} satisfies Markers<M>;

export const homeNetwork = {
  loadTooltips: { url: new RegExp(`${API.source}portabilidade\\?solicitacao=`) },
  lookUpProtocol: {
    url: new RegExp(`${API.source}portabilidade/acompanhamento\\?`),
    // The brake answers only after dozens of lookups from one address: fulfilled, once (a 429 is not retried).
    error: (event) =>
      (event as { error?: { status?: number } }).error?.status === 429
        ? { status: 429, body: JSON.stringify({ message: RATE_LIMITED_MESSAGE }) }
        : 'fail',
  },
  logIn: {
    url: new RegExp(`${API.source}auth$`),
    // The server answers a token for the demo's CPF and password; the empty answer of a
    // registration not yet finished (SPEC §4) is not in its data, so it is fulfilled: no body.
    done: (event) => (event.type === 'xstate.done.actor.logIn' && !event.output?.token ? { body: '' } : 'server'),
  },
} satisfies Network<M>;

export const homeBrowser: BrowserModel<M> = {
  model: homeModel,
  async open(page, start, path) {
    // SPEC §4's login table: the rows the path types are requests filed and moved to that state.
    const rows = new Map<string, string>();
    for (const event of path.events) {
      const row = event.type === 'PROTOCOL_CHANGED' ? LOGIN_NEIGHBOURS.find((r) => r.protocol === event.value) : undefined;
      if (row && !rows.has(row.protocol)) rows.set(row.protocol, (await serverRequest({ status: row.server })).protocolo);
    }
    filed.set(page, rows);
    const preset = start.input.presetMode;
    await page.addInitScript((type) => {
      if (type !== 'home') window.localStorage.setItem('type', type);
    }, preset);
    await page.goto('/#/home/1', { waitUntil: 'commit' });
  },
  gestures: homeGestures,
  markers: homeMarkers,
  network: homeNetwork,
  background: ['loadTooltips'],
};
