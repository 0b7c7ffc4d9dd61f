/**
 * SPEC §2 "acompanhamento", §4 "Finalizing on the tracking screen" and §5 "Tracking" as
 * rules over the tracking machine: status 6's 'Finalizar' waits for a choice not yet
 * recorded ('Não aceito' is recorded once), status 3 finishes only with every term signed,
 * each closing modal comes only after the server answered, and leaving ends the session.
 */
import { recordedChoice, allSigned } from '../../../machines/tracking.helpers';
import { TEXT, type trackingMachine } from '../../../machines/tracking.machine';
import type { Invariant, Step } from '../framework/invariants';

type M = typeof trackingMachine;
type S = Step<M>['snapshot'];

const CHOICE_STATES: object[] = [
  ...['undecided', 'declined', 'agreed', 'declineRecorded', 'agreementRecorded'].map((leaf) => ({
    ready: { awaitingAcknowledgement: { typeOne: leaf } },
  })),
  ...['unaware', 'aware', 'awarenessRecorded'].map((leaf) => ({ ready: { awaitingAcknowledgement: { typeTwo: leaf } } })),
];

/** Status 6's panel at rest, with its options and 'Finalizar' on screen. */
const choosing = (snapshot: S) => CHOICE_STATES.some((value) => snapshot.matches(value as never));
/** 'Finalizar' may record something: a choice made and not yet the one the server holds. */
const mayFinalize = (snapshot: S) =>
  snapshot.context.choice !== null && snapshot.context.choice !== recordedChoice(snapshot.context.tracking);

export const trackingRules: readonly Invariant<M>[] = [
  {
    rule: "status 6: 'Finalizar' is enabled only once a choice is made that the server does not hold yet (SPEC §2, §4)",
    holds: ({ snapshot }) => {
      if (!choosing(snapshot)) return true;
      const can = snapshot.can({ type: 'FINALIZE' });
      return (
        can === mayFinalize(snapshot) ||
        `'Finalizar' ${can ? 'enabled' : 'disabled'} with choice ${snapshot.context.choice} and ${recordedChoice(snapshot.context.tracking)} recorded`
      );
    },
    seen: (page, { snapshot }) => {
      if (!choosing(snapshot)) return null;
      const button = page.getByRole('button', { name: TEXT.finalize, exact: true });
      return mayFinalize(snapshot) ? { enabled: button } : { disabled: button };
    },
  },
  {
    rule: "status 6: 'Não aceito' is recorded once — no acceptance document answers 'N' again (SPEC §4)",
    holds: ({ snapshot }) =>
      !snapshot.matches({ ready: { awaitingAcknowledgement: 'generatingAcceptance' } }) ||
      !(snapshot.context.choice === 'N' && recordedChoice(snapshot.context.tracking) === 'N') ||
      "generating a second 'Não aceito'",
  },
  {
    rule: 'status 6: an agreement the server holds stays locked (SPEC §4)',
    holds: ({ snapshot }) =>
      recordedChoice(snapshot.context.tracking) !== 'S' ||
      !choosing(snapshot) ||
      !(['AGREE', 'DECLINE', 'ACKNOWLEDGE', 'FINALIZE'] as const).some((type) => snapshot.can({ type })) ||
      'an option or Finalizar still answers',
  },
  {
    rule: 'status 3: the request is finalized only with every term signed (SPEC §5)',
    holds: ({ snapshot }) =>
      !snapshot.matches({ ready: { accepted: 'finalizing' } }) ||
      allSigned(snapshot.context.documentsToSign) ||
      'finalizing with an unsigned term',
  },
  {
    rule: "'Você está quase lá' opens only after the acceptance document was generated (SPEC §4)",
    holds: ({ snapshot, trace }) =>
      !snapshot.matches('avisoModal') || trace.includes('event:xstate.done.actor.generateAcceptance') || 'no acceptance document answered',
  },
  {
    rule: "'Seja bem-vindo' opens only after the request was finalized (SPEC §4)",
    holds: ({ snapshot, trace }) =>
      !snapshot.matches('bemvindoModal') || trace.includes('event:xstate.done.actor.finalizeRequest') || 'no finalize answered',
  },
  {
    rule: 'leaving the screen ends its session (SPEC §4)',
    holds: ({ snapshot, trace }) =>
      !snapshot.matches('exited') ||
      trace.includes('action:endSession') ||
      trace.includes('action:clearTrackingSession') ||
      'exited with the session kept',
  },
];
