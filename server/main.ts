/**
 * `npm start` / `npm run server`: migrates, seeds on first run, serves the portal and the
 * API on one port, and prints what to try. Environment in config.ts.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { deferredDatabase, openDatabase } from './db/database.ts';
import { inspectDataDir } from './db/pglite-dir.ts';
import { migrate } from './db/migrate.ts';
import { DEMOS } from './seed/demo-requests.ts';
import { seed } from './seed/seed.ts';
import { listRequests } from './services/backoffice.ts';
import { systemClock } from './services/clock.ts';
import { openFileStore } from './services/open-file-store.ts';
import { sharedSecret } from './db/secrets.ts';
import { findRunningServer, readServerFile, removeServerFile, serverFilePath, writeServerFile } from './server-file.ts';
import { formatCpf } from './services/masks.ts';
import { restrictNewFiles, tightenDataDir } from './private-files.ts';
import { StartFailure, startFailureLine } from './start-failure.ts';
import { secretFromEnv, tokenSecret } from './token-secret.ts';

// Before anything is created: whatever this process writes is its user's only.
restrictNewFiles();

const config = configOrExit();
// With DATABASE_URL the database holds every piece of state, so any number of processes
// may share it; the embedded database belongs to one process and its DATA_DIR.
const postgres = config.databaseUrl !== undefined;

/** Prints the one line that says why the start failed, and exits non-zero. */
function fail(error: unknown): never {
  console.error(startFailureLine(error, { dataDir: config.dataDir, port: config.port, host: config.host }));
  if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(error);
  removeServerFile(config.dataDir);
  process.exit(1);
}

function configOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    console.error(startFailureLine(error, { dataDir: '', port: 0, host: '' }));
    process.exit(1);
  }
}

/** TOKEN_SECRET, or the embedded database's file in DATA_DIR (made on the first start); null: PostgreSQL's row. */
let knownSecret: string | null = null;
try {
  // Checks that only read come first: a refused start changes nothing in DATA_DIR.
  if (!postgres) {
    const running = await findRunningServer(config.dataDir);
    if (running) {
      throw new StartFailure(
        `Outro servidor (pid ${running.pid}, porta ${running.port}) já usa ${config.dataDir}; o banco embutido admite um processo só: encerre-o ou use outro DATA_DIR.`,
      );
    }
    const stale = readServerFile(config.dataDir);
    if (stale) {
      console.warn(`${serverFilePath(config.dataDir)} ignorado: o processo ${stale.pid} que ele cita não é um servidor deste diretório.`);
    }
    inspectDataDir(config.dataDir);
  }
  knownSecret = secretFromEnv() ?? (postgres ? null : tokenSecret(config.dataDir));
} catch (error) {
  fail(error);
}

// Listen first, prepare the database meanwhile: a fresh embedded database takes seconds to
// initialise, and the portal's files do not need it. API calls wait until it is ready.
// The embedded one is opened only once the port is ours (a port in use then stops the start
// before the database is touched); PostgreSQL at once, since it holds the token secret.
// Migrations and the seed each run under one advisory lock: processes started together
// on an empty PostgreSQL wait for each other, and the demos are made once.
let openTheDatabase = () => {};
const mayOpen = new Promise<void>((resolve) => (openTheDatabase = resolve));
if (postgres) openTheDatabase();
const ready = (async () => {
  await mayOpen;
  const real = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') });
  await migrate(real);
  await seed(real, openFileStore(real.kind, config.dataDir), systemClock(), { demo: config.seedDemo });
  // Files made before this version (or by the engine's archive loader) become owner-only too.
  if (!postgres) tightenDataDir(config.dataDir);
  return real;
})();
ready.catch(fail);
const db = deferredDatabase(ready, postgres ? 'postgres' : 'pglite');
// Every process must sign and accept the same tokens: TOKEN_SECRET, else one kept in
// PostgreSQL (a connection away, so worth waiting for) or in the embedded database's DATA_DIR.
const secret = knownSecret ?? (await sharedSecret(await ready, 'token').catch(fail));

// The backoffice CLI reaches an embedded database through its server; on PostgreSQL it
// opens the database itself, so there is no door to open.
const backofficeSecret = postgres ? undefined : randomBytes(24).toString('base64url');
const app = await buildApp({
  db,
  dataDir: config.dataDir,
  staticDir: config.staticDir,
  secret,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
  connections: config.connections,
  rateLimits: config.rateLimits,
  publicUrl: config.publicUrl,
  cepProviderUrl: config.cepProviderUrl,
  retentionDays: config.retentionDays,
  timeouts: config.timeouts,
  mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, sms: { url: config.smsProviderUrl, token: config.smsProviderToken } },
  backofficeSecret,
}).catch(fail);
await app.listen({ port: config.port, host: config.host }).catch(fail);
const port = (app.server.address() as { port: number }).port;
if (backofficeSecret) {
  try {
    writeServerFile(config.dataDir, {
      pid: process.pid,
      port,
      secret: backofficeSecret,
      host: config.host,
      publicUrl: config.publicUrl ?? null,
    });
  } catch (error) {
    fail(error);
  }
}
openTheDatabase();

let closing = false;
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  removeServerFile(config.dataDir);
  await app.close().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('exit', () => removeServerFile(config.dataDir));

await ready;
const demoProtocols = new Set(DEMOS.map((demo) => demo.nuProtocolo));
const demos = (await listRequests(db)).filter((request) => demoProtocols.has(request.nuProtocolo));
// Protocols and CPFs open requests: they are printed to a person at a terminal, never into a
// log file or a service manager's journal (standard output not a terminal).
const demoLines = process.stdout.isTTY
  ? [
      'Solicitações de demonstração (senha = 6 últimos dígitos do protocolo):',
      ...demos.map(
        (demo) =>
          `  plano ${demo.cdEmpresaPlano}  protocolo ${demo.nuProtocolo}  CPF ${formatCpf(demo.cpf)}  senha ${demo.senha}  ` +
          `status ${demo.flStatus} (${demo.dsStatus}), cdStatusPort ${demo.cdStatusPort}, flConcordo ${demo.flConcordo ?? '-'}` +
          `${demo.exigeLogin ? '  [exige login]' : ''}`,
      ),
    ]
  : [`${demos.length} solicitações de demonstração (protocolos fora do log): npm run backoffice -- list`];
const lines = [
  '',
  `Portabilidade no ar: http://localhost:${port}/  (API em /wslinhafrente/v1/, OpenAPI em /wslinhafrente/v1/openapi.json)`,
  `Banco: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embutido em ${config.dataDir}`}`,
  '',
  ...demoLines,
  '',
  'Backoffice: npm run backoffice -- list | show <protocolo> | set-status <protocolo> <flStatus> [--tipo 1|2] [--concordo S|N] [--plano --inicio --valor --cancelar-ate --motivo] | plans | outbox | contato <cdEmpresaPlano> [--telefone --whatsapp --horario --ouvidoria --email] | purge',
  '',
];
console.log(lines.join('\n'));
