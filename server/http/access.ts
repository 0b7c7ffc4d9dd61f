/**
 * Who is asking, from `Authorization: Bearer <token>`, and what they may see or change
 * (the access rules table in server/README.md). Access is by knowledge, never by counting:
 *
 * - Calls that name a request by its protocol (20 random digits) are the proof themselves.
 * - Calls that name it by an internal id (`cd_solicitacao`, `cdDocumento`, `cdFileDocumento`,
 *   serial numbers anyone can count) also need a token bound to the protocol that owns that
 *   id. Without one, or with another protocol's, the answer is the same 404 as for an id
 *   that does not exist, so ids cannot be probed.
 * - A request that needs login (flStatus 3, cdStatusPort 1, flConcordo 'S') is open in full
 *   only to a login token of its own protocol.
 *
 * No header, the free token, or a token that is malformed, forged or expired: anonymous.
 * (A stale token after 2 h is treated as no token, so the home lookup still works and simply
 * asks for the login again.) A token of a session ended by 'Encerrar sessão': 401 on every
 * call, on every process sharing the database.
 */
import type { FastifyRequest } from 'fastify';
import { FREE_TOKEN } from '../../contract/api.ts';
import type { Queryable } from '../db/database.ts';
import { isSessionRevoked } from '../services/sessions.ts';
import { readToken, type TokenProof } from '../services/tokens.ts';
import { requiresLogin } from '../services/status.ts';
import type { RequestRow, RequestState } from '../db/rows.ts';
import { HttpError, forbidden, notFound } from './http-error.ts';

export type Access = { kind: 'anonymous' } | { kind: 'protocol'; nuProtocolo: string; via: TokenProof; session: string };

export const SESSION_ENDED = 'Sessão encerrada. Volte ao início e consulte o protocolo novamente.';

export interface ReadAccessOptions {
  /** A token of an ended session still reads as its claims (ending it again is not an error). */
  acceptEnded?: boolean;
}

/** Who is asking. One database lookup, only when the request carries an unexpired token of ours. */
export async function readAccess(
  request: FastifyRequest,
  now: Date,
  deps: { db: Queryable; secret: string },
  options: ReadAccessOptions = {},
): Promise<Access> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const token = match?.[1];
  if (!token || token === FREE_TOKEN) return { kind: 'anonymous' };
  const claims = readToken(token, now, deps.secret);
  if (!claims) return { kind: 'anonymous' };
  if (!options.acceptEnded && (await isSessionRevoked(deps.db, claims.session))) throw new HttpError(401, SESSION_ENDED);
  return { kind: 'protocol', ...claims };
}

export type Visibility = 'owner' | 'public' | 'restricted';

/**
 * owner: a login token of this request; public: a request that needs no login, asked by
 * protocol (with or without its protocol token); restricted: a request that needs login,
 * without its login token. Another protocol's token: 403.
 */
export function visibilityOf(access: Access, request: RequestState): Visibility {
  if (access.kind === 'protocol') {
    if (access.nuProtocolo !== request.nu_protocolo) {
      throw forbidden('Acesso negado: o login atual é de outro protocolo. Volte ao início e consulte o protocolo novamente.');
    }
    if (access.via === 'login') return 'owner';
  }
  return requiresLogin(request) ? 'restricted' : 'public';
}

/** A request that needs login, asked for without its login token (SPEC §6). */
export const LOGIN_REQUIRED_MESSAGE = 'Para acessar esta solicitação, faça login com o CPF e a senha (os 6 últimos dígitos do protocolo).';

/** For calls that show or change a request's details: owner or public only. */
export function assertCanUse(access: Access, request: RequestState): Visibility {
  const visibility = visibilityOf(access, request);
  if (visibility === 'restricted') {
    throw forbidden(LOGIN_REQUIRED_MESSAGE);
  }
  return visibility;
}

/** The one answer for an internal id that does not exist, or that this caller may not name. */
export const requestNotFound = (): HttpError =>
  notFound('Solicitação não encontrada nesta sessão. Volte ao início e consulte o protocolo novamente.');
export const documentNotFound = (): HttpError =>
  notFound('Documento não encontrado nesta sessão. Volte ao início e consulte o protocolo novamente.');

export type ProtocolAccess = Extract<Access, { kind: 'protocol' }>;

/**
 * For calls that name a request by an internal id, before looking anything up: without a
 * token, the not-found answer (and no query, so no timing tells an existing id from another).
 */
export function requireToken(access: Access, notFoundError: () => HttpError = requestNotFound): asserts access is ProtocolAccess {
  if (access.kind !== 'protocol') throw notFoundError();
}

/**
 * The request the id led to, when it belongs to the token's protocol (and, when it needs
 * login, the token is a login token); otherwise the not-found answer, exactly as if the id
 * did not exist.
 */
export function ownedRequest(
  access: ProtocolAccess,
  request: RequestRow | null,
  notFoundError: () => HttpError = requestNotFound,
): RequestRow {
  if (!request || request.nu_protocolo !== access.nuProtocolo) throw notFoundError();
  assertCanUse(access, request);
  return request;
}
