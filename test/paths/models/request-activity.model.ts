/** Path model of the global loading overlay (machines/request-activity.machine.ts). */
import { requestActivityMachine } from '../../../machines/request-activity.machine';
import { definePathModel, fixture } from '../framework/model';
import type { EventFixtures } from '../framework/types';
import { underTest } from '../mutants';
import { requestActivityRules } from '../rules/request-activity.rules';

type M = typeof requestActivityMachine;

export const requestActivityFixtures = {
  REQUEST_STARTED: [{ type: 'REQUEST_STARTED' }],
  REQUEST_FINISHED: [{ type: 'REQUEST_FINISHED' }],
  REQUEST_FAILED: [{ type: 'REQUEST_FAILED' }],
} as const satisfies EventFixtures<M>;

const started = fixture<M, 'REQUEST_STARTED'>(requestActivityFixtures, 'REQUEST_STARTED');
const finished = fixture<M, 'REQUEST_FINISHED'>(requestActivityFixtures, 'REQUEST_FINISHED');
const failed = fixture<M, 'REQUEST_FAILED'>(requestActivityFixtures, 'REQUEST_FAILED');

export const requestActivityModel = definePathModel({
  flow: 'request-activity',
  machine: underTest(requestActivityMachine),
  invariants: requestActivityRules,
  fixtures: requestActivityFixtures,
  // The counter is unbounded; only "none, one, more than one pending" changes behaviour.
  abstractContext: (context) => ({ pending: Math.min(context.pending, 2) }),
  journeys: [
    { name: 'two overlapping requests keep the overlay until the last one finishes', events: [started, started, finished, finished] },
    { name: 'a failed request hides the overlay at once, even with another one pending', events: [started, started, failed] },
    { name: 'after a failure the next request shows the overlay again', events: [started, failed, started, finished] },
  ],
});

/**
 * Requests the home screen sends as it opens (branding: logo, favicon, operator name; the
 * tooltips): the browser tier's "several requests pending at once".
 */
export const HOME_BOOT_REQUESTS = 4;
