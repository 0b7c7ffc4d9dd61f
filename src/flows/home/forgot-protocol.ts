/**
 * The "Esqueci meu protocolo" machine (machines/forgot-protocol.machine.ts) with the app's
 * call: no token (the person has no protocol), and a failure turned into the pt-BR text the
 * form shows (never a toast: the form says it where the person is looking).
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { forgotProtocolMachine, type SendReminderInput } from '../../../machines/forgot-protocol.machine';
import { ApiError, callApi } from '../../api/client';
import { inspectOption } from '../../app/inspect';

export function reminderFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.serverMessage ?? 'Muitos pedidos de protocolo. Aguarde e tente novamente mais tarde.';
    if (error.status === 400 && error.serverMessage) return error.serverMessage;
    if (error.kind === 'network' || error.kind === 'timeout')
      return 'Sem conexão com o portal. Verifique a sua internet e tente novamente.';
  }
  return 'Não foi possível enviar o pedido agora. Tente novamente em alguns minutos.';
}

export const forgotProtocolLogic = forgotProtocolMachine.provide({
  actors: {
    sendReminder: fromPromise<string, SendReminderInput>(async ({ input }) => {
      try {
        return await callApi('forgotProtocol', input, { token: null });
      } catch (error) {
        throw new Error(reminderFailure(error));
      }
    }),
  },
});

export function useForgotProtocolActor(cdEmpresaPlano: string) {
  return useActorRef(forgotProtocolLogic, { ...inspectOption(), input: { cdEmpresaPlano } });
}
