/**
 * A small machine with every shape the export must draw and write right, so that a new state,
 * event or guard in machines/ finds it ready: transitions of the root, a box into its own nested
 * state, out of a nested state to the box holding it and to a state two boxes away, across the
 * regions of a parallel state, a named delay, an actor's answers, and or/not guards.
 */
import { fromPromise, not, or, setup } from 'xstate';

export const trickyMachine = setup({
  guards: { isReady: () => true, isLate: () => false },
  actions: { remember: () => {}, forget: () => {} },
  actors: { load: fromPromise(async () => 1) },
  delays: { pause: 300 },
}).createMachine({
  id: 'tricky',
  description: 'Every shape of transition.',
  initial: 'one',
  on: { RESET: { target: '.one' }, PING: { actions: 'remember' } },
  states: {
    one: {
      description: 'A box with a nested box.',
      initial: 'x',
      on: {
        INTO: { target: '.y.deep', guard: or(['isReady', not('isLate')]) },
        KEEP: { actions: 'forget' },
      },
      states: {
        x: {
          description: 'Waits, then moves on.',
          after: { pause: { target: 'y' } },
          on: { AWAY: { target: '#tricky.two.p.left' }, UP: { target: '#tricky.one' } },
        },
        y: {
          description: 'Holds the deep state.',
          initial: 'deep',
          states: {
            deep: {
              description: 'Two boxes down.',
              invoke: { id: 'load', src: 'load', onDone: { target: '#tricky.one.x' }, onError: { target: '#tricky.two' } },
            },
          },
        },
      },
    },
    two: {
      description: 'A box with a parallel state.',
      initial: 'p',
      states: {
        p: {
          description: 'Two regions side by side.',
          type: 'parallel',
          states: {
            left: { description: 'The left region.', on: { CROSS: { target: '#tricky.two.p.right' }, LOOP: { actions: 'remember' } } },
            right: { description: 'The right region.' },
          },
        },
      },
    },
  },
});
