/**
 * The operator's privacy notice (issue 14 item 1, LGPD art. 9) as a statechart: read from
 * the server for the plan the person came from, shown, or said to be unavailable with a way
 * to ask again.
 *
 * Pure: the read is a placeholder actor the app provides (src/flows/privacy/).
 */
import { assign, setup } from 'xstate';
import { notProvided } from './not-provided';

/** The operator's texts (contract `privacyNotice`). */
export interface PrivacyNoticeTexts {
  controlador: string;
  finalidade: string;
  dados: string;
  retencao: string;
  compartilhamento: string;
  direitos: string;
  encarregado: string;
  contato: string;
}

export interface PrivacyNoticeInput {
  cdEmpresaPlano: string;
}

export interface PrivacyNoticeContext {
  cdEmpresaPlano: string;
  notice: PrivacyNoticeTexts | null;
}

export type PrivacyNoticeEvent = { type: 'RETRY' };

export const privacyNoticeMachine = setup({
  types: {
    context: {} as PrivacyNoticeContext,
    events: {} as PrivacyNoticeEvent,
    input: {} as PrivacyNoticeInput,
  },
  actors: {
    readNotice: notProvided<PrivacyNoticeTexts, { cdEmpresaPlano: string }>('readNotice'),
  },
  actions: {
    keepNotice: assign((_, params: { notice: PrivacyNoticeTexts }) => ({ notice: params.notice })),
  },
}).createMachine({
  id: 'privacyNotice',
  description: 'O aviso de privacidade da operadora (LGPD art. 9): lido do servidor, mostrado, ou indisponível com nova tentativa.',
  context: ({ input }) => ({ cdEmpresaPlano: input.cdEmpresaPlano, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Lendo os textos da operadora; o aviso já cita a LGPD e leva à página completa.',
      invoke: {
        id: 'readNotice',
        src: 'readNotice',
        input: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }),
        onDone: { target: 'shown', actions: { type: 'keepNotice', params: ({ event }) => ({ notice: event.output }) } },
        onError: { target: 'unavailable' },
      },
    },
    shown: {
      description: 'Controladora, finalidade, dados e prazo, compartilhamento, direitos e contato do encarregado.',
    },
    unavailable: {
      description: "'Não foi possível carregar o aviso de privacidade.', com 'Tentar novamente'.",
      on: { RETRY: { target: 'loading' } },
    },
  },
});
