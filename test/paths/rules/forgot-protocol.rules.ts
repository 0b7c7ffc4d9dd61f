/**
 * Issue 26 item 2 as rules over "Esqueci meu protocolo": the screen shows the server's answer
 * and never a protocol; nothing is sent before both fields are valid; a refused try says why
 * and can be sent again.
 */
import { isRealBrDate, isValidCpf } from '../../../contract/rules';
import type { forgotProtocolMachine } from '../../../machines/forgot-protocol.machine';
import type { Invariant, ReceivedEvent } from '../framework/invariants';

type M = typeof forgotProtocolMachine;

/** A protocol is 20 digits: none may be on the form, whatever the answer. */
const PROTOCOL = /\d{20}/;

/** What the person last typed in a field since the form was opened (it opens empty), by the events. */
function typed(events: readonly ReceivedEvent[], field: 'cpf' | 'dtNascimento'): string {
  const opened = events.findLastIndex((event) => event.type === 'OPENED');
  const last = events.slice(opened + 1).findLast((event) => event.type === 'FIELD_CHANGED' && event.field === field);
  return typeof last?.value === 'string' ? last.value : '';
}

/** SPEC §5's rules on what was typed: a CPF with its check digits, a real date up to today. */
const validTyped = (events: readonly ReceivedEvent[], today: string) =>
  isValidCpf(typed(events, 'cpf').replace(/\D/g, '')) && isRealBrDate(typed(events, 'dtNascimento'), today);

export const forgotProtocolRules: readonly Invariant<M>[] = [
  {
    rule: 'after a try, the screen shows the server’s answer and never a protocol (issue 26)',
    holds: ({ snapshot }) =>
      !snapshot.matches('sent') ||
      (snapshot.context.answer !== '' && !PROTOCOL.test(snapshot.context.answer)) ||
      'answer missing or with a protocol',
    seen: (page, { snapshot }) => (snapshot.matches('sent') ? { hidden: page.getByTestId('forgot-protocol').getByText(PROTOCOL) } : null),
  },
  {
    rule: 'nothing is sent before the CPF and the date of birth are valid (issue 26)',
    // `today` is the machine's input (Brasília's calendar day), not something it computed.
    holds: ({ snapshot, events }) =>
      !snapshot.matches('sending') || validTyped(events, snapshot.context.today) || 'sent with invalid fields',
  },
  {
    rule: 'a refused try says why and can be sent again (issue 26)',
    holds: ({ snapshot }) =>
      !snapshot.matches('failed') || (snapshot.context.failure !== '' && snapshot.can({ type: 'SUBMIT' })) || 'no reason or no retry',
    seen: (page, { snapshot }) => (snapshot.matches('failed') ? { visible: page.getByTestId('forgot-protocol').getByRole('alert') } : null),
  },
];
