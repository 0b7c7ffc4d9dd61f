/** Path model of the operator's branding loads (machines/branding.machine.ts). */
import { brandingMachine } from '../../../machines/branding.machine';
import { definePathModel, fixture } from '../framework/model';
import type { EventFixtures } from '../framework/types';
import { brandingRules } from '../rules/branding.rules';

type M = typeof brandingMachine;

const failure = new Error('HTTP 500 (fixture)');

export const brandingFixtures = {
  'BRANDING.NOOP': [{ type: 'BRANDING.NOOP' }],
  'xstate.done.actor.loadLogo': [{ type: 'xstate.done.actor.loadLogo', actorId: 'loadLogo', output: '/files/logo-1.png' }],
  'xstate.error.actor.loadLogo': [{ type: 'xstate.error.actor.loadLogo', actorId: 'loadLogo', error: failure }],
  'xstate.done.actor.loadFavicon': [{ type: 'xstate.done.actor.loadFavicon', actorId: 'loadFavicon', output: '/files/favicon-1.png' }],
  'xstate.error.actor.loadFavicon': [{ type: 'xstate.error.actor.loadFavicon', actorId: 'loadFavicon', error: failure }],
  'xstate.done.actor.loadSeal': [{ type: 'xstate.done.actor.loadSeal', actorId: 'loadSeal', output: '/files/seal-1.png' }],
  'xstate.error.actor.loadSeal': [{ type: 'xstate.error.actor.loadSeal', actorId: 'loadSeal', error: failure }],
  'xstate.done.actor.loadOperatorName': [{ type: 'xstate.done.actor.loadOperatorName', actorId: 'loadOperatorName', output: 'HAPVIDA' }],
  'xstate.error.actor.loadOperatorName': [{ type: 'xstate.error.actor.loadOperatorName', actorId: 'loadOperatorName', error: failure }],
} as const satisfies EventFixtures<M>;

const f = <K extends keyof typeof brandingFixtures>(type: K) => fixture<M, K>(brandingFixtures, type);

export const brandingModel = definePathModel({
  flow: 'branding',
  machine: brandingMachine,
  invariants: brandingRules,
  starts: [
    // What each screen shows (src/views/home/home-page.tsx, src/views/layout/portal-layout.tsx).
    { name: 'home', input: { cdEmpresaPlano: '1', shows: ['logo', 'operatorName'] } },
    { name: 'layout', input: { cdEmpresaPlano: '1', shows: ['seal'] } },
  ],
  fixtures: brandingFixtures,
  journeys: [
    {
      name: 'home: every load answers and the branding is ready',
      start: 'home',
      events: [f('xstate.done.actor.loadLogo'), f('xstate.done.actor.loadFavicon'), f('xstate.done.actor.loadOperatorName')],
    },
    {
      name: 'home: every load fails and the screen still becomes ready, without branding',
      start: 'home',
      events: [f('xstate.error.actor.loadOperatorName'), f('xstate.error.actor.loadFavicon'), f('xstate.error.actor.loadLogo')],
    },
    {
      name: 'layout: the seal and the favicon answer and the branding is ready',
      start: 'layout',
      events: [f('xstate.done.actor.loadSeal'), f('xstate.done.actor.loadFavicon')],
    },
  ],
});
