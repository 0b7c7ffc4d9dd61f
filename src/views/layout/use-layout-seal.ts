/**
 * The regulator seal (setting key 84) for the layout footer.
 * Temporary: the shell engineer's `useBranding(cdEmpresaPlano)` replaces this when it lands.
 */
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../api/query-client';
import { DEFAULT_CD_EMPRESA_PLANO, SETTING_KEY } from '../../api/contract';
import { queryClient } from '../../app/services';

const ONE_HOUR = 60 * 60_000;

export function useLayoutSeal(cdEmpresaPlano: string): string | undefined {
  const plan = /^\d{1,10}$/.test(cdEmpresaPlano) ? cdEmpresaPlano : DEFAULT_CD_EMPRESA_PLANO;
  const query = useQuery(
    { ...apiQuery('setting', { chave: SETTING_KEY.seal, cdEmpresaPlano: plan }, ONE_HOUR), retry: false },
    queryClient,
  );
  return query.data || undefined;
}
