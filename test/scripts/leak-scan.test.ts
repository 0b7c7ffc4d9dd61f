/**
 * The leak check `npm test` runs after the browser tests (scripts/leak-scan.mjs): it finds the
 * demo protocols and CPFs, any 20-digit run and any receipt handle, file-link signature or
 * token left whole, in the servers' logs, and the first two in file names under
 * the data directories, and leaves the stored files' random hex names alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoNeedles, scanForLeaks } from '../../scripts/leak-scan.mjs';
import { DEMOS } from '../../server/seed/demo-requests.ts';

let results: string;
const clean = (id: number, url: string) =>
  `{"level":30,"time":1795656076248,"reqId":"req-${id}","req":{"method":"GET","url":"${url}"},"msg":"incoming request"}`;
// 20 digits in a row by chance, as a random stored name may have.
const HEX_WITH_DIGITS = '3a40917283645520918842b1c2d3e4f5';

beforeEach(() => {
  results = mkdtempSync(join(tmpdir(), 'leak-scan-'));
  mkdirSync(join(results, 'server-logs'));
  mkdirSync(join(results, 'e2e-data', 'files'), { recursive: true });
  mkdirSync(join(results, 'e2e-data', 'outbox'));
  writeFileSync(join(results, 'e2e-data', 'outbox', '1.eml'), '');
  writeFileSync(join(results, 'e2e-data', 'files', `${HEX_WITH_DIGITS}.pdf`), '');
  writeFileSync(
    join(results, 'server-logs', 'e2e-data.log'),
    [
      clean(1, '/wslinhafrente/v1/portabilidade/acompanhamento?protocolo=[oculto]'),
      clean(2, `/wslinhafrente/v1/arquivos/${HEX_WITH_DIGITS}.pdf?expira=1741612500&assinatura=[oculto]`),
      clean(3, '/wslinhafrente/v1/portabilidade/comprovante/[oculto]'),
      '',
    ].join('\n'),
  );
});
afterEach(() => rmSync(results, { recursive: true, force: true }));

describe('the leak scan', () => {
  it("knows every demo request's protocol and CPF, with and without punctuation", () => {
    const texts = demoNeedles().map((needle) => needle.text);
    for (const demo of DEMOS) {
      expect(texts).toContain(demo.nuProtocolo);
      expect(texts).toContain(demo.cpf);
      expect(texts).toContain(`${demo.cpf.slice(0, 3)}.${demo.cpf.slice(3, 6)}.${demo.cpf.slice(6, 9)}-${demo.cpf.slice(9)}`);
    }
    expect(texts).toHaveLength(DEMOS.length * 3);
  });

  it('passes clean logs and names, counting what it read, stored hex names included', () => {
    expect(scanForLeaks(results)).toEqual({ findings: [], logs: 1, lines: 3, requestLines: 3, names: 4 });
  });

  it('names each log line and file that holds a protocol or a CPF', () => {
    const [demo] = DEMOS;
    if (!demo) throw new Error('sem demos');
    const formatted = `${demo.cpf.slice(0, 3)}.${demo.cpf.slice(3, 6)}.${demo.cpf.slice(6, 9)}-${demo.cpf.slice(9)}`;
    writeFileSync(
      join(results, 'server-logs', 'e2e-data-postgres.log'),
      [
        clean(1, `/wslinhafrente/v1/portabilidade/acompanhamento?protocolo=${demo.nuProtocolo}`),
        `{"msg":"login de ${formatted}"}`,
        `{"msg":"nova solicitação 12345678901234567890"}`,
        clean(4, '/wslinhafrente/v1/portabilidade/comprovante/k3Jd9-aQ'),
        clean(5, `/wslinhafrente/v1/arquivos/${HEX_WITH_DIGITS}.pdf?expira=1741612500&assinatura=9f8e7d`),
        `{"msg":"Authorization: Bearer eyJhbGciOi.x.y"}`,
      ].join('\n'),
    );
    writeFileSync(join(results, 'e2e-data', 'outbox', `2-${demo.nuProtocolo}.eml`), '');
    mkdirSync(join(results, 'e2e-data-links', demo.cpf), { recursive: true });
    const { findings } = scanForLeaks(results);
    expect(findings).toEqual(
      expect.arrayContaining([
        { where: 'server-logs/e2e-data-postgres.log:1', label: `protocolo ${demo.nuProtocolo}` },
        { where: 'server-logs/e2e-data-postgres.log:2', label: `CPF ${formatted}` },
        { where: 'server-logs/e2e-data-postgres.log:3', label: 'número de 20 dígitos (protocolo?) 12345678901234567890' },
        { where: 'server-logs/e2e-data-postgres.log:4', label: 'link do comprovante' },
        { where: 'server-logs/e2e-data-postgres.log:5', label: 'assinatura de link de arquivo' },
        { where: 'server-logs/e2e-data-postgres.log:6', label: 'token' },
        { where: `e2e-data/outbox/2-${demo.nuProtocolo}.eml`, label: `protocolo ${demo.nuProtocolo}` },
        { where: `e2e-data-links/${demo.cpf}`, label: `CPF ${demo.cpf}` },
      ]),
    );
  });
});
