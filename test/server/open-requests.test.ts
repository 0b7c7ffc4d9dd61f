/**
 * One open request per CPF and ANS protocol (issue 27 item 6): a second save while one is
 * open is answered 409 with the typed code, names no request, and stores nothing; once the
 * first is closed the pair may be filed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, OPEN_REQUEST_EXISTS_MESSAGE } from '../../contract/rules.ts';
import { startServer, uniqueAnsProtocol, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 180_000);
afterAll(() => server.close());

const count = async (cpf: string, ans: string) =>
  (
    await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM requests WHERE cpf = $1 AND nu_protocolo_ans = $2', [
      cpf,
      ans,
    ])
  )[0]?.total;

describe('a second request for the same CPF and ANS protocol (issue 27 item 6)', () => {
  it('is refused with 409 and its code while the first is open, names no protocol, and stores nothing', async () => {
    const ans = uniqueAnsProtocol();
    const first = await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans }), { key: 'open-first-0001' });
    expect(first.statusCode).toBe(200);
    const { nuProtocolo } = first.json() as { nuProtocolo: string };

    const second = await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans, nome: 'OUTRO NOME' }), {
      key: 'open-second-01',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: OPEN_REQUEST_EXISTS_MESSAGE, code: ERROR_CODES.openRequestExists });
    expect(second.body).not.toContain(nuProtocolo);
    expect(second.body).not.toContain(nuProtocolo.slice(-6));
    expect(await count('60491837240', ans)).toBe(1);

    // A retry of the refused save replays the same typed answer.
    const retry = await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans, nome: 'OUTRO NOME' }), {
      key: 'open-second-01',
    });
    expect([retry.statusCode, retry.headers['idempotent-replayed'], (retry.json() as { code?: string }).code]).toEqual([
      409,
      'true',
      ERROR_CODES.openRequestExists,
    ]);
  });

  it('lets the same CPF file another ANS protocol, and another CPF the same ANS protocol', async () => {
    const ans = uniqueAnsProtocol();
    expect((await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans }))).statusCode).toBe(200);
    expect((await server.post('portabilidade', validRequest())).statusCode).toBe(200);
    expect((await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans, cpf: '52998224725' }))).statusCode).toBe(200);
  });

  it('accepts the pair again once the first request is closed (withdrawn: status 5)', async () => {
    const ans = uniqueAnsProtocol();
    const first = (await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans }))).json() as {
      nuProtocolo: string;
      token: string;
    };
    expect((await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans }))).statusCode).toBe(409);
    const withdrawn = await server.post('portabilidade/desistencia', { protocolo: first.nuProtocolo }, { token: first.token });
    expect(withdrawn.statusCode).toBe(200);
    expect((await server.post('portabilidade', validRequest({ nu_protocolo_ans: ans }))).statusCode).toBe(200);
    expect(await count('60491837240', ans)).toBe(2);
  });

  it('does not check a holder without CPF: there is no CPF to tell the person by', async () => {
    const ans = uniqueAnsProtocol();
    const noCpf = validRequest({ nu_protocolo_ans: ans, cpf: '' });
    expect((await server.post('portabilidade', noCpf)).statusCode).toBe(200);
    expect((await server.post('portabilidade', noCpf)).statusCode).toBe(200);
  });
});

describe("a dependent's relationship to the holder (issue 27 item 7)", () => {
  it('is required, one of the listed ones, and stored', async () => {
    const base = validRequest();
    const [dependent] = base.dependente;
    const { ds_parentesco: _dropped, ...without } = dependent!;
    const missing = await server.post('portabilidade', { ...base, dependente: [without] });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { message: string }).message).toContain('dependente[0].ds_parentesco');
    const unknown = await server.post('portabilidade', { ...base, dependente: [{ ...dependent, ds_parentesco: 'Vizinho' }] });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { message: string }).message).toContain('Cônjuge, Companheiro(a), Filho(a), Enteado(a), Pai/Mãe, Outro');

    const saved = await server.post('portabilidade', { ...base, dependente: [{ ...dependent, ds_parentesco: 'Enteado(a)' }] });
    expect(saved.statusCode).toBe(200);
    const { cdSolicitacao } = saved.json() as { cdSolicitacao: number };
    const rows = await server.db.query<{ ds_parentesco: string }>('SELECT ds_parentesco FROM dependents WHERE cd_solicitacao = $1', [
      cdSolicitacao,
    ]);
    expect(rows).toEqual([{ ds_parentesco: 'Enteado(a)' }]);
  });
});
