/**
 * The real loads behind the branding machine: per-plan settings (SPEC §7, path chosen in
 * docs/architecture.md) and the multi-operator key '65' for the operator name. Branding
 * changes rarely, so the answers stay fresh in react-query's cache for ten minutes: a part
 * the home screen and the layout of the other screens both show is fetched once.
 */
import { fromPromise } from 'xstate';
import { brandingMachine, type BrandingLoadInput } from '../../../machines/branding.machine';
import { OPERATOR_NAME_KEY, SETTING_KEY } from '../../../contract/api';
import { fetchApi } from '../../api/query-client';
import { queryClient } from '../../app/services';

export const BRANDING_STALE_MS = 10 * 60_000;
/** The plan's branding loads fail together (an unknown plan): one toast says so. */
const reportAs = (cdEmpresaPlano: string) => `branding:${cdEmpresaPlano}`;

const setting = (chave: (typeof SETTING_KEY)[keyof typeof SETTING_KEY]) =>
  fromPromise<string, BrandingLoadInput>(({ input }) =>
    fetchApi(queryClient, 'setting', { chave, cdEmpresaPlano: input.cdEmpresaPlano }, BRANDING_STALE_MS, {
      reportAs: reportAs(input.cdEmpresaPlano),
    }),
  );

export const brandingActors = {
  loadLogo: setting(SETTING_KEY.logo),
  loadFavicon: setting(SETTING_KEY.favicon),
  loadSeal: setting(SETTING_KEY.seal),
  loadOperatorName: fromPromise<string, BrandingLoadInput>(({ input }) =>
    fetchApi(queryClient, 'operatorKey', { cdTipo: OPERATOR_NAME_KEY, cdEmpresaPlano: input.cdEmpresaPlano }, BRANDING_STALE_MS, {
      reportAs: reportAs(input.cdEmpresaPlano),
    }),
  ),
};

export const appBrandingMachine = brandingMachine.provide({ actors: brandingActors });
