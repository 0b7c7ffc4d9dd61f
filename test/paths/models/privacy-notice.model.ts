/** Path model of the privacy notice (machines/privacy-notice.machine.ts). */
import { privacyNoticeMachine, type PrivacyNoticeTexts } from '../../../machines/privacy-notice.machine';
import { definePathModel, fixture } from '../framework/model';
import type { EventFixtures } from '../framework/types';
import { underTest } from '../mutants';
import { privacyNoticeRules } from '../rules/privacy-notice.rules';

type M = typeof privacyNoticeMachine;

/** What the reference server answers for plan 1 is the browser tier's; the unit tier needs only its shape. */
const NOTICE: PrivacyNoticeTexts = {
  controlador: 'Vida Plena Saúde',
  finalidade: 'Analisar a portabilidade (RN 438).',
  dados: 'Os dados da solicitação.',
  retencao: '5 anos.',
  compartilhamento: 'ANS, quando exigido.',
  direitos: 'Acesso, correção e eliminação.',
  encarregado: 'Encarregado',
  contato: 'privacidade@operadora-1.example',
};

export const privacyNoticeFixtures = {
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.readNotice': [{ type: 'xstate.done.actor.readNotice', actorId: 'readNotice', output: NOTICE }],
  'xstate.error.actor.readNotice': [
    { type: 'xstate.error.actor.readNotice', actorId: 'readNotice', error: new Error('HTTP 503 (fixture)') },
  ],
} as const satisfies EventFixtures<M>;

const failed = fixture<M, 'xstate.error.actor.readNotice'>(privacyNoticeFixtures, 'xstate.error.actor.readNotice');
const read = fixture<M, 'xstate.done.actor.readNotice'>(privacyNoticeFixtures, 'xstate.done.actor.readNotice');
const retry = fixture<M, 'RETRY'>(privacyNoticeFixtures, 'RETRY');

export const privacyNoticeModel = definePathModel({
  flow: 'privacy-notice',
  machine: underTest(privacyNoticeMachine),
  starts: [{ name: 'plan 1', input: { cdEmpresaPlano: '1' } }],
  invariants: privacyNoticeRules,
  fixtures: privacyNoticeFixtures,
  journeys: [{ name: 'unavailable, asked again, then shown', events: [failed, retry, read] }],
});
