/**
 * The operator's privacy notice (issue 14 item 1, LGPD art. 9) for a view: read from the
 * server for the stored plan (the operator the person came from) or the default, shown, or
 * said to be unavailable with a way to ask again. A plain read, so a react-query hook rather
 * than a machine (DESIGN §2). It goes with no token (the notice is public) and stays fresh for
 * an hour: a notice read on one step is shown at once on the next.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_CD_EMPRESA_PLANO, type PrivacyNotice } from '../../../contract/api';
import { apiQuery } from '../../api/query-client';
import { queryClient } from '../../app/services';
import { storage } from '../../storage';

const PRIVACY_STALE_MS = 60 * 60_000;

export const privacyNoticeQuery = (cdEmpresaPlano: string) =>
  apiQuery('privacy', { cdEmpresaPlano }, PRIVACY_STALE_MS, { anonymous: true, reportAs: 'privacy' });

export interface PrivacyNoticeState {
  notice: PrivacyNotice | undefined;
  /** Every try failed and none is under way: 'Tentar novamente' may ask again. */
  failed: boolean;
  retry(): void;
}

export function usePrivacyNotice(): PrivacyNoticeState {
  const [cdEmpresaPlano] = useState(() => storage.get('cdEmpresaPlano') || DEFAULT_CD_EMPRESA_PLANO);
  // The app's client, named: a view rendered on its own (tests) reads through the same cache.
  const { data, isError, isFetching, refetch } = useQuery(privacyNoticeQuery(cdEmpresaPlano), queryClient);
  return { notice: data, failed: isError && !isFetching, retry: () => void refetch() };
}
