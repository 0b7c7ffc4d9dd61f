// `npm run fuzz [-- <runs> [<seed>]]`: the OpenAPI fuzz test (test/server/fuzz.test.ts) with
// 5,000 requests by default instead of npm test's few hundred. Prints the answers per status.
import { spawnSync } from 'node:child_process';

const [runs = '5000', seed] = process.argv.slice(2);
const env = { ...process.env, FUZZ_RUNS: runs, ...(seed ? { FUZZ_SEED: seed } : {}) };
const result = spawnSync('npx', ['vitest', 'run', 'test/server/fuzz.test.ts'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
