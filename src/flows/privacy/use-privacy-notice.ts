/**
 * The operator's privacy notice for a view: its machine (machines/privacy-notice.machine.ts)
 * with the app's read, for the stored plan (the operator the person came from) or the
 * default. The read goes through react-query with no token (the notice is public) and stays
 * fresh for an hour: a notice read on one step is shown at once on the next.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { privacyNoticeMachine, type PrivacyNoticeTexts } from '../../../machines/privacy-notice.machine';
import { apiQuery, fetchApi } from '../../api/query-client';
import { inspectOption } from '../../app/inspect';
import { queryClient } from '../../app/services';
import { storage } from '../../storage';

const PRIVACY_STALE_MS = 60 * 60_000;
const READ = { anonymous: true, reportAs: 'privacy' } as const;

const privacyNoticeLogic = privacyNoticeMachine.provide({
  actors: {
    readNotice: fromPromise<PrivacyNoticeTexts, { cdEmpresaPlano: string }>(({ input }) =>
      fetchApi(queryClient, 'privacy', { cdEmpresaPlano: input.cdEmpresaPlano }, PRIVACY_STALE_MS, READ),
    ),
  },
});

export interface PrivacyNoticeState {
  notice: PrivacyNoticeTexts | undefined;
  failed: boolean;
  retry(): void;
}

export function usePrivacyNotice(): PrivacyNoticeState {
  const [input] = useState(() => ({ cdEmpresaPlano: storage.get('cdEmpresaPlano') || DEFAULT_CD_EMPRESA_PLANO }));
  // A notice this visit already read shows while the machine reads it again from the cache.
  const [known] = useState(() => queryClient.getQueryData(apiQuery('privacy', input, PRIVACY_STALE_MS, READ).queryKey));
  const actor = useActorRef(privacyNoticeLogic, { ...inspectOption(), input });
  const notice = useSelector(actor, (s) => s.context.notice) ?? known;
  const failed = useSelector(actor, (s) => s.matches('unavailable'));
  return { notice, failed, retry: () => actor.send({ type: 'RETRY' }) };
}
