/**
 * `POST portabilidade/desistencia` (issue 25 item 7): the holder withdraws a request under
 * analysis. Named by its protocol and allowed only with a token bound to that protocol (the
 * one the tracking answer hands out, or a login token): a protocol without its token, or with
 * another's, is the same 404 as one that does not exist, and no countable id is ever taken.
 */
import type { EndpointHandlers } from '../http/endpoints.ts';
import { assertCanUse, requestNotFound, requireToken } from '../http/access.ts';
import { badRequest } from '../http/http-error.ts';
import { findRequestStateByProtocol } from '../services/requests.ts';
import { cannotWithdraw, withdrawIn } from '../services/withdrawal.ts';

export const withdrawalHandlers: Pick<EndpointHandlers, 'withdraw'> = {
  async withdraw({ protocolo }, ctx) {
    requireToken(ctx.access);
    if (ctx.access.nuProtocolo !== protocolo) throw requestNotFound();
    const request = await findRequestStateByProtocol(ctx.deps.db, protocolo);
    if (!request) throw requestNotFound();
    assertCanUse(ctx.access, request);
    const outcome = await ctx.deps.db.transaction((tx) =>
      withdrawIn(tx, ctx.deps.files, request.cd_solicitacao, ctx.now, ctx.deps.publicUrl),
    );
    if (outcome.kind === 'refused') throw badRequest(cannotWithdraw(outcome.flStatus));
    if (outcome.kind === 'withdrawn' && outcome.emailQueued) ctx.deps.outbox?.kick();
    return 'OK';
  },
};
