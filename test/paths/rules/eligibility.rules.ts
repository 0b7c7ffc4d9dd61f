/**
 * Issue 14 item 2 as rules over the eligibility check: it says "você pode" only when every
 * requirement was answered "sim", it says "pode ser recusada" only with a requirement unmet,
 * and the request is never out of reach.
 */
import { ELIGIBILITY_QUESTIONS, unmetRequirements, type eligibilityMachine } from '../../../machines/eligibility.machine';
import type { Invariant } from '../framework/invariants';

type M = typeof eligibilityMachine;

export const eligibilityRules: readonly Invariant<M>[] = [
  {
    rule: "'você pode fazer a portabilidade' only when every requirement was answered sim (issue 14)",
    holds: ({ snapshot }) =>
      !snapshot.matches('mayPort') ||
      ELIGIBILITY_QUESTIONS.every((question) => snapshot.context.answers[question] === true) ||
      `mayPort with ${JSON.stringify(snapshot.context.answers)}`,
  },
  {
    rule: "'a portabilidade pode ser recusada' only with a requirement answered não, each named with what to do (issue 14)",
    holds: ({ snapshot }) =>
      !snapshot.matches('mayBeRefused') || unmetRequirements(snapshot.context.answers).length > 0 || 'mayBeRefused with nothing unmet',
    seen: (page, { snapshot }) =>
      snapshot.matches('mayBeRefused')
        ? {
            count: page
              .getByRole('region', { name: 'Pelo que você respondeu, a portabilidade pode ser recusada.' })
              .getByRole('list', { name: 'Requisitos não atendidos' })
              .getByRole('listitem'),
            is: unmetRequirements(snapshot.context.answers).length,
          }
        : null,
  },
  {
    rule: 'the request is never out of reach: going on is possible from every question and result (issue 14)',
    holds: ({ snapshot }) => snapshot.status === 'done' || snapshot.can({ type: 'CONTINUED' }) || 'CONTINUED refused',
  },
];
