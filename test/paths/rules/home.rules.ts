/**
 * SPEC §2 "home" and §4 "Track lookup" as rules over the home machine: the screen is left
 * only with a protocol and its session stored, and SPEC's login table — a login exactly for
 * flStatus 3, cdStatusPort 1 and flConcordo 'S' — holds for whatever the lookup answered,
 * computed from that answer in the events (never from the machine's own `loginRequired`,
 * which the guard under test computed).
 */
import type { homeMachine } from '../../../machines/home.machine';
import { traced, type Invariant, type ReceivedEvent } from '../framework/invariants';

type M = typeof homeMachine;

interface LookupAnswer {
  flStatus: number;
  cdStatusPort: number;
  flConcordo: string | null;
}

/** SPEC §4 "Track lookup" (and §6), stated here from SPEC: the one row that asks for a login. */
export function specRequiresLogin(answer: LookupAnswer): boolean {
  return answer.flStatus === 3 && answer.cdStatusPort === 1 && answer.flConcordo === 'S';
}

const LOOKED_UP = 'xstate.done.actor.lookUpProtocol';
/** What empties the protocol field (SPEC §4: choosing a mode clears it; so does going back home). */
const CLEARS_PROTOCOL = ['CHOOSE_NEW', 'CHOOSE_TRACK', 'RETURN', 'ACKNOWLEDGE'];

function presetProtocol(input: unknown): string {
  const start = input as { presetMode?: string; presetProtocol?: string } | undefined;
  return start?.presetMode === 'track' ? (start.presetProtocol ?? '') : '';
}

/**
 * The protocol in the field, by what happened: the screen's start (track mode with the protocol
 * the wizard just filed), then each keystroke's value, emptied by a mode choice or a return home.
 */
export function protocolTyped(events: readonly ReceivedEvent[]): string {
  let typed = '';
  for (const event of events) {
    if (event.type === 'xstate.init') typed = presetProtocol(event.input);
    else if (CLEARS_PROTOCOL.includes(event.type)) typed = '';
    else if (event.type === 'PROTOCOL_CHANGED') typed = String(event.value);
  }
  return typed;
}

const lastIndex = (events: readonly ReceivedEvent[], type: string) => events.map((e) => e.type).lastIndexOf(type);

export const homeRules: readonly Invariant<M>[] = [
  {
    rule: 'home is left only with a protocol typed and the session stored (SPEC §2, §4)',
    holds: ({ snapshot, trace, events }) =>
      !(snapshot.matches('leftForNewRequest') || snapshot.matches('leftForTracking')) ||
      (protocolTyped(events).trim() !== '' && trace.includes('action:storeSession')) ||
      'left without a protocol or a session',
  },
  {
    rule: "track mode's 'Prosseguir' looks up only a protocol typed (SPEC §5: only with the field filled)",
    holds: ({ snapshot, events }) =>
      !snapshot.matches({ track: 'lookingUp' }) || protocolTyped(events).trim() !== '' || 'looked up an empty protocol',
  },
  {
    rule: "the lookup's answer decides by SPEC's table: flStatus 3, cdStatusPort 1 and flConcordo 'S' asks for CPF and Senha, any other answer opens the request (SPEC §4)",
    holds: ({ snapshot, events }) => {
      const at = lastIndex(events, LOOKED_UP);
      // Judged on the step the answer arrived (later steps move on by the user's own events).
      if (at < 0 || at !== events.length - 1) return true;
      const answer = events[at]!.output as LookupAnswer;
      const login = specRequiresLogin(answer);
      const asked = snapshot.matches({ track: 'login' });
      const opened = snapshot.matches('leftForTracking');
      return (
        (login ? asked : opened) ||
        `answer ${answer.flStatus}/${answer.cdStatusPort}/${answer.flConcordo} ${asked ? 'asked for a login' : 'opened the request'}`
      );
    },
  },
  {
    rule: "a request whose lookup answered SPEC's login row opens only after a login answered with a token (SPEC §4)",
    holds: ({ snapshot, events }) => {
      if (!snapshot.matches('leftForTracking')) return true;
      const at = lastIndex(events, LOOKED_UP);
      if (at < 0 || !specRequiresLogin(events[at]!.output as LookupAnswer)) return true;
      const login = events.slice(at).find((e) => e.type === 'xstate.done.actor.logIn');
      const token = (login?.output as { token?: string | null } | undefined)?.token;
      return (typeof token === 'string' && token.trim() !== '') || 'opened without a login that gave a token';
    },
  },
  {
    rule: "a lookup refused for a while (HTTP 429, too many from this connection) never says the protocol is invalid: only the server's 'aguarde' (SPEC §8's lookup toast is for a lookup that failed)",
    holds: ({ trace, events }) => {
      const last = events.findLast((e) => e.type === 'xstate.error.actor.lookUpProtocol');
      if ((last?.error as { status?: unknown } | undefined)?.status !== 429) return true;
      return (
        traced.lastOf(trace, 'event:xstate.error.actor.lookUpProtocol', 'action:notifyLookupFailed') !== 'action:notifyLookupFailed' ||
        'a 429 said the protocol is invalid'
      );
    },
    // What the person reads: the server's 'aguarde', and no toast calling the protocol invalid.
    seen: (page, { snapshot, events }) => {
      const last = events.findLast((e) => e.type === 'xstate.error.actor.lookUpProtocol' || e.type === LOOKED_UP);
      if (!snapshot.matches({ track: 'editing' }) || (last?.error as { status?: unknown } | undefined)?.status !== 429) return null;
      const toasts = page.getByTestId('toast');
      return {
        all: [
          { visible: toasts.filter({ hasText: /Aguarde .+ e tente novamente\./ }) },
          { hidden: toasts.filter({ hasText: 'Número de protocolo inválido' }) },
        ],
      };
    },
  },
];
