/**
 * react-query is where retries and the error catalogue live (DESIGN §2): two more tries for
 * queries and mutations alike, then one report per failure. Actors reach the API only
 * through `fetchApi` (reads) and `mutateApi` (writes) below.
 */
import { MutationCache, MutationObserver, QueryCache, QueryClient, queryOptions } from '@tanstack/react-query';
import { callApi } from './client';
import type { EndpointInput, EndpointName, EndpointOutput } from './contract';

export const RETRIES = 2;

export interface QueryClientHooks {
  /** Called once per request that failed after every retry; `event` groups reads that fail together. */
  onFinalError(error: unknown, event?: string): void;
}

/** A read's report group (`fetchApi`'s `reportAs`), kept in the query's meta. */
const reportGroupOf = (meta: Record<string, unknown> | undefined) => (typeof meta?.reportAs === 'string' ? meta.reportAs : undefined);

export function createQueryClient(hooks: QueryClientHooks): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => hooks.onFinalError(error, reportGroupOf(query.meta)) }),
    mutationCache: new MutationCache({ onError: (error) => hooks.onFinalError(error) }),
    defaultOptions: {
      queries: {
        retry: RETRIES,
        retryDelay: (attempt) => Math.min(250 * 2 ** attempt, 2_000),
        staleTime: 0,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: RETRIES,
        retryDelay: (attempt) => Math.min(250 * 2 ** attempt, 2_000),
      },
    },
  });
}

/**
 * Query options for a read; `staleTime` lets reference data (tooltips, types) be cached;
 * `reportAs` names the event its failure belongs to (one toast per event).
 */
export function apiQuery<N extends EndpointName>(name: N, input: EndpointInput<N>, staleTime = 0, reportAs?: string) {
  return queryOptions({
    queryKey: ['api', name, input] as const,
    queryFn: ({ signal }) => callApi(name, input, { signal }),
    staleTime,
    ...(reportAs ? { meta: { reportAs } } : {}),
  });
}

export function fetchApi<N extends EndpointName>(
  queryClient: QueryClient, name: N, input: EndpointInput<N>, staleTime = 0, reportAs?: string,
): Promise<EndpointOutput<N>> {
  return queryClient.fetchQuery(apiQuery(name, input, staleTime, reportAs));
}

/** A write through react-query's mutation cache, so it is retried and reported like a query. */
export function mutateApi<N extends EndpointName>(
  queryClient: QueryClient, name: N, input: EndpointInput<N>, options: { idempotencyKey?: string } = {},
): Promise<EndpointOutput<N>> {
  // One key for the logical write: every retry of it carries the same key.
  const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
  const observer = new MutationObserver<EndpointOutput<N>, unknown, void>(queryClient, {
    mutationFn: () => callApi(name, input, { idempotencyKey }),
  });
  return observer.mutate();
}
