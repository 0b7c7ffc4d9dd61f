/**
 * The operator's privacy notice (LGPD art. 9), read from the server: reference text with no
 * flow of its own, so a cached read rather than a machine. The plan is the stored one (the
 * operator the user came from), else the default; no token travels, the notice is public.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CD_EMPRESA_PLANO, type PrivacyNotice } from '../../../contract/api';
import { apiQuery } from '../../api/query-client';
import { storage } from '../../storage';

const PRIVACY_STALE_MS = 60 * 60_000;

export interface PrivacyNoticeState {
  notice: PrivacyNotice | undefined;
  failed: boolean;
}

export function usePrivacyNotice(): PrivacyNoticeState {
  const cdEmpresaPlano = storage.get('cdEmpresaPlano') || DEFAULT_CD_EMPRESA_PLANO;
  const query = useQuery(apiQuery('privacy', { cdEmpresaPlano }, PRIVACY_STALE_MS, { anonymous: true, reportAs: 'privacy' }));
  return { notice: query.data, failed: query.isError };
}
