import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { WriteCounter, type Queryable, type SqlParam } from '../../server/db/database.ts';
import { findRequestByProtocol } from '../../server/services/requests.ts';
import { DEMO, loginToken, startServer, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const HOUR = 60 * 60 * 1000;
const track = (protocolo: string, token?: string) => server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`, { token });
const quiet: CliIo = { out: () => undefined, err: () => undefined };
const setStatus = (protocolo: string, ...args: string[]) =>
  runCli(['set-status', protocolo, ...args], { db: server.db, io: quiet, env: { DATA_DIR: server.dataDir }, clock: () => server.clock.now });

describe('tracking lookups kept in memory', () => {
  it('show a backoffice status change in the very next lookup, and the login it then requires', async () => {
    const { protocolo } = DEMO.plan2;
    expect((await track(protocolo)).json()).toMatchObject({ flStatus: 1, dsStatus: 'Em análise' });
    expect((await track(protocolo)).json()).toMatchObject({ flStatus: 1 });

    expect(await setStatus(protocolo, '2')).toBe(0);
    expect((await track(protocolo)).json()).toMatchObject({ flStatus: 2, dsStatus: 'Pendente de documentação' });

    expect(await setStatus(protocolo, '3', '--tipo', '1', '--concordo', 'S')).toBe(0);
    expect((await track(protocolo)).json()).toMatchObject({ flStatus: 3, cdStatusPort: 1, flConcordo: 'S', dsStatus: null, cdSolicitacao: null });
  });

  it('decide who sees what per call: a token shows the CPF, and once it expires the same request is restricted again', async () => {
    const who = DEMO.loginRequired;
    const anonymous = (await track(who.protocolo)).json() as Record<string, unknown>;
    expect(anonymous).toMatchObject({ dsStatus: null });
    expect(anonymous).not.toHaveProperty('nuCpf');
    const token = await loginToken(server, who);
    expect((await track(who.protocolo, token)).json()).toMatchObject({ nuCpf: who.cpf, dsStatus: 'Aceita - aguardando assinatura dos documentos' });
    expect((await track(who.protocolo)).json()).toMatchObject({ dsStatus: null });
    server.clock.advance(2 * HOUR + 1000);
    const expired = (await track(who.protocolo, token)).json() as Record<string, unknown>;
    expect(expired).toMatchObject({ dsStatus: null, cdSolicitacao: null });
    expect(expired).not.toHaveProperty('nuCpf');
  });

  it('show the beneficiary\'s agreement recorded through aceite in the next lookup', async () => {
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
      const [, code] = await Promise.all([track(protocolo), setStatus(protocolo, flStatus), track(protocolo)]);
      expect(code).toBe(0);
      expect((await track(protocolo)).json()).toMatchObject({ flStatus: Number(flStatus) });
    }
  });
});

describe('the in-memory request cache', () => {
  /** A real database that counts the reads of `requests` by protocol. */
  function counting(db: Queryable) {
    const counted = {
      reads: 0,
      query<Row extends object>(sql: string, params?: readonly SqlParam[]) {
        if (sql.includes('FROM requests WHERE nu_protocolo')) counted.reads += 1;
        return db.query<Row>(sql, params);
      },
      writeVersion: (table: string) => db.writeVersion?.(table) ?? null,
    };
    return counted;
  }

  it('reads a protocol once until a write to requests, and not again for writes to other tables', async () => {
    const db = counting(server.db);
    const { protocolo } = DEMO.analysis;
    await findRequestByProtocol(db, protocolo);
    await findRequestByProtocol(db, protocolo);
    expect(db.reads).toBe(1);
    await server.db.query('DELETE FROM idempotency_keys WHERE dt_criacao < $1', [new Date(0)]);
    await findRequestByProtocol(db, protocolo);
    expect(db.reads).toBe(1);
    await server.db.query('UPDATE requests SET dt_atualizacao = dt_atualizacao WHERE nu_protocolo = $1', [protocolo]);
    await findRequestByProtocol(db, protocolo);
    expect(db.reads).toBe(2);
    await server.db.transaction((tx) => tx.query('UPDATE requests SET dt_atualizacao = dt_atualizacao WHERE cd_solicitacao = 0'));
    await findRequestByProtocol(db, protocolo);
    expect(db.reads).toBe(3);
  });

  it('does not keep a row when a write to requests landed while it was being read', async () => {
    let version = 0;
    let reads = 0;
    const db: Queryable = {
      async query<Row extends object>(sql: string, params?: readonly SqlParam[]) {
        reads += 1;
        const rows = await server.db.query<Row>(sql, params);
        version += 1; // another caller's status change, committed before this read returns
        return rows;
      },
      writeVersion: () => version,
    };
    await findRequestByProtocol(db, DEMO.analysis.protocolo);
    await findRequestByProtocol(db, DEMO.analysis.protocolo);
    expect(reads).toBe(2);
  });

  it('hands each caller its own copy of the row', async () => {
    const first = await findRequestByProtocol(server.db, DEMO.analysis.protocolo);
    if (!first) throw new Error('demo request missing');
    first.fl_status = 99;
    first.dt_cadastramento.setTime(0);
    const second = await findRequestByProtocol(server.db, DEMO.analysis.protocolo);
    expect(second?.fl_status).not.toBe(99);
    expect(second?.dt_cadastramento.getTime()).not.toBe(0);
  });

  it('is not used when the database cannot tell its writes (PostgreSQL, another process)', async () => {
    let reads = 0;
    const db: Queryable = {
      query: <Row extends object>(sql: string, params?: readonly SqlParam[]) => {
        reads += 1;
        return server.db.query<Row>(sql, params);
      },
    };
    await findRequestByProtocol(db, DEMO.analysis.protocolo);
    await findRequestByProtocol(db, DEMO.analysis.protocolo);
    expect(reads).toBe(2);
  });
});

describe('counting writes per table', () => {
  it('counts INSERT, UPDATE and DELETE for their table, reads for none, anything else for every table', () => {
    const writes = new WriteCounter();
    const seen = () => [writes.version('requests'), writes.version('idempotency_keys')];
    writes.note('SELECT * FROM requests WHERE cd_solicitacao = $1 FOR UPDATE');
    writes.note('  select 1');
    expect(seen()).toEqual([0, 0]);
    writes.note('INSERT INTO requests (\n nu_protocolo) VALUES ($1)');
    writes.note('UPDATE requests SET fl_status = $2');
    writes.note('\n  -- a comment\nDELETE FROM public.requests WHERE true');
    expect(seen()).toEqual([3, 0]);
    writes.note('DELETE FROM idempotency_keys WHERE dt_criacao < $1');
    writes.note('INSERT INTO requests_archive (x) SELECT 1 FROM requests');
    expect(seen()).toEqual([3, 1]);
    writes.note('WITH gone AS (DELETE FROM requests RETURNING 1) SELECT count(*) FROM gone');
    writes.note('TRUNCATE requests');
    writes.noteAll();
    expect(seen()).toEqual([6, 4]);
  });
});
