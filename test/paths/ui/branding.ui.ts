/**
 * The operator's branding in the browser tier, on the two screens that show it: home (the
 * logo in the header, the operator's name in the welcome) and the layout of the other
 * screens, opened on nova-solicitacao (the seal in the footer); both set the favicon.
 */
import type { Page } from '@playwright/test';
import type { brandingMachine } from '../../../machines/branding.machine';
import { seedSession } from '../../e2e/support/session';
import type { BrowserModel, Gestures, Markers, Network } from '../framework/browser';
import { brandingModel } from '../models/branding.model';

type M = typeof brandingMachine;

const API = '/wslinhafrente/v1/';
const logo = (page: Page) => page.getByTestId('operator-logo');
const favicon = (page: Page) => page.locator('link#favicon');
const welcome = (page: Page) => page.getByTestId('welcome');
const seal = (page: Page) => page.getByRole('img', { name: 'Selo da operadora' });
const EMPTY_FAVICON = 'data:,';
const CHOOSING = { none: 'left at once, for loading or notShown' } as const;

export const brandingGestures = {
  // The machine has no user event (its answers come from its actors): nothing to do.
  'BRANDING.NOOP': async () => {},
} satisfies Gestures<M>;

export const brandingMarkers = {
  'loading.logo.choosing': () => CHOOSING,
  'loading.logo.loading': (page) => ({ hidden: logo(page) }),
  'loading.logo.settled': (page, context) => (context.logoUrl ? { visible: logo(page) } : { hidden: logo(page) }),
  'loading.logo.notShown': (page) => ({ hidden: logo(page) }),
  'loading.favicon.loading': (page) => ({ attribute: favicon(page), name: 'href', value: EMPTY_FAVICON }),
  'loading.favicon.settled': (page, context) => ({
    attribute: favicon(page),
    name: 'href',
    value: context.faviconUrl ? /^(?!data:,$)/ : EMPTY_FAVICON,
  }),
  'loading.seal.choosing': () => CHOOSING,
  'loading.seal.loading': (page) => ({ hidden: seal(page) }),
  'loading.seal.settled': (page, context) => (context.sealUrl ? { visible: seal(page) } : { hidden: seal(page) }),
  'loading.seal.notShown': (page) => ({ hidden: seal(page) }),
  'loading.operatorName.choosing': () => CHOOSING,
  'loading.operatorName.loading': (page) => ({ attribute: welcome(page), name: 'data-testid', value: 'welcome' }),
  'loading.operatorName.settled': (page, context) =>
    context.operatorName
      ? { visible: page.getByText(/^Bem-vindo\(a\) ao portal de portabilidade da /) }
      : { visible: page.getByText('Bem-vindo(a) ao portal de portabilidade', { exact: true }) },
  'loading.operatorName.notShown': (page) => ({ hidden: welcome(page) }),
  ready: (page, context) =>
    context.shows.includes('seal')
      ? context.sealUrl
        ? { visible: seal(page) }
        : { hidden: seal(page) }
      : context.logoUrl
        ? { visible: logo(page) }
        : { visible: welcome(page) },
} satisfies Markers<M>;

export const brandingNetwork = {
  loadLogo: { url: new RegExp(`${API}portabilidade/utils/parametro\\?chave=82&`) },
  loadFavicon: { url: new RegExp(`${API}portabilidade/utils/parametro\\?chave=85&`) },
  loadSeal: { url: new RegExp(`${API}portabilidade/utils/parametro\\?chave=84&`) },
  loadOperatorName: { url: new RegExp(`${API}auth/recuperar-chave\\?cdTipo=65&`) },
} satisfies Network<M>;

export const brandingBrowser: BrowserModel<M> = {
  model: brandingModel,
  open: async (page, start) => {
    if (start.name === 'home') {
      await page.goto('/#/home/1', { waitUntil: 'commit' });
      return;
    }
    // The layout, on the wizard: its guard wants a stored session; the wizard starts anonymous (SPEC's 'free').
    await seedSession(page, { protocolo: '12345678901234567890', token: 'free', cdEmpresaPlano: '1' });
    await page.goto('/#/nova-solicitacao', { waitUntil: 'commit' });
  },
  gestures: brandingGestures,
  markers: brandingMarkers,
  network: brandingNetwork,
};
