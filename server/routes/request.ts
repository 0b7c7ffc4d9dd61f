/** The new-request wizard's calls: lookups for its fields and the save itself. */
import { DESTINATION_PLANS_MAX } from '../../contract/api.ts';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { lookUpCep } from '../services/cep-lookup.ts';
import { checkNewRequest } from '../services/request-rules.ts';
import { queueProtocolEmail } from '../services/protocol-email.ts';
import { refuseSecondOpenRequest } from '../services/open-requests.ts';
import { createRequest } from '../services/requests.ts';
import { issueToken } from '../services/tokens.ts';

type RequestHandlers = Pick<
  EndpointHandlers,
  'saveRequest' | 'destinationPlan' | 'destinationPlans' | 'contractTypes' | 'documentTypes' | 'cepAddress'
>;

export const requestHandlers: RequestHandlers = {
  async saveRequest(sent, ctx) {
    const { destinationPlanName } = await checkNewRequest(ctx.deps.db, sent, ctx.now);
    const payload = { ...sent, plano_destino: destinationPlanName };
    // Request, dependents, contacts, the first history event and the protocol e-mail to
    // send: all or nothing. The e-mail goes out afterwards, never holding up this answer.
    const { saved, queued } = await ctx.deps.db.transaction(async (tx) => {
      // Issue 27 item 6: one open request per CPF and ANS protocol (409, naming none).
      await refuseSecondOpenRequest(tx, payload.cpf, payload.nu_protocolo_ans);
      const created = await createRequest(tx, payload, ctx.now);
      return { saved: created, queued: await queueProtocolEmail(tx, payload, created, ctx.deps.publicUrl, ctx.now) };
    });
    if (queued) ctx.deps.outbox?.kick();
    // The new protocol's token: the acceptance document (`aceite`) names the request by its id.
    return { ...saved, token: issueToken(saved.nuProtocolo, ctx.now, ctx.deps.secret, 'protocol') };
  },

  async destinationPlan({ registroAns }, ctx) {
    const [row] = await ctx.deps.db.query<{ nm_plano: string }>('SELECT nm_plano FROM destination_plans WHERE registro_ans = $1', [
      registroAns,
    ]);
    // Not found is an ordinary answer here: the wizard clears the plan name (SPEC §5).
    return row?.nm_plano ?? '';
  },

  // Issue 27 item 5: the plans the wizard offers to pick from, by name (the registry lookup above reads the same table).
  async destinationPlans(_input, ctx) {
    return ctx.deps.db.query<{ registroAns: string; nmPlano: string }>(
      'SELECT registro_ans AS "registroAns", nm_plano AS "nmPlano" FROM destination_plans ORDER BY nm_plano, registro_ans LIMIT $1',
      [DESTINATION_PLANS_MAX],
    );
  },

  async cepAddress({ cep }, ctx) {
    return lookUpCep(ctx.deps.db, cep, ctx.deps.cepProviderUrl);
  },

  async contractTypes(_input, ctx) {
    return ctx.deps.db.query<{ label: string; value: string }>('SELECT label, value FROM contract_types ORDER BY ordem');
  },

  async documentTypes(_input, ctx) {
    return ctx.deps.db.query<{ cdTipoDocumento: number; nmDocumento: string }>(
      'SELECT cd_tipo_documento AS "cdTipoDocumento", nm_documento AS "nmDocumento" FROM document_types ORDER BY cd_tipo_documento',
    );
  },
};
