/**
 * SPEC §4 "Branding" as a rule over the branding machine: the screen's branding is ready
 * only once each of its four loads answered (or failed), never with one still out.
 */
import type { brandingMachine } from '../../../machines/branding.machine';
import type { Invariant } from '../framework/invariants';

type M = typeof brandingMachine;
const LOADS = ['loadLogo', 'loadFavicon', 'loadSeal', 'loadOperatorName'];

export const brandingRules: readonly Invariant<M>[] = [
  {
    rule: 'the branding is ready only once the logo, favicon, seal and operator name each answered (SPEC §4)',
    holds: ({ snapshot, trace }) => {
      if (!snapshot.matches('ready')) return true;
      const out = LOADS.filter(
        (src) => !trace.includes(`event:xstate.done.actor.${src}`) && !trace.includes(`event:xstate.error.actor.${src}`),
      );
      return out.length === 0 || `ready with ${out.join(', ')} still out`;
    },
  },
];
