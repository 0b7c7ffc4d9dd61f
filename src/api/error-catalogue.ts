/**
 * SPEC §8, applied once a request has failed for good (after react-query's retries):
 * 400/404 show the server's message as information, anything else is unexpected. And a 429
 * (a brake SPEC's back-end did not have) shows its message too: it says how long to wait.
 */
import { ERROR_CODES, isRateLimited } from '../../contract/rules';
import { ApiError } from './client';

/** Answers a screen tells the person about itself (issue 27: the wizard's duplicate warning): no toast beside it. */
const SHOWN_BY_THE_SCREEN: ReadonlySet<string> = new Set([ERROR_CODES.openRequestExists]);

export const UNEXPECTED_ERROR = 'Ocorreu um erro inesperado!';
/**
 * A 429 that says nothing (a proxy's, before our server): still a "wait", never "unexpected"
 * (found by an exploratory run: the person was told nothing of what to do).
 */
export const RATE_LIMITED_WITHOUT_MESSAGE = 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente de novo.';

export interface Notifier {
  info(message: string, event?: string): void;
  error(message: string, event?: string): void;
}

/**
 * `event`: requests that fail together for one reason (the branding loads of an unknown plan)
 * share it, and the notifier shows one toast for them.
 */
export function reportApiError(error: unknown, notify: Notifier, log: (...args: unknown[]) => void = console.error, event?: string): void {
  log(error);
  if (error instanceof ApiError && error.code !== undefined && SHOWN_BY_THE_SCREEN.has(error.code)) return;
  const say = (kind: 'info' | 'error', message: string) => (event ? notify[kind](message, event) : notify[kind](message));
  if (error instanceof ApiError && error.kind === 'http' && isRateLimited(error)) {
    say('info', error.serverMessage ?? RATE_LIMITED_WITHOUT_MESSAGE);
    return;
  }
  if (error instanceof ApiError && error.kind === 'http' && (error.status === 400 || error.status === 404)) {
    say('info', error.serverMessage ?? UNEXPECTED_ERROR);
    return;
  }
  say('error', UNEXPECTED_ERROR);
}
