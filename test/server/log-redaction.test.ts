/**
 * Nothing that opens a request lands in a log or a file name (server/http/log-redaction.ts,
 * services/outbox.ts): a server logging at info level into a buffer is driven through a
 * tracking lookup, a login, a save with e-mail, an upload and a document link, and its log
 * holds request lines but no protocol, CPF, token or link signature; the .eml files are
 * named by message id.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN, redactText, redactUrl, redactValue } from '../../server/http/log-redaction.ts';
import { DEMOS } from '../../server/seed/demo-requests.ts';
import { formatCpf } from '../../server/services/masks.ts';
import { DEMO, FILES, startServer, validRequest, type TestServer } from './helpers.ts';

const lines: string[] = [];
let server: TestServer;
/** Everything the calls below must keep out of the log. */
const secrets: string[] = DEMOS.flatMap((demo) => [demo.nuProtocolo, demo.cpf, formatCpf(demo.cpf)]);
const NEW_CPF = '11144477735';

beforeAll(async () => {
  server = await startServer({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } }, mail: { pollMs: 50 } });
  secrets.push(NEW_CPF, formatCpf(NEW_CPF));

  // A tracking lookup (the protocol in the query), and one with the CPF where a protocol goes.
  expect((await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.analysis.protocolo}`)).statusCode).toBe(200);
  await server.get(`portabilidade/acompanhamento?protocolo=${formatCpf(DEMO.active.cpf)}`);
  // A login, then its token on a call.
  const login = await server.post('auth', { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' });
  const { token } = login.json() as { token: string };
  expect(token.length).toBeGreaterThan(20);
  secrets.push(token);
  const terms = await server.get(`portabilidade/documento/assinatura?protocolo=${DEMO.loginRequired.protocolo}`, { token });
  expect(terms.statusCode).toBe(200);
  // A save with e-mail, an upload, and the file's signed link opened.
  const saved = (await server.post('portabilidade', validRequest({ cpf: NEW_CPF }), { key: 'log-save' })).json() as {
    nuProtocolo: string;
    token: string;
  };
  secrets.push(saved.nuProtocolo, saved.token);
  const upload = await server.post('portabilidade/utils/documento', {
    nuProtocolo: saved.nuProtocolo,
    tipoSolicitacao: '9',
    cdTipoDocumento: 1,
    nmDocumento: `rg-${NEW_CPF}.pdf`,
    nmExtensao: 'pdf',
    arquivoBase64: FILES.pdf,
  });
  expect(upload.body).toBe('OK');
  const [document] = (await server.get(`portabilidade/documento?protocolo=${saved.nuProtocolo}`)).json() as Array<{ linkUrl: string }>;
  const link = new URL(document?.linkUrl ?? '', 'http://portal.test');
  secrets.push(link.searchParams.get('assinatura') ?? 'no-signature');
  expect((await server.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
  // The receipt's link (a capability for two hours), asked with the save's token and opened.
  const receipt = await server.get(`portabilidade/comprovante?protocolo=${saved.nuProtocolo}`, { token: saved.token });
  expect(receipt.statusCode, receipt.body).toBe(200);
  const receiptUrl = new URL(receipt.body, 'http://portal.test');
  const handle = receiptUrl.pathname.split('/').at(-1) ?? '';
  expect(handle.length).toBeGreaterThan(40);
  secrets.push(handle);
  const opened = await server.app.inject({ method: 'GET', url: receiptUrl.pathname });
  expect(opened.statusCode).toBe(200);
  // A log call that carries the link, as an error message might.
  server.app.log.info({ link: receipt.body }, `comprovante em ${receipt.body}`);
  // A log call of our own that carries them in its message and its fields.
  server.app.log.warn(
    { detalhe: `CPF ${formatCpf(NEW_CPF)}`, erro: new Error(`protocolo ${saved.nuProtocolo}`) },
    `falha com ${saved.nuProtocolo}`,
  );
  // The protocol e-mail, written as an .eml file without SMTP_URL.
  const outbox = join(server.dataDir, 'outbox');
  for (let waited = 0; !(existsSync(outbox) && readdirSync(outbox).length > 0); waited += 50) {
    if (waited > 10_000) throw new Error('o e-mail do protocolo não foi gravado');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 60_000);
afterAll(() => server.close());

describe('the server log', () => {
  it('has the request lines, with the query values that open a request hidden', () => {
    const log = lines.join('');
    expect(log).toContain(`"url":"/wslinhafrente/v1/portabilidade/acompanhamento?protocolo=${HIDDEN}"`);
    expect(log).toContain(`"url":"/wslinhafrente/v1/portabilidade/documento/assinatura?protocolo=${HIDDEN}"`);
    expect(log).toMatch(/"url":"\/wslinhafrente\/v1\/arquivos\/[a-f0-9]{32}\.pdf\?expira=\d+&assinatura=\[oculto\]"/);
    expect(log).toContain(`"url":"/wslinhafrente/v1/comprovante/${HIDDEN}"`);
    expect(log).toContain(`comprovante em /wslinhafrente/v1/comprovante/${HIDDEN}`);
    expect(log).toContain('"msg":"request completed"');
    expect(log).toContain('e-mail gravado (sem SMTP_URL)');
    expect(log).toContain(`"msg":"falha com ${HIDDEN}"`);
  });

  it('holds no protocol, CPF (with or without punctuation), token, link signature or receipt handle', () => {
    const log = lines.join('');
    expect(secrets.length).toBeGreaterThan(20);
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
    // Numbers are the log's own (time, responseTime); no text holds 11 digits in a row (but
    // for a stored file's hex name, which may by chance).
    const texts: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const line of lines) collect(JSON.parse(line));
    expect(texts.filter((text) => /\d{11,}/.test(text.replace(/[a-f0-9]{32}/g, '')))).toEqual([]);
    expect(log).not.toMatch(/authorization|bearer/i);
  });

  it('names the outbox files by message id, with neither protocol nor CPF', () => {
    const names = readdirSync(join(server.dataDir, 'outbox'));
    expect(names.length).toBe(1);
    for (const name of names) expect(name).toMatch(/^\d{1,10}\.eml$/);
    expect(readFileSync(join(server.dataDir, 'outbox', names[0] ?? ''), 'utf8')).toMatch(/\d{20}/);
  });
});

describe('redaction', () => {
  it('keeps harmless query values and hides every other, whatever the spelling', () => {
    expect(redactUrl('/wslinhafrente/v1/parametro?chave=82&cdEmpresaPlano=1')).toBe(
      '/wslinhafrente/v1/parametro?chave=82&cdEmpresaPlano=1',
    );
    expect(redactUrl('/a?protocolo=123&token=abc&nome=JOSE')).toBe(`/a?protocolo=${HIDDEN}&token=${HIDDEN}&nome=${HIDDEN}`);
    expect(redactUrl('/a?%70rotocolo=1')).toBe(`/a?protocolo=${HIDDEN}`);
    expect(redactUrl('/a?cdEmpresaPlano=48213907561238470015')).toBe(`/a?cdEmpresaPlano=${HIDDEN}`);
    expect(redactUrl('/x/48213907561238470015/%35%32%39.982.247-25?')).toBe(`/x/${HIDDEN}/${HIDDEN}?`);
    expect(redactUrl('/a?%E0%A4%A=1&flag')).toBe(`/a?%E0%A4%A=${HIDDEN}&flag`);
  });

  it('hides CPFs, protocols and bearer tokens in any string, object, array or error', () => {
    expect(redactText('cpf 529.982.247-25 e 52998224725, protocolo 48213907561238470015, porta 8080')).toBe(
      `cpf ${HIDDEN} e ${HIDDEN}, protocolo ${HIDDEN}, porta 8080`,
    );
    expect(redactText('Authorization: Bearer eyJwIjoiNDgy.abc')).toBe(`Authorization: Bearer ${HIDDEN}`);
    expect(redactUrl('/wslinhafrente/v1/maria.silva%2Bplano@exemplo.com.br/x?cdEmpresaPlano=1')).toBe(
      `/wslinhafrente/v1/${HIDDEN}/x?cdEmpresaPlano=1`,
    );
    expect(redactText('para jose_2@mail.exemplo.org: falhou; @ sozinho fica')).toBe(`para ${HIDDEN}: falhou; @ sozinho fica`);
    expect(redactUrl('/wslinhafrente/v1/comprovante/q3Y_8-Zx0aLk2mN4pQ7rS9tUvW1xYz3AbCdEfGhIjKlMnOpQ')).toBe(
      `/wslinhafrente/v1/comprovante/${HIDDEN}`,
    );
    expect(redactText('link https://portal.test/wslinhafrente/v1/comprovante/q3Y_8-Zx0aLk2mN4pQ7rS9t?x "e"')).toBe(
      `link https://portal.test/wslinhafrente/v1/comprovante/${HIDDEN}?x "e"`,
    );
    // The call that asks for the link names no handle: kept as it is.
    expect(redactUrl('/wslinhafrente/v1/portabilidade/comprovante?protocolo=1')).toBe(
      `/wslinhafrente/v1/portabilidade/comprovante?protocolo=${HIDDEN}`,
    );
    // A stored file's name is no secret, even when it holds a long run of digits by chance.
    expect(redactText('arquivos/3a40917283645520918842b1c2d3e4f5.pdf')).toBe('arquivos/3a40917283645520918842b1c2d3e4f5.pdf');
    expect(redactText('x/00000000000000000000000000000000')).toBe(`x/${HIDDEN}`);
    expect(redactValue({ a: ['52998224725'], b: { url: '/a?protocolo=1' }, n: 52998224725 })).toEqual({
      a: [HIDDEN],
      b: { url: `/a?protocolo=${HIDDEN}` },
      n: 52998224725,
    });
    expect(redactValue(new Error('protocolo 48213907561238470015'))).toMatchObject({ type: 'Error', message: `protocolo ${HIDDEN}` });
  });
});
