/** POST auth: CPF + password → access token for one protocol (rules in services/login.ts). */
import type { EndpointHandlers } from '../http/endpoints.ts';
import { login } from '../services/login.ts';

export const authHandlers: Pick<EndpointHandlers, 'login'> = {
  login: (input, ctx) => login(ctx.deps.db, input, ctx.clientAddress, ctx.now, ctx.deps.secret),
};
