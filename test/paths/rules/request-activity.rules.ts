/**
 * SPEC §4 "Global loading" as rules over the overlay's machine: one counter of requests in
 * flight, the overlay shown while it is above zero, hidden at once by a failed request.
 */
import type { requestActivityMachine } from '../../../machines/request-activity.machine';
import { traced, type Invariant } from '../framework/invariants';

type M = typeof requestActivityMachine;

export const requestActivityRules: readonly Invariant<M>[] = [
  {
    rule: 'the counter of requests in flight is never negative (SPEC §4)',
    holds: ({ snapshot }) => snapshot.context.pending >= 0 || `pending is ${snapshot.context.pending}`,
  },
  {
    rule: 'once every request started has finished, the counter is 0 and the overlay hidden (SPEC §4)',
    holds: ({ snapshot, trace }) => {
      const started = traced.count(trace, 'event:REQUEST_STARTED');
      const finished = traced.count(trace, 'event:REQUEST_FINISHED');
      if (finished < started) return true;
      return (
        (snapshot.context.pending === 0 && snapshot.value === 'idle') ||
        `${started} started, ${finished} finished: pending ${snapshot.context.pending}, overlay ${snapshot.value}`
      );
    },
  },
  {
    rule: 'a failed request hides the overlay at once, until the next request starts (SPEC §4)',
    holds: ({ snapshot, trace }) =>
      traced.lastOf(trace, 'event:REQUEST_STARTED', 'event:REQUEST_FAILED') !== 'event:REQUEST_FAILED' ||
      snapshot.value === 'idle' ||
      `the overlay is ${snapshot.value} after REQUEST_FAILED`,
  },
  {
    rule: 'the overlay shows exactly while requests are in flight and none failed since the last one started (SPEC §4)',
    holds: ({ snapshot, trace }) => {
      const failedLast = traced.lastOf(trace, 'event:REQUEST_STARTED', 'event:REQUEST_FAILED') === 'event:REQUEST_FAILED';
      const shown = snapshot.context.pending > 0 && !failedLast;
      return (
        (snapshot.value === 'busy') === shown ||
        `overlay ${snapshot.value} with ${snapshot.context.pending} pending${failedLast ? ' after a failure' : ''}`
      );
    },
  },
];
