/**
 * The documents a person signs at status 3 say the truth: the operator's decision as stored
 * (plan, start of coverage, price, last day to cancel the old plan), the wizard's answers
 * where it decided nothing, and every person covered (holder and dependents, CPFs masked).
 * One not signed yet is made again when the request comes back to 3 with other facts; a
 * signed one is the record of what was signed and never changes.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, validRequest, type TestServer, runCliOn } from './helpers.ts';

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
}

const DEPENDENTS = [
  { id: 1, nome: 'PEDRO DA SILVA', nm_mae: 'ANA DA SILVA', dt_nasc: '05/06/2010', cpf: '52998224725', ds_parentesco: 'Filho(a)' as const },
  { id: 2, nome: 'ANA DA SILVA', nm_mae: 'TEREZA SOUZA', dt_nasc: '07/08/1982', cpf: '', ds_parentesco: 'Cônjuge' as const },
];

async function setStatus(...args: string[]): Promise<void> {
  const io = { out: () => {}, err: (line: string) => console.error(line) };
  expect(await runCliOn(server, ['set-status', ...args], io)).toBe(0);
}

async function file(key: string): Promise<{ protocolo: string; token: string }> {
  const saved = await server.post('portabilidade', validRequest({ dependente: DEPENDENTS, nu_ans_plano_destino: '481234561' }), { key });
  const { nuProtocolo } = saved.json() as { nuProtocolo: string };
  // Type 2 ('Estou ciente'): status 3 asks for no login, so the protocol's token opens the terms.
  await setStatus(nuProtocolo, '6', '--tipo', '2', '--plano', '481234562', '--cancelar-ate', '31/12/2026');
  const { token } = (await server.get(`portabilidade/acompanhamento?protocolo=${nuProtocolo}`)).json() as { token: string };
  return { protocolo: nuProtocolo, token };
}

const terms = async ({ protocolo, token }: { protocolo: string; token: string }) =>
  (await server.get(`portabilidade/documento/assinatura?protocolo=${protocolo}`, { token })).json() as Term[];
const termNamed = async (request: { protocolo: string; token: string }, name: string) => {
  const term = (await terms(request)).find((entry) => entry.documento === name);
  if (!term) throw new Error(`${name} não está na lista`);
  return term;
};

async function textOf(link: string): Promise<string> {
  // A link is served on the page's origin: its path and signed query.
  const url = new URL(link, 'http://portal.test');
  const response = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(response.statusCode).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the documents to sign', () => {
  it("name the operator's decided plan and conditions, the holder and every dependent", async () => {
    const request = await file('sign-facts');
    await setStatus(request.protocolo, '3', '--plano', '481234563', '--inicio', '01/12/2026', '--valor', '1.049,90');
    const list = await terms(request);
    expect(list.map((term) => term.documento)).toEqual([
      'Proposta de Adesão',
      'Declaração de Portabilidade',
      'Carta de Orientação ao Beneficiário',
    ]);
    for (const term of list) {
      const text = await textOf(term.linkUrl);
      expect(text, term.documento).toMatch(/Plano de destino: [^:]+ \(registro ANS 481234563\)/);
      expect(text).not.toContain('481234561');
      expect(text).not.toContain('481234562');
      expect(text).toContain('Início da cobertura: 01/12/2026');
      expect(text).toContain('Mensalidade: R$ 1.049,90');
      expect(text).toContain('Cancelar o plano anterior até: 31/12/2026');
      expect(text).toContain('Plano de origem: PLANO ANTIGO (registro ANS 987654321)');
      expect(text).toContain('JOSÉ DA SILVA');
      expect(text).toContain('***.918.372-**');
      expect(text).toContain('Dependentes (2)');
      expect(text).toContain('PEDRO DA SILVA — parentesco: Filho(a) — nascimento: 05/06/2010 — CPF: ***.982.247-**');
      expect(text).toContain('ANA DA SILVA — parentesco: Cônjuge — nascimento: 07/08/1982');
      expect(text).not.toContain('60491837240');
      expect(text).not.toContain('52998224725');
    }
  });

  it("fall back to the wizard's plan and say what the operator has not informed", async () => {
    const { nuProtocolo } = (await server.post('portabilidade', validRequest({ dependente: [] }), { key: 'sign-wizard-plan' })).json() as {
      nuProtocolo: string;
    };
    await setStatus(nuProtocolo, '3', '--tipo', '2');
    const { token } = (await server.get(`portabilidade/acompanhamento?protocolo=${nuProtocolo}`)).json() as { token: string };
    const text = await textOf((await termNamed({ protocolo: nuProtocolo, token }, 'Proposta de Adesão')).linkUrl);
    expect(text).toContain('Plano de destino: VIDA PLENA ESSENCIAL ENFERMARIA (registro ANS 481234561)');
    expect(text).toContain('Início da cobertura: Ainda não informado pela operadora.');
    expect(text).toContain('Mensalidade: Ainda não informado pela operadora.');
    expect(text).toContain('Dependentes (0) Nenhum dependente incluído.');
  });

  it('are made again, unread, when the request comes back to 3 with another plan; once one stating it is signed, the plan stays', async () => {
    const request = await file('sign-remade');
    await setStatus(request.protocolo, '3', '--plano', '481234563');
    const proposal = await termNamed(request, 'Proposta de Adesão');
    const declaration = await termNamed(request, 'Declaração de Portabilidade');
    const letter = await termNamed(request, 'Carta de Orientação ao Beneficiário');
    await textOf(declaration.linkUrl); // read, not signed
    expect((await termNamed(request, 'Declaração de Portabilidade')).dtLeitura).toBeDefined();

    // The same facts again: nothing is made again.
    await setStatus(request.protocolo, '3');
    expect((await termNamed(request, 'Carta de Orientação ao Beneficiário')).linkUrl).toBe(letter.linkUrl);

    // Another plan before any signature: every term is made again, to be read again.
    await setStatus(request.protocolo, '6');
    await setStatus(request.protocolo, '3', '--plano', '481234562');
    const after = await terms(request);
    expect(after.map((term) => term.cdFileDocumento)).toEqual([proposal, declaration, letter].map((term) => term.cdFileDocumento));
    for (const remade of after) {
      expect(remade.flAssinado).toBe(false);
      expect(remade.dtLeitura, remade.documento).toBeUndefined();
      const text = await textOf(remade.linkUrl);
      expect(text).toMatch(/Plano de destino: [^:]+ \(registro ANS 481234562\)/);
      expect(text).not.toContain('481234563');
    }
    // The old text of a remade document is gone, not only unlisted.
    const old = await server.app.inject({ method: 'GET', url: declaration.linkUrl });
    expect(old.statusCode).toBe(404);

    // Signed, the proposal is the record of its plan: another one is refused, and nothing changes
    // (found by a regression walk: the contract went active on a plan other than the one signed).
    const signedProposal = after[0]!;
    const signedText = await textOf(signedProposal.linkUrl);
    expect(
      (await server.post('portabilidade/documento/assinatura', { cdFileDocumento: signedProposal.cdFileDocumento }, request)).body,
    ).toBe('OK');
    const refusals: string[] = [];
    const io = { out: () => {}, err: (line: string) => refusals.push(line) };
    expect(await runCliOn(server, ['set-status', request.protocolo, '3', '--plano', '481234563'], io)).toBe(1);
    expect(refusals.join('\n')).toMatch(/já assinou 'Proposta de Adesão' com as condições de antes/);
    const kept = await terms(request);
    expect(kept.map((term) => term.linkUrl.split('?')[0])).toEqual(after.map((term) => term.linkUrl.split('?')[0]));
    expect(await textOf(kept[0]!.linkUrl)).toBe(signedText);
    expect(signedText).toContain('(registro ANS 481234562)');
  });

  it('share their facts with the acceptance term of status 6: the decided plan, its conditions, every dependent', async () => {
    const request = await file('sign-acceptance');
    const { cdSolicitacao } = (await server.get(`portabilidade/acompanhamento?protocolo=${request.protocolo}`)).json() as {
      cdSolicitacao: number;
    };
    const link = await server.post(
      'portabilidade/utils/documento/aceite',
      { tipo: '9', fl_tipo: 'I', fl_ciente: 'S', cd_solicitacao: cdSolicitacao },
      { token: request.token },
    );
    expect(link.statusCode).toBe(200);
    const text = await textOf(link.body);
    expect(text).toContain('Termo de Ciência da Portabilidade');
    expect(text).toMatch(/Plano de destino: [^:]+ \(registro ANS 481234562\)/);
    expect(text).toContain('Cancelar o plano anterior até: 31/12/2026');
    expect(text).toContain('Dependentes (2)');
    expect(text).toContain('PEDRO DA SILVA');
  });
});
