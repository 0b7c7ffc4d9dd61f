import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCurrent, listInputs, writeStamp } from '../../scripts/build-stamp.mjs';

let root: string;
const stamp = () => join(root, 'stamp.json');
const inputs = () => ({ inputs: listInputs(root, ['machines', 'vite.config.ts']) });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  mkdirSync(join(root, 'machines', 'nested'), { recursive: true });
  writeFileSync(join(root, 'machines', 'home.machine.ts'), 'export {}');
  writeFileSync(join(root, 'machines', 'nested', 'rules.ts'), 'export {}');
  writeFileSync(join(root, 'vite.config.ts'), 'export default {}');
  writeStamp(root, stamp(), inputs());
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build stamp', () => {
  it('says a build is current while none of its inputs changed', () => {
    expect(isCurrent(root, stamp(), inputs())).toBe(true);
  });

  it('says a build is stale after a file under machines/ is only touched', () => {
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'machines', 'nested', 'rules.ts'), later, later);
    expect(isCurrent(root, stamp(), inputs())).toBe(false);
  });

  it('says a build is stale after an input is edited, added or deleted', () => {
    writeFileSync(join(root, 'vite.config.ts'), 'export default { changed: true }');
    expect(isCurrent(root, stamp(), inputs())).toBe(false);
    writeStamp(root, stamp(), inputs());
    writeFileSync(join(root, 'machines', 'new.machine.ts'), 'export {}');
    expect(isCurrent(root, stamp(), inputs())).toBe(false);
    writeStamp(root, stamp(), inputs());
    rmSync(join(root, 'machines', 'home.machine.ts'));
    expect(isCurrent(root, stamp(), inputs())).toBe(false);
  });

  it('says a build is stale when a build-time variable changed, or when there is no stamp', () => {
    writeStamp(root, stamp(), { ...inputs(), extra: { VITE_API_BASE: '/a/' } });
    expect(isCurrent(root, stamp(), { ...inputs(), extra: { VITE_API_BASE: '/b/' } })).toBe(false);
    rmSync(stamp());
    expect(isCurrent(root, stamp(), inputs())).toBe(false);
  });
});
