/**
 * The "Esqueci meu protocolo" machine (machines/forgot-protocol.machine.ts) with the app's
 * call: no token (the person has no protocol), and a failure turned into the pt-BR text the
 * form shows (never a toast: the form says it where the person is looking).
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isRateLimited } from '../../../contract/rules';
import { forgotProtocolMachine, type SendReminderInput } from '../../../machines/forgot-protocol.machine';
import { calendarDayOf } from '../../../machines/wizard.schemas';
import { ApiError, callApi } from '../../api/client';
import { inspectOption } from '../../app/inspect';

export function reminderFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (isRateLimited(error)) return error.serverMessage ?? 'Muitos pedidos de protocolo. Aguarde e tente novamente mais tarde.';
    if (error.status === 400 && error.serverMessage) return error.serverMessage;
    if (error.kind === 'network' || error.kind === 'timeout')
      return 'Sem conexão com o portal. Verifique a sua internet e tente novamente.';
  }
  return 'Não foi possível enviar o pedido agora. Tente novamente em alguns minutos.';
}

const ATTEMPTS = 3;
const transient = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500);

export const forgotProtocolLogic = forgotProtocolMachine.provide({
  actors: {
    sendReminder: fromPromise<string, SendReminderInput>(async ({ input }) => {
      // Like every read (react-query's 2 retries): a lost connection or a 5xx is tried again,
      // under one idempotency key, so a try the server did take is answered from its record.
      const idempotencyKey = crypto.randomUUID();
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await callApi('forgotProtocol', input, { token: null, idempotencyKey });
        } catch (error) {
          if (attempt >= ATTEMPTS || !transient(error)) throw new Error(reminderFailure(error));
        }
      }
    }),
  },
});

export function useForgotProtocolActor(cdEmpresaPlano: string) {
  return useActorRef(forgotProtocolLogic, { ...inspectOption(), input: { cdEmpresaPlano, today: calendarDayOf(new Date()) } });
}
