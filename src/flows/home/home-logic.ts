/**
 * The home machine with the app's real side effects: tooltips, lookup and login through
 * react-query (SPEC §7), the session written through the storage adapter, navigation through
 * the router, and the lookup's own toast (SPEC §8).
 */
import { fromPromise } from 'xstate';
import {
  homeMachine,
  type LoginInput,
  type LoginResult,
  type LookupInput,
  type LookupResult,
  type SessionToStore,
  type Tooltip,
  type TooltipsInput,
} from '../../../machines/home.machine';
import { FREE_TOKEN } from '../../../contract/api';
import { fetchApi, mutateApi } from '../../api/query-client';
import { notify } from '../../app/notify';
import { queryClient } from '../../app/services';
import { storage } from '../../storage';

export const LOOKUP_FAILED_MESSAGE = 'Número de protocolo inválido ou não encontrado';
/** Tooltips are reference texts: cached for the session's next visits to home. */
const TOOLTIPS_STALE_MS = 30 * 60_000;

export const homeActors = {
  loadTooltips: fromPromise<Tooltip[], TooltipsInput>(({ input }) =>
    fetchApi(queryClient, 'tooltips', { solicitacao: input.solicitacao }, TOOLTIPS_STALE_MS),
  ),
  // Anonymous: whatever token is stored belongs to an earlier protocol, which the server
  // would refuse for this one. The answer carries this protocol's own token when it needs no login.
  lookUpProtocol: fromPromise<LookupResult, LookupInput>(({ input }) =>
    fetchApi(queryClient, 'tracking', { protocolo: input.protocolo }, 0, { anonymous: true, saysNotFound: true }),
  ),
  logIn: fromPromise<LoginResult, LoginInput>(({ input }) => mutateApi(queryClient, 'login', input)),
};

export function storeSession(session: SessionToStore): void {
  storage.set('cdEmpresaPlano', session.cdEmpresaPlano);
  // The session's clock starts here (src/storage.ts: idle time and the token's lifetime).
  storage.startSession({ protocolo: session.protocolo, token: session.token ?? FREE_TOKEN });
  if (session.type) storage.set('type', session.type);
}

export interface HomeNavigation {
  navigate(to: string): void;
}

export function createHomeLogic({ navigate }: HomeNavigation) {
  return homeMachine.provide({
    actors: homeActors,
    actions: {
      storePlanCode: (_, params) => storage.set('cdEmpresaPlano', params.cdEmpresaPlano),
      // The preset is read once when home opens (input), then forgotten: a reload or a later
      // visit opens in home mode unless a screen sets it again (docs/home.md).
      forgetModePreset: () => storage.remove('type'),
      storeSession: (_, params) => storeSession(params),
      goToNewRequest: () => navigate('/nova-solicitacao'),
      goToTracking: () => navigate('/acompanhamento'),
      notifyLookupFailed: () => notify.warning(LOOKUP_FAILED_MESSAGE),
    },
  });
}
