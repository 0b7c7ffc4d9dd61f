// `npm run bench:trust`: the attacks of issue 11 against the reference back-end as `npm start`
// runs it (compiled, fresh demo database, loopback only). Each one must get a 4xx in under a
// second, and the server's resident memory must stay under 300 MB while they run (the large
// bodies are also sent 4 at a time). Prints one line per attack and the memory, and exits
// non-zero when a budget is missed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { postHeaders } from './load.mjs';
import { API, memoryOf, startServer } from './server.mjs';

const BUDGET_MS = 1_000;
const RSS_BUDGET_MB = 300;
const DEMO = { analysis: '48213907561238470015', status6: '73051948260137584926' };

/**
 * A raw HTTP/1.1 exchange on a socket (fetch would normalise the encoded paths and refuse a
 * forged Host). A large body goes after the headers, in pieces, and stops as soon as the
 * server answers: it may refuse a body from its Content-Length alone and close the connection.
 * `ms` is the time to the answer's first byte.
 */
function send(url, { method = 'GET', path, headers = {}, body }) {
  const { hostname, port } = new URL(url);
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${headers.host ?? `${hostname}:${port}`}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) if (name !== 'host') lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${bytes.length}`);
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks = [];
    let firstByteMs = null;
    const socket = connect(Number(port), hostname);
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      firstByteMs ??= performance.now() - started;
      chunks.push(chunk);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const headerMap = Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status, headers: headerMap, body: split < 0 ? '' : text.slice(split + 4), ms: firstByteMs ?? performance.now() - started });
    });
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    (async () => {
      if (bytes.length > 64 * 1024)
        for (let waited = 0; waited < 200 && firstByteMs === null; waited += 10) await new Promise((tick) => setTimeout(tick, 10));
      for (let at = 0; at < bytes.length && firstByteMs === null && !socket.destroyed; at += 64 * 1024) {
        if (!socket.write(bytes.subarray(at, at + 64 * 1024)))
          await new Promise((drained) => {
            socket.once('drain', drained);
            socket.once('close', drained);
          });
      }
    })();
  });
}

const zeros = (count) => `{"contato":[${new Array(count).fill('0').join(',')}]}`;

const dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-bench-trust-'));
/** Starts the server and waits until its API answers (it listens before the database is ready). */
async function readyServer(fresh) {
  const started = await startServer({ dataDir, staticDir: join(dataDir, 'no-build'), fresh });
  for (let tries = 0; tries < 600; tries += 1) {
    const ready = await fetch(`${started.url}${API}portabilidade/acompanhamento?protocolo=${DEMO.analysis}`).catch(() => null);
    if (ready?.status === 200) return started;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('a API não ficou pronta em 60 s');
}
// The first start creates the database and the demo PDFs; the attacks run against a second
// start on that database, as a server runs day to day.
await (await readyServer(true)).stop();
const server = await readyServer(false);
const startup = memoryOf(server.pid);
let peakMB = startup.rssMB;
const sampler = setInterval(() => {
  peakMB = Math.max(peakMB, memoryOf(server.pid).rssMB);
}, 10);
const failures = [];
try {
  const post = await postHeaders(server.url);
  const json = (path, body, extra = {}) => ({
    method: 'POST',
    path: `${API}${path}`,
    headers: { ...post, ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const get = (path, extra = {}) => ({ path: `${API}${path}`, headers: { 'x-frame-options': 'deny', ...extra } });
  const large = [
    ['POST portabilidade {"contato":[0 × 200,000]} (400 KB)', json('portabilidade', zeros(200_000))],
    ['POST portabilidade {"contato":[0 × 3,000,000]} (6 MB)', json('portabilidade', zeros(3_000_000))],
    ['POST upload {"contato":[0 × 3,000,000]} (6 MB)', json('portabilidade/utils/documento', zeros(3_000_000))],
  ];
  const attacks = [
    [
      'aceite fl_tipo N, cd_solicitacao 1, no login',
      json('portabilidade/utils/documento/aceite', { tipo: '9', fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: 1 }),
    ],
    [
      'aceite fl_tipo D, cd_solicitacao 2, no login',
      json('portabilidade/utils/documento/aceite', { tipo: '9', fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: 2 }),
    ],
    ['GET documento/assina?cdDocumento=1, no login', get('portabilidade/documento/assina?cdDocumento=1')],
    ...large,
    ['finaliza cd_solicitacao 2147483648', json('portabilidade/finaliza', '{"tipo":"9","cd_solicitacao":2147483648}')],
    ['finaliza cd_solicitacao 1.5', json('portabilidade/finaliza', '{"tipo":"9","cd_solicitacao":1.5}')],
    [
      'aceite cd_solicitacao 1e20',
      json('portabilidade/utils/documento/aceite', '{"tipo":"9","fl_ciente":"S","fl_tipo":"N","cd_solicitacao":1e20}'),
    ],
    ['GET parametro?cdEmpresaPlano=9999999999', get('portabilidade/utils/parametro?chave=82&cdEmpresaPlano=9999999999')],
    ['GET documento/assina?cdDocumento=99999999999999999999', get('portabilidade/documento/assina?cdDocumento=99999999999999999999')],
    ['GET acompanhamento?protocolo=%00%01', get('portabilidade/acompanhamento?protocolo=%00%01')],
    [
      'POST /%77slinhafrente/v1/auth without CSRF header',
      { method: 'POST', path: '/%77slinhafrente/v1/auth', headers: { 'content-type': 'application/json' }, body: '{}' },
    ],
    [
      'POST /wslinhafrente/%761/auth without CSRF header',
      { method: 'POST', path: '/wslinhafrente/%761/auth', headers: { 'content-type': 'application/json' }, body: '{}' },
    ],
    [
      'POST auth with a cookie/header pair not issued',
      json(
        'auth',
        {},
        {
          cookie: 'XSRF-TOKEN=aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb',
          'x-xsrf-token': 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb',
        },
      ),
    ],
  ];
  console.log(
    `servidor: ${server.url} (pid ${server.pid}), RSS pronto ${startup.rssMB.toFixed(0)} MB (pico da partida: ${startup.hwmMB.toFixed(0)} MB)\n`,
  );
  for (const [name, options] of attacks) {
    const answer = await send(server.url, options);
    const ok = answer.status >= 400 && answer.status < 500 && answer.ms < BUDGET_MS;
    if (!ok) failures.push(name);
    console.log(
      `${ok ? 'ok ' : 'FALHA'}  ${String(answer.status)}  ${answer.ms.toFixed(0).padStart(4)} ms  ${name}  — ${answer.body.slice(0, 90)}  [RSS ${memoryOf(server.pid).rssMB.toFixed(0)} MB]`,
    );
  }
  // The large bodies 4 at a time, three rounds: memory under pressure.
  for (let round = 0; round < 3; round += 1) {
    const answers = await Promise.all(large.flatMap(([, options]) => [options, options].map((o) => send(server.url, o))).slice(0, 4));
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    const ok = answers.every((answer) => answer.status === 413) && slowest < BUDGET_MS;
    if (!ok) failures.push(`4 corpos grandes de uma vez (rodada ${round + 1})`);
    console.log(
      `${ok ? 'ok ' : 'FALHA'}  ${answers.map((answer) => answer.status).join('/')}  ${slowest.toFixed(0).padStart(4)} ms  4 corpos grandes de uma vez (rodada ${round + 1})`,
    );
  }
  // A forged Host never comes back in a link.
  const logo = await send(
    server.url,
    get('portabilidade/utils/parametro?chave=82&cdEmpresaPlano=1', { host: 'evil.example', 'x-forwarded-host': 'evil.example' }),
  );
  const leaked = `${JSON.stringify(logo.headers)}${logo.body}`.includes('evil.example');
  if (leaked || logo.status !== 200) failures.push('Host forjado');
  console.log(`${leaked ? 'FALHA' : 'ok '}  ${logo.status}  ${logo.ms.toFixed(0).padStart(4)} ms  Host: evil.example → ${logo.body}`);
  // Still serving.
  const lookup = await send(server.url, get(`portabilidade/acompanhamento?protocolo=${DEMO.analysis}`));
  if (lookup.status !== 200) failures.push('o servidor parou de responder');
  console.log(
    `${lookup.status === 200 ? 'ok ' : 'FALHA'}  ${lookup.status}  ${lookup.ms.toFixed(0).padStart(4)} ms  consulta de acompanhamento depois de tudo`,
  );
} finally {
  clearInterval(sampler);
  peakMB = Math.max(peakMB, memoryOf(server.pid).rssMB);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const memoryOk = peakMB < RSS_BUDGET_MB;
  if (!memoryOk) failures.push('memória');
  console.log(
    `\nRSS do servidor enquanto os ataques rodavam: pico ${peakMB.toFixed(0)} MB (amostrado a cada 10 ms), limite ${RSS_BUDGET_MB} MB — ${memoryOk ? 'ok' : 'FALHA'}`,
  );
  console.log(
    failures.length
      ? `\n${failures.length} falha(s): ${failures.join('; ')}`
      : '\nTodas as respostas 4xx em menos de 1 s; memória dentro do limite.',
  );
  process.exitCode = failures.length ? 1 : 0;
}
