// Issue 27's filing budget on a phone's link: the browser test that files a 6 MB photo and two
// PDFs on Slow 3G (test/e2e/wizard-slow-upload.spec.ts, Chromium's own network emulation)
// run `runs` times against the bench's build, each run's time to the protocol read from the
// line the test prints. The test itself fails above 60 s; the bench keeps every time.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, freePort, startProcess, withTimeout } from './support.mjs';

const SPEC = 'test/e2e/wizard-slow-upload.spec.ts';
const TOOK = /Slow 3G: filing a ([\d.]+) MB photo and two PDFs took ([\d.]+) s/g;

export async function measureSlowUpload({ staticDir, work, runs }) {
  const dataDir = join(work, 'data-upload');
  mkdirSync(dataDir, { recursive: true });
  const child = startProcess(
    'npx',
    [
      'playwright',
      'test',
      SPEC,
      '--project',
      'chromium',
      '--workers',
      '1',
      '--repeat-each',
      String(runs),
      '--reporter',
      'line',
      '--output',
      join(work, 'upload-artifacts'),
    ],
    {
      cwd: REPO,
      env: {
        ...process.env,
        MEASURE_SLOW_3G: '1',
        STATIC_DIR: staticDir,
        E2E_PORT: String(await freePort()),
        E2E_DATA_DIR: dataDir,
        E2E_LOG: join(work, 'upload-server.log'),
        E2E_JSON: join(work, 'upload.json'),
        FORCE_COLOR: '0',
        NO_COLOR: '1',
      },
    },
  );
  // About 2.5 minutes a run (the photo is made and shrunk before the clock starts).
  const code = await withTimeout(new Promise((done) => child.on('exit', done)), runs * 300_000 + 120_000, 'slow upload').catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  const took = [...child.output.matchAll(TOOK)].map((match) => ({ photoMb: Number(match[1]), seconds: Number(match[2]) }));
  if (!took.length) throw new Error(`the slow-upload test printed no time (exit ${code}):\n${child.output.slice(-2000)}`);
  return { runs: took, passed: code === 0 };
}
