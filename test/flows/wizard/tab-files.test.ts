// @vitest-environment jsdom
/**
 * Which open tabs hold wizard files (src/flows/wizard/tab-files.ts): a tab keeps one id across
 * its reloads, says it holds files with one shared Web Lock named after it, and reads the other
 * open tabs' from the locks held now, its own among them while a duplicate of it holds it too;
 * a browser without Web Locks names none (prunes as before).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Held = { name?: string; mode?: string };

function fakeLocks(held: Held[]) {
  const requested: Array<{ name: string; mode?: string }> = [];
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: {
      request: (name: string, options: { mode?: string }, callback: () => Promise<unknown>) => {
        requested.push({ name, mode: options.mode });
        held.push({ name, mode: options.mode });
        return callback();
      },
      query: async () => ({ held: [...held], pending: [] }),
    },
  });
  return requested;
}

/** A fresh copy of the module: its id and its lock are per page. */
const load = async () => {
  vi.resetModules();
  return import('../../../src/flows/wizard/tab-files');
};

describe('tab-files', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('keeps one id per tab across reloads (its storage), a new one in a new tab', async () => {
    const first = (await load()).thisTabId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect((await load()).thisTabId()).toBe(first);
    sessionStorage.clear();
    expect((await load()).thisTabId()).not.toBe(first);
  });

  it('holds one shared lock for the page, however many files it stores', async () => {
    const requested = fakeLocks([]);
    const tabFiles = await load();
    tabFiles.holdTabFiles();
    tabFiles.holdTabFiles();
    expect(requested).toEqual([{ name: `portabilidade.arquivos-da-aba.${tabFiles.thisTabId()}`, mode: 'shared' }]);
  });

  it("names the other open tabs holding files: not this page's own lock, not other locks", async () => {
    const tabFiles = await load();
    fakeLocks([{ name: 'portabilidade.arquivos-da-aba.outra-aba' }, { name: 'outra-coisa' }, {}]);
    tabFiles.holdTabFiles();
    expect([...(await tabFiles.tabsHoldingFilesElsewhere())]).toEqual(['outra-aba']);
    expect(await tabFiles.duplicateOfThisTabOpen()).toBe(false);
  });

  it("names this tab's own id while a duplicate of it holds its lock too, whether or not this page holds it", async () => {
    const tabFiles = await load();
    const own = `portabilidade.arquivos-da-aba.${tabFiles.thisTabId()}`;
    const held: Held[] = [{ name: own, mode: 'shared' }];
    fakeLocks(held);
    expect(await tabFiles.duplicateOfThisTabOpen()).toBe(true);
    tabFiles.holdTabFiles();
    expect(held).toHaveLength(2);
    expect(await tabFiles.duplicateOfThisTabOpen()).toBe(true);
    held.shift();
    expect(await tabFiles.duplicateOfThisTabOpen()).toBe(false);
  });

  it('without Web Locks (or when asking fails) names none, and holding raises nothing', async () => {
    const tabFiles = await load();
    expect(() => tabFiles.holdTabFiles()).not.toThrow();
    expect(await tabFiles.tabsHoldingFilesElsewhere()).toEqual(new Set());
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { query: () => Promise.reject(new DOMException('no', 'SecurityError')) },
    });
    expect(await tabFiles.tabsHoldingFilesElsewhere()).toEqual(new Set());
  });
});
