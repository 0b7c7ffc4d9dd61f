/**
 * The reference server's data for the browser tier's paths: a request filed through the API
 * as the wizard files it (with one uploaded document, so the attached table has a row to
 * view), moved to the status a path needs by the backoffice command — run in this process
 * (it asks the running server over loopback, as `npm run backoffice` does) — and, where the
 * status asks for it, the beneficiary's login.
 *
 * A request a path only reads is filed once per worker and shared; a path that changes it on
 * the server (records an answer or a signature, finalizes) gets its own.
 */
import { expect, request as apiRequest, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { runBackofficeCommandLine } from './backoffice-in-process';
import { API, E2E_PORT } from '../../e2e/support/env';
import { CPF, fileRequest, type RequestSummary } from '../../e2e/support/tracking';

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** A 1-page PDF: what the uploaded document's bytes are (the server checks its first bytes). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** An API session with the CSRF cookie, as the portal has one. */
async function session(): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  await api.get('/');
  const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(csrf, 'the server sets the CSRF cookie').toBeTruthy();
  return { api, headers: { 'X-XSRF-TOKEN': csrf!, 'Idempotency-Key': randomUUID(), 'X-Frame-Options': 'deny' } };
}

async function uploadDocument(protocolo: string): Promise<void> {
  const { api, headers } = await session();
  const response = await api.post(`${API}portabilidade/utils/documento`, {
    headers,
    data: {
      nuProtocolo: protocolo,
      tipoSolicitacao: '9',
      cdTipoDocumento: 1,
      nmDocumento: 'rg',
      nmExtensao: 'pdf',
      arquivoBase64: PDF.toString('base64'),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
}

/** The beneficiary's login (CPF and the password the backoffice shows): a token for that protocol. */
async function logIn(summary: RequestSummary): Promise<string> {
  const { api, headers } = await session();
  const response = await api.post(`${API}auth`, { headers, data: { cpf: CPF, senha: summary.senha, cdEmpresaPlano: '1' } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await api.dispose();
  expect(token, 'a login token').toBeTruthy();
  return token;
}

export interface ServerRequest {
  protocolo: string;
  /** What the page keeps in localStorage as its token ('free': none of its own). */
  token: string;
}

export interface RequestNeed {
  /** `backoffice set-status` arguments after the protocol (none: as filed, 'Em análise'). */
  status: readonly string[];
  /** Log in (a status 3 type 1 request with the agreement given asks for it). */
  login?: boolean;
  /** The path changes the request on the server: it gets one of its own. */
  own?: boolean;
  /** Withdrawn by its holder (issue 25): the portal's own call, with the protocol's token. */
  withdraw?: boolean;
}

async function withdraw(protocolo: string): Promise<void> {
  const { api, headers } = await session();
  const lookup = await api.get(`${API}portabilidade/acompanhamento?protocolo=${protocolo}`, { headers: { 'X-Frame-Options': 'deny' } });
  const { token } = (await lookup.json()) as { token: string };
  const response = await api.post(`${API}portabilidade/desistencia`, {
    headers: { ...headers, Authorization: `Bearer ${token}` },
    data: { protocolo },
  });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
}

const shared = new Map<string, Promise<ServerRequest>>();

async function prepare(need: RequestNeed): Promise<ServerRequest> {
  const protocolo = await fileRequest(BASE_URL);
  await uploadDocument(protocolo);
  const summary = (await runBackofficeCommandLine(
    need.status.length ? ['set-status', protocolo, ...need.status] : ['show', protocolo],
  )) as RequestSummary;
  if (need.withdraw) await withdraw(protocolo);
  return { protocolo, token: need.login ? await logIn(summary) : 'free' };
}

/** A request in the state a path needs, on the running reference server. */
export function serverRequest(need: RequestNeed): Promise<ServerRequest> {
  if (need.own) return prepare(need);
  const key = JSON.stringify([need.status, Boolean(need.login), Boolean(need.withdraw)]);
  if (!shared.has(key))
    shared.set(
      key,
      prepare(need).catch((error: unknown) => {
        shared.delete(key);
        throw error;
      }),
    );
  return shared.get(key)!;
}
