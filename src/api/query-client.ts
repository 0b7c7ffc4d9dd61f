/**
 * react-query is where retries and the error catalogue live (DESIGN §2): two more tries for
 * queries and mutations alike, then one report per failure. Actors reach the API only
 * through `fetchApi` (reads) and `mutateApi` (writes) below.
 */
import { MutationCache, MutationObserver, QueryCache, QueryClient, queryOptions } from '@tanstack/react-query';
import { isRateLimited } from '../../contract/rules';
import { ApiError, callApi, type CallOptions } from './client';
import type { EndpointInput, EndpointName, EndpointOutput } from '../../contract/api';

export const RETRIES = 2;

export interface QueryClientHooks {
  /**
   * Called once per request that failed after every retry; `event` groups requests that fail
   * together (a screen's reads, a write and the read after it). `saidByScreen`: the screen says
   * this failure in its own words, so it is logged, not toasted.
   */
  onFinalError(error: unknown, event?: string, saidByScreen?: boolean): void;
}

/** A read's report group (`fetchApi`'s `reportAs`), kept in the query's meta. */
const reportGroupOf = (meta: Record<string, unknown> | undefined) => (typeof meta?.reportAs === 'string' ? meta.reportAs : undefined);
/** A quiet read (`ReadOptions.quiet`) is a courtesy: its failure is nobody's error. */
const isQuiet = (meta: Record<string, unknown> | undefined) => meta?.quiet === true;
/** A write whose screen says its own failure where the person looks (`WriteOptions.saysOwnFailure`). */
const saysOwnFailure = (meta: Record<string, unknown> | undefined) => meta?.saysOwnFailure === true;
/** A read whose screen says "not found" in its own words (`ReadOptions.saysNotFound`): the server's 400/404 would say it twice. */
const saysNotFound = (meta: Record<string, unknown> | undefined, error: unknown) =>
  meta?.saysNotFound === true && error instanceof ApiError && error.kind === 'http' && (error.status === 400 || error.status === 404);

/**
 * SPEC §7: up to 2 more tries. Not after a timeout: a server that did not answer in 30 s
 * would only keep the overlay up another minute before the same message.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // A typed answer (e.g. 409 SOLICITACAO_EM_ANDAMENTO) or a 429 ("aguarde …") is the server's
  // decision: asking again changes nothing (a retry would only count against the limit).
  return (
    failureCount < RETRIES &&
    !(
      error instanceof ApiError &&
      (error.kind === 'timeout' || error.kind === 'cancelled' || error.code !== undefined || isRateLimited(error))
    )
  );
}

export function createQueryClient(hooks: QueryClientHooks): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isQuiet(query.meta) && !saysNotFound(query.meta, error)) hooks.onFinalError(error, reportGroupOf(query.meta));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        // Stopped by the person: nothing went wrong to say.
        if (error instanceof ApiError && error.kind === 'cancelled') return;
        hooks.onFinalError(error, reportGroupOf(mutation.meta), saysOwnFailure(mutation.meta));
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(250 * 2 ** attempt, 2_000),
        staleTime: 0,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(250 * 2 ** attempt, 2_000),
      },
    },
  });
}

export interface ReadOptions {
  /** Send no access token (the home lookup: see CallOptions.token). */
  anonymous?: boolean;
  /** The event a failure belongs to: reads that fail together give one toast. */
  reportAs?: string;
  /** No loading overlay and no report of a failure: a read the screen does fine without. */
  quiet?: boolean;
  /**
   * The screen says a 400/404 in its own words (the tracking lookup's 'Número de protocolo
   * inválido ou não encontrado', SPEC §8): the server's message is not shown beside it. Any
   * other failure is reported as usual.
   */
  saysNotFound?: boolean;
  /**
   * The asking actor's signal. When it aborts (the machine left the state that asked), the
   * read is cancelled: no more retries, and a failure nobody waits for is not reported.
   */
  signal?: AbortSignal;
}

/** Query options for a read; `staleTime` lets reference data (tooltips, types) be cached. */
export function apiQuery<N extends EndpointName>(name: N, input: EndpointInput<N>, staleTime = 0, options: ReadOptions = {}) {
  return queryOptions({
    queryKey: ['api', name, input, options.anonymous ? 'anonymous' : 'session'] as const,
    queryFn: ({ signal }) =>
      callApi(name, input, { signal, ...(options.anonymous ? { token: null } : {}), ...(options.quiet ? { quiet: true } : {}) }),
    staleTime,
    ...(options.reportAs || options.quiet || options.saysNotFound
      ? { meta: { reportAs: options.reportAs, quiet: options.quiet, saysNotFound: options.saysNotFound } }
      : {}),
  });
}

/** A read; `anonymous` sends no access token (the home lookup: see CallOptions.token). */
export function fetchApi<N extends EndpointName>(
  queryClient: QueryClient,
  name: N,
  input: EndpointInput<N>,
  staleTime = 0,
  options: ReadOptions = {},
): Promise<EndpointOutput<N>> {
  const query = apiQuery(name, input, staleTime, options);
  options.signal?.addEventListener('abort', () => void queryClient.cancelQueries({ queryKey: query.queryKey, exact: true }), {
    once: true,
  });
  return queryClient.fetchQuery(query);
}

export interface WriteOptions extends Pick<CallOptions, 'idempotencyKey' | 'token' | 'onUploadProgress' | 'quiet' | 'signal'> {
  /** The screen shows the failure itself (a form's own message): it is retried, but never a toast. */
  saysOwnFailure?: boolean;
  /** The event a failure belongs to, as a read's `reportAs`: a write and the screen's read after it give one toast. */
  reportAs?: string;
  /**
   * An answer no retry can change (a file the server judged): not tried again. SPEC §7 retries
   * "up to" 2 more times; sending a refused 10 MB photo twice more only costs the phone's data.
   */
  isFinal?: (error: unknown) => boolean;
}

/** A write through react-query's mutation cache, so it is retried and reported like a query. */
export function mutateApi<N extends EndpointName>(
  queryClient: QueryClient,
  name: N,
  input: EndpointInput<N>,
  { saysOwnFailure: ownFailure, reportAs, isFinal, ...options }: WriteOptions = {},
): Promise<EndpointOutput<N>> {
  // One key for the logical write: every retry of it carries the same key.
  const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
  const callOptions: CallOptions = { ...options, idempotencyKey };
  if (options.token === undefined) delete callOptions.token;
  const observer = new MutationObserver<EndpointOutput<N>, unknown, void>(queryClient, {
    mutationFn: () => callApi(name, input, callOptions),
    meta: { ...(ownFailure ? { saysOwnFailure: true } : {}), ...(reportAs ? { reportAs } : {}) },
    // Only when given: an undefined `retry` would replace the client's default.
    ...(isFinal ? { retry: (failureCount: number, error: unknown) => !isFinal(error) && shouldRetry(failureCount, error) } : {}),
  });
  return observer.mutate();
}

/** Resolves once no write is on its way (react-query's mutations, retries included). */
export function writesSettled(client: QueryClient): Promise<void> {
  if (client.isMutating() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = client.getMutationCache().subscribe(() => {
      if (client.isMutating() > 0) return;
      stop();
      resolve();
    });
  });
}
