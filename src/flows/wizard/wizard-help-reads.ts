/**
 * What the wizard reads only to help (issue 27 item 5): the field help the operator keeps
 * (the tooltip call, SPEC §7) and the destination plans to pick from. Plain reads, so
 * react-query hooks rather than machine states (DESIGN §2). Tried as every call is (SPEC §7:
 * up to 2 more tries), but quiet (no loading overlay) and silent on a final failure: without
 * them the wizard still works (the registry can be typed), so a failed read shows nothing and
 * is asked again on the next visit. Kept an hour otherwise.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DestinationPlanOption, EndpointInput, EndpointName, EndpointOutput } from '../../../contract/api';
import { TIPO_PORTABILIDADE } from '../../../contract/api';
import { callApi } from '../../api/client';

const HELP_FRESH_MS = 60 * 60_000;
const NO_PLANS: readonly DestinationPlanOption[] = [];
const NO_HELP: Readonly<Record<string, string>> = {};

function useQuietRead<N extends EndpointName>(name: N, input: EndpointInput<N>): EndpointOutput<N> | undefined {
  const { data } = useQuery({
    queryKey: ['help', name, input] as const,
    queryFn: ({ signal }) => callApi(name, input, { signal, quiet: true, token: null }),
    // The query cache reports no failure of a quiet read; a read in error is asked again when
    // the next screen mounts it (react-query's retryOnMount).
    meta: { quiet: true },
    staleTime: HELP_FRESH_MS,
  });
  return data;
}

/** Field help by field name (`nome`, `nu_ans_plano_destino`...); empty until it arrives. */
export function useFieldHelpTexts(): Readonly<Record<string, string>> {
  const tooltips = useQuietRead('tooltips', { solicitacao: TIPO_PORTABILIDADE });
  return useMemo(() => (tooltips ? Object.fromEntries(tooltips.map((tip) => [tip.nmCampo, tip.dsDescricao])) : NO_HELP), [tooltips]);
}

/** The plans the operator offers (registry and name); empty until they arrive or when the read failed. */
export function useDestinationPlans(): readonly DestinationPlanOption[] {
  return useQuietRead('destinationPlans', {}) ?? NO_PLANS;
}
