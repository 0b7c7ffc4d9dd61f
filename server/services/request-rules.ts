/**
 * Checks on a new request that the contract's schemas cannot express: real calendar dates,
 * contact formats, and references to data this server holds (plan, destination plan).
 * Each failure names the field, like the schema messages. The destination plan's name is the
 * registry's (SPEC §5: read-only, filled from the lookup): the answer is the one to store, not
 * whatever name a caller sent beside the registry.
 */
import type { PortabilityRequest } from '../../contract/api.ts';
import { brasiliaDayOf, isMobilePhone, isPlainEmail, isRealBrDate } from '../../contract/rules.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../http/http-error.ts';

export async function checkNewRequest(db: Queryable, payload: PortabilityRequest, now: Date): Promise<{ destinationPlanName: string }> {
  const dates: Array<[string, string]> = [
    ['dt_nascimento', payload.dt_nascimento],
    ['dt_inicio', payload.dt_inicio],
    ...payload.dependente.map((dep, index): [string, string] => [`dependente[${index}].dt_nasc`, dep.dt_nasc]),
  ];
  // Today as the wizard has it: Brasília's calendar day.
  const today = brasiliaDayOf(now);
  for (const [field, value] of dates) {
    if (!isRealBrDate(value, today)) throw badRequest(`Campo ${field}: data inexistente ou futura (use dd/mm/aaaa).`);
  }
  for (const [index, contact] of payload.contato.entries()) {
    const value = contact.ds_contato.trim();
    if (contact.tp_contato === '1' && !isMobilePhone(value)) {
      throw badRequest(`Campo contato[${index}].ds_contato: celular inválido (informe DDD e número, só dígitos).`);
    }
    // A plain local@domain only: the protocol e-mail goes to it, and a display name, a list
    // or a quoted part would let a stranger choose other recipients.
    if (contact.tp_contato === '2' && !isPlainEmail(value)) {
      throw badRequest(`Campo contato[${index}].ds_contato: Email inválido (use só o endereço, como nome@exemplo.com.br).`);
    }
  }
  const [operator] = await db.query('SELECT 1 FROM operators WHERE cd_empresa_plano = $1', [Number(payload.cd_empresa_plano)]);
  if (!operator) throw badRequest(`Campo cd_empresa_plano: plano ${payload.cd_empresa_plano} não cadastrado.`);
  const [plan] = await db.query<{ nm_plano: string }>('SELECT nm_plano FROM destination_plans WHERE registro_ans = $1', [
    payload.nu_ans_plano_destino,
  ]);
  if (!plan) throw badRequest('Campo nu_ans_plano_destino: plano de destino não encontrado para este registro ANS.');
  return { destinationPlanName: plan.nm_plano };
}
