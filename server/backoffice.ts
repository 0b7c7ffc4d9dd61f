/** Entry point of `npm run backoffice -- <cmd>`; the work is in backoffice-cli.ts. */
import { runCli } from './backoffice-cli.ts';

process.exitCode = await runCli(process.argv.slice(2));
