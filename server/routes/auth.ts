/** POST auth: CPF + password → access token for one protocol (rules in services/login.ts). */
import type { EndpointHandlers } from '../http/endpoints.ts';
import { HttpError } from '../http/http-error.ts';
import { login } from '../services/login.ts';

export const authHandlers: Pick<EndpointHandlers, 'login' | 'logout'> = {
  login: (input, ctx) => login(ctx.deps.db, input, ctx.clientAddress, ctx.now, ctx.deps.secret),
  // Revocation is designed with the opaque tokens (issue 24 item 2); until then nothing to end.
  logout: async () => {
    throw new HttpError(501, 'Encerramento de sessão ainda não disponível.');
  },
};
