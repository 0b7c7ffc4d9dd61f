/**
 * What the wizard reads only to help (issue 27 item 5): the field help the operator keeps
 * (the tooltip call, SPEC §7) and the destination plans to pick from. Plain reads, so
 * react-query hooks rather than machine states (DESIGN §2). Tried as every call is (SPEC §7:
 * up to 2 more tries), but quiet (no loading overlay, no error modal): without them the wizard
 * still works (the registry can be typed). A failed read is asked again on the next visit;
 * the plan search says it could not be read, missing help says nothing. Kept an hour otherwise.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { DestinationPlanOption, EndpointInput, EndpointName } from '../../../contract/api';
import { TIPO_PORTABILIDADE } from '../../../contract/api';
import { callApi } from '../../api/client';

const HELP_FRESH_MS = 60 * 60_000;
const NO_HELP: Readonly<Record<string, string>> = {};

/** A quiet read's query, the same wherever it is asked or read. */
function quietRead<N extends EndpointName>(name: N, input: EndpointInput<N>) {
  return queryOptions({
    queryKey: ['help', name, input] as const,
    queryFn: ({ signal }) => callApi(name, input, { signal, quiet: true, token: null }),
    // The query cache reports no failure of a quiet read; a read in error is asked again when
    // the next screen mounts it (react-query's retryOnMount).
    meta: { quiet: true },
    staleTime: HELP_FRESH_MS,
  });
}

/** Field help by field name (`nome`, `nu_ans_plano_destino`...); empty until it arrives. */
export function useFieldHelpTexts(): Readonly<Record<string, string>> {
  const tooltips = useQuery(quietRead('tooltips', { solicitacao: TIPO_PORTABILIDADE })).data;
  return useMemo(() => (tooltips ? Object.fromEntries(tooltips.map((tip) => [tip.nmCampo, tip.dsDescricao])) : NO_HELP), [tooltips]);
}

/** Where the read of the operator's plans is: the step keeps the search's room in every case. */
export type DestinationPlansRead = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; plans: readonly DestinationPlanOption[] };

/** The plans the operator offers (registry and name), once they arrived; 'failed' when every try failed. */
export function useDestinationPlans(): DestinationPlansRead {
  const read = useQuery(quietRead('destinationPlans', {}));
  if (read.data) return { state: 'ready', plans: read.data };
  // A read in error is asked again when the step mounts: it is loading again meanwhile.
  return { state: read.isError && !read.isFetching ? 'failed' : 'loading' };
}

/**
 * Asks for the plans as the wizard opens: by step 3, minutes later, they are there, and the
 * search is ready at once even on a slow link (it waits, saying so, when they are not). In an
 * effect, not during render: the build prerenders this screen, and must ask nothing (a request
 * fired while rendering held the build's process open for minutes).
 */
export function usePrefetchDestinationPlans(): void {
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery(quietRead('destinationPlans', {}));
  }, [client]);
}
