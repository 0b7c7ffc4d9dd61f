/**
 * The app's long-lived services, wired once: the loading-activity actor, the react-query
 * client (retries + SPEC §8 error catalogue) and the HTTP client configuration.
 */
import { createActor } from 'xstate';
import { requestActivityMachine } from '../../machines/request-activity.machine';
import { API_TIMEOUT_MS, configureApi } from '../api/client';
import { DEFAULT_API_BASE } from '../../contract/api';
import { reportApiError } from '../api/error-catalogue';
import { createQueryClient } from '../api/query-client';
import { storage } from '../storage';
import { inspectOption } from './inspect';
import { notify } from './notify';

export const requestActivity = createActor(requestActivityMachine, inspectOption()).start();

export const queryClient = createQueryClient({
  onFinalError(error, event) {
    reportApiError(error, notify, console.error, event);
    requestActivity.send({ type: 'REQUEST_FAILED' });
  },
});

configureApi({
  base: import.meta.env.VITE_API_BASE || DEFAULT_API_BASE,
  getToken: () => storage.get('token'),
  // VITE_API_TIMEOUT_MS at build time, for an operator whose back-end is slower than 30 s.
  timeoutMs: Number(import.meta.env.VITE_API_TIMEOUT_MS) || API_TIMEOUT_MS,
  activity: {
    started: () => requestActivity.send({ type: 'REQUEST_STARTED' }),
    finished: () => requestActivity.send({ type: 'REQUEST_FINISHED' }),
  },
});
