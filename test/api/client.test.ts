/**
 * The HTTP client as the app wires it (src/app/services.ts): headers, CSRF rule, retries
 * through react-query, SPEC §8's error catalogue, schema mismatches, and the overlay.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, ApiError, configureApi } from '../../src/api/client';
import { DEFAULT_API_BASE } from '../../contract/api';
import { RATE_LIMITED_WITHOUT_MESSAGE, UNEXPECTED_ERROR } from '../../src/api/error-catalogue';
import { fetchApi, mutateApi } from '../../src/api/query-client';
import { notify } from '../../src/app/notify';
import { createActor } from 'xstate';
import { requestActivityMachine } from '../../machines/request-activity.machine';
import { counterOf } from '../../src/app/request-activity';
import { countRequestsInto, queryClient } from '../../src/app/services';

/** The app's root request-activity actor (src/app/request-activity.tsx), counting every call. */
const requestActivity = createActor(requestActivityMachine).start();
countRequestsInto(counterOf(requestActivity));

type Reply = { status: number; body?: unknown; text?: string };
interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

let calls: Call[] = [];
let replies: Reply[] = [];

/** A fake fetch answering the queued replies in order (the last one repeats). */
const fakeFetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
  calls.push({
    url: String(url),
    method: init?.method ?? 'GET',
    headers: { ...(init?.headers as Record<string, string>) },
    body: init?.body as string | undefined,
  });
  const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
  const payload = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  // A 204 has no body at all (the Response constructor refuses even '').
  return new Response(reply.status === 204 ? null : payload, {
    status: reply.status,
    headers: { 'Content-Type': reply.text !== undefined ? 'text/plain' : 'application/json' },
  });
}) as unknown as typeof fetch;

const tooltip = { nmCampo: 'nu_protocolo', dsDescricao: 'Ajuda' };
const login = { cpf: '52998224725', senha: '123456', cdEmpresaPlano: '1' };
const unique = () => `${Math.random()}`.slice(2, 10);

let info: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
let log: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  calls = [];
  replies = [];
  queryClient.clear();
  // Same retry count as the app (2 more tries), without the back-off wait.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    queries: { ...defaults.queries, retryDelay: 0 },
    mutations: { ...defaults.mutations, retryDelay: 0 },
  });
  configureApi({
    base: DEFAULT_API_BASE,
    fetch: fakeFetch,
    getToken: () => null,
    readCookie: (name) => (name === 'XSRF-TOKEN' ? 'csrf-from-cookie' : null),
    timeoutMs: API_TIMEOUT_MS,
  });
  info = vi.spyOn(notify, 'info').mockImplementation(() => {});
  error = vi.spyOn(notify, 'error').mockImplementation(() => {});
  log = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('start-up', () => {
  it('sends a request at once: nothing waits for a paint', async () => {
    replies = [{ status: 200, body: [tooltip] }];
    const answer = fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    await expect(answer).resolves.toEqual([tooltip]);
  });
});

describe('request headers', () => {
  it('sends X-Frame-Options: deny on every request, GET and POST', async () => {
    replies = [{ status: 200, body: [tooltip] }];
    await fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    replies = [{ status: 200, body: { token: 't' } }];
    await mutateApi(queryClient, 'login', login);
    expect(calls.map((c) => c.headers['X-Frame-Options'])).toEqual(['deny', 'deny']);
  });

  it('puts GET input in the query string under the API base path', async () => {
    replies = [{ status: 200, body: [tooltip] }];
    await fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    expect(calls[0]!.url).toBe('/wslinhafrente/v1/portabilidade?solicitacao=9');
    expect(calls[0]!.method).toBe('GET');
  });

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on a non-GET request to a relative URL', async () => {
    replies = [{ status: 200, body: { token: 't' } }];
    await mutateApi(queryClient, 'login', login);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers['X-XSRF-TOKEN']).toBe('csrf-from-cookie');
    expect(JSON.parse(calls[0]!.body!)).toEqual(login);
  });

  it('never sends the CSRF header on a GET', async () => {
    replies = [{ status: 200, body: [tooltip] }];
    await fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    expect(calls[0]!.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('never sends the CSRF header to an absolute (other-origin) URL', async () => {
    configureApi({ base: 'https://api.example.com/wslinhafrente/v1/' });
    replies = [{ status: 200, body: { token: 't' } }];
    await mutateApi(queryClient, 'login', login);
    expect(calls[0]!.url).toBe('https://api.example.com/wslinhafrente/v1/auth');
    expect(calls[0]!.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('sends the stored token as Authorization: Bearer, and nothing without one', async () => {
    replies = [{ status: 200, body: [tooltip] }];
    await fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    expect(calls[0]!.headers).not.toHaveProperty('Authorization');
    configureApi({ getToken: () => 'free' });
    queryClient.clear();
    await fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    expect(calls[1]!.headers.Authorization).toBe('Bearer free');
  });
});

describe('the token of a call', () => {
  it('sends no token on an anonymous read, and the given one on a write that names its own', async () => {
    configureApi({ getToken: () => 'stored-token' });
    replies = [
      {
        status: 200,
        body: {
          nuProtocolo: '1',
          flStatus: 1,
          cdStatusPort: 1,
          flConcordo: null,
          nuProtocoloAnsHapvida: null,
          dtCadastramento: null,
          dsStatus: null,
          cdSolicitacao: null,
        },
      },
    ];
    await fetchApi(queryClient, 'tracking', { protocolo: unique() }, 0, { anonymous: true });
    expect(calls[0]!.headers).not.toHaveProperty('Authorization');
    replies = [{ status: 200, text: '/wslinhafrente/v1/arquivos/a.pdf' }];
    await mutateApi(
      queryClient,
      'acceptance',
      { tipo: '9', fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: 7 },
      { token: 'token-of-the-save' },
    );
    expect(calls[1]!.headers.Authorization).toBe('Bearer token-of-the-save');
    await mutateApi(queryClient, 'acceptance', { tipo: '9', fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: 7 });
    expect(calls[2]!.headers.Authorization).toBe('Bearer stored-token');
  });
});

describe('a server that never answers', () => {
  /** A fetch that hangs until its signal aborts, as a stuck server or network does. */
  const hangingFetch = ((url: string, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', headers: {}, body: undefined });
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  }) as unknown as typeof fetch;

  it("ends each call after the time limit with the catalogue's message, once, without retrying, and hides the overlay", async () => {
    configureApi({ fetch: hangingFetch, timeoutMs: 50 });
    const started = Date.now();
    const failure = await fetchApi(queryClient, 'tracking', { protocolo: unique() }).catch((reason: unknown) => reason);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(calls).toHaveLength(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(UNEXPECTED_ERROR);
    expect(requestActivity.getSnapshot().value).toBe('idle');
    expect(requestActivity.getSnapshot().context.pending).toBe(0);

    // Writes too.
    await expect(mutateApi(queryClient, 'login', login)).rejects.toMatchObject({ kind: 'timeout' });
    expect(calls).toHaveLength(2);
    expect(error).toHaveBeenCalledTimes(2);
    expect(requestActivity.getSnapshot().value).toBe('idle');
  });

  it("a write its caller stops (the person's 'Cancelar envio') ends at once: not tried again, no message, the overlay down", async () => {
    configureApi({ fetch: hangingFetch, timeoutMs: 60_000 });
    const person = new AbortController();
    const stopped = mutateApi(queryClient, 'login', login, { signal: person.signal }).catch((reason: unknown) => reason);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    person.abort();
    expect(await stopped).toMatchObject({ kind: 'cancelled' });
    expect(calls).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(requestActivity.getSnapshot().value).toBe('idle');
    // Stopped before it went out: it never goes.
    await expect(mutateApi(queryClient, 'login', login, { signal: person.signal })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(calls).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('retries through react-query', () => {
  it('tries a failing query 3 times in all, then reports once', async () => {
    replies = [{ status: 500 }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(3);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("leaves a 404 to a read whose screen says 'not found' itself (the tracking lookup), and still reports a server failure", async () => {
    replies = [{ status: 404, body: { message: 'Protocolo não encontrado.' } }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: '99999999999999999999' }, 0, { saysNotFound: true })).rejects.toThrow(
      ApiError,
    );
    expect(info).not.toHaveBeenCalled();
    replies = [{ status: 500 }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: '99999999999999999998' }, 0, { saysNotFound: true })).rejects.toThrow(
      ApiError,
    );
    expect(error).toHaveBeenCalledWith(UNEXPECTED_ERROR);
  });

  it('stops retrying a read whose caller has gone (its signal aborted), and reports nothing', async () => {
    const caller = new AbortController();
    replies = [{ status: 403 }];
    // The caller goes as the first answer arrives (a machine that left the state that asked).
    const answer = vi.mocked(fakeFetch).getMockImplementation()!;
    vi.mocked(fakeFetch).mockImplementationOnce(async (url, init) => {
      const response = await answer(url, init);
      caller.abort();
      return response;
    });
    await expect(fetchApi(queryClient, 'history', { protocolo: unique() }, 0, { signal: caller.signal })).rejects.toBeDefined();
    expect(calls).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('asks once for a typed answer (409 SOLICITACAO_EM_ANDAMENTO): no retry, no toast; the code reaches the caller', async () => {
    const message = 'Já existe uma solicitação em andamento.';
    replies = [{ status: 409, body: { message, code: 'SOLICITACAO_EM_ANDAMENTO' } }];
    await expect(mutateApi(queryClient, 'login', login)).rejects.toMatchObject({
      status: 409,
      code: 'SOLICITACAO_EM_ANDAMENTO',
      serverMessage: message,
    });
    expect(calls).toHaveLength(1);
    expect(info).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.any(ApiError));
    expect(requestActivity.getSnapshot().value).toBe('idle');
  });

  it('tries a failing mutation 3 times in all, with the same Idempotency-Key every time', async () => {
    replies = [{ status: 503 }];
    await expect(mutateApi(queryClient, 'login', login)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(3);
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/\S+/);
    expect(new Set(keys).size).toBe(1);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('retries a write whose screen says its own failure (Esqueci meu protocolo), then leaves the saying to it: no toast', async () => {
    replies = [{ status: 503 }];
    await expect(
      mutateApi(
        queryClient,
        'forgotProtocol',
        { cpf: '52998224725', dtNascimento: '01/01/1980', cdEmpresaPlano: '1' },
        {
          token: null,
          saysOwnFailure: true,
        },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(1);
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(info).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('a write whose answer is final (a file the server refused) is not tried again; any other failure still is', async () => {
    const isFinal = (failure: unknown) => failure instanceof ApiError && failure.status === 415;
    replies = [{ status: 415, body: { message: 'Tipo de arquivo não aceito.' } }];
    await expect(mutateApi(queryClient, 'login', login, { isFinal })).rejects.toMatchObject({ status: 415 });
    expect(calls).toHaveLength(1);
    calls.length = 0;
    replies = [{ status: 503 }];
    await expect(mutateApi(queryClient, 'login', login, { isFinal })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(3);
  });

  it('succeeds without any report when a retry answers', async () => {
    replies = [{ status: 500 }, { status: 200, body: [tooltip] }];
    await expect(fetchApi(queryClient, 'tooltips', { solicitacao: '9' })).resolves.toEqual([tooltip]);
    expect(calls).toHaveLength(2);
    expect(info).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('gives each logical write its own key', async () => {
    replies = [{ status: 200, body: { token: 't' } }];
    await mutateApi(queryClient, 'login', login);
    await mutateApi(queryClient, 'login', login);
    expect(calls[0]!.headers['Idempotency-Key']).not.toBe(calls[1]!.headers['Idempotency-Key']);
  });
});

describe('the error catalogue (SPEC §8), after the retries', () => {
  it.each([
    [400, { message: 'CPF inválido' }, 'CPF inválido'],
    [404, { message: 'Protocolo não encontrado' }, 'Protocolo não encontrado'],
  ])('%i with an error body shows the server message as information', async (status, body, shown) => {
    replies = [{ status, body }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toMatchObject({ status, serverMessage: shown });
    expect(info).toHaveBeenCalledExactlyOnceWith(shown);
    expect(error).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.any(ApiError));
  });

  it.each([400, 404])('%i without a body shows the information "Ocorreu um erro inesperado!"', async (status) => {
    replies = [{ status }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toBeInstanceOf(ApiError);
    expect(info).toHaveBeenCalledExactlyOnceWith(UNEXPECTED_ERROR);
    expect(UNEXPECTED_ERROR).toBe('Ocorreu um erro inesperado!');
    expect(log).toHaveBeenCalled();
  });

  it('429 (too many calls from this connection) shows the server\'s "aguarde" message, asked once: a retry would only count against the limit', async () => {
    const wait = 'Muitas consultas a partir desta conexão. Aguarde 48 segundos e tente novamente.';
    replies = [{ status: 429, body: { message: wait } }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toMatchObject({ status: 429 });
    expect(calls).toHaveLength(1);
    expect(info).toHaveBeenCalledExactlyOnceWith(wait);
    expect(error).not.toHaveBeenCalled();
  });

  it('a 429 with no message (a proxy\'s) still says to wait, never "unexpected"', async () => {
    replies = [{ status: 429, text: '' }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toMatchObject({ status: 429 });
    expect(info).toHaveBeenCalledExactlyOnceWith(RATE_LIMITED_WITHOUT_MESSAGE);
    expect(error).not.toHaveBeenCalled();
  });

  it.each([401, 403, 409, 500, 502])('%i shows the error "Ocorreu um erro inesperado!" even with a body', async (status) => {
    replies = [{ status, body: { message: 'detalhe interno' } }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledExactlyOnceWith('Ocorreu um erro inesperado!');
    expect(info).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.any(ApiError));
  });

  it('a network failure is an unexpected error', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    configureApi({ fetch: offline as unknown as typeof fetch });
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toMatchObject({ kind: 'network' });
    expect(offline).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenCalledExactlyOnceWith(UNEXPECTED_ERROR);
  });

  it('a 200 whose body does not match its schema is an unexpected error, not a crash', async () => {
    replies = [{ status: 200, body: { nuProtocolo: 123, flStatus: 'três' } }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toMatchObject({ kind: 'schema', status: 200 });
    expect(error).toHaveBeenCalledExactlyOnceWith(UNEXPECTED_ERROR);
    expect(log).toHaveBeenCalled();
  });

  it('a 200 whose JSON is truncated is an unexpected error too', async () => {
    replies = [{ status: 200, text: '[{"nmCampo":' }];
    await expect(fetchApi(queryClient, 'tooltips', { solicitacao: '9' })).rejects.toMatchObject({ kind: 'schema' });
    expect(error).toHaveBeenCalledExactlyOnceWith(UNEXPECTED_ERROR);
  });

  it("a login's empty answer — no body, null, no token — is an answer, once, with no toast (SPEC §4/§8: 'Prezado Cliente')", async () => {
    for (const reply of [
      { status: 200, text: '' },
      { status: 204, text: '' },
      { status: 200, body: null },
      { status: 200, body: {} },
    ]) {
      calls = [];
      replies = [reply];
      const answer = await mutateApi(queryClient, 'login', login);
      expect(answer?.token ?? '', JSON.stringify(reply)).toBe('');
      expect(calls).toHaveLength(1);
    }
    expect(error).not.toHaveBeenCalled();
  });

  it('an empty answer to a read that needs one is an unexpected error, as before', async () => {
    replies = [{ status: 200, text: '' }];
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toMatchObject({ kind: 'schema', status: 200 });
    expect(error).toHaveBeenCalledExactlyOnceWith(UNEXPECTED_ERROR);
  });

  it('a text endpoint reads the plain body', async () => {
    replies = [{ status: 200, text: 'Operadora Um' }];
    await expect(fetchApi(queryClient, 'operatorKey', { cdTipo: '65', cdEmpresaPlano: '1' })).resolves.toBe('Operadora Um');
  });
});

describe('the loading overlay (request-activity machine)', () => {
  it('is shown while a request is in flight and hidden when it answers', async () => {
    let answer!: (response: Response) => void;
    configureApi({
      fetch: (() =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        })) as unknown as typeof fetch,
    });
    const pending = fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    await vi.waitFor(() => expect(requestActivity.getSnapshot().value).toBe('busy'));
    answer(new Response(JSON.stringify([tooltip]), { status: 200 }));
    await pending;
    expect(requestActivity.getSnapshot().value).toBe('idle');
  });

  it('does not count a quiet call (an upload that shows its own progress)', async () => {
    let answer!: (response: Response) => void;
    configureApi({
      fetch: (() =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        })) as unknown as typeof fetch,
    });
    const pending = mutateApi(queryClient, 'finalize', { nuProtocolo: '1', tipoSolicitacao: '9' } as never, { quiet: true });
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(requestActivity.getSnapshot().value).toBe('idle');
    expect(requestActivity.getSnapshot().context.pending).toBe(0);
    answer(new Response('OK', { status: 200 }));
    await pending.catch(() => undefined);
    expect(requestActivity.getSnapshot().context.pending).toBe(0);
  });

  it('hides at once on a final failure, even with another request still pending', async () => {
    configureApi({
      fetch: ((url: string, init?: RequestInit) =>
        String(url).includes('acompanhamento')
          ? Promise.resolve(new Response('', { status: 500 }))
          : new Promise<Response>((_, reject) =>
              init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            )) as unknown as typeof fetch,
    });
    const stillPending = fetchApi(queryClient, 'tooltips', { solicitacao: '9' }).catch(() => 'cancelled');
    await vi.waitFor(() => expect(requestActivity.getSnapshot().value).toBe('busy'));
    await expect(fetchApi(queryClient, 'tracking', { protocolo: unique() })).rejects.toBeInstanceOf(ApiError);
    expect(requestActivity.getSnapshot().value).toBe('idle');
    // The request still in flight keeps its count, and gives it back when it ends.
    expect(requestActivity.getSnapshot().context.pending).toBe(1);
    await queryClient.cancelQueries();
    await expect(stillPending).resolves.toBe('cancelled');
    await vi.waitFor(() => expect(requestActivity.getSnapshot().context.pending).toBe(0));
    expect(requestActivity.getSnapshot().value).toBe('idle');
  });
});
