/**
 * Vite plugin: production builds leave out the `description` of every state in machines/.
 * Descriptions are the analysts' plain-words reading of the chart (the Stately inspector in
 * development, docs/machines/ from `npm run machines:export`); the running portal never reads
 * them, and the home screen would otherwise ship ~2 kB of them. Only plain string literals are
 * removed; any other form fails the build, so nothing is left out silently or half-removed.
 */
import type { Plugin } from 'vite';

const MACHINE_FILE = /[\\/]machines[\\/][^\\/]+\.machine\.ts$/;
const DESCRIPTION = /\bdescription:\s*(?:'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"),?/g;

export function stripMachineDescriptions(source: string, file: string): string {
  const stripped = source.replace(DESCRIPTION, '');
  if (/\bdescription\s*:/.test(stripped)) {
    throw new Error(`${file}: a state description that is not a plain string literal; write it as one.`);
  }
  return stripped;
}

export function stripDescriptions(): Plugin {
  return {
    name: 'portabilidade:strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_FILE.test(id)) return null;
      return { code: stripMachineDescriptions(code, id), map: null };
    },
  };
}
