/**
 * Two lists name each prerendered screen's lazy code: src/app/shell-code.ts (what React waits
 * for before taking the painted screen over) and the build's preload table
 * (scripts/vite-route-preload.ts: what index.html asks for beside the entry). The imports
 * must be literal for the bundler, so the lists cannot be one; this keeps them the same.
 */
import { describe, expect, it, vi } from 'vitest';
import { LAZY_CODE } from '../../scripts/vite-route-preload.ts';
import { SHELLS } from '../../src/app/shells.ts';

/** Every view module (none is loaded here): as this file names them, and as the table does (from the repository's root). */
const VIEWS = Object.keys(import.meta.glob('../../src/views/**/*.tsx')).map((specifier) => ({
  specifier,
  path: specifier.slice('../..'.length),
}));

describe("a prerendered screen's lazy code", () => {
  it.each(Object.keys(SHELLS))('is the same in the app and in the build’s preload table: %s', async (shell) => {
    // Fresh modules, and each view replaced by a stand-in that notes it was loaded.
    vi.resetModules();
    const loaded: string[] = [];
    for (const { specifier, path } of VIEWS) vi.doMock(specifier, () => (loaded.push(path), {}));
    const { loadShellCode } = await import('../../src/app/shell-code.ts');
    await loadShellCode(shell);
    expect([...loaded].sort()).toEqual([...(LAZY_CODE[shell] ?? [])].sort());
  });
});
