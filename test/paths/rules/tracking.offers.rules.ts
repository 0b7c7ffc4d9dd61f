/**
 * What each state of the tracking screen lets the user do (SPEC §2, §4, §5): the events it
 * answers and those it refuses, one row per leaf state — the per-state markers the machine's
 * own test held, as rules of the path framework, checked after every step of every path in
 * both tiers. Where the answer depends on the request, it is read from the server's last
 * answer in the events, not from the machine's context.
 */
import type { trackingMachine } from '../../../machines/tracking.machine';
import type { Invariant, ReceivedEvent, Step } from '../framework/invariants';
import { unreadLists } from './tracking.reads.rules';

type M = typeof trackingMachine;
type Offer = M extends unknown ? Parameters<Step<M>['snapshot']['can']>[0]['type'] : never;

/** The request as the server last answered it (its flConcordo). */
function lastAnswer(events: readonly ReceivedEvent[]): { flConcordo?: string | null } | null {
  const last = [...events].reverse().find((event) => event.type === 'xstate.done.actor.loadTrackingData');
  return (last?.output as { flConcordo?: string | null } | undefined) ?? null;
}

type Row = Partial<Record<Offer, boolean | ((events: readonly ReceivedEvent[]) => boolean)>>;

/** 'Carregar de novo' where the panel is at rest: exactly when a list's last read failed. */
const RELOADABLE: Row = { RELOAD_LISTS: (events) => unreadLists(events).length > 0 };
/** On its way, in hand or asking: the screen is not read again under it. */
const NO_RELOAD: Row = { RELOAD_LISTS: false };
const LEAVING: Row = { RETURN: true, END_SESSION: true };
const CLOSED: Row = { ...LEAVING, ...RELOADABLE, FINALIZE: false, AGREE: false, ACKNOWLEDGE: false };
const LOADING: Row = { FINALIZE: false, AGREE: false, RETURN: true, END_SESSION: true, RELOAD_LISTS: false };
const BUSY: Row = { FINALIZE: false, ...NO_RELOAD };
const MODAL: Row = { CLOSE_MODAL: true, RETURN: false, END_SESSION: false, RELOAD_LISTS: false };

/** Leaf state → what it answers (true) and refuses (false). */
export const OFFERS: Readonly<Record<string, Row>> = {
  ...Object.fromEntries(
    ['trackingData', 'attachedDocuments', 'documentsToSign', 'history'].flatMap((read) =>
      ['loading', 'settled'].map((leaf) => [`loading.${read}.${leaf}`, LOADING]),
    ),
  ),
  failed: { RETRY: true, ...LEAVING, ...NO_RELOAD },
  loginRequired: { LOG_IN_AGAIN: true, ...LEAVING, FINALIZE: false, ...NO_RELOAD },
  'ready.analysis': CLOSED,
  'ready.refused': CLOSED,
  'ready.cancelled': CLOSED,
  'ready.contractActive': CLOSED,
  'ready.withdrawn': { WITHDRAW: false, FINALIZE: false, RETURN: true, ...RELOADABLE },
  'ready.pendingDocuments.listing': { PENDING_FILE_SEND: false, RETURN: true, FINALIZE: false, WITHDRAW: true, ...RELOADABLE },
  // A file in hand would be lost by a new read, or by leaving the panel to withdraw (a refused
  // withdrawal or 'Voltar' comes back without it): it is sent, removed or cancelled first.
  'ready.pendingDocuments.fileChosen': {
    PENDING_FILE_SEND: true,
    PENDING_FILE_REMOVED: true,
    PENDING_SEND_CANCELLED: false,
    WITHDRAW: false,
    ...NO_RELOAD,
  },
  // A sending on a slow link can be stopped (and only it): the file stays in hand.
  'ready.pendingDocuments.sending': {
    PENDING_FILE_SEND: false,
    PENDING_FILE_REMOVED: false,
    PENDING_SEND_CANCELLED: true,
    WITHDRAW: false,
    ...NO_RELOAD,
  },
  'ready.pendingDocuments.preparing': { WITHDRAW: false, ...NO_RELOAD },
  'withdrawal.confirming': { WITHDRAW_CONFIRMED: true, WITHDRAW_CANCELLED: true, RETURN: false, ...NO_RELOAD },
  'withdrawal.withdrawing': { WITHDRAW_CONFIRMED: false, RETURN: false, ...NO_RELOAD },
  'ready.awaitingAcknowledgement.typeOne.undecided': { FINALIZE: false, AGREE: true, DECLINE: true, ...RELOADABLE },
  // A choice not sent: the screen is not read again under it (a failed read would leave it behind unasked).
  'ready.awaitingAcknowledgement.typeOne.declined': { DECLINE: false, AGREE: true, FINALIZE: true, RETURN: true, ...NO_RELOAD },
  // 'Não aceito' is sent once (SPEC §4): once the server holds it, it cannot be chosen again.
  'ready.awaitingAcknowledgement.typeOne.agreed': {
    AGREE: false,
    DECLINE: (events) => lastAnswer(events)?.flConcordo !== 'N',
    FINALIZE: true,
    ...NO_RELOAD,
  },
  'ready.awaitingAcknowledgement.typeOne.declineRecorded': { FINALIZE: false, DECLINE: false, AGREE: true, ...RELOADABLE },
  'ready.awaitingAcknowledgement.typeOne.agreementRecorded': { FINALIZE: false, AGREE: false, DECLINE: false, ...RELOADABLE },
  'ready.awaitingAcknowledgement.typeTwo.unaware': { FINALIZE: false, ACKNOWLEDGE: true, AGREE: false, ...RELOADABLE },
  'ready.awaitingAcknowledgement.typeTwo.aware': { ACKNOWLEDGE: false, UNACKNOWLEDGE: true, FINALIZE: true, ...NO_RELOAD },
  'ready.awaitingAcknowledgement.typeTwo.awarenessRecorded': { FINALIZE: false, ACKNOWLEDGE: false, ...RELOADABLE },
  'ready.awaitingAcknowledgement.confirmingSend': {
    ...NO_RELOAD,
    FINALIZE: false,
    AGREE: false,
    DECLINE: false,
    UNACKNOWLEDGE: false,
    SEND_CONFIRMED: true,
    SEND_CANCELLED: true,
  },
  'ready.awaitingAcknowledgement.confirmingLeave': { FINALIZE: false, LEAVE_CONFIRMED: true, LEAVE_CANCELLED: true, ...NO_RELOAD },
  'ready.awaitingAcknowledgement.generatingAcceptance': { FINALIZE: false, AGREE: false, DECLINE: false, ...NO_RELOAD },
  'ready.awaitingAcknowledgement.checkingSend': { FINALIZE: false, ...NO_RELOAD },
  // Status 3: the options are the server's (flConcordo), not the holder's to change; 'Finalizar' answers (it warns if unsigned).
  'ready.accepted.signing': { AGREE: false, DECLINE: false, ACKNOWLEDGE: false, FINALIZE: true, ...RELOADABLE },
  'ready.accepted.recordingSignature': BUSY,
  'ready.accepted.refreshingDocuments': BUSY,
  'ready.accepted.finalizing': BUSY,
  'ready.accepted.loadingOperatorName': BUSY,
  avisoModal: MODAL,
  bemvindoModal: MODAL,
};

const leaves = (snapshot: Step<M>['snapshot']) =>
  snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.path.join('.'));

export const offerRules: readonly Invariant<M>[] = [
  {
    rule: 'each state of the tracking screen answers exactly what SPEC lets the user do there, and refuses the rest of its row (SPEC §2, §4, §5)',
    holds: ({ snapshot, events }) => {
      const wrong = leaves(snapshot).flatMap((leaf) =>
        Object.entries(OFFERS[leaf] ?? {}).flatMap(([type, expected]) => {
          const should = typeof expected === 'function' ? expected(events) : expected;
          return snapshot.can({ type } as never) === should ? [] : [`${leaf}: ${type} ${should ? 'refused' : 'answered'}`];
        }),
      );
      return wrong.length === 0 || wrong.join('; ');
    },
  },
];
