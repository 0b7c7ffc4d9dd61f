// `npm run bench`: builds production, measures sizes, Lighthouse, the back-end under load
// and path generation, prints every figure beside its budget and floor, writes
// docs/benchmarks.md and exits 1 when a budget is missed (2 when the time limit ran out).
//
//   npm run bench                              all parts, writes docs/benchmarks.md
//   npm run bench -- --only size,paths         some parts (prints; writes only with --write)
//   npm run bench -- --runs 1                  Lighthouse runs per page, phone profile applied (default 5)
//   npm run bench -- --upload-runs 1          runs of the Slow 3G filing (default 3, ~2.5 min each)
//   npm run bench -- --lantern-runs 3          Lighthouse runs per page, simulated (information; default 1)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildApp, measureRoutes } from './sizes.mjs';
import { attribute } from './attribution.mjs';
import { buildFloor } from './floor.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { runTraffic, runUploads } from './load.mjs';
import { measurePaths } from './paths.mjs';
import { measureTyping } from './typing.mjs';
import { measureSlowUpload } from './upload.mjs';
import { findDemoProtocols } from './demo.mjs';
import { clusterCpuSecondsOf, memoryOf, serverExists, startServer } from './server.mjs';
import { KEEP_MARKER, OFFERED_RATE, buildRows, markdown, textTable } from './report.mjs';
import { startLocalPostgres } from '../scripts/local-postgres.mjs';
import pg from 'pg';
import { CHROMIUM, REPO, freePort, killAllChildren, serveStatic, sleep, withTimeout } from './support.mjs';

const ALL = ['size', 'lighthouse', 'typing', 'load', 'upload', 'paths'];

/**
 * The same lookup, save and upload runs with the server on PostgreSQL (DATABASE_URL): on
 * BENCH_DATABASE_URL/TEST_DATABASE_URL (a scratch database is made there), else a local
 * cluster with durable settings (fsync on) from the installed server binaries. The server is
 * pinned to core 0 like the PGlite one; PostgreSQL's own processes are not pinned. Returns
 * null (and says why) when no PostgreSQL is reachable.
 */
async function loadOnPostgres({ work, appDir, stops, log, notes }) {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const local = given ? null : await startLocalPostgres({ durable: true });
  if (local) stops.push(local.stop);
  const adminUrl = given ?? local?.url;
  if (!adminUrl) {
    notes.push('load on PostgreSQL: skipped (no BENCH_DATABASE_URL/TEST_DATABASE_URL and no postgresql server binaries)');
    return null;
  }
  const name = `portabilidade_bench_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  stops.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const start = async (label) => {
    const server = await startServer({
      dataDir: join(work, `data-pg-${label}`),
      staticDir: appDir,
      core: 0,
      env: { DATABASE_URL: url.toString() },
    });
    stops.push(server.stop);
    await sleep(1000);
    return { server, idle: memoryOf(server.pid) };
  };
  const first = await start('traffic');
  const found = await findDemoProtocols(first.server.url, first.server.child);
  log('load on PostgreSQL:');
  const traffic = await runTraffic({
    server: first.server,
    lookupProtocol: found.tracking,
    serverCore: 0,
    offeredRate: OFFERED_RATE.postgres,
    databaseCpu: local ? () => clusterCpuSecondsOf(local.pid) : null,
    log,
  });
  await first.server.stop();
  const second = await start('uploads');
  const uploaded = await runUploads({ server: second.server, log });
  await second.server.stop();
  for (const error of [...traffic.errors, ...uploaded.errors]) notes.push(`load on PostgreSQL: ${error.split('\n')[0]}`);
  return {
    ...traffic,
    ...uploaded,
    errors: [...traffic.errors, ...uploaded.errors],
    pinned: first.server.pinned,
    idleRssMB: first.idle.rssMB,
    uploadIdleRssMB: second.idle.rssMB,
    database: given ? 'given' : 'local, fsync on',
  };
}
/** Modules that belong to one lazy route only (its screen, flow and machines). */
const ROUTE_MODULES = {
  wizard: /(src\/(views|flows)\/(nova-solicitacao|wizard)\/|machines\/(wizard|dependents|attachments)[.])/,
  tracking: /(src\/(views|flows)\/(acompanhamento|tracking)\/|machines\/tracking[.])/,
};
const TOTAL_LIMIT_MS = 45 * 60_000;

function parseArgs(argv) {
  const value = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
  };
  const only = value('--only');
  const parts = new Set(
    only
      ? only
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
      : ALL,
  );
  for (const part of parts) if (!ALL.includes(part)) throw new Error(`unknown part "${part}" (parts: ${ALL.join(', ')})`);
  return {
    parts,
    full: !only,
    write: !only || argv.includes('--write'),
    runs: Number(value('--runs') ?? 5),
    lanternRuns: Number(value('--lantern-runs') ?? 1),
    uploadRuns: Number(value('--upload-runs') ?? 3),
  };
}

const started = Date.now();
const log = (message) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
const version = (pkg) => {
  try {
    return JSON.parse(readFileSync(join(REPO, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
};

function meta(parts) {
  let chromium = 'Chromium ?';
  try {
    chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    /* reported as unknown */
  }
  let commit = process.env.BENCH_COMMIT ?? '?';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src', 'server', 'machines', 'index.html', 'vite.config.ts', 'public'],
      { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    ).trim();
    if (dirty) commit += ' + uncommitted changes';
  } catch {
    /* not a git checkout (e.g. an exported tree): BENCH_COMMIT or '?' */
  }
  return {
    date: new Date().toISOString(),
    commit,
    cores: cpus().length,
    cpu: cpus()[0]?.model?.trim() ?? '?',
    memGB: (totalmem() / 1e9).toFixed(1),
    freeGB: (freemem() / 1e9).toFixed(1),
    loadAvg: loadavg()
      .map((v) => v.toFixed(2))
      .join(' '),
    node: process.versions.node,
    chromium,
    vite: version('vite'),
    react: version('react'),
    lighthouse: version('lighthouse'),
    autocannon: version('autocannon'),
    parts: [...parts],
  };
}

async function main() {
  const { parts, full, write, runs, lanternRuns, uploadRuns } = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'portabilidade-bench-'));
  const results = { meta: meta(parts), errors: {} };
  const notes = [];
  results.loadAverage = {};
  const attempt = async (name, ms, fn) => {
    // The machine is shared: the 1-minute load average at the start of each part says how busy it was.
    results.loadAverage[name] = Number(loadavg()[0].toFixed(2));
    try {
      return await withTimeout(fn(), ms, name);
    } catch (error) {
      results.errors[name] = String(error.message ?? error);
      notes.push(`${name} failed: ${String(error.message ?? error).split('\n')[0]}`);
      log(`${name} FAILED: ${error.message}`);
      return null;
    }
  };
  const stops = [];
  try {
    const needsBuild = parts.has('size') || parts.has('lighthouse') || parts.has('typing') || parts.has('load') || parts.has('upload');
    const needsFloor = parts.has('size') || parts.has('lighthouse');
    const appDir = join(work, 'app-dist');
    const app = needsBuild ? await attempt('portal build', 200_000, () => buildApp(appDir)) : null;
    if (app) log(`portal built in ${(app.buildMs / 1000).toFixed(1)} s`);
    if (needsFloor) {
      results.floor = await attempt('floor build', 90_000, () => buildFloor(work));
      if (results.floor) log(`floor built: ${results.floor.js.gzip} B gzip JS`);
    }

    // The portal for sizes and Lighthouse: the reference server when it exists (real API,
    // demo data), otherwise a plain static server of the build.
    let site = null;
    let demo = { tracking: null, wizard: '12345678901234567890' };
    if (app && (parts.has('size') || parts.has('lighthouse') || parts.has('typing'))) {
      if (serverExists()) {
        const server = await attempt('server start', 100_000, () => startServer({ dataDir: join(work, 'data-site'), staticDir: appDir }));
        if (server) {
          stops.push(server.stop);
          site = server.url;
          demo = { ...demo, ...((await attempt('demo protocols', 120_000, () => findDemoProtocols(server.url, server.child))) ?? {}) };
          log(`reference server on ${site}; tracking protocol ${demo.tracking} (${demo.source})`);
          notes.push(`Tracking screen and lookup use protocol ${demo.tracking} (${demo.source}, under analysis).`);
        }
      }
      if (!site) {
        const fallback = await serveStatic(appDir, await freePort());
        stops.push(fallback.close);
        site = fallback.url;
        notes.push('The reference server was not available: the portal was served by a static server (no API, no demo data).');
      }
    }
    const routes = {
      wizard: { route: 'nova-solicitacao', storage: { protocolo: demo.wizard, token: 'free' } },
      tracking: { route: 'acompanhamento', storage: { protocolo: demo.tracking ?? '00000000000000000000', token: 'free' } },
    };

    if (parts.has('size') && site) {
      results.sizes = await attempt('sizes', 120_000, () => measureRoutes({ baseUrl: site, buildDir: appDir, routes }));
      if (results.sizes) {
        results.sizes.modules = attribute(
          appDir,
          results.sizes.home.files.filter((f) => f.kind === 'js').map((f) => f.path),
        );
        // Stronger than "home fetched none of the route's chunks": no module of the route's
        // screen, flow or machine is bundled into what home loads first (source maps).
        const homeSources = results.sizes.modules.flatMap((g) => Object.keys(g.sources));
        for (const [name, pattern] of Object.entries(ROUTE_MODULES)) {
          const route = results.sizes.routes[name];
          if (!route) continue;
          route.leakedModules = homeSources.filter((source) => pattern.test(source));
          if (route.leakedModules.length) route.split = false;
        }
        const files = results.sizes.home.files;
        const encodings = [...new Set(files.filter((f) => f.encoding !== 'inline').map((f) => f.encoding))];
        const inline = files.some((f) => f.encoding === 'inline') ? "; home's CSS is inline in index.html" : '';
        notes.push(`The portal's server sent home's files with content-encoding: ${encodings.join(', ')}${inline}.`);
        log(`home first load: ${results.sizes.home.js.gzip} B gzip JS`);
      }
    }

    if (parts.has('lighthouse') && site) {
      // The floor is served like the portal: by the reference server, with the same
      // precompressed brotli and the same headers, so the ratios compare like with like.
      let floorSite = null;
      if (results.floor && serverExists()) {
        const floorServer = await attempt('floor server start', 100_000, () =>
          startServer({ dataDir: join(work, 'data-floor'), staticDir: results.floor.dir }),
        );
        if (floorServer) {
          stops.push(floorServer.stop);
          floorSite = { url: floorServer.url };
        }
      } else if (results.floor) {
        const fallback = await serveStatic(results.floor.dir, await freePort());
        stops.push(fallback.close);
        floorSite = fallback;
        notes.push('The floor page was served by a plain static server (gzip): the reference server was not available.');
      }
      // Lantern's simulation, for information only (issue 28): it ties every fetch to the
      // bundle and counts preloaded chunks a real phone overlaps.
      const lantern = { runs: lanternRuns };
      const pages = [
        { name: 'home', url: `${site}/#/home/1`, ...lantern },
        { name: 'wizard', url: `${site}/#/nova-solicitacao`, storage: routes.wizard.storage, ...lantern },
        { name: 'tracking', url: `${site}/#/acompanhamento`, storage: routes.tracking.storage, ...lantern },
        ...(floorSite ? [{ name: 'floor', url: `${floorSite.url}/`, ...lantern }] : []),
        // The budgets: every page and the floor with the phone profile applied for real
        // (Chromium's network and CPU throttled over CDP while the page loads). There what
        // paints before the bundle arrives, and reads started by the HTML, show as on a phone.
        { name: 'homeApplied', url: `${site}/#/home/1`, throttlingMethod: 'devtools' },
        { name: 'wizardApplied', url: `${site}/#/nova-solicitacao`, storage: routes.wizard.storage, throttlingMethod: 'devtools' },
        { name: 'trackingApplied', url: `${site}/#/acompanhamento`, storage: routes.tracking.storage, throttlingMethod: 'devtools' },
        ...(floorSite ? [{ name: 'floorApplied', url: `${floorSite.url}/`, throttlingMethod: 'devtools' }] : []),
      ];
      results.lighthouse = await attempt('lighthouse', 30 * 60_000, () => runLighthouse(pages, { runs, log }));
    }

    if (parts.has('typing') && site) {
      results.typing = await attempt('typing', 6 * 60_000, () =>
        measureTyping({ url: `${site}/#/nova-solicitacao`, storage: routes.wizard.storage, runs: 5, log }),
      );
    }
    while (stops.length) await stops.pop()();

    if (parts.has('load') && app) {
      results.load = await attempt('load', 300_000, async () => {
        // The server under load runs on a database that already exists, as a deployed one
        // does: the first start (creating and seeding the embedded database) is a one-off
        // whose memory peak is not what serving costs. The site server's data is reused;
        // a load-only run makes it with one start and stop. Lookup and save run on one
        // server; the uploads on a freshly started one, so their memory figure is theirs
        // and not what the lookup run left behind (reported apart).
        const dataDir = join(work, 'data-site');
        if (!existsSync(dataDir)) await (await startServer({ dataDir, staticDir: appDir })).stop();
        const start = async () => {
          const server = await startServer({ dataDir, staticDir: appDir, core: 0, fresh: false });
          stops.push(server.stop);
          await sleep(1000);
          return { server, idle: memoryOf(server.pid) };
        };
        const first = await start();
        const found = await findDemoProtocols(first.server.url, first.server.child);
        const traffic = await runTraffic({
          server: first.server,
          lookupProtocol: found.tracking,
          serverCore: 0,
          offeredRate: OFFERED_RATE.pglite,
          log,
        });
        await stops.pop()();
        const second = await start();
        const uploaded = await runUploads({ server: second.server, log });
        await stops.pop()();
        for (const error of [...traffic.errors, ...uploaded.errors]) notes.push(`load: ${error.split('\n')[0]}`);
        return {
          ...traffic,
          ...uploaded,
          errors: [...traffic.errors, ...uploaded.errors],
          pinned: first.server.pinned,
          protocolSource: found.source,
          idleRssMB: first.idle.rssMB,
          uploadIdleRssMB: second.idle.rssMB,
        };
      });
      while (stops.length) await stops.pop()();
      results.loadPostgres = await attempt('load on PostgreSQL', 240_000, () => loadOnPostgres({ work, appDir, stops, log, notes }));
      while (stops.length) await stops.pop()();
    }

    if (parts.has('upload') && app) {
      results.upload = await attempt('upload', uploadRuns * 300_000 + 180_000, () =>
        measureSlowUpload({ staticDir: appDir, work, runs: uploadRuns }),
      );
      if (results.upload) log(`Slow 3G filing: ${results.upload.runs.map((r) => `${r.seconds} s`).join(', ')}`);
    }
    if (parts.has('paths')) {
      results.paths = await attempt('paths', 90_000, () => measurePaths({ timeoutMs: 80_000 }));
    }
  } finally {
    while (stops.length)
      await stops
        .pop()()
        .catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }

  results.meta.totalMs = Date.now() - started;
  const rows = buildRows(results, parts);
  console.log(`\n${textTable(rows)}\n`);
  for (const note of notes) console.log(`note: ${note}`);
  if (write) {
    // Hand-written analysis below the KEEP marker survives reruns.
    const target = join(REPO, 'docs', 'benchmarks.md');
    const previous = existsSync(target) ? readFileSync(target, 'utf8') : '';
    const kept = previous.includes(KEEP_MARKER) ? previous.slice(previous.indexOf(KEEP_MARKER)) : `${KEEP_MARKER}\n`;
    writeFileSync(target, `${markdown(results, rows, notes)}\n${kept}`);
    log('wrote docs/benchmarks.md');
  }
  writeFileSync(join(tmpdir(), 'portabilidade-bench-last.json'), JSON.stringify(results, null, 2));
  const missed = rows.filter((r) => ['MISSED', 'not measured', 'machine too busy'].includes(r.verdict));
  console.log(
    missed.length
      ? `\n${missed.length} budget(s) missed: ${missed.map((r) => r.figure).join('; ')}`
      : `\nEvery budget met${full ? '' : ' (for the parts run)'}.`,
  );
  return missed.length ? 1 : 0;
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${TOTAL_LIMIT_MS / 60_000} min — stopping`);
  killAllChildren();
  process.exit(2);
}, TOTAL_LIMIT_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}

main().then(
  (code) => {
    killAllChildren();
    process.exit(code);
  },
  (error) => {
    console.error(error);
    killAllChildren();
    process.exit(1);
  },
);
