/**
 * The operator's branding in the browser tier, on the home screen: the logo in the header,
 * the favicon, the operator's name in the welcome; the seal shows only in the other
 * screens' footer (its state is still checked on the machine in the page).
 */
import type { Page } from '@playwright/test';
import type { brandingMachine } from '../../../machines/branding.machine';
import type { BrowserModel, Gestures, Markers, Network } from '../framework/browser';
import { brandingModel } from '../models/branding.model';

type M = typeof brandingMachine;

const API = '/wslinhafrente/v1/';
const logo = (page: Page) => page.getByTestId('operator-logo');
const favicon = (page: Page) => page.locator('link#favicon');
const welcome = (page: Page) => page.getByTestId('welcome');
const EMPTY_FAVICON = 'data:,';
const NO_SEAL = { none: 'the seal shows only in the footer of nova-solicitacao and acompanhamento, not on home' } as const;

export const brandingGestures = {
  // The machine has no user event (its answers come from its actors): nothing to do.
  'BRANDING.NOOP': async () => {},
} satisfies Gestures<M>;

export const brandingMarkers = {
  'loading.logo.loading': (page) => ({ hidden: logo(page) }),
  'loading.logo.settled': (page, context) => (context.logoUrl ? { visible: logo(page) } : { hidden: logo(page) }),
  'loading.favicon.loading': (page) => ({ attribute: favicon(page), name: 'href', value: EMPTY_FAVICON }),
  'loading.favicon.settled': (page, context) => ({
    attribute: favicon(page),
    name: 'href',
    value: context.faviconUrl ? /^(?!data:,$)/ : EMPTY_FAVICON,
  }),
  'loading.seal.loading': () => NO_SEAL,
  'loading.seal.settled': () => NO_SEAL,
  'loading.operatorName.loading': (page) => ({ attribute: welcome(page), name: 'data-testid', value: 'welcome' }),
  'loading.operatorName.settled': (page, context) =>
    context.operatorName
      ? { visible: page.getByText(/^Bem-vindo\(a\) ao portal de portabilidade da /) }
      : { visible: page.getByText('Bem-vindo(a) ao portal de portabilidade', { exact: true }) },
  ready: (page, context) => (context.logoUrl ? { visible: logo(page) } : { visible: welcome(page) }),
} satisfies Markers<M>;

export const brandingNetwork = {
  loadLogo: { url: new RegExp(`${API}portabilidade/utils/parametro\\?chave=82&`) },
  loadFavicon: { url: new RegExp(`${API}portabilidade/utils/parametro\\?chave=85&`) },
  loadSeal: { url: new RegExp(`${API}portabilidade/utils/parametro\\?chave=84&`) },
  loadOperatorName: { url: new RegExp(`${API}auth/recuperar-chave\\?cdTipo=65&`) },
} satisfies Network<M>;

export const brandingBrowser: BrowserModel<M> = {
  model: brandingModel,
  open: async (page) => {
    await page.goto('/#/home/1', { waitUntil: 'commit' });
  },
  gestures: brandingGestures,
  markers: brandingMarkers,
  network: brandingNetwork,
};
