import { readFileSync } from 'node:fs';

/** package.json's version, shown in the OpenAPI document. */
export const SERVER_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
