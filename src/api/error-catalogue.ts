/**
 * SPEC §8, applied once a request has failed for good (after react-query's retries):
 * 400/404 show the server's message as information, anything else is unexpected.
 */
import { ApiError } from './client';

export const UNEXPECTED_ERROR = 'Ocorreu um erro inesperado!';

export interface Notifier {
  info(message: string): void;
  error(message: string): void;
}

export function reportApiError(error: unknown, notify: Notifier, log: (...args: unknown[]) => void = console.error): void {
  log(error);
  if (error instanceof ApiError && error.kind === 'http' && (error.status === 400 || error.status === 404)) {
    notify.info(error.serverMessage ?? UNEXPECTED_ERROR);
    return;
  }
  notify.error(UNEXPECTED_ERROR);
}
