/** Path model of "Esqueci meu protocolo" (machines/forgot-protocol.machine.ts). */
import { forgotProtocolMachine } from '../../../machines/forgot-protocol.machine';
import { definePathModel, fixture } from '../framework/model';
import type { EventFixtures } from '../framework/types';
import { underTest } from '../mutants';
import { forgotProtocolRules } from '../rules/forgot-protocol.rules';

type M = typeof forgotProtocolMachine;

/** The reference server's answer, found or not (services/protocol-reminder.ts). */
export const REMINDER_ANSWER_TEXT =
  'Se houver uma solicitação com estes dados, enviamos o número do protocolo para o e-mail e o celular informados nela. ' +
  'Confira a sua caixa de entrada (e a de spam) e as suas mensagens nos próximos minutos.';

export const forgotProtocolFixtures = {
  OPENED: [{ type: 'OPENED' }],
  // A valid CPF and date, then a CPF that is not one.
  FIELD_CHANGED: [
    { type: 'FIELD_CHANGED', field: 'cpf', value: '11144477735' },
    { type: 'FIELD_CHANGED', field: 'dtNascimento', value: '01/02/1980' },
    { type: 'FIELD_CHANGED', field: 'cpf', value: '12345678900' },
  ],
  SUBMIT: [{ type: 'SUBMIT' }],
  CLOSED: [{ type: 'CLOSED' }],
  'xstate.done.actor.sendReminder': [{ type: 'xstate.done.actor.sendReminder', actorId: 'sendReminder', output: REMINDER_ANSWER_TEXT }],
  'xstate.error.actor.sendReminder': [
    {
      type: 'xstate.error.actor.sendReminder',
      actorId: 'sendReminder',
      error: new Error('Não foi possível enviar o pedido agora. Tente novamente em alguns minutos.'),
    },
  ],
} as const satisfies EventFixtures<M>;

const opened = fixture<M, 'OPENED'>(forgotProtocolFixtures, 'OPENED');
const cpf = fixture<M, 'FIELD_CHANGED'>(forgotProtocolFixtures, 'FIELD_CHANGED', 0);
const date = fixture<M, 'FIELD_CHANGED'>(forgotProtocolFixtures, 'FIELD_CHANGED', 1);
const badCpf = fixture<M, 'FIELD_CHANGED'>(forgotProtocolFixtures, 'FIELD_CHANGED', 2);
const submit = fixture<M, 'SUBMIT'>(forgotProtocolFixtures, 'SUBMIT');
const closed = fixture<M, 'CLOSED'>(forgotProtocolFixtures, 'CLOSED');
const answered = fixture<M, 'xstate.done.actor.sendReminder'>(forgotProtocolFixtures, 'xstate.done.actor.sendReminder');
const refused = fixture<M, 'xstate.error.actor.sendReminder'>(forgotProtocolFixtures, 'xstate.error.actor.sendReminder');

export const forgotProtocolModel = definePathModel({
  flow: 'forgot-protocol',
  machine: underTest(forgotProtocolMachine),
  // The page's own day in the browser tier; any day after the fixtures' dates of birth here.
  starts: [{ name: 'track mode, plan 1', input: { cdEmpresaPlano: '1', today: '2026-01-15' } }],
  invariants: forgotProtocolRules,
  fixtures: forgotProtocolFixtures,
  journeys: [
    {
      name: 'an invalid CPF is refused on the form, then a valid one sent and answered',
      events: [opened, badCpf, date, submit, cpf, submit, answered, closed],
    },
    { name: 'a failed try says why, is sent again and answered', events: [opened, cpf, date, submit, refused, submit, answered] },
    { name: 'a failed try, then a field changed, then closed', events: [opened, cpf, date, submit, refused, badCpf, closed] },
    { name: 'opened and closed without sending', events: [opened, closed] },
    { name: 'a failed try, then closed', events: [opened, cpf, date, submit, refused, closed] },
  ],
});
