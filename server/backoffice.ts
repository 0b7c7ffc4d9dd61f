/** Entry point of `npm run backoffice -- <cmd>`; the work is in backoffice-cli.ts. */
import { runCli } from './backoffice-cli.ts';
import { restrictNewFiles } from './private-files.ts';

// A first command on a data directory may create it: owner-only, as the server makes it.
restrictNewFiles();

process.exitCode = await runCli(process.argv.slice(2));
