/** POST portabilidade/protocolo/lembrete, "Esqueci meu protocolo" (issue 26): services/protocol-reminder.ts. */
import type { EndpointHandlers } from '../http/endpoints.ts';
import { HttpError } from '../http/http-error.ts';
import { REMINDER_ANSWER, ReminderBraked, requestProtocolReminder } from '../services/protocol-reminder.ts';

export const protocolReminderHandlers: Pick<EndpointHandlers, 'forgotProtocol'> = {
  async forgotProtocol({ cpf, dtNascimento, cdEmpresaPlano }, ctx) {
    let queued: number;
    try {
      queued = await ctx.deps.db.transaction((tx) =>
        requestProtocolReminder(
          tx,
          { cpf, dtNascimento, cdEmpresaPlano: Number(cdEmpresaPlano) },
          { secret: ctx.deps.secret, publicUrl: ctx.deps.publicUrl, now: ctx.now },
        ),
      );
    } catch (error) {
      if (error instanceof ReminderBraked) {
        ctx.request.log.warn('lembrete de protocolo freado: tentativas demais para um CPF');
        throw new HttpError(429, 'Muitos pedidos de protocolo para este CPF. Aguarde 1 hora e tente novamente.');
      }
      throw error;
    }
    // For the operator: that one was asked and what it sent, never who (no CPF, no protocol).
    ctx.request.log.info({ mensagens: queued }, 'lembrete de protocolo pedido');
    if (queued) ctx.deps.outbox?.kick();
    return REMINDER_ANSWER;
  },
};
