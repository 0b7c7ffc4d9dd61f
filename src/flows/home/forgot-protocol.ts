/**
 * The "Esqueci meu protocolo" machine (machines/forgot-protocol.machine.ts) with the app's
 * call: no token (the person has no protocol), and a failure turned into the pt-BR text the
 * form shows (never a toast: the form says it where the person is looking).
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { brasiliaDayOf, isRateLimited } from '../../../contract/rules';
import { forgotProtocolMachine, type SendReminderInput } from '../../../machines/forgot-protocol.machine';
import { ApiError } from '../../api/client';
import { mutateApi } from '../../api/query-client';
import { inspectOption } from '../../app/inspect';
import { queryClient } from '../../app/services';

export function reminderFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (isRateLimited(error)) return error.serverMessage ?? 'Muitos pedidos de protocolo. Aguarde e tente novamente mais tarde.';
    if (error.status === 400 && error.serverMessage) return error.serverMessage;
    if (error.kind === 'network' || error.kind === 'timeout')
      return 'Sem conexão com o portal. Verifique a sua internet e tente novamente.';
  }
  return 'Não foi possível enviar o pedido agora. Tente novamente em alguns minutos.';
}

export const forgotProtocolLogic = forgotProtocolMachine.provide({
  actors: {
    // Retried as every write is (react-query, under one idempotency key: a try the server did
    // take is answered from its record); the form says the failure, so no toast.
    sendReminder: fromPromise<string, SendReminderInput>(({ input }) =>
      mutateApi(queryClient, 'forgotProtocol', input, { token: null, saysOwnFailure: true }).catch((error: unknown) => {
        throw new Error(reminderFailure(error));
      }),
    ),
  },
});

export function useForgotProtocolActor(cdEmpresaPlano: string) {
  return useActorRef(forgotProtocolLogic, { ...inspectOption(), input: { cdEmpresaPlano, today: brasiliaDayOf(new Date()) } });
}
