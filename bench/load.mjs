// The reference back-end under load, on loopback only:
// - the tracking lookup at 50 connections, with the CSRF cookie a browser holds (server
//   pinned to one core by the caller): its throughput at saturation (autocannon), and its
//   latency at a fixed offered rate, 5 runs (issue 28: the budget is p99 at a stated load).
//   The budget's runs spread the requests evenly over each second (paced-load.mjs); the same
//   rate as autocannon's overallRate sends it, each second's share as one burst from the
//   second's start, is reported beside them for comparison,
// - the request save (valid payload, double-submit CSRF cookie + header, a fresh
//   Idempotency-Key per request, as the portal sends),
// - a 10 MB upload: the time to store one, and the server's peak memory with 4 at once.
// While the load runs, this process moves itself to another core than the server's
// (taskset -a -p) so the load generator does not steal the measured core.
import autocannon from 'autocannon';
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { API, cpuSecondsOf, memoryOf } from './server.mjs';
import { median, sleep, spread, withTimeout } from './support.mjs';
import { pacedGets } from './paced-load.mjs';

const BASE_HEADERS = { 'x-frame-options': 'deny', authorization: 'Bearer free' };

/**
 * Headers of a POST as the portal sends them: the CSRF token must be one the server issued
 * (it signs them), so it is taken from the cookie the server hands out, once per server.
 */
const postHeadersByServer = new Map();
export async function postHeaders(baseUrl) {
  if (!postHeadersByServer.has(baseUrl)) {
    const page = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(20_000) });
    const csrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
    if (!csrf) throw new Error('o servidor não entregou o cookie XSRF-TOKEN');
    postHeadersByServer.set(baseUrl, {
      ...BASE_HEADERS,
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${csrf}`,
      'x-xsrf-token': csrf,
    });
  }
  return postHeadersByServer.get(baseUrl);
}

/**
 * Headers of a lookup as a browser sends them: with the CSRF cookie the portal's page was
 * given (without it, every answer would also issue a new one, which no browser asks for).
 */
async function lookupHeaders(baseUrl) {
  const { cookie } = await postHeaders(baseUrl);
  return { ...BASE_HEADERS, cookie };
}

/** A CPF with valid check digits (Receita Federal rule), never eleven equal digits. */
export function validCpf(seed = Math.floor(Math.random() * 1e9)) {
  const base = String(seed % 1e9)
    .padStart(9, '0')
    .split('')
    .map(Number);
  if (base.every((d) => d === base[0])) base[8] = (base[8] + 1) % 10;
  const digit = (digits) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

/** A request payload the contract accepts (SPEC §3), different CPF and ANS protocol each time. */
export function requestPayload(n = 0) {
  return {
    tipo: '9',
    nu_protocolo_ans: String(10_000_000_000 + n * 7919 + Math.floor(Math.random() * 1e6)).padStart(20, '0'),
    nu_protocolo: '',
    nome: 'MARIA DA SILVA BENCH',
    nm_mae: 'ANA DA SILVA',
    cpf: validCpf(),
    dt_nascimento: '10/05/1985',
    cd_cep: '01310100',
    ds_endereco: 'AVENIDA PAULISTA',
    nu_endereco: '1000',
    ds_bairro: 'BELA VISTA',
    ds_cidade: 'SAO PAULO',
    ds_uf: 'SP',
    ds_complemento: '',
    ops_origem: 'OPERADORA ORIGEM',
    plano_origem: 'PLANO ORIGEM',
    nu_ans_ops_origem: '123456',
    nu_ans_plano_origem: '987654321',
    area_plano: 'NACIONAL',
    dt_inicio: '01/01/2020',
    tp_contrato_origem: 'TITULAR',
    // A destination plan of the server's reference data (server/seed/reference-data.ts).
    nu_ans_plano_destino: '481234561',
    plano_destino: 'VIDA PLENA ESSENCIAL ENFERMARIA',
    tp_contrato_destino: 'TITULAR',
    tp_port_destino: '3',
    fl_aceita_email: '0',
    contato: [{ tp_contato: '1', ds_contato: '11999998888' }],
    dependente: [],
    cd_empresa_plano: '1',
  };
}

export async function saveOne(baseUrl, payload = requestPayload()) {
  const response = await fetch(`${baseUrl}${API}portabilidade`, {
    method: 'POST',
    headers: { ...(await postHeaders(baseUrl)), 'idempotency-key': `bench-${randomUUID()}` },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`save answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Moves this process (all threads) to `cpus`; returns the previous list, or null without taskset. */
function pinSelf(cpus) {
  const before = spawnSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' });
  if (before.status !== 0) return null;
  const previous = before.stdout.trim().split(':').pop().trim();
  spawnSync('taskset', ['-a', '-c', '-p', cpus, String(process.pid)], { stdio: 'ignore' });
  return previous;
}

function cannon(options, timeoutMs) {
  const instance = autocannon({ ...options, timeout: 10 });
  return withTimeout(instance, timeoutMs, `autocannon ${options.title}`).catch((error) => {
    instance.stop?.();
    throw error;
  });
}

function figures(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    requests: result.requests.total,
    durationS: result.duration,
    connections: result.connections,
  };
}

/**
 * A PDF-looking file of exactly `bytes` bytes (the portal's limit is 10485760): its random
 * bytes sit in a stream, as a scan's image data does. Loose in the document's syntax, random
 * bytes now and then spell a short name the server refuses as active content (/JS, /EF).
 */
function fakePdf(bytes) {
  const head = Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1');
  const tail = Buffer.from('\nendstream\nendobj\n%%EOF\n');
  // The length is padded to a fixed width (white space is free in PDF syntax), so the file's
  // size does not depend on how many digits it has.
  const dictionary = (length) => Buffer.from(`1 0 obj\n<< /Length ${String(length).padStart(12)} >>\nstream\n`);
  const length = bytes - head.length - tail.length - dictionary(0).length;
  return Buffer.concat([head, dictionary(length), randomBytes(length), tail]);
}

async function upload(baseUrl, nuProtocolo, base64) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${API}portabilidade/utils/documento`, {
    method: 'POST',
    headers: { ...(await postHeaders(baseUrl)), 'idempotency-key': `bench-${randomUUID()}` },
    body: JSON.stringify({
      nuProtocolo,
      tipoSolicitacao: '9',
      nuContrato: '',
      cdTipoDocumento: 1,
      nmDocumento: 'documento-bench',
      nmExtensao: 'pdf',
      arquivoBase64: base64,
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${text.slice(0, 300)}`);
  return performance.now() - started;
}

/**
 * server: { url, pid } (started by the caller, pinned to `serverCore`);
 * lookupProtocol: a protocol whose tracking is public (under analysis).
 */
/** The lookup and save runs; failures are kept in `errors` so one part does not hide the other. */
export async function runTraffic({
  server,
  lookupProtocol,
  serverCore = 0,
  lookupSeconds = 10,
  offeredRate,
  databaseCpu = null,
  log = () => {},
}) {
  const out = { errors: [] };
  try {
    await lookupAndSave(out, { server, lookupProtocol, serverCore, lookupSeconds, offeredRate, databaseCpu, log });
  } catch (error) {
    out.errors.push(error.message);
    log(`load: ${error.message}`);
  }
  out.rssAfterMB = memoryOf(server.pid).rssMB;
  return out;
}

/** One 10 MB upload at a time (3), then 4 at once while the server's RSS is sampled. */
export async function runUploads({ server, log = () => {} }) {
  const out = { errors: [] };
  try {
    await uploads(out, { server, log });
  } catch (error) {
    out.errors.push(error.message);
    log(`uploads: ${error.message}`);
  }
  return out;
}

/** Runs of the lookup at `offeredRate` req/s (5 runs of 5 s each way): p50/p99 medians with min–max. */
const PACED_RUNS = 5;
const PACED_SECONDS = 5;
async function pacedLookups(lookupUrl, headers, offeredRate, log) {
  // The budget's figure: the requests spread evenly over each second (paced-load.mjs).
  const runs = [];
  for (let i = 0; i < PACED_RUNS; i++) {
    const run = await withTimeout(
      pacedGets({ url: lookupUrl, headers, rate: offeredRate, seconds: PACED_SECONDS, connections: 50 }),
      (PACED_SECONDS + 30) * 1000,
      `lookup at ${offeredRate} req/s`,
    );
    runs.push(run);
    log(
      `lookup at ${offeredRate} req/s, evenly, run ${i + 1}: answered ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}; the sender's own event loop late by p99 ${run.generatorDelayP99} ms, max ${run.generatorDelayMax} ms`,
    );
  }
  // For comparison with the earlier reports: the same rate as autocannon sends it, each
  // second's requests as a burst at its start (information, not the budget).
  const bursts = [];
  for (let i = 0; i < PACED_RUNS; i++) {
    const result = await cannon(
      {
        title: `lookup at ${offeredRate} req/s by the second`,
        url: lookupUrl,
        headers,
        connections: 50,
        overallRate: offeredRate,
        duration: PACED_SECONDS,
        // autocannon's coordinated-omission correction takes a connection's interval as
        // ceil(1 / rate) = 1 ms (its rate is per second, its latencies in ms), not 1000 / rate
        // = 100 ms: a 60 ms answer was counted as 60 answers from 60 ms down to 1 ms.
        ignoreCoordinatedOmission: true,
      },
      (PACED_SECONDS + 30) * 1000,
    );
    const run = figures(result);
    bursts.push(run);
    log(
      `lookup at ${offeredRate} req/s, by the second, run ${i + 1}: answered ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}`,
    );
  }
  const summary = (list) => ({
    runs: list,
    achievedRps: spread(list.map((r) => r.rps)),
    p50: spread(list.map((r) => r.p50)),
    p99: spread(list.map((r) => r.p99)),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
  });
  return { offeredRate, ...summary(runs), bySecond: summary(bursts) };
}

async function lookupAndSave(out, { server, lookupProtocol, serverCore, lookupSeconds, offeredRate, databaseCpu, log }) {
  const previous = pinSelf(serverCore === 0 ? '1' : '0');
  try {
    const lookupUrl = `${server.url}${API}portabilidade/acompanhamento?protocolo=${encodeURIComponent(lookupProtocol)}`;
    const headers = await lookupHeaders(server.url);
    const check = await fetch(lookupUrl, { headers });
    if (!check.ok) throw new Error(`lookup of ${lookupProtocol} answered ${check.status}: ${(await check.text()).slice(0, 200)}`);
    await check.arrayBuffer().catch(() => {});

    // Warm-up (JIT, caches), then the measured run.
    await cannon({ title: 'lookup warm-up', url: lookupUrl, headers, connections: 50, duration: 2 }, 30_000);
    const cpuBefore = cpuSecondsOf(server.pid);
    const databaseCpuBefore = databaseCpu?.() ?? NaN;
    const lookup = await cannon(
      { title: 'lookup', url: lookupUrl, headers, connections: 50, duration: lookupSeconds },
      (lookupSeconds + 30) * 1000,
    );
    const cpuSeconds = cpuSecondsOf(server.pid) - cpuBefore;
    const databaseCpuSeconds = (databaseCpu?.() ?? NaN) - databaseCpuBefore;
    // The server's own CPU time per answered lookup: what one core could serve if the
    // server had it to itself — a figure the other processes on a shared machine move less.
    out.lookup = {
      ...figures(lookup),
      protocolo: lookupProtocol,
      cpuMsPerRequest: (cpuSeconds * 1000) / Math.max(1, lookup.requests.total),
      oneCoreCapacity: lookup.requests.total / Math.max(1e-9, cpuSeconds),
      // PostgreSQL's own CPU per lookup (a local cluster only): what one shared database pays
      // for each lookup of every API process in front of it.
      databaseCpuMsPerRequest: Number.isFinite(databaseCpuSeconds)
        ? (databaseCpuSeconds * 1000) / Math.max(1, lookup.requests.total)
        : null,
    };
    log(`lookup: ${Math.round(out.lookup.rps)} req/s, p50 ${out.lookup.p50} ms, p99 ${out.lookup.p99} ms, errors ${out.lookup.errors}`);
    if (offeredRate) out.lookupAtRate = await pacedLookups(lookupUrl, headers, offeredRate, log);

    await saveOne(server.url); // fails loudly here if the payload is refused, before the load run
    let n = 0;
    const saveHeaders = await postHeaders(server.url);
    const save = await cannon(
      {
        title: 'save',
        url: `${server.url}${API}portabilidade`,
        connections: 10,
        duration: 5,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({
              ...request,
              headers: { ...saveHeaders, 'idempotency-key': `bench-${randomUUID()}` },
              body: JSON.stringify(requestPayload(n++)),
            }),
          },
        ],
      },
      40_000,
    );
    out.save = figures(save);
    log(`save: ${Math.round(out.save.rps)} req/s, p50 ${out.save.p50} ms, p99 ${out.save.p99} ms, errors ${out.save.errors}`);
  } finally {
    if (previous) spawnSync('taskset', ['-a', '-c', '-p', previous, String(process.pid)], { stdio: 'ignore' });
  }
}

async function uploads(out, { server, log }) {
  // Uploads: the wizard saves the request, then uploads each file with its protocol.
  const { nuProtocolo } = await saveOne(server.url);
  const base64 = fakePdf(10_485_760).toString('base64');
  await sleep(500);
  const single = [];
  for (let i = 0; i < 3; i++) single.push(await upload(server.url, nuProtocolo, base64));
  const before = memoryOf(server.pid);
  let peak = before.rssMB;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(server.pid).rssMB);
  }, 10);
  let concurrent;
  try {
    concurrent = await withTimeout(
      Promise.all([0, 1, 2, 3].map(() => upload(server.url, nuProtocolo, base64))),
      60_000,
      '4 uploads at once',
    );
  } finally {
    clearInterval(sampler);
  }
  const after = memoryOf(server.pid);
  out.upload = {
    bytes: 10_485_760,
    singleMs: median(single),
    singleRuns: single,
    concurrentMs: Math.max(...concurrent),
    rssBeforeMB: before.rssMB,
    peakRssMB: Math.max(peak, after.rssMB),
    hwmMB: after.hwmMB,
  };
  log(
    `upload: ${Math.round(out.upload.singleMs)} ms one, peak RSS ${Math.round(out.upload.peakRssMB)} MB with 4 at once (VmHWM ${Math.round(out.upload.hwmMB)} MB)`,
  );
}
