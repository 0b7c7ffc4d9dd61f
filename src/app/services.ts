/**
 * The app's long-lived services, wired once: the react-query client (retries + SPEC §8
 * error catalogue) and the HTTP client configuration, both counting their calls into the
 * loading activity the app's root provides (src/app/request-activity.tsx).
 */
import { API_TIMEOUT_MS, configureApi, type RequestActivity } from '../api/client';
import { DEFAULT_API_BASE } from '../../contract/api';
import { reportApiError } from '../api/error-catalogue';
import { createQueryClient } from '../api/query-client';
import { storage } from '../storage';
import { notify } from './notify';

/** What the loading overlay counts: the client's attempts, and a call that failed for good. */
export interface RequestCounter extends RequestActivity {
  failed(): void;
}

const NOT_COUNTED: RequestCounter = { started() {}, finished() {}, failed() {} };
let counter = NOT_COUNTED;

/** Counts every call into `next` (the root's request-activity actor) until the returned stop. */
export function countRequestsInto(next: RequestCounter): () => void {
  counter = next;
  return () => {
    if (counter === next) counter = NOT_COUNTED;
  };
}

export const queryClient = createQueryClient({
  onFinalError(error, event, saidByScreen) {
    // SPEC §8: every failure is logged and hides the overlay; the screen may say it in its own words.
    if (saidByScreen) console.error(error);
    else reportApiError(error, notify, console.error, event);
    counter.failed();
  },
});

configureApi({
  base: import.meta.env.VITE_API_BASE || DEFAULT_API_BASE,
  getToken: () => storage.get('token'),
  // VITE_API_TIMEOUT_MS at build time, for an operator whose back-end is slower than 30 s.
  timeoutMs: Number(import.meta.env.VITE_API_TIMEOUT_MS) || API_TIMEOUT_MS,
  activity: {
    started: () => counter.started(),
    finished: () => counter.finished(),
  },
});
