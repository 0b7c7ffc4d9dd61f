/**
 * Compile-time proof (checked by `npm run typecheck`, never run): a gesture table missing an
 * event, a marker table missing a state, or fixtures missing an event type do not compile.
 * Each `@ts-expect-error` fails the type check if the line below it ever compiles.
 */
import type { requestActivityMachine } from '../../../machines/request-activity.machine';
import type { Gestures, Markers } from './browser';
import type { EventFixtures } from './types';

type M = typeof requestActivityMachine;

export const missingGesture = {
  REQUEST_STARTED: async () => {},
  REQUEST_FINISHED: async () => {},
  // @ts-expect-error REQUEST_FAILED has no gesture
} satisfies Gestures<M>;

export const missingMarker = {
  idle: (page) => ({ visible: page.locator('body') }),
  // @ts-expect-error busy has no marker
} satisfies Markers<M>;

export const missingFixture = {
  REQUEST_STARTED: [{ type: 'REQUEST_STARTED' }],
  REQUEST_FINISHED: [{ type: 'REQUEST_FINISHED' }],
  // @ts-expect-error REQUEST_FAILED has no fixture
} as const satisfies EventFixtures<M>;
