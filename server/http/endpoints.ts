/**
 * Registers every call of the shared contract (`endpoints` in contract/api.ts) as a
 * Fastify route: the contract gives method, path, input schema and response kind; this
 * file validates the input with it, runs the handler, checks the output against it, and
 * applies idempotency to POSTs. A call missing from `handlers` does not compile.
 */
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type * as z from 'zod/mini';
import { HEADERS, endpoints, type EndpointName, type EndpointOutput, type Endpoints } from '../../contract/api.ts';
import { readAccess } from './access.ts';
import { API_BASE, apiUrl, type AppDeps, type HandlerContext } from './context.ts';
import { HttpError } from './http-error.ts';
import { callerOf, fingerprint, withIdempotency, type Answer } from './idempotency.ts';
import { documentUploadReceived, streamUploadBodies } from './streamed-upload.ts';
import { parseOrThrow } from './validation.ts';

/**
 * Calls whose file is decoded while the body arrives (streamed-upload.ts): the field, and the
 * input schema the server validates instead of the contract's (the same, with the file as received).
 */
const STREAMED_FILES = { uploadDocument: { field: 'arquivoBase64', input: documentUploadReceived } } as const;
type StreamedFiles = typeof STREAMED_FILES;

type ServerInputs = {
  [N in EndpointName]: N extends keyof StreamedFiles ? z.output<StreamedFiles[N]['input']> : z.output<Endpoints[N]['input']>;
};
export type EndpointInputOf<N extends EndpointName> = ServerInputs[N];
export type EndpointHandler<N extends EndpointName> = (input: EndpointInputOf<N>, ctx: HandlerContext) => Promise<EndpointOutput<N>>;
export type EndpointHandlers = { [N in EndpointName]: EndpointHandler<N> };

/** 'Encerrar sessão' again on an ended session is a retry, not an error: it reads the token as it is. */
const ENDS_SESSION: ReadonlySet<EndpointName> = new Set(['logout']);

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * Reference data: the same answer for everyone (plan names, types, branding, field help, the
 * privacy notice, the operator's contact). Browsers and proxies may keep it for five minutes and then revalidate
 * it by its ETag (a 304 instead of the body); a back-office change shows within that time.
 * Everything else is about a person or a request and is never stored: a CEP asked for is the
 * person's address (found by an exploratory run: kept in a shared phone's disk cache, and by proxies).
 */
const REFERENCE_DATA: ReadonlySet<EndpointName> = new Set([
  'operatorKey',
  'tooltips',
  'destinationPlan',
  'destinationPlans',
  'contractTypes',
  'documentTypes',
  'setting',
  'privacy',
  'contact',
]);
const REFERENCE_MAX_AGE_S = 300;

function cacheControl(name: EndpointName, reply: FastifyReply): string {
  if (!REFERENCE_DATA.has(name)) return 'no-store';
  // An answer that hands this browser its CSRF cookie is this browser's alone.
  const audience = reply.hasHeader('set-cookie') ? 'private' : 'public';
  return `${audience}, max-age=${REFERENCE_MAX_AGE_S}`;
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly (W/ aside). */
function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}

/**
 * The ETag of a reference answer and the 304 to a conditional request that holds it, for 2xx
 * answers only (RFC 9110 §13.2.1: preconditions do not apply to any other): an error (a CEP
 * that is not one, an unknown plan) gets no tag, and a conditional request never turns it
 * into a 304 that would keep a cached answer alive. @fastify/etag makes the tag; this decides.
 */
async function referenceValidators(scope: FastifyInstance): Promise<void> {
  await scope.register(etag, { replyWith304: false });
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode > 299) {
      reply.removeHeader('etag');
      return payload;
    }
    const tag = reply.getHeader('etag');
    if (typeof tag !== 'string' || !noneMatch(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    return '';
  });
}

function send(reply: FastifyReply, answer: Answer, name: EndpointName): FastifyReply {
  return reply.code(answer.statusCode).type(answer.contentType).header('cache-control', cacheControl(name, reply)).send(answer.body);
}

export interface EndpointOptions {
  /**
   * Body limits per call, for Fastify's own JSON parser: calls that carry a file get theirs;
   * every other call keeps the application's small default. The contract's bounds then
   * check every field of what was parsed.
   */
  bodyLimits?: Partial<Record<EndpointName, number>>;
}

export function registerEndpoints(app: FastifyInstance, deps: AppDeps, handlers: EndpointHandlers, options: EndpointOptions = {}): void {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    registerEndpoint(app, deps, handlers, name, options.bodyLimits?.[name]);
  }
}

function registerEndpoint(app: FastifyInstance, deps: AppDeps, handlers: EndpointHandlers, name: EndpointName, bodyLimit?: number): void {
  const streamed = name in STREAMED_FILES ? STREAMED_FILES[name as keyof StreamedFiles] : undefined;
  if (REFERENCE_DATA.has(name)) {
    // Its own scope: only reference data carries an ETag and answers If-None-Match with 304.
    void app.register(async (scope) => {
      await referenceValidators(scope);
      defineRoute(scope, deps, handlers, name, endpoints[name].input, bodyLimit);
    });
    return;
  }
  if (!streamed) return defineRoute(app, deps, handlers, name, endpoints[name].input, bodyLimit);
  // Its own scope: the streaming body reader serves this route only.
  void app.register(async (scope) => {
    streamUploadBodies(scope, streamed.field, bodyLimit ?? app.initialConfig.bodyLimit ?? 0);
    defineRoute(scope, deps, handlers, name, streamed.input, bodyLimit);
  });
}

function defineRoute(
  app: FastifyInstance,
  deps: AppDeps,
  handlers: EndpointHandlers,
  name: EndpointName,
  inputSchema: z.ZodMiniType,
  bodyLimit?: number,
): void {
  const endpoint = endpoints[name];
  const handler = handlers[name] as (input: unknown, ctx: HandlerContext) => Promise<unknown>;
  app.route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    handler: async (request, reply) => {
      const now = deps.clock();
      const ctx: HandlerContext = {
        deps,
        request,
        now,
        access: await readAccess(request, now, deps, { acceptEnded: ENDS_SESSION.has(name) }),
        clientAddress: request.ip,
        apiUrl: (path) => apiUrl(deps.publicUrl, path),
      };
      const raw = endpoint.method === 'GET' ? request.query : request.body;
      const input = parseOrThrow(inputSchema, raw ?? {});

      const run = async (): Promise<Answer> => {
        const output = await handler(input, ctx);
        // The contract is a promise to the client: never send what it would reject.
        const checked = endpoint.output.safeParse(output);
        if (!checked.success) {
          request.log.error({ endpoint: name, issues: checked.error.issues }, 'resposta fora do contrato');
          throw new Error(`resposta de ${name} fora do contrato`);
        }
        return endpoint.responseKind === 'json'
          ? { statusCode: 200, contentType: JSON_TYPE, body: JSON.stringify(checked.data) }
          : { statusCode: 200, contentType: TEXT_TYPE, body: String(checked.data) };
      };

      const key = request.headers[HEADERS.idempotencyKey.toLowerCase()];
      if (endpoint.method !== 'POST' || key === undefined) return send(reply, await run(), name);
      if (typeof key !== 'string') throw new HttpError(400, 'Envie um único cabeçalho Idempotency-Key.');
      const answer = await withIdempotency(deps.db, name, key, fingerprint({ input, caller: callerOf(ctx.access) }, deps.secret), now, run);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return send(reply, answer, name);
    },
  });
}
