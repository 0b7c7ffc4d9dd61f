/**
 * The app's one way to the loading-activity actor (DESIGN §2, as each flow has its own):
 * `RequestActivityFlow` starts the request-activity machine at the root of the tree, and
 * hands the API client and the query client a way to count into it (src/app/services.ts);
 * the loading overlay reads it through `RequestActivityActorContext`.
 */
import { createActorContext } from '@xstate/react';
import { useLayoutEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { requestActivityMachine } from '../../machines/request-activity.machine';
import { inspectOption } from './inspect';
import { countRequestsInto, type RequestCounter } from './services';

export const RequestActivityActorContext = createActorContext(requestActivityMachine);

/** The calls' counting as the machine's events. */
export function counterOf(activity: ActorRefFrom<typeof requestActivityMachine>): RequestCounter {
  return {
    started: () => activity.send({ type: 'REQUEST_STARTED' }),
    finished: () => activity.send({ type: 'REQUEST_FINISHED' }),
    failed: () => activity.send({ type: 'REQUEST_FAILED' }),
  };
}

/**
 * Connects the counting before any screen can send a request: layout effects run before the
 * effects in which queries subscribe and the screens' actors start (their first calls). The
 * provider would start the actor only after those (a parent's effects run after its
 * children's), so it is started here, first: every call it counts is then a transition an
 * inspector sees (`start()` again, by the provider, does nothing).
 */
function CountRequests() {
  const activity = RequestActivityActorContext.useActorRef();
  useLayoutEffect(() => {
    activity.start();
    return countRequestsInto(counterOf(activity));
  }, [activity]);
  return null;
}

export function RequestActivityFlow({ children }: { children: ReactNode }) {
  return (
    <RequestActivityActorContext.Provider options={inspectOption()}>
      <CountRequests />
      {children}
    </RequestActivityActorContext.Provider>
  );
}
