/**
 * The backoffice command line (`npm run backoffice -- <args> --json`) run in the test's own
 * process on the browser tests' data folder: same parsing, same output, no process per move.
 * With a running server there, it asks that server over loopback.
 */
import { runCli } from '../../../server/backoffice-cli.ts';
import { E2E_DATA_DIR } from '../../e2e/support/env';

export async function runBackofficeCommandLine(args: readonly string[]): Promise<unknown> {
  let out = '';
  let err = '';
  const code = await runCli([...args, '--json'], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    io: {
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
    },
  });
  if (code !== 0) throw new Error(`backoffice ${args.join(' ')}: exit ${code}: ${err}`);
  return JSON.parse(out) as unknown;
}
