/**
 * "Esqueci meu protocolo" (issue 26) as a statechart: from home's track mode, the person
 * gives CPF and date of birth (the plan code is the page's); the server sends the protocol to
 * the e-mail and mobile on file and answers the same whether or not a request exists, so the
 * screen shows that answer and never a protocol. A refused try (a brake, no connection) says
 * why and can be sent again.
 *
 * Pure: the call is a placeholder actor the app provides (src/flows/home/forgot-protocol.ts),
 * which rejects with an Error whose message is the pt-BR text to show.
 */
import { assertEvent, assign, setup } from 'xstate';
import { BR_DATE, isRealBrDate, isValidCpf } from '../contract/rules';
import type { CalendarDay } from './wizard.types';
import { notProvided } from './not-provided';

export interface ForgotProtocolInput {
  cdEmpresaPlano: string;
  /** Brasília's calendar day ('yyyy-mm-dd', as the server has it): a birth date after it does not exist yet. */
  today: CalendarDay;
}

export interface ForgotProtocolFields {
  cpf: string;
  dtNascimento: string;
}

export interface ForgotProtocolContext extends ForgotProtocolFields {
  cdEmpresaPlano: string;
  today: CalendarDay;
  /** A SUBMIT was refused for invalid fields: their messages show from then on. */
  attempted: boolean;
  /** The server's answer (the same for everyone). */
  answer: string;
  /** Why the last try failed, in pt-BR. */
  failure: string;
}

export type ForgotProtocolEvent =
  | { type: 'OPENED' }
  | { type: 'FIELD_CHANGED'; field: keyof ForgotProtocolFields; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSED' };

export interface SendReminderInput extends ForgotProtocolFields {
  cdEmpresaPlano: string;
}

/**
 * The fields' messages ('' when valid): the wizard's rules (a real date, from 1900, not after
 * today), so a try the server would take but no one could match does not use up one of the
 * hourly tries.
 */
export function forgotProtocolErrors(fields: ForgotProtocolFields, today: CalendarDay): Record<keyof ForgotProtocolFields, string> {
  const cpf = fields.cpf.replace(/\D/g, '');
  return {
    cpf: cpf === '' ? 'Informe o CPF do beneficiário.' : isValidCpf(cpf) ? '' : 'CPF inválido.',
    dtNascimento:
      fields.dtNascimento === ''
        ? 'Informe a data de nascimento.'
        : !BR_DATE.test(fields.dtNascimento)
          ? 'Data inválida: use dia/mês/ano.'
          : isRealBrDate(fields.dtNascimento, today)
            ? ''
            : 'Data inválida: confira o dia, o mês e o ano.',
  };
}

const isValid = (context: ForgotProtocolContext) =>
  Object.values(forgotProtocolErrors(context, context.today)).every((message) => message === '');

export const forgotProtocolMachine = setup({
  types: {
    context: {} as ForgotProtocolContext,
    events: {} as ForgotProtocolEvent,
    input: {} as ForgotProtocolInput,
  },
  actors: {
    sendReminder: notProvided<string, SendReminderInput>('sendReminder'),
  },
  guards: {
    fieldsValid: ({ context }) => isValid(context),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { [event.field]: event.value };
    }),
    markAttempted: assign({ attempted: true }),
    keepAnswer: assign((_, params: { answer: string }) => ({ answer: params.answer })),
    keepFailure: assign((_, params: { error: unknown }) => ({
      failure:
        params.error instanceof Error && params.error.message ? params.error.message : 'Não foi possível enviar o pedido. Tente novamente.',
    })),
    reset: assign({ cpf: '', dtNascimento: '', attempted: false, answer: '', failure: '' }),
  },
}).createMachine({
  id: 'forgotProtocol',
  description: "'Esqueci meu protocolo': CPF e data de nascimento; o protocolo vai para o e-mail e o celular da solicitação.",
  context: ({ input }) => ({
    cdEmpresaPlano: input.cdEmpresaPlano,
    today: input.today,
    cpf: '',
    dtNascimento: '',
    attempted: false,
    answer: '',
    failure: '',
  }),
  initial: 'closed',
  states: {
    closed: {
      description: "Só o link 'Esqueci meu protocolo'.",
      on: { OPENED: { target: 'editing', actions: 'reset' } },
    },
    editing: {
      description: 'CPF e data de nascimento; as mensagens dos campos aparecem depois de um envio recusado.',
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        SUBMIT: [
          { guard: 'fieldsValid', target: 'sending', description: 'Campos válidos: o pedido do lembrete é enviado.' },
          {
            actions: 'markAttempted',
            description: 'Campo inválido: os erros aparecem só depois desta tentativa (como na regra do SPEC §5).',
          },
        ],
        CLOSED: { target: 'closed' },
      },
    },
    sending: {
      description: 'Pedido enviado; aguardando o servidor.',
      invoke: {
        id: 'sendReminder',
        src: 'sendReminder',
        input: ({ context }) => ({
          cpf: context.cpf.replace(/\D/g, ''),
          dtNascimento: context.dtNascimento,
          cdEmpresaPlano: context.cdEmpresaPlano,
        }),
        onDone: { target: 'sent', actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      description: 'A resposta do servidor, a mesma exista ou não uma solicitação; o protocolo nunca aparece na tela.',
      on: { CLOSED: { target: 'closed' } },
    },
    failed: {
      description: 'O motivo (muitas tentativas, sem conexão), com os campos para tentar de novo.',
      on: {
        FIELD_CHANGED: { target: 'editing', actions: 'setField' },
        SUBMIT: { target: 'sending' },
        CLOSED: { target: 'closed' },
      },
    },
  },
});
