/**
 * `npm start` / `npm run server`: migrates, seeds on first run, serves the portal and the
 * API on one port, and prints what to try. Environment in config.ts.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { readConfig, tokenSecret } from './config.ts';
import { deferredDatabase, openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { DEMOS } from './seed/demo-requests.ts';
import { seed } from './seed/seed.ts';
import { listRequests } from './services/backoffice.ts';
import { systemClock } from './services/clock.ts';
import { openFileStore } from './services/open-file-store.ts';
import { sharedSecret } from './db/secrets.ts';
import { readServerFile, removeServerFile, writeServerFile } from './server-file.ts';
import { formatCpf } from './services/masks.ts';

const config = readConfig();
// With DATABASE_URL the database holds every piece of state, so any number of processes
// may share it; the embedded database belongs to one process and its DATA_DIR.
const postgres = config.databaseUrl !== undefined;

if (!postgres) {
  const running = readServerFile(config.dataDir);
  if (running) {
    console.error(
      `Outro servidor (pid ${running.pid}, porta ${running.port}) já usa ${config.dataDir}; o banco embutido admite um processo só.`,
    );
    process.exit(1);
  }
}

// Listen first, prepare the database meanwhile: a fresh embedded database takes seconds to
// initialise, and the portal's files do not need it. API calls wait until it is ready.
// Migrations and the seed each run under one advisory lock: processes started together
// on an empty PostgreSQL wait for each other, and the demos are made once.
const ready = (async () => {
  const real = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') });
  await migrate(real);
  await seed(real, openFileStore(real.kind, config.dataDir), systemClock(), { demo: config.seedDemo });
  return real;
})();
ready.catch((error: unknown) => {
  console.error('Falha ao preparar o banco de dados:', error);
  removeServerFile(config.dataDir);
  process.exit(1);
});
const db = deferredDatabase(ready, postgres ? 'postgres' : 'pglite');
// Every process must sign and accept the same tokens: TOKEN_SECRET, else one kept in
// PostgreSQL (a connection away, so worth waiting for) or in the embedded database's DATA_DIR.
const secret = process.env.TOKEN_SECRET || (postgres ? await sharedSecret(await ready, 'token') : tokenSecret(config.dataDir));

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
  publicUrl: config.publicUrl,
  cepProviderUrl: config.cepProviderUrl,
  timeouts: config.timeouts,
  mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
  backofficeSecret,
});
await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as { port: number }).port;
if (backofficeSecret) writeServerFile(config.dataDir, { pid: process.pid, port, secret: backofficeSecret });

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
const lines = [
  '',
  `Portabilidade no ar: http://localhost:${port}/  (API em /wslinhafrente/v1/, OpenAPI em /wslinhafrente/v1/openapi.json)`,
  `Banco: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embutido em ${config.dataDir}`}`,
  '',
  'Solicitações de demonstração (senha = 6 últimos dígitos do protocolo):',
  ...demos.map(
    (demo) =>
      `  plano ${demo.cdEmpresaPlano}  protocolo ${demo.nuProtocolo}  CPF ${formatCpf(demo.cpf)}  senha ${demo.senha}  ` +
      `status ${demo.flStatus} (${demo.dsStatus}), cdStatusPort ${demo.cdStatusPort}, flConcordo ${demo.flConcordo ?? '-'}` +
      `${demo.exigeLogin ? '  [exige login]' : ''}`,
  ),
  '',
  'Backoffice: npm run backoffice -- list | show <protocolo> | set-status <protocolo> <flStatus> [--tipo 1|2] [--concordo S|N] [--plano --inicio --valor --cancelar-ate --motivo] | plans | outbox',
  '',
];
console.log(lines.join('\n'));
