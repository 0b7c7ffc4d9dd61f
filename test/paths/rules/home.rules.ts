/**
 * SPEC §2 "home" and §4 "Lookup and login" as rules over the home machine: the screen is
 * left only with a protocol and its session stored, and a request that asks for a login is
 * opened only after a login answered with a token.
 */
import type { homeMachine } from '../../../machines/home.machine';
import type { Invariant } from '../framework/invariants';

type M = typeof homeMachine;

export const homeRules: readonly Invariant<M>[] = [
  {
    rule: 'home is left only with a protocol typed and the session stored (SPEC §2, §4)',
    holds: ({ snapshot, trace }) =>
      !(snapshot.matches('leftForNewRequest') || snapshot.matches('leftForTracking')) ||
      (snapshot.context.protocol.trim() !== '' && trace.includes('action:storeSession')) ||
      'left without a protocol or a session',
  },
  {
    rule: 'a request that asks for a login opens only after a login answered with a token (SPEC §4)',
    holds: ({ snapshot, trace }) =>
      !snapshot.matches('leftForTracking') ||
      !snapshot.context.loginRequired ||
      trace.includes('event:xstate.done.actor.logIn') ||
      'opened without a login',
  },
];
