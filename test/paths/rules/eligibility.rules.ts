/**
 * Issue 14 item 2 as rules over the eligibility check: it says "você pode" only when every
 * requirement was answered "sim", it says "pode ser recusada" only with a requirement unmet,
 * and the request is never out of reach.
 */
import { ELIGIBILITY_QUESTIONS, type EligibilityAnswers, type eligibilityMachine } from '../../../machines/eligibility.machine';
import type { Invariant, ReceivedEvent } from '../framework/invariants';

type M = typeof eligibilityMachine;

/**
 * The answers the person gave, by the events: the questions come one at a time in issue 14's
 * order, 'Voltar' goes one back (from a result, to the last question), and 'Refazer' starts
 * over with none.
 */
function answersGiven(events: readonly ReceivedEvent[]): EligibilityAnswers {
  let answers: EligibilityAnswers = {};
  let asked = 0;
  for (const event of events) {
    const question = ELIGIBILITY_QUESTIONS[asked];
    if (event.type === 'ANSWERED' && question) {
      answers = { ...answers, [question]: event.answer === true };
      asked += 1;
    } else if (event.type === 'PREVIOUS') asked = Math.max(asked - 1, 0);
    else if (event.type === 'RESTARTED') [answers, asked] = [{}, 0];
  }
  return answers;
}

/** The requirements answered "não". */
const unmet = (events: readonly ReceivedEvent[]) => {
  const answers = answersGiven(events);
  return ELIGIBILITY_QUESTIONS.filter((question) => answers[question] === false);
};

export const eligibilityRules: readonly Invariant<M>[] = [
  {
    rule: "'você pode fazer a portabilidade' only when every requirement was answered sim (issue 14)",
    holds: ({ snapshot, events }) =>
      !snapshot.matches('mayPort') ||
      ELIGIBILITY_QUESTIONS.every((question) => answersGiven(events)[question] === true) ||
      `mayPort with ${JSON.stringify(answersGiven(events))}`,
  },
  {
    rule: "'a portabilidade pode ser recusada' only with a requirement answered não, each named with what to do (issue 14)",
    holds: ({ snapshot, events }) => !snapshot.matches('mayBeRefused') || unmet(events).length > 0 || 'mayBeRefused with nothing unmet',
    seen: (page, { snapshot, events }) =>
      snapshot.matches('mayBeRefused')
        ? {
            count: page
              .getByRole('region', { name: 'Pelo que você respondeu, a portabilidade pode ser recusada.' })
              .getByRole('list', { name: 'Requisitos não atendidos' })
              .getByRole('listitem'),
            is: unmet(events).length,
          }
        : null,
  },
  {
    rule: 'the request is never out of reach: going on is possible from every question and result (issue 14)',
    holds: ({ snapshot }) => snapshot.status === 'done' || snapshot.can({ type: 'CONTINUED' }) || 'CONTINUED refused',
  },
];
