import type { ErrorCode } from '../../contract/rules.ts';

/**
 * An answer the client is meant to read: `{ message }` with a pt-BR sentence (SPEC §8), and a
 * typed `code` when the portal acts on it (contract/rules.ts ERROR_CODES).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    /** A refusal for a while (429): when to try again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string, code?: ErrorCode) => new HttpError(400, message, code);
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string, code: ErrorCode) => new HttpError(409, message, code);

/** The body of an HttpError: `{ message }`, with its code when it has one. */
export function errorBodyOf(error: HttpError): { message: string; code?: ErrorCode } {
  return error.code ? { message: error.message, code: error.code } : { message: error.message };
}
