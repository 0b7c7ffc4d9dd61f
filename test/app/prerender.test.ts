// @vitest-environment node
/**
 * The build prerenders each shell (src/prerender.tsx, as scripts/vite-prerender.ts does) in
 * Node: rendering must ask the network nothing. A read fired while rendering (react-query's
 * usePrefetchQuery on the wizard) held the build's process open for minutes after it was done.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { SHELLS, type ShellName } from '../../src/app/shells';
import { renderShell } from '../../src/prerender';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

it.each(Object.keys(SHELLS) as ShellName[])('renders the %s shell asking the network nothing', async (name) => {
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetch);
  // As the build renders it: a production bundle (no development inspector reading the URL).
  vi.stubEnv('DEV', false);
  const html = await renderShell(name);
  expect(html).toMatch(/<h1[\s>]/);
  expect(fetch).not.toHaveBeenCalled();
});
