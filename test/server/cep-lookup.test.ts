/**
 * The address by CEP (issue 14): the offline table answers first, then the configured
 * ViaCEP-format provider; an unknown CEP is ViaCEP's `{ erro: true }`, a provider that fails
 * or hangs a 502 in about 3 s, never a 500, and a CEP that is not 8 digits a 400.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOf, startServer, type TestServer } from './helpers.ts';

/** A stand-in for ViaCEP: one known CEP, `{ erro: true }` for others, and CEPs that misbehave. */
function fakeProvider(): Promise<{ url: string; seen: string[]; close(): void }> {
  const seen: string[] = [];
  const provider: Server = createServer((request, response) => {
    const cep = /\/ws\/(\d+)\/json\//.exec(request.url ?? '')?.[1] ?? '';
    seen.push(cep);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (cep === '30130010')
      return json(200, {
        cep: '30130-010',
        logradouro: 'Praça Sete de Setembro',
        bairro: 'Centro',
        localidade: 'Belo Horizonte',
        uf: 'MG',
      });
    if (cep === '50000500') return json(500, { message: 'falhou' });
    if (cep === '50000501') return response.writeHead(200).end('<html>não é JSON</html>');
    if (cep === '50000502') return json(200, { logradouro: 'X'.repeat(50), localidade: '', uf: 'ZZ' });
    if (cep === '50000503') return; // never answers
    return json(200, { erro: true });
  });
  return new Promise((resolve) =>
    provider.listen(0, '127.0.0.1', () => {
      const { port } = provider.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/ws/{cep}/json/`, seen, close: () => provider.close() && provider.closeAllConnections() });
    }),
  );
}

describe('without a provider: the offline table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(() => server.close());

  it('answers the seeded Avenida Paulista and a city-wide CEP of Fortaleza', async () => {
    const paulista = await server.get('portabilidade/utils/cep?cep=01310100');
    expect(paulista.statusCode).toBe(200);
    expect(paulista.json()).toEqual({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    const fortaleza = (await server.get('portabilidade/utils/cep?cep=60602320')).json() as Record<string, string>;
    expect(fortaleza).toMatchObject({ logradouro: '', localidade: 'Fortaleza', uf: 'CE' });
  });

  it('says an unknown CEP is not found, and refuses what is not 8 digits', async () => {
    const unknown = await server.get('portabilidade/utils/cep?cep=99999999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ erro: true });
    for (const cep of ['0131010', '013101000', '01310-100', 'abcdefgh', '', '9'.repeat(5000)]) {
      const refused = await server.get(`portabilidade/utils/cep?cep=${encodeURIComponent(cep)}`);
      expect(refused.statusCode, cep.slice(0, 12)).toBe(400);
      expect(messageOf(refused)).toMatch(/CEP|caracteres/);
    }
  });
});

describe('with CEP_PROVIDER_URL', () => {
  let server: TestServer;
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  beforeAll(async () => {
    provider = await fakeProvider();
    server = await startServer({ cepProviderUrl: provider.url });
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await server.close();
  });

  it('answers from the table without asking the provider, and asks it for the rest', async () => {
    expect((await server.get('portabilidade/utils/cep?cep=01310100')).statusCode).toBe(200);
    expect(provider.seen).not.toContain('01310100');
    const bh = await server.get('portabilidade/utils/cep?cep=30130010');
    expect(bh.statusCode).toBe(200);
    expect(bh.json()).toEqual({
      cep: '30130010',
      logradouro: 'Praça Sete de Setembro',
      bairro: 'Centro',
      localidade: 'Belo Horizonte',
      uf: 'MG',
    });
    const unknown = await server.get('portabilidade/utils/cep?cep=30130999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ erro: true });
  });

  it('answers 502 with its message when the provider fails, answers nonsense or does not answer in time', async () => {
    for (const cep of ['50000500', '50000501', '50000502', '50000503']) {
      const started = Date.now();
      const failed = await server.get(`portabilidade/utils/cep?cep=${cep}`);
      expect(failed.statusCode, cep).toBe(502);
      expect(messageOf(failed)).toBe('Não foi possível consultar o CEP agora.');
      expect(Date.now() - started).toBeLessThan(4_500);
    }
  }, 30_000);
});
