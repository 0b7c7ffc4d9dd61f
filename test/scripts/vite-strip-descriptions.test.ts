import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripMachineDescriptions } from '../../scripts/vite-strip-descriptions.ts';

describe('leaving state descriptions out of production builds', () => {
  it('removes single- and double-quoted descriptions and keeps everything else', () => {
    const source = `states: {
      idle: { description: 'Aguardando o usuário.', on: { GO: 'busy' } },
      busy: {
        description: "Modo 'Acompanhar': busca o protocolo.",
        invoke: { id: 'load', src: 'load' },
      },
    }`;
    const stripped = stripMachineDescriptions(source, 'x.machine.ts');
    expect(stripped).not.toContain('description');
    expect(stripped).toContain("on: { GO: 'busy' }");
    expect(stripped).toContain("invoke: { id: 'load', src: 'load' }");
  });

  it('refuses a description it cannot remove whole, instead of leaving half of it', () => {
    expect(() => stripMachineDescriptions('idle: { description: `Aguardando ${x}` }', 'x.machine.ts')).toThrow(/plain string literal/);
  });

  it('strips every machine in machines/ completely', () => {
    const dir = join(import.meta.dirname, '../../machines');
    const machines = readdirSync(dir).filter((file) => file.endsWith('.machine.ts'));
    expect(machines.length).toBeGreaterThan(0);
    for (const file of machines) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source).toContain('description:');
      expect(stripMachineDescriptions(source, file)).not.toMatch(/\bdescription\s*:/);
    }
  });
});
