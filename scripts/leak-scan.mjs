// `npm test`'s leak check: no log line or file name written by the browser tests' servers
// holds a protocol or a CPF. Reads the servers' logs (test-results/server-logs/*.log, written
// by scripts/e2e-server.mjs at info level, request lines included) and the name of every file
// under the data directories (test-results/e2e-data*), and looks for the demo requests'
// protocols and CPFs (server/seed/demo-requests.ts; CPFs with and without punctuation) and, in
// the logs, for any 20-digit run (a protocol the browser tests made) and any bearer secret
// left whole: a receipt link's handle, a file link's signature, a token after `Bearer` (each
// opens a request's papers or session; the server logs them as [oculto]). Stored files' names are
// 32 random hex characters and may hold long digit runs by chance: they are not protocols.
// Fails naming each finding. Usage: node scripts/leak-scan.mjs [results dir]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
export const LOG_DIR = 'server-logs';
const DATA_DIR_PREFIX = 'e2e-data';
const STORED_NAME = /[a-f0-9]{32}/g;
const PROTOCOL_SHAPE = /(?<!\d)\d{20}(?!\d)/;
const HIDDEN = '[oculto]';
/** Where a log line may carry a secret, and what it is called; what follows must be HIDDEN. */
const SECRET_PLACES = [
  { before: 'comprovante/', label: 'link do comprovante' },
  { before: 'assinatura=', label: 'assinatura de link de arquivo' },
  { before: 'Bearer ', label: 'token' },
];

function secretsLeft(line) {
  return SECRET_PLACES.filter(({ before }) => {
    for (let at = line.indexOf(before); at >= 0; at = line.indexOf(before, at + 1)) {
      const rest = line.slice(at + before.length);
      if (rest !== '' && !rest.startsWith(HIDDEN) && !/^["'\s&?#]/.test(rest)) return true;
    }
    return false;
  }).map(({ label }) => label);
}

const formatCpf = (cpf) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/** The demo protocols and CPFs, as the text to look for and how to name it. */
export function demoNeedles(source = readFileSync(join(ROOT, 'server/seed/demo-requests.ts'), 'utf8')) {
  const needles = [];
  for (const [, protocol] of source.matchAll(/nuProtocolo: '(\d{20})'/g)) needles.push({ text: protocol, label: `protocolo ${protocol}` });
  for (const [, cpf] of source.matchAll(/\bcpf: '(\d{11})'/g)) {
    needles.push({ text: cpf, label: `CPF ${cpf}` }, { text: formatCpf(cpf), label: `CPF ${formatCpf(cpf)}` });
  }
  return needles;
}

function walk(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    found.push(path);
    if (entry.isDirectory()) walk(path, found);
  }
  return found;
}

/**
 * What leaked under `resultsDir`: `{ findings, logs, lines, requestLines, names }`, each finding
 * `{ where, label }` (where: `file:line` of a log, or the path of a file whose name leaks).
 */
export function scanForLeaks(resultsDir, needles = demoNeedles()) {
  const findings = [];
  const logDir = join(resultsDir, LOG_DIR);
  const logs = existsSync(logDir) ? readdirSync(logDir).filter((name) => name.endsWith('.log')) : [];
  let lines = 0;
  let requestLines = 0;
  for (const log of logs) {
    const path = join(logDir, log);
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!line) return;
        lines += 1;
        if (line.includes('"incoming request"')) requestLines += 1;
        const where = `${relative(resultsDir, path)}:${index + 1}`;
        for (const needle of needles) if (line.includes(needle.text)) findings.push({ where, label: needle.label });
        for (const label of secretsLeft(line)) findings.push({ where, label });
        const protocol = PROTOCOL_SHAPE.exec(line.replace(STORED_NAME, ''));
        if (protocol && !needles.some((needle) => needle.text === protocol[0])) {
          findings.push({ where, label: `número de 20 dígitos (protocolo?) ${protocol[0]}` });
        }
      });
  }
  const dataDirs = existsSync(resultsDir)
    ? readdirSync(resultsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name.startsWith(DATA_DIR_PREFIX))
    : [];
  let names = 0;
  for (const dir of dataDirs) {
    for (const path of walk(join(resultsDir, dir.name))) {
      names += 1;
      const name = path.slice(path.lastIndexOf('/') + 1);
      for (const needle of needles)
        if (name.includes(needle.text)) findings.push({ where: relative(resultsDir, path), label: needle.label });
      if (PROTOCOL_SHAPE.test(name.replace(STORED_NAME, '')))
        findings.push({ where: relative(resultsDir, path), label: 'nome com 20 dígitos (protocolo?)' });
    }
  }
  return { findings, logs: logs.length, lines, requestLines, names };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const resultsDir = process.argv[2] ?? 'test-results';
  const { findings, logs, lines, requestLines, names } = scanForLeaks(resultsDir);
  if (logs === 0 || requestLines === 0) {
    console.error(
      `leaks: nenhum log de requisições em ${join(resultsDir, LOG_DIR)} (os testes de navegador gravam o log do servidor ali, em nível info): nada a verificar.`,
    );
    process.exit(1);
  }
  if (findings.length) {
    console.error(`leaks: ${findings.length} vazamento(s) de protocolo, CPF ou segredo de link em logs ou nomes de arquivo:`);
    for (const finding of findings.slice(0, 50)) console.error(`  ${finding.where}: ${finding.label}`);
    if (findings.length > 50) console.error(`  … e mais ${findings.length - 50}`);
    process.exit(1);
  }
  console.log(
    `leaks: ok — ${logs} log(s) do servidor (${lines} linhas, ${requestLines} requisições) e ${names} nomes de arquivo sem protocolo nem CPF.`,
  );
}
