/** POST portabilidade/protocolo/lembrete, "Esqueci meu protocolo" (issue 26): services/protocol-reminder.ts. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { HttpError } from '../http/http-error.ts';
import { REMINDER_ANSWER, ReminderBraked, requestProtocolReminder } from '../services/protocol-reminder.ts';

/**
 * Every answer takes at least this long: a match does more work (contacts, quotas, the outbox)
 * than a CPF with no request, and the time it took told them apart where the text did not
 * (found by an exploratory run: 6–7.6 ms against 2.9–4.8 ms on five tries).
 */
export const REMINDER_ANSWER_FLOOR_MS = 250;

export const protocolReminderHandlers: Pick<EndpointHandlers, 'forgotProtocol'> = {
  async forgotProtocol(input, ctx) {
    const started = performance.now();
    let queued = 0;
    try {
      queued = await remind(input, ctx);
      return REMINDER_ANSWER;
    } finally {
      const left = REMINDER_ANSWER_FLOOR_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
      // Sent as the answer goes: what the outbox does is no part of the time the answer took.
      if (queued) ctx.deps.outbox?.kick();
    }
  },
};

/** Records the try and queues the reminders (services/protocol-reminder.ts); returns how many (never said in the answer). */
async function remind(
  { cpf, dtNascimento, cdEmpresaPlano }: Parameters<EndpointHandlers['forgotProtocol']>[0],
  ctx: Parameters<EndpointHandlers['forgotProtocol']>[1],
): Promise<number> {
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
      throw new HttpError(429, 'Muitos pedidos de protocolo para este CPF. Aguarde 1 hora e tente novamente.', undefined, 3600);
    }
    throw error;
  }
  // For the operator: that one was asked and what it sent, never who (no CPF, no protocol).
  ctx.request.log.info({ mensagens: queued }, 'lembrete de protocolo pedido');
  return queued;
}
