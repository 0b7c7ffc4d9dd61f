/**
 * The reads index.html's inline script started before the code (issue 28): the client's first
 * call of the same URL with the same token takes that answer or its failure as its first
 * attempt, react-query retries a failure with requests of its own, and a read started for
 * another token, or too long ago, is not taken.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, configureApi } from '../../src/api/client';
import { DEFAULT_API_BASE } from '../../contract/api';
import type { EarlyReads } from '../../src/api/early-reads';
import { fetchApi } from '../../src/api/query-client';
import { notify } from '../../src/app/notify';
import { queryClient } from '../../src/app/services';

const PROTOCOLO = '48213907561238470015';
const URL_OF_DOCUMENTS = `${DEFAULT_API_BASE}portabilidade/documento?protocolo=${PROTOCOLO}`;
const document = { nmArquivo: 'a.pdf', nmExtensaoArquivo: 'pdf', nmDocumento: 'RG', dtAssinatura: null, linkUrl: '/x' };

let requested: string[] = [];
const fakeFetch = vi.fn(async (url: RequestInfo | URL) => {
  requested.push(String(url));
  return Response.json([]);
}) as unknown as typeof fetch;

/** What the inline script leaves behind: one read of the documents, sent with `token`. */
function startEarly(response: Promise<Response>, { token = 'a.token', at = Date.now() } = {}) {
  const controller = new AbortController();
  response.catch(() => {});
  const reads: EarlyReads = { at, reads: { [URL_OF_DOCUMENTS]: { token, controller, response } } };
  vi.stubGlobal('window', { __portabilidadeEarlyReads: reads });
  return controller;
}

const readDocuments = () => fetchApi(queryClient, 'attachedDocuments', { protocolo: PROTOCOLO });

beforeEach(() => {
  requested = [];
  queryClient.clear();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ queries: { ...defaults.queries, retryDelay: 0 } });
  configureApi({ base: DEFAULT_API_BASE, fetch: fakeFetch, getToken: () => 'a.token', timeoutMs: API_TIMEOUT_MS });
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reads started by the page', () => {
  it("the first call takes the page's answer without a request of its own; the next call asks the server", async () => {
    startEarly(Promise.resolve(Response.json([document])));
    await expect(readDocuments()).resolves.toEqual([document]);
    expect(requested).toEqual([]);
    await expect(readDocuments()).resolves.toEqual([]);
    expect(requested).toEqual([URL_OF_DOCUMENTS]);
  });

  it("a failed early read is the first attempt: react-query's retry asks the server and the screen gets its answer", async () => {
    startEarly(Promise.reject(new TypeError('Failed to fetch')));
    await expect(readDocuments()).resolves.toEqual([]);
    expect(requested).toEqual([URL_OF_DOCUMENTS]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('an early read answered 500 counts as one of the three tries: two more go to the server', async () => {
    configureApi({ fetch: vi.fn(async (url: RequestInfo | URL) => (requested.push(String(url)), new Response('', { status: 500 }))) });
    startEarly(Promise.resolve(new Response('', { status: 500 })));
    await expect(readDocuments()).rejects.toThrow('http 500');
    expect(requested).toEqual([URL_OF_DOCUMENTS, URL_OF_DOCUMENTS]);
    expect(notify.error).toHaveBeenCalledWith('Ocorreu um erro inesperado!');
  });

  it('a read sent with another token is not taken, and is cancelled', async () => {
    const controller = startEarly(Promise.resolve(Response.json([document])), { token: 'old.token' });
    await expect(readDocuments()).resolves.toEqual([]);
    expect(requested).toEqual([URL_OF_DOCUMENTS]);
    expect(controller.signal.aborted).toBe(true);
  });

  it("a read older than one attempt's time limit is not taken", async () => {
    startEarly(Promise.resolve(Response.json([document])), { at: Date.now() - API_TIMEOUT_MS - 1 });
    await expect(readDocuments()).resolves.toEqual([]);
    expect(requested).toEqual([URL_OF_DOCUMENTS]);
  });

  it('a call cancelled while the early read is on its way cancels that read too', async () => {
    const controller = startEarly(new Promise<Response>(() => {}));
    const caller = new AbortController();
    const answer = fetchApi(queryClient, 'attachedDocuments', { protocolo: PROTOCOLO }, 0, { signal: caller.signal });
    await Promise.resolve();
    caller.abort();
    await answer.catch(() => {});
    expect(controller.signal.aborted).toBe(true);
  });
});
