/**
 * Nothing that opens a request reaches the log. A protocol is the key to a request, a CPF is
 * half of a login, a token or a file link's signature is a session: the request line keeps
 * only the query values known to be harmless (`cdEmpresaPlano=1`), and every string any log
 * call carries loses what looks like a CPF or protocol (11 or more digits in a row, or
 * 000.000.000-00), the credential after `Bearer` and the handle of a receipt link
 * (`comprovante/<handle>`: like a file link's signature, it downloads a request's receipt for
 * two hours, whoever holds it). An e-mail address is a person's, wherever it appears (a path
 * a caller made up, an error's message): hidden too. The request serializer never includes
 * headers, so `Authorization` and cookies stay out as well.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const HIDDEN = '[oculto]';

/** Query parameters whose values say nothing about a person: kept for the operator reading the log. */
const SAFE_QUERY_KEYS: ReadonlySet<string> = new Set(['chave', 'cdEmpresaPlano', 'cdTipo', 'cdDocumento', 'registroAns', 'expira']);

const FORMATTED_CPF = /\d{3}\.\d{3}\.\d{3}-\d{2}/g;
/**
 * A CPF has 11 digits and a protocol 20; nothing the log needs is that long. A stored file's
 * name (32 hex characters, not a secret) may hold such a run by chance: it is kept whole.
 */
const LONG_DIGITS_OR_FILE_NAME = /[a-f0-9]{32}|\d{11,}/g;
const hideDigits = (match: string) => (/^\d+$/.test(match) ? HIDDEN : match);
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;
/** The receipt link's handle (services/receipt-links.ts), or anything in its place: up to the next separator. */
const RECEIPT_HANDLE = /\b(comprovante\/)[^\s"'/?#&;,]+/gi;

/** Enough of an address's shape to catch one typed anywhere; a stray '@' alone is kept. */
const EMAIL = /[\w.%+-]+@[a-z\d-]+(?:\.[a-z\d-]+)+/gi;

export function redactText(text: string): string {
  return text
    .replace(EMAIL, HIDDEN)
    .replace(RECEIPT_HANDLE, `$1${HIDDEN}`)
    .replace(FORMATTED_CPF, HIDDEN)
    .replace(LONG_DIGITS_OR_FILE_NAME, hideDigits)
    .replace(BEARER, `$1 ${HIDDEN}`);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The URL as the log shows it: path without long digit runs, every query value hidden but the harmless ones. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = redactText(decoded(mark < 0 ? url : url.slice(0, mark)));
  if (mark < 0) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = redactText(decoded(equals < 0 ? pair : pair.slice(0, equals)));
      if (equals < 0) return key;
      return `${key}=${SAFE_QUERY_KEYS.has(key) ? redactText(decoded(pair.slice(equals + 1))) : HIDDEN}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The request as the log shows it: what Fastify shows by default, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A log call's argument with every string redacted (a `url` as a URL): plain objects and
 * arrays (a few levels down), and errors (as the fields the log shows of them). Anything else — the request
 * object Fastify hands its serializer, buffers — is left to its serializer.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null || depth > 4) return value;
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      type: value.name,
      message: redactText(value.message),
      stack: redactText(value.stack ?? ''),
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'url' && typeof item === 'string' ? redactUrl(item) : redactValue(item, depth + 1),
    ]),
  );
}

export interface LogSettings {
  level: string;
  /** Where lines go (tests capture them); standard output by default. */
  stream?: { write(line: string): void };
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Fastify's logger options: the level, the redacting request serializer and a hook over every log call. */
export function loggerOptions(settings: LogSettings): LoggerOptions {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    serializers: { req: serializeRequest },
    hooks: {
      logMethod(args, method) {
        // `method` is pino's own: called on this logger with the redacted arguments.
        return method.apply(this, args.map((arg) => redactValue(arg)) as Parameters<typeof method>);
      },
    },
  } as LoggerOptions;
}
