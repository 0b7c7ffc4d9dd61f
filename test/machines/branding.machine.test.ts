import { describe, expect, it } from 'vitest';
import { playEvents } from '../paths/framework/unit-runner';
import { brandingModel } from '../paths/models/branding.model';

const failure = new Error('HTTP 500 (fixture)');
const input = { cdEmpresaPlano: '2' };

/** The machine's own events plus every answer its actors can give. */
const events = [
  { type: 'BRANDING.NOOP' },
  { type: 'xstate.done.actor.loadLogo', output: '/files/logo-2.svg' },
  { type: 'xstate.error.actor.loadLogo', error: failure },
  { type: 'xstate.done.actor.loadFavicon', output: ' /files/favicon-2.svg ' },
  { type: 'xstate.error.actor.loadFavicon', error: failure },
  { type: 'xstate.done.actor.loadSeal', output: '/files/selo-2.svg' },
  { type: 'xstate.error.actor.loadSeal', error: failure },
  { type: 'xstate.done.actor.loadOperatorName', output: 'Operadora Dois' },
  { type: 'xstate.error.actor.loadOperatorName', error: failure },
] as const satisfies readonly (
  | { type: 'BRANDING.NOOP' }
  | {
      type: `xstate.${'done' | 'error'}.actor.${'loadLogo' | 'loadFavicon' | 'loadSeal' | 'loadOperatorName'}`;
      output?: string;
      error?: unknown;
    }
)[];

// Its paths (every state and transition, SPEC's rules at each step) are in test/paths/branding.paths.test.ts.
describe('branding machine (logo, favicon, seal, operator name)', () => {
  it('keeps every answer (trimmed) and is ready once all four loads have answered', async () => {
    const result = await playEvents(brandingModel, [events[1], events[3], events[5], events[7]], { input });
    expect(result.final.value).toBe('ready');
    // Every load is asked for the plan code it was started with.
    for (const calls of Object.values(result.inputs)) expect(calls).toEqual([{ cdEmpresaPlano: '2' }]);
    expect(result.final.context).toEqual({
      cdEmpresaPlano: '2',
      logoUrl: '/files/logo-2.svg',
      faviconUrl: '/files/favicon-2.svg',
      sealUrl: '/files/selo-2.svg',
      operatorName: 'Operadora Dois',
    });
  });

  it('leaves a value empty when its load fails, without holding the others back', async () => {
    const result = await playEvents(brandingModel, [events[2], events[3], events[6], events[7]], { input });
    expect(result.final.value).toBe('ready');
    expect(result.final.context).toMatchObject({
      logoUrl: '',
      faviconUrl: '/files/favicon-2.svg',
      sealUrl: '',
      operatorName: 'Operadora Dois',
    });
  });
});
