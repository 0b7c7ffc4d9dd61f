/**
 * The privacy notice in the browser tier, on its full page (#/privacidade): one gesture per
 * event, one marker per leaf state, typed against the machine. The notice's texts are the
 * reference server's; a failure is injected.
 */
import type { privacyNoticeMachine } from '../../../machines/privacy-notice.machine';
import type { BrowserModel, Gestures, Markers, Network } from '../framework/browser';
import { privacyNoticeModel } from '../models/privacy-notice.model';

type M = typeof privacyNoticeMachine;

export const privacyNoticeGestures = {
  RETRY: (page) => page.getByRole('button', { name: 'Tentar novamente', exact: true }).click(),
} satisfies Gestures<M>;

export const privacyNoticeMarkers = {
  loading: (page) => ({ visible: page.getByRole('status').filter({ hasText: 'Carregando o aviso de privacidade…' }) }),
  shown: (page) => ({ visible: page.getByRole('heading', { level: 2, name: 'Quem trata os seus dados' }) }),
  unavailable: (page) => ({ visible: page.getByRole('alert').filter({ hasText: 'Não foi possível carregar o aviso de privacidade.' }) }),
} satisfies Markers<M>;

export const privacyNoticeNetwork = {
  readNotice: { url: /\/wslinhafrente\/v1\/portabilidade\/utils\/privacidade\?/ },
} satisfies Network<M>;

export const privacyNoticeBrowser: BrowserModel<M> = {
  model: privacyNoticeModel,
  async open(page) {
    await page.goto('/#/privacidade');
  },
  gestures: privacyNoticeGestures,
  markers: privacyNoticeMarkers,
  network: privacyNoticeNetwork,
};
