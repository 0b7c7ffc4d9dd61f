import { describe, expect, it } from 'vitest';
import { playEvents } from '../paths/framework/unit-runner';
import { brandingModel } from '../paths/models/branding.model';

const failure = new Error('HTTP 500 (fixture)');
const home = { cdEmpresaPlano: '2', shows: ['logo', 'operatorName'] };
const layout = { cdEmpresaPlano: '2', shows: ['seal'] };

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
describe('branding machine (favicon, and the logo, seal and operator name a screen shows)', () => {
  it('home: keeps every answer (trimmed) and is ready once its three loads have answered', async () => {
    const result = await playEvents(brandingModel, [events[1], events[3], events[7]], { input: home });
    expect(result.final.value).toBe('ready');
    // Only what home shows is asked for, each with the plan code it was started with.
    expect(result.inputs).toEqual({
      loadLogo: [{ cdEmpresaPlano: '2' }],
      loadFavicon: [{ cdEmpresaPlano: '2' }],
      loadOperatorName: [{ cdEmpresaPlano: '2' }],
    });
    expect(result.final.context).toMatchObject({
      logoUrl: '/files/logo-2.svg',
      faviconUrl: '/files/favicon-2.svg',
      sealUrl: '',
      operatorName: 'Operadora Dois',
    });
  });

  it('layout: asks only for the seal and the favicon, and is ready once both answered', async () => {
    const result = await playEvents(brandingModel, [events[3], events[5]], { input: layout });
    expect(result.final.value).toBe('ready');
    expect(result.inputs).toEqual({ loadFavicon: [{ cdEmpresaPlano: '2' }], loadSeal: [{ cdEmpresaPlano: '2' }] });
    expect(result.final.context).toMatchObject({
      logoUrl: '',
      faviconUrl: '/files/favicon-2.svg',
      sealUrl: '/files/selo-2.svg',
      operatorName: '',
    });
  });

  it('leaves a value empty when its load fails, without holding the others back', async () => {
    const result = await playEvents(brandingModel, [events[2], events[3], events[7]], { input: home });
    expect(result.final.value).toBe('ready');
    expect(result.final.context).toMatchObject({ logoUrl: '', faviconUrl: '/files/favicon-2.svg', operatorName: 'Operadora Dois' });
  });
});
