import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../server/backoffice-cli.ts';
import { DEMO, loginToken, startServer, validRequest, type TestServer, runCliOn } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const HOUR = 60 * 60 * 1000;
const track = (protocolo: string, token?: string) => server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`, { token });
const quiet: CliIo = { out: () => undefined, err: () => undefined };
const setStatus = (protocolo: string, ...args: string[]) => runCliOn(server, ['set-status', protocolo, ...args], quiet);

describe('tracking lookups after writes (no in-process cache: every lookup reads the database)', () => {
  it('show a backoffice status change in the very next lookup, and the login it then requires', async () => {
    const { protocolo } = DEMO.plan2;
    expect((await track(protocolo)).json()).toMatchObject({ flStatus: 1, dsStatus: 'Em análise' });
    expect((await track(protocolo)).json()).toMatchObject({ flStatus: 1 });

    expect(await setStatus(protocolo, '2', '--pendente', '3')).toBe(0);
    expect((await track(protocolo)).json()).toMatchObject({ flStatus: 2, dsStatus: 'Pendente de documentação' });

    expect(await setStatus(protocolo, '3', '--tipo', '1', '--concordo', 'S')).toBe(0);
    expect((await track(protocolo)).json()).toMatchObject({
      flStatus: 3,
      cdStatusPort: 1,
      flConcordo: 'S',
      dsStatus: null,
      cdSolicitacao: null,
    });
  });

  it('decide who sees what per call: a token shows the CPF, and once it expires the same request is restricted again', async () => {
    const who = DEMO.loginRequired;
    const anonymous = (await track(who.protocolo)).json() as Record<string, unknown>;
    expect(anonymous).toMatchObject({ dsStatus: null });
    expect(anonymous).not.toHaveProperty('nuCpf');
    const token = await loginToken(server, who);
    expect((await track(who.protocolo, token)).json()).toMatchObject({
      nuCpf: who.cpf,
      dsStatus: 'Aceita - aguardando assinatura dos documentos',
    });
    expect((await track(who.protocolo)).json()).toMatchObject({ dsStatus: null });
    server.clock.advance(2 * HOUR + 1000);
    const expired = (await track(who.protocolo, token)).json() as Record<string, unknown>;
    expect(expired).toMatchObject({ dsStatus: null, cdSolicitacao: null });
    expect(expired).not.toHaveProperty('nuCpf');
  });

  it("show the beneficiary's agreement recorded through aceite in the next lookup", async () => {
    const { protocolo } = DEMO.status6Type1;
    const before = (await track(protocolo)).json() as { cdSolicitacao: number; flConcordo: string | null; token: string };
    expect(before.flConcordo).toBeNull();
    const agree = await server.post(
      'portabilidade/utils/documento/aceite',
      { tipo: '9', fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: before.cdSolicitacao },
      { token: before.token },
    );
    expect(agree.body).toMatch(/^\/wslinhafrente\/v1\/arquivos\//);
    expect((await track(protocolo)).json()).toMatchObject({ flConcordo: 'S', flStatus: 6 });
  });

  it('find a request saved a moment ago, and a saved request does not disturb the others', async () => {
    expect((await track(DEMO.active.protocolo)).json()).toMatchObject({ flStatus: 7 });
    const saved = (await server.post('portabilidade', validRequest({ cpf: '11144477735' }))).json() as { nuProtocolo: string };
    expect((await track(saved.nuProtocolo)).json()).toMatchObject({ nuProtocolo: saved.nuProtocolo, flStatus: 1 });
    expect((await track(DEMO.active.protocolo)).json()).toMatchObject({ flStatus: 7 });
  });

  it('never keep an answer read while a status change was being written', async () => {
    const { protocolo } = DEMO.status6Type2;
    for (const flStatus of ['2', '1', '2', '1', '2', '1']) {
      // The lookup's read and the change race; whichever wins, the next lookup is current.
      const flags = flStatus === '2' ? ['--pendente', '3'] : [];
      const [, code] = await Promise.all([track(protocolo), setStatus(protocolo, flStatus, ...flags), track(protocolo)]);
      expect(code).toBe(0);
      expect((await track(protocolo)).json()).toMatchObject({ flStatus: Number(flStatus) });
    }
  });
});
