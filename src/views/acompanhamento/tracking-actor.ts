import type { ActorRefFrom } from 'xstate';
import type { trackingMachine } from '../../../machines/tracking.machine';

/** Any running tracking actor: the app's (real actors) or a test's (fakes). */
export type TrackingActor = ActorRefFrom<typeof trackingMachine>;
