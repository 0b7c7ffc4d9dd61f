/**
 * SPEC §2 "acompanhamento", §4 "Finalizing on the tracking screen" and §5 "Tracking" as
 * rules over the tracking machine: status 6's 'Finalizar' waits for a choice not yet
 * recorded ('Não aceito' is recorded once), status 3 finishes only with every term signed,
 * each closing modal comes only after the server answered, and leaving ends the session.
 * And the truth of a choice (issue 25): the screen says a choice is recorded only after the
 * server answered the acceptance call, leaving with a choice unsent asks first, and the tab
 * asks before closing while one is unsent — judged from the trace of what happened, not from
 * what the machine's context believes.
 */
import { isAcceptanceRefused } from '../../../contract/rules';
import { recordedChoice } from '../../../machines/tracking.helpers';
import { TEXT, type TrackingInfo, type trackingMachine } from '../../../machines/tracking.machine';
import { outputOf, traced, type Invariant, type ReceivedEvent, type Step } from '../framework/invariants';
import { pendingDocumentsRules } from './tracking.pending.rules';
import { signAndWithdrawRules } from './tracking-sign-withdraw.rules';
import { lockRules } from './tracking.locks.rules';
import { offerRules } from './tracking.offers.rules';
import { readRules } from './tracking.reads.rules';

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

/** What the trace says of the holder's choice in this visit. */
interface ChoiceHistory {
  /** A choice was made and the acceptance call has not answered since. */
  unsent: boolean;
  /** 'Enviar' was confirmed and the acceptance call has not answered yet. */
  sending: boolean;
}

/**
 * Reads what happened: a choice event makes a choice unsent; the acceptance call's answer ends
 * it, and so does a read of the request that answers a recorded choice (a send whose answer was
 * lost, or refused with 'ERRO' because another tab's answer is recorded, read back: the server
 * has one), or that shows conditions other than the ones the choice was made to (the operator
 * changed them: the choice is void). An 'ERRO' answer (SPEC §8) recorded nothing: the choice
 * stays unsent. Assignments are not in the trace (XState does not report them).
 */
/** SPEC §8: the acceptance call answered 'ERRO': it recorded nothing. */
const isRefusedAcceptance = (event: ReceivedEvent) =>
  event.type === 'xstate.done.actor.generateAcceptance' && isAcceptanceRefused(String(outputOf(event)));

/** The conditions a read of the request showed (the server's version of them). */
const conditionsOf = (event: ReceivedEvent) => (outputOf(event) as TrackingInfo).dsVersaoCondicoes;

export function choiceHistory(events: readonly ReceivedEvent[]): ChoiceHistory {
  const history: ChoiceHistory = { unsent: false, sending: false };
  // A send without an answer, or refused with 'ERRO', stays "on its way" (its fate unknown,
  // said neither sent nor not) until a read of the request answers: a read that fails too
  // leaves it unknown.
  let readingBack = false;
  let conditions: string | undefined;
  for (const event of events) {
    if (event.type === 'AGREE' || event.type === 'DECLINE' || event.type === 'ACKNOWLEDGE') history.unsent = true;
    else if (event.type === 'UNACKNOWLEDGE') history.unsent = false;
    else if (event.type === 'SEND_CONFIRMED') history.sending = true;
    else if (event.type === 'xstate.error.actor.generateAcceptance' || isRefusedAcceptance(event)) readingBack = true;
    else if (event.type === 'xstate.done.actor.generateAcceptance') Object.assign(history, { unsent: false, sending: false });
    else if (readingBack && event.type === 'xstate.done.actor.loadTrackingData') {
      readingBack = false;
      history.sending = false;
      if (recordedChoice(outputOf(event) as TrackingInfo) !== null || conditionsOf(event) !== conditions) history.unsent = false;
    }
    if (event.type === 'xstate.done.actor.loadTrackingData') conditions = conditionsOf(event);
  }
  return history;
}

/** The person's last choice in this visit, by the events ('Estou ciente' unticked: none). */
function madeChoice(events: readonly ReceivedEvent[]): 'S' | 'N' | null {
  const last = events.findLast((event) => ['AGREE', 'DECLINE', 'ACKNOWLEDGE', 'UNACKNOWLEDGE'].includes(event.type));
  return last?.type === 'DECLINE' ? 'N' : last?.type === 'AGREE' || last?.type === 'ACKNOWLEDGE' ? 'S' : null;
}

/** The answer the server held at its last read of the request (the choice recorded in it), if any. */
function lastReadChoice(events: readonly ReceivedEvent[]): 'S' | 'N' | null {
  const read = events.findLast((event) => event.type === 'xstate.done.actor.loadTrackingData');
  return read ? recordedChoice(outputOf(read) as TrackingInfo) : null;
}

/**
 * What the screen and the server hold, by what happened: the option on screen is the person's
 * last pick, or the answer a later read brought back (SPEC §4: a recorded answer is shown
 * chosen, and 'Não aceito' stays locked); the server holds what its last read answered, or
 * what an acceptance call took after it (one that answered a document).
 */
function choiceState(events: readonly ReceivedEvent[]): { shown: 'S' | 'N' | null; held: 'S' | 'N' | null } {
  let shown: 'S' | 'N' | null = null;
  let held: 'S' | 'N' | null = null;
  let conditions: string | undefined;
  for (const event of events) {
    if (event.type === 'AGREE' || event.type === 'ACKNOWLEDGE') shown = 'S';
    else if (event.type === 'DECLINE') shown = 'N';
    else if (event.type === 'UNACKNOWLEDGE') shown = null;
    // SPEC §8: an 'ERRO' answer recorded nothing.
    else if (event.type === 'xstate.done.actor.generateAcceptance' && !isRefusedAcceptance(event)) held = shown;
    else if (event.type === 'xstate.done.actor.loadTrackingData') {
      held = recordedChoice(outputOf(event) as TrackingInfo);
      // Conditions changed since the last read: a pick made to the old ones is void.
      if (conditionsOf(event) !== conditions && conditions !== undefined) shown = null;
      if (held !== null) shown = held;
      conditions = conditionsOf(event);
    }
  }
  return { shown, held };
}

/** 'Finalizar' may record something: a choice on screen that is not the one the server holds. */
function mayFinalize(events: readonly ReceivedEvent[]): boolean {
  const { shown, held } = choiceState(events);
  return shown !== null && shown !== held;
}

/** The states that hold a choice or a file not (known to be) on the server: a draft, its confirmation, the leave question, its sending, its read-back; a file in hand. */
const HOLDS_UNSENT: unknown[] = [
  { ready: { awaitingAcknowledgement: { typeOne: 'agreed' } } },
  { ready: { awaitingAcknowledgement: { typeOne: 'declined' } } },
  { ready: { awaitingAcknowledgement: { typeTwo: 'aware' } } },
  { ready: { awaitingAcknowledgement: 'confirmingSend' } },
  { ready: { awaitingAcknowledgement: 'confirmingLeave' } },
  { ready: { awaitingAcknowledgement: 'generatingAcceptance' } },
  // A send without an answer, being read back: it may not be on the server.
  { ready: { awaitingAcknowledgement: 'checkingSend' } },
  // Status 2: a file in hand, being made ready, or on its way (found by an exploratory run: a reload dropped it unasked).
  { ready: { pendingDocuments: 'fileChosen' } },
  { ready: { pendingDocuments: 'preparing' } },
  { ready: { pendingDocuments: 'sending' } },
];
const holdsUnsent = (snapshot: S) => HOLDS_UNSENT.some((value) => snapshot.matches(value as never));

/**
 * The error screen after a send's read-back failed: the choice's fate is unknown (the send
 * unanswered or refused, not read back since) and 'Tentar novamente' keeps it.
 */
function sendUnresolvedOnError(snapshot: S, events: readonly ReceivedEvent[]): boolean {
  if (!snapshot.matches('failed')) return false;
  const { unsent, sending } = choiceHistory(events);
  return unsent && sending;
}

/** The states whose screen says the answer is recorded: the panel's notes and 'Você está quase lá'. */
const CLAIMS_RECORDED: unknown[] = [
  { ready: { awaitingAcknowledgement: { typeOne: 'agreementRecorded' } } },
  { ready: { awaitingAcknowledgement: { typeOne: 'declineRecorded' } } },
  { ready: { awaitingAcknowledgement: { typeTwo: 'awarenessRecorded' } } },
  'avisoModal',
];
const claimsRecorded = (snapshot: S) => CLAIMS_RECORDED.some((value) => snapshot.matches(value as never));
const onStatusSix = (snapshot: S) => snapshot.matches({ ready: 'awaitingAcknowledgement' });

export const trackingRules: readonly Invariant<M>[] = [
  {
    rule: 'a choice is said to be recorded only after the acceptance call answered it: nothing claims it final before the server has it (issue 25)',
    holds: ({ snapshot, trace, events }) => {
      if (!claimsRecorded(snapshot)) return true;
      const { unsent, sending } = choiceHistory(events);
      if (unsent || sending) return `says recorded with a choice ${sending ? 'still being sent' : 'never sent'}`;
      // 'Você está quase lá' answers this visit's agreement: the acceptance of the last 'Enviar'.
      const lastSend = traced.lastOf(trace, 'event:SEND_CONFIRMED', 'event:xstate.done.actor.generateAcceptance');
      if (snapshot.matches('avisoModal') && lastSend !== 'event:xstate.done.actor.generateAcceptance')
        return "'Você está quase lá' without an acceptance answered after the last 'Enviar'";
      return true;
    },
    // While the choice is unsent the panel says so, and neither says nor shows it recorded.
    seen: (page, { snapshot, events }) => {
      const { unsent, sending } = choiceHistory(events);
      if (!(unsent || sending) || !onStatusSix(snapshot)) return null;
      return {
        all: [
          { hidden: page.getByTestId('acknowledgement-recorded') },
          { hidden: page.getByRole('dialog', { name: TEXT.avisoTitle }) },
          ...(sending ? [] : [{ visible: page.getByTestId('acknowledgement-unsent') }]),
        ],
      };
    },
  },
  {
    rule: 'an answer the server was last read to hold is never said to be unsent: a send whose answer was lost is read back before the screen says anything of it (found by an exploratory run)',
    holds: ({ snapshot, events }) => {
      const held = lastReadChoice(events);
      if (held === null || !snapshot.hasTag('unsentChoice') || madeChoice(events) !== held) return true;
      return `'${held}' said unsent while the server's last answer holds it`;
    },
    seen: (page, { snapshot, events }) => {
      const held = lastReadChoice(events);
      return held !== null && onStatusSix(snapshot) && madeChoice(events) === held
        ? { hidden: page.getByTestId('acknowledgement-unsent') }
        : null;
    },
  },
  {
    rule: "leaving with a choice not sent asks first: the screen is left only by 'Sair sem enviar' / 'Encerrar sem enviar' (issue 25)",
    holds: ({ snapshot, trace, events }) => {
      if (!snapshot.matches('exited')) return true;
      const { unsent, sending } = choiceHistory(events);
      // On its way, the choice is no longer a draft: leaving then loses nothing the screen promised.
      if (!unsent || sending) return true;
      const last = [...trace].reverse().find((entry) => entry.startsWith('event:'));
      return last === 'event:LEAVE_CONFIRMED' || `left by ${last} with a choice never sent, without asking`;
    },
  },
  {
    rule: 'closing or reloading the tab asks first exactly while the screen holds a choice or a file not on the server (issue 25)',
    holds: ({ snapshot, trace, events }) => {
      const expected = holdsUnsent(snapshot) || sendUnresolvedOnError(snapshot, events);
      const armed = traced.lastOf(trace, 'action:armUnloadWarning', 'action:disarmUnloadWarning') === 'action:armUnloadWarning';
      return armed === expected || `the tab's prompt is ${armed ? 'on' : 'off'} in ${JSON.stringify(snapshot.value)}`;
    },
  },
  {
    rule: "status 6: 'Finalizar' is enabled only once a choice is made that the server does not hold yet (SPEC §2, §4)",
    holds: ({ snapshot, events }) => {
      if (!choosing(snapshot)) return true;
      const can = snapshot.can({ type: 'FINALIZE' });
      const { shown, held } = choiceState(events);
      return can === mayFinalize(events) || `'Finalizar' ${can ? 'enabled' : 'disabled'} with ${shown} chosen and ${held} recorded`;
    },
    seen: (page, { snapshot, events }) => {
      if (!choosing(snapshot)) return null;
      const button = page.getByRole('button', { name: TEXT.finalize, exact: true });
      return mayFinalize(events) ? { enabled: button } : { disabled: button };
    },
  },
  {
    rule: "status 6: 'Não aceito' is recorded once — no acceptance document answers 'N' again (SPEC §4)",
    holds: ({ snapshot, events }) => {
      if (!snapshot.matches({ ready: { awaitingAcknowledgement: 'generatingAcceptance' } })) return true;
      const { shown, held } = choiceState(events);
      return !(shown === 'N' && held === 'N') || "generating a second 'Não aceito'";
    },
  },
  {
    rule: "'Você está quase lá' opens only after an agreement's acceptance document was generated (SPEC §4)",
    holds: ({ snapshot, trace, events }) => {
      if (!snapshot.matches('avisoModal')) return true;
      if (!trace.includes('event:xstate.done.actor.generateAcceptance')) return 'no acceptance document answered';
      const { held } = choiceState(events);
      return held === 'S' || `opened with ${held} sent`;
    },
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
  // Status 2, the pending documents (issue 25 item 3).
  ...pendingDocumentsRules,
  // Sign after reading and withdrawal (issue 25 items 5 and 7).
  ...signAndWithdrawRules,
  // SPEC §4's locks: an agreement, a signature (issue 29).
  ...lockRules,
  // What each state lets the user do (issue 29: the per-state markers, as rules).
  ...offerRules,
  // The lists beside the request: a failed read said, never shown empty; status 3's terms known before finalizing.
  ...readRules,
];
