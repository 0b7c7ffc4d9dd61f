/**
 * POST auth: CPF + password → access token for one protocol (rules and brakes in
 * services/login.ts). POST auth/sair: ends the bearer token's session on every process
 * (services/sessions.ts); without a token of ours there is nothing to end, and the answer is
 * the same.
 */
import type { EndpointHandlers } from '../http/endpoints.ts';
import { login } from '../services/login.ts';
import { revokeSession } from '../services/sessions.ts';

export const authHandlers: Pick<EndpointHandlers, 'login' | 'logout'> = {
  login: (input, ctx) => login(ctx.deps.db, input, ctx.clientAddress, ctx.now, ctx.deps.secret),
  async logout(_input, ctx) {
    if (ctx.access.kind === 'protocol') await revokeSession(ctx.deps.db, ctx.access.session, ctx.now);
    return 'OK';
  },
};
