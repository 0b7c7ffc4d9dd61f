/**
 * Sign after reading (issue 25 item 5): a term counts as read once its PDF was served through
 * its link; the server refuses a signature for a term never opened, and the signature keeps
 * when the term was read and when it was accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERM_NOT_READ } from '../../server/services/term-reading.ts';
import { messageOf, startServer, validRequest, type TestServer, runCliOn } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

interface Term {
  documento: string;
  linkUrl: string;
  cdFileDocumento: number;
  flAssinado: boolean;
  dtLeitura?: string;
  dtAssinatura?: string;
}

/** A request filed through the API and moved to status 3 by the back-office; its protocol token. */
async function acceptedRequest(key: string): Promise<{ protocolo: string; token: string }> {
  const { nuProtocolo } = (await server.post('portabilidade', validRequest({ fl_aceita_email: '0' }), { key })).json() as {
    nuProtocolo: string;
  };
  const io = { out: () => {}, err: () => {} };
  expect(await runCliOn(server, ['set-status', nuProtocolo, '3'], io)).toBe(0);
  const { token } = (await server.get(`portabilidade/acompanhamento?protocolo=${nuProtocolo}`)).json() as { token: string };
  return { protocolo: nuProtocolo, token };
}

const terms = async (protocolo: string, token: string) =>
  (await server.get(`portabilidade/documento/assinatura?protocolo=${protocolo}`, { token })).json() as Term[];
const sign = (cdFileDocumento: number, token: string) => server.post('portabilidade/documento/assinatura', { cdFileDocumento }, { token });

describe('a term is signed only after it was opened', () => {
  it('refuses the signature of a term never opened, and records nothing', async () => {
    const { protocolo, token } = await acceptedRequest('sign-unread');
    const [first] = await terms(protocolo, token);
    const refused = await sign(first!.cdFileDocumento, token);
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(TERM_NOT_READ);
    expect(await server.db.query('SELECT 1 FROM signatures WHERE cd_file_documento = $1', [first!.cdFileDocumento])).toHaveLength(0);
    expect((await terms(protocolo, token))[0]).toMatchObject({ flAssinado: false });
    expect((await terms(protocolo, token))[0]).not.toHaveProperty('dtLeitura');
  });

  it('accepts it once its link was opened, and keeps when it was read and when it was accepted', async () => {
    const { protocolo, token } = await acceptedRequest('sign-read');
    const [first, second] = await terms(protocolo, token);
    const opened = await server.app.inject({ method: 'GET', url: first!.linkUrl });
    expect(opened.statusCode).toBe(200);
    expect((await terms(protocolo, token))[0]).toMatchObject({ dtLeitura: '10/03/2025 10:00', flAssinado: false });

    server.clock.advance(5 * 60_000);
    // Opening it again keeps the first reading.
    await server.app.inject({ method: 'GET', url: first!.linkUrl });
    expect((await sign(first!.cdFileDocumento, token)).body).toBe('OK');
    const [row] = await server.db.query<{ dt_leitura: Date; dt_assinatura: Date }>(
      'SELECT dt_leitura, dt_assinatura FROM signatures WHERE cd_file_documento = $1',
      [first!.cdFileDocumento],
    );
    expect(row?.dt_assinatura.getTime() ?? 0).toBeGreaterThan(row?.dt_leitura.getTime() ?? Infinity);
    expect((await terms(protocolo, token))[0]).toMatchObject({
      flAssinado: true,
      dtLeitura: '10/03/2025 10:00',
      dtAssinatura: '10/03/2025 10:05',
    });

    // Opening one term does not open the others.
    expect((await sign(second!.cdFileDocumento, token)).statusCode).toBe(400);
  });

  it('does not count a HEAD of the link as a reading', async () => {
    const { protocolo, token } = await acceptedRequest('sign-head');
    const [first] = await terms(protocolo, token);
    expect((await server.app.inject({ method: 'HEAD', url: first!.linkUrl })).statusCode).toBe(200);
    expect((await sign(first!.cdFileDocumento, token)).statusCode).toBe(400);
  });

  it('does not count an altered link as a reading: the file is not served', async () => {
    const { protocolo, token } = await acceptedRequest('sign-forged');
    const [first] = await terms(protocolo, token);
    const forged = first!.linkUrl.replace(/assinatura=[^&]+/, 'assinatura=AAAAAAAAAAAAAAAAAAAAAA');
    expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await sign(first!.cdFileDocumento, token)).statusCode).toBe(400);
  });
});
