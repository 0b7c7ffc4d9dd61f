/**
 * SPEC §1, §2 "Home" and "Layout" as rules over the branding machine: a screen asks only for
 * the branding it shows (and the favicon), and its branding is ready only once each of those
 * loads answered (or failed), never with one still out.
 */
import type { BrandingPart, brandingMachine } from '../../../machines/branding.machine';
import type { Invariant } from '../framework/invariants';

type M = typeof brandingMachine;
const LOAD_OF: Record<BrandingPart, string> = { logo: 'loadLogo', seal: 'loadSeal', operatorName: 'loadOperatorName' };
const PARTS = Object.keys(LOAD_OF) as BrandingPart[];
const answered = (trace: readonly string[], src: string) =>
  trace.includes(`event:xstate.done.actor.${src}`) || trace.includes(`event:xstate.error.actor.${src}`);

export const brandingRules: readonly Invariant<M>[] = [
  {
    rule: 'a screen loads only the branding it shows, and the favicon (SPEC §2 "Home", "Layout")',
    holds: ({ snapshot, trace }) => {
      const asked = PARTS.filter((part) => !snapshot.context.shows.includes(part)).filter(
        (part) =>
          snapshot.matches({ loading: { [part]: 'loading' } }) ||
          snapshot.matches({ loading: { [part]: 'settled' } }) ||
          answered(trace, LOAD_OF[part]),
      );
      return asked.length === 0 || `loaded ${asked.join(', ')}, which the screen does not show`;
    },
  },
  {
    rule: 'the branding is ready only once each load the screen needs answered (SPEC §4)',
    holds: ({ snapshot, trace }) => {
      if (!snapshot.matches('ready')) return true;
      const loads = ['loadFavicon', ...snapshot.context.shows.map((part) => LOAD_OF[part])];
      const out = loads.filter((src) => !answered(trace, src));
      return out.length === 0 || `ready with ${out.join(', ')} still out`;
    },
  },
];
