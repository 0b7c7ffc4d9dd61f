/**
 * The global loading overlay as a statechart (SPEC §4 "Global loading"): every outgoing
 * request counts up, every finished one counts down, the overlay hides at zero — and at
 * once when a request has failed for good.
 *
 * A failure hides the overlay but does not forget the requests still in flight: they keep
 * their count and finish in `idle`. (Resetting the count to zero let those late finishes
 * eat the count of the NEXT request, and hide the overlay while it was still running.)
 */
import { assign, setup } from 'xstate';

export type RequestActivityEvent = { type: 'REQUEST_STARTED' } | { type: 'REQUEST_FINISHED' } | { type: 'REQUEST_FAILED' };

export interface RequestActivityContext {
  pending: number;
}

export const requestActivityMachine = setup({
  types: {
    context: {} as RequestActivityContext,
    events: {} as RequestActivityEvent,
  },
  actions: {
    countStarted: assign({ pending: ({ context }) => context.pending + 1 }),
    countFinished: assign({ pending: ({ context }) => Math.max(0, context.pending - 1) }),
  },
  guards: {
    isLastPending: ({ context }) => context.pending <= 1,
  },
}).createMachine({
  id: 'requestActivity',
  description: 'Conta as requisições em andamento e decide se o overlay "Carregando..." aparece.',
  context: { pending: 0 },
  initial: 'idle',
  states: {
    idle: {
      description: 'Overlay oculto: nenhuma requisição em andamento, ou uma falhou (as que seguem em andamento continuam contadas).',
      on: {
        REQUEST_STARTED: {
          target: 'busy',
          actions: 'countStarted',
          description: 'SPEC §4: cada requisição soma 1 ao contador e mostra o overlay.',
        },
        // A request that was in flight when another one failed: count it down, stay hidden.
        REQUEST_FINISHED: { actions: 'countFinished' },
      },
    },
    busy: {
      description: 'Há requisições em andamento: o overlay "Carregando..." cobre a tela.',
      on: {
        REQUEST_STARTED: { actions: 'countStarted' },
        REQUEST_FINISHED: [
          {
            guard: 'isLastPending',
            target: 'idle',
            actions: 'countFinished',
            description: 'SPEC §4: a última requisição pendente terminou: o contador chega a zero e o overlay some.',
          },
          { actions: 'countFinished', description: 'SPEC §4: ainda há requisições pendentes: o contador desce e o overlay fica.' },
        ],
        // SPEC §4: on a failed request the overlay hides immediately, whatever is pending.
        REQUEST_FAILED: { target: 'idle', description: 'SPEC §4: uma requisição falhou: o overlay some na hora.' },
      },
    },
  },
});
