/** Path model of "Quem pode fazer a portabilidade?" (machines/eligibility.machine.ts). */
import { eligibilityMachine, unmetRequirements } from '../../../machines/eligibility.machine';
import { definePathModel, fixture } from '../framework/model';
import type { EventFixtures } from '../framework/types';
import { underTest } from '../mutants';
import { eligibilityRules } from '../rules/eligibility.rules';

type M = typeof eligibilityMachine;

export const eligibilityFixtures = {
  ANSWERED: [
    { type: 'ANSWERED', answer: true },
    { type: 'ANSWERED', answer: false },
  ],
  PREVIOUS: [{ type: 'PREVIOUS' }],
  RESTARTED: [{ type: 'RESTARTED' }],
  CONTINUED: [{ type: 'CONTINUED' }],
} as const satisfies EventFixtures<M>;

const yes = fixture<M, 'ANSWERED'>(eligibilityFixtures, 'ANSWERED', 0);
const no = fixture<M, 'ANSWERED'>(eligibilityFixtures, 'ANSWERED', 1);
const previous = fixture<M, 'PREVIOUS'>(eligibilityFixtures, 'PREVIOUS');
const restarted = fixture<M, 'RESTARTED'>(eligibilityFixtures, 'RESTARTED');
const continued = fixture<M, 'CONTINUED'>(eligibilityFixtures, 'CONTINUED');

export const eligibilityModel = definePathModel({
  flow: 'eligibility',
  machine: underTest(eligibilityMachine),
  invariants: eligibilityRules,
  fixtures: eligibilityFixtures,
  // What decides the outcome: whether a requirement before the last one is unmet.
  abstractContext: (context) => ({
    unmet: unmetRequirements(context.answers).filter((question) => question !== 'planoRegulamentado').length > 0,
  }),
  journeys: [
    { name: 'every requirement met: may port, and goes on to the request', events: [yes, yes, yes, yes, yes, continued] },
    {
      name: 'payments late and the minimum stay not reached: why and what to do, and the request anyway',
      events: [yes, no, no, yes, yes, continued],
    },
    {
      name: 'back from a refusal to change the last answer, then start over',
      events: [yes, yes, yes, yes, no, previous, yes, previous, no, restarted],
    },
    { name: 'the questions skipped from the first one', events: [continued] },
  ],
});
