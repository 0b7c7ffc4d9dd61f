/**
 * Issue 26 item 2 as rules over "Esqueci meu protocolo": the screen shows the server's answer
 * and never a protocol; nothing is sent before both fields are valid; a refused try says why
 * and can be sent again.
 */
import { forgotProtocolErrors, type forgotProtocolMachine } from '../../../machines/forgot-protocol.machine';
import type { Invariant } from '../framework/invariants';

type M = typeof forgotProtocolMachine;

/** A protocol is 20 digits: none may be on the form, whatever the answer. */
const PROTOCOL = /\d{20}/;

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
    holds: ({ snapshot }) =>
      !snapshot.matches('sending') ||
      Object.values(forgotProtocolErrors(snapshot.context, snapshot.context.today)).every((m) => m === '') ||
      'sent with invalid fields',
  },
  {
    rule: 'a refused try says why and can be sent again (issue 26)',
    holds: ({ snapshot }) =>
      !snapshot.matches('failed') || (snapshot.context.failure !== '' && snapshot.can({ type: 'SUBMIT' })) || 'no reason or no retry',
    seen: (page, { snapshot }) => (snapshot.matches('failed') ? { visible: page.getByTestId('forgot-protocol').getByRole('alert') } : null),
  },
];
