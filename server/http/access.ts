/**
 * Who is asking, from `Authorization: Bearer <token>`, and what they may see.
 *
 * - No header, the free token, or a token that is malformed, forged or expired: anonymous.
 *   (A stale token after 2 h is treated as no token, so the home lookup still works and
 *   simply asks for the login again.)
 * - A valid token: access to that one protocol.
 *
 * Rules (server/README.md): a request that requires login (flStatus 3, cdStatusPort 1,
 * flConcordo 'S') is visible in full only with its own token; a valid token for another
 * protocol is refused (403) on every tracking call; nuCpf is only ever sent to the
 * request's own token.
 */
import type { FastifyRequest } from 'fastify';
import { FREE_TOKEN } from '../../src/api/contract.ts';
import { verifyToken } from '../services/tokens.ts';
import { requiresLogin } from '../services/status.ts';
import type { RequestRow } from '../services/requests.ts';
import { forbidden } from './http-error.ts';

export type Access = { kind: 'anonymous' } | { kind: 'protocol'; nuProtocolo: string };

export function readAccess(request: FastifyRequest, now: Date, secret: string): Access {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const token = match?.[1];
  if (!token || token === FREE_TOKEN) return { kind: 'anonymous' };
  const nuProtocolo = verifyToken(token, now, secret);
  return nuProtocolo ? { kind: 'protocol', nuProtocolo } : { kind: 'anonymous' };
}

export type Visibility = 'owner' | 'public' | 'restricted';

/**
 * owner: the request's own token; public: anonymous on a request that needs no login;
 * restricted: anonymous on a request that needs login. Another protocol's token: 403.
 */
export function visibilityOf(access: Access, request: RequestRow): Visibility {
  if (access.kind === 'protocol') {
    if (access.nuProtocolo === request.nu_protocolo) return 'owner';
    throw forbidden('Acesso negado: o login atual é de outro protocolo. Volte ao início e consulte o protocolo novamente.');
  }
  return requiresLogin(request) ? 'restricted' : 'public';
}

/** For calls that show or change a request's details: owner or public only. */
export function assertCanUse(access: Access, request: RequestRow): Visibility {
  const visibility = visibilityOf(access, request);
  if (visibility === 'restricted') {
    throw forbidden('Para acessar esta solicitação, faça login com o CPF e a senha (os 6 últimos dígitos do protocolo).');
  }
  return visibility;
}
