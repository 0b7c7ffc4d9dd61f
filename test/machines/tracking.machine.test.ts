/**
 * The tracking machine, driven along the paths `xstate/graph` finds: every state node and
 * every transition of the chart is reached by a live actor (fake actors the test settles),
 * and each step is checked against the model and against the SPEC rule it stands for.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from 'xstate/graph';
import { canSign } from '../../machines/tracking.helpers';
import { MESSAGES, TEXT, trackingMachine, type TrackingEvent, type TrackingInfo } from '../../machines/tracking.machine';
import {
  ACCEPTANCE_LINK,
  ATTACHED,
  HISTORY,
  INPUT,
  OPERATOR_NAME,
  PENDING,
  PENDING_FILES,
  TERMS,
  TRACKINGS,
  allStateNodes,
  allTransitionKeys,
  eventsFor,
  startLiveTracking,
  type LiveTracking,
} from './tracking.fixtures';

type Snapshot = ReturnType<LiveTracking['actor']['getSnapshot']>;

const traversal = {
  events: eventsFor as unknown as (snapshot: Snapshot) => TrackingEvent[],
  input: INPUT,
};

const can = (snapshot: Snapshot, type: TrackingEvent['type'], extra: Record<string, unknown> = {}) =>
  snapshot.can({ type, ...extra } as TrackingEvent);

const leafOf = (snapshot: Snapshot) =>
  snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.path.join('.'));

/** What each screen state lets the user do: the UI markers of every resting state. */
/** A closing status (4, 5, 7): only leaving. */
const closedPanel = (flStatus: number) => (s: Snapshot) => {
  expect(s.context.tracking?.flStatus).toBe(flStatus);
  expect(can(s, 'RETURN')).toBe(true);
  expect(can(s, 'END_SESSION')).toBe(true);
  expect(can(s, 'FINALIZE')).toBe(false);
  expect(can(s, 'AGREE')).toBe(false);
  expect(can(s, 'ACKNOWLEDGE')).toBe(false);
};

const MARKERS: Record<string, (s: Snapshot) => void> = {
  // The four reads run together; until all four have answered nothing can be done but leaving
  // (the overlay does not stop the keyboard).
  ...Object.fromEntries(
    ['trackingData', 'attachedDocuments', 'documentsToSign', 'history'].flatMap((region) =>
      ['loading', 'settled'].map((leaf) => [
        `loading.${region}.${leaf}`,
        (s: Snapshot) => {
          expect(can(s, 'FINALIZE')).toBe(false);
          expect(can(s, 'AGREE')).toBe(false);
          expect(can(s, 'RETURN')).toBe(true);
          expect(can(s, 'END_SESSION')).toBe(true);
        },
      ]),
    ),
  ),
  failed: (s) => {
    expect(can(s, 'RETRY')).toBe(true);
    expect(can(s, 'RETURN')).toBe(true);
    expect(can(s, 'END_SESSION')).toBe(true);
  },
  loginRequired: (s) => {
    expect(s.context.tracking?.cdSolicitacao).toBeNull();
    expect(can(s, 'LOG_IN_AGAIN')).toBe(true);
    expect(can(s, 'RETURN')).toBe(true);
    expect(can(s, 'END_SESSION')).toBe(true);
    expect(can(s, 'FINALIZE')).toBe(false);
  },
  'ready.analysis': (s) => {
    expect([2, 3, 4, 5, 6, 7]).not.toContain(s.context.tracking?.flStatus);
    expect(can(s, 'RETURN')).toBe(true);
    expect(can(s, 'END_SESSION')).toBe(true);
    expect(can(s, 'FINALIZE')).toBe(false); // the panel shows 'Retornar', not 'Finalizar'
    expect(can(s, 'AGREE')).toBe(false);
    expect(can(s, 'ACKNOWLEDGE')).toBe(false);
  },
  // Status 2: the pending list; a file chosen can be sent or removed; while it goes, nothing else.
  'ready.pendingDocuments.listing': (s) => {
    expect(s.context.tracking?.flStatus).toBe(2);
    expect(s.context.pendingFile).toBeNull();
    expect(can(s, 'PENDING_FILE_SEND')).toBe(false);
    expect(can(s, 'RETURN')).toBe(true);
    expect(can(s, 'FINALIZE')).toBe(false);
  },
  'ready.pendingDocuments.fileChosen': (s) => {
    expect(s.context.pendingFile).not.toBeNull();
    expect(can(s, 'PENDING_FILE_SEND')).toBe(true);
    expect(can(s, 'PENDING_FILE_REMOVED')).toBe(true);
  },
  // A photo being made ready: nothing else can be chosen, sent or removed until it is ready, refused or cancelled.
  'ready.pendingDocuments.preparing': (s) => {
    expect(s.context.pendingPreparing).not.toBeNull();
    expect(can(s, 'PENDING_PREPARATION_CANCELLED')).toBe(true);
    expect(can(s, 'PENDING_FILE_SEND')).toBe(false);
    expect(can(s, 'PENDING_FILE_REMOVED')).toBe(false);
  },
  'ready.pendingDocuments.sending': (s) => {
    expect(s.context.pendingFile).not.toBeNull();
    expect(can(s, 'PENDING_FILE_SEND')).toBe(false);
    expect(can(s, 'PENDING_FILE_REMOVED')).toBe(false);
  },
  'ready.refused': closedPanel(4),
  'ready.cancelled': closedPanel(5),
  'ready.contractActive': closedPanel(7),
  // Cancelled at the holder's request (issue 25): closed, and not withdrawable again.
  'ready.withdrawn': (s) => {
    expect(s.context.tracking?.flStatus).toBe(5);
    expect(s.context.tracking?.dtDesistencia).toBeTruthy();
    expect(can(s, 'WITHDRAW')).toBe(false);
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'RETURN')).toBe(true);
  },
  'withdrawal.confirming': (s) => {
    expect([1, 2]).toContain(s.context.tracking?.flStatus);
    expect(can(s, 'WITHDRAW_CONFIRMED')).toBe(true);
    expect(can(s, 'WITHDRAW_CANCELLED')).toBe(true);
    expect(can(s, 'RETURN')).toBe(false);
  },
  'withdrawal.withdrawing': (s) => {
    expect(can(s, 'WITHDRAW_CONFIRMED')).toBe(false);
    expect(can(s, 'RETURN')).toBe(false);
  },
  'ready.awaitingAcknowledgement.typeOne.undecided': (s) => {
    expect(s.context.tracking?.cdStatusPort).toBe(1);
    expect(s.context.tracking?.flConcordo).toBeNull();
    expect(can(s, 'FINALIZE')).toBe(false); // 'Finalizar' disabled until a choice
    expect(can(s, 'AGREE')).toBe(true);
    expect(can(s, 'DECLINE')).toBe(true);
  },
  // A choice made and not sent: it may change, 'Finalizar' asks before sending it, leaving asks first.
  'ready.awaitingAcknowledgement.typeOne.declined': (s) => {
    expect(s.hasTag('unsentChoice')).toBe(true);
    expect(can(s, 'DECLINE')).toBe(false); // already the choice
    expect(can(s, 'AGREE')).toBe(true);
    expect(can(s, 'FINALIZE')).toBe(true);
    expect(can(s, 'RETURN')).toBe(true);
  },
  'ready.awaitingAcknowledgement.typeOne.agreed': (s) => {
    expect(s.hasTag('unsentChoice')).toBe(true);
    expect(can(s, 'AGREE')).toBe(false);
    // 'Não aceito' is sent once: once the server holds it, it cannot be chosen again.
    expect(can(s, 'DECLINE')).toBe(s.context.tracking?.flConcordo !== 'N');
    expect(can(s, 'FINALIZE')).toBe(true);
  },
  'ready.awaitingAcknowledgement.confirmingSend': (s) => {
    expect(s.context.choice).not.toBeNull();
    expect(s.context.choice).not.toBe(s.context.tracking?.flConcordo ?? null);
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'AGREE')).toBe(false);
    expect(can(s, 'DECLINE')).toBe(false);
    expect(can(s, 'UNACKNOWLEDGE')).toBe(false);
    expect(can(s, 'SEND_CONFIRMED')).toBe(true);
    expect(can(s, 'SEND_CANCELLED')).toBe(true);
  },
  'ready.awaitingAcknowledgement.confirmingLeave': (s) => {
    expect(s.context.choice).not.toBeNull();
    expect(s.context.leaving).not.toBeNull();
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'LEAVE_CONFIRMED')).toBe(true);
    expect(can(s, 'LEAVE_CANCELLED')).toBe(true);
  },
  // Recorded on the server: finalizing again would record it twice (a second document).
  'ready.awaitingAcknowledgement.typeOne.declineRecorded': (s) => {
    expect(s.context.tracking?.flConcordo).toBe('N');
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'DECLINE')).toBe(false);
    expect(can(s, 'AGREE')).toBe(true); // one may still agree
  },
  'ready.awaitingAcknowledgement.typeOne.agreementRecorded': (s) => {
    expect(s.context.tracking?.flConcordo).toBe('S');
    expect(s.context.choice).toBe('S');
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'AGREE')).toBe(false);
    expect(can(s, 'DECLINE')).toBe(false);
  },
  'ready.awaitingAcknowledgement.typeTwo.awarenessRecorded': (s) => {
    expect(s.context.tracking?.flConcordo).toBe('S');
    expect(s.context.choice).toBe('S');
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'ACKNOWLEDGE')).toBe(false);
  },
  'ready.awaitingAcknowledgement.typeTwo.unaware': (s) => {
    expect(s.context.tracking?.cdStatusPort).not.toBe(1);
    expect(s.context.tracking?.flConcordo).not.toBe('S');
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'ACKNOWLEDGE')).toBe(true);
    expect(can(s, 'AGREE')).toBe(false);
  },
  'ready.awaitingAcknowledgement.typeTwo.aware': (s) => {
    expect(s.hasTag('unsentChoice')).toBe(true);
    expect(can(s, 'ACKNOWLEDGE')).toBe(false);
    expect(can(s, 'UNACKNOWLEDGE')).toBe(true); // not sent: it may be unticked
    expect(can(s, 'FINALIZE')).toBe(true);
  },
  'ready.awaitingAcknowledgement.generatingAcceptance': (s) => {
    expect(s.hasTag('unsentChoice')).toBe(false); // on its way: no longer a draft
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'AGREE')).toBe(false);
    expect(can(s, 'DECLINE')).toBe(false);
  },
  'ready.awaitingAcknowledgement.checkingSend': (s) => {
    expect(s.hasTag('unsentChoice')).toBe(false); // its fate unknown: neither a draft nor recorded
    expect(can(s, 'FINALIZE')).toBe(false);
    expect(can(s, 'AGREE')).toBe(false);
    expect(can(s, 'DECLINE')).toBe(false);
    expect(can(s, 'UNACKNOWLEDGE')).toBe(false);
  },
  'ready.accepted.signing': (s) => {
    expect(s.context.tracking?.flStatus).toBe(3);
    // Status 3: the acknowledgement options are disabled, the choice comes from flConcordo.
    expect(can(s, 'AGREE')).toBe(false);
    expect(can(s, 'DECLINE')).toBe(false);
    expect(can(s, 'ACKNOWLEDGE')).toBe(false);
    expect(s.context.choice).toBe(s.context.tracking?.flConcordo === 'S' ? 'S' : s.context.tracking?.flConcordo === 'N' ? 'N' : null);
    expect(can(s, 'FINALIZE')).toBe(true);
    for (const term of s.context.documentsToSign) {
      // Sign after reading: ticked only once opened (checked → disabled); 'Abrir' always answers.
      const opened = s.context.openedTerms.includes(term.cdFileDocumento) || Boolean(term.dtLeitura);
      const sound = !term.linkUrl.startsWith('javascript:');
      expect(can(s, 'SIGN_DOCUMENT', { cdFileDocumento: term.cdFileDocumento })).toBe(!term.flAssinado && opened && sound);
      expect(can(s, 'OPEN_TERM', { cdFileDocumento: term.cdFileDocumento })).toBe(true);
      expect(canSign(s.context.documentsToSign, term.cdFileDocumento)).toBe(!term.flAssinado && !term.linkUrl.startsWith('javascript:'));
    }
  },
  'ready.accepted.recordingSignature': (s) => {
    expect(s.context.signing).not.toBeNull();
    expect(can(s, 'FINALIZE')).toBe(false);
  },
  'ready.accepted.refreshingDocuments': (s) => expect(can(s, 'FINALIZE')).toBe(false),
  'ready.accepted.finalizing': (s) => expect(can(s, 'FINALIZE')).toBe(false),
  'ready.accepted.loadingOperatorName': (s) => expect(can(s, 'FINALIZE')).toBe(false),
  avisoModal: (s) => {
    expect(s.context.tracking?.cdStatusPort).toBe(1);
    expect(s.context.choice).toBe('S');
    expect(can(s, 'CLOSE_MODAL')).toBe(true);
    expect(can(s, 'RETURN')).toBe(false); // a modal: only its button
    expect(can(s, 'END_SESSION')).toBe(false);
  },
  bemvindoModal: (s) => {
    expect(can(s, 'CLOSE_MODAL')).toBe(true);
    expect(can(s, 'RETURN')).toBe(false);
    expect(can(s, 'END_SESSION')).toBe(false);
  },
  exited: (s) => expect(s.status).toBe('done'),
};

const UNLOAD_ACTIONS = new Set(['armUnloadWarning', 'disarmUnloadWarning']);
/** The states in which a choice is unsent: chosen, being confirmed, asked about on leaving, or on its way. */
const UNSENT_STATES = [
  'ready.awaitingAcknowledgement.typeOne.agreed',
  'ready.awaitingAcknowledgement.typeOne.declined',
  'ready.awaitingAcknowledgement.typeTwo.aware',
  'ready.awaitingAcknowledgement.confirmingSend',
  'ready.awaitingAcknowledgement.confirmingLeave',
  'ready.awaitingAcknowledgement.generatingAcceptance',
  'ready.awaitingAcknowledgement.checkingSend',
  // Status 2: a file in hand, being made ready or on its way.
  'ready.pendingDocuments.fileChosen',
  'ready.pendingDocuments.preparing',
  'ready.pendingDocuments.sending',
];
/** Whether the app's "leave the page?" prompt is on, after the arm / disarm calls so far. */
const unloadArmed = (live: LiveTracking) =>
  live.calls.filter((c) => UNLOAD_ACTIONS.has(c.type)).reduce((armed, c) => c.type === 'armUnloadWarning', false);
/** A choice made in this visit that the server does not hold, and not on its way to it (nor being read back). */
const holdsUnsentChoice = (s: Snapshot) =>
  s.context.choice !== null &&
  s.context.choice !== (s.context.tracking?.flConcordo ?? null) &&
  s.matches({ ready: 'awaitingAcknowledgement' }) &&
  !s.matches({ ready: { awaitingAcknowledgement: 'generatingAcceptance' } }) &&
  !s.matches({ ready: { awaitingAcknowledgement: 'checkingSend' } });

/** The SPEC rule behind each step, checked on what the live actor did. */
function checkStep(before: Snapshot, event: AnyEventObject, after: Snapshot, live: LiveTracking, callsFrom: number, startedFrom: number) {
  // The tab's prompt (beforeunload) is on exactly while a choice is unsent; it is checked
  // here once for every step, so the cases below leave its calls out. A send's read-back that
  // failed leaves the choice's fate unknown on the error screen: it still asks.
  const readBackFailed = after.matches('failed') && before.matches({ ready: { awaitingAcknowledgement: 'checkingSend' } });
  expect(unloadArmed(live)).toBe(readBackFailed || UNSENT_STATES.some((state) => after.matches(state as never)));
  // Leaving the status 2 panel, any way, lets go of the bytes it held: checked once here too.
  const onPanel = (s: Snapshot) => s.matches({ ready: 'pendingDocuments' });
  const heldBefore = [before.context.pendingFile?.id, before.context.pendingPreparing?.file.id].filter((id) => id !== undefined);
  expect(live.calls.slice(callsFrom).filter((c) => c.type === 'releasePendingFiles')).toEqual(
    onPanel(before) && !onPanel(after) ? [{ type: 'releasePendingFiles', params: { ids: heldBefore } }] : [],
  );
  const calls = live.calls.slice(callsFrom).filter((c) => !UNLOAD_ACTIONS.has(c.type) && c.type !== 'releasePendingFiles');
  const started = live.started.slice(startedFrom);
  const home = { type: 'navigateHome', params: { cdEmpresaPlano: INPUT.cdEmpresaPlano } };
  const sessionEnded = { type: 'notify', params: { level: 'info', message: MESSAGES.sessionEnded } };
  const wasIn = (path: string) => before.matches(path as never);

  // The screen's four reads start together, each for the stored protocol: one wait on the
  // network, not two.
  if (after.matches('loading') && !wasIn('loading')) {
    expect(started.map((s) => s.id)).toEqual(['loadTrackingData', 'loadAttachedDocuments', 'loadDocumentsToSign', 'loadHistory']);
    for (const read of started) expect(read.input).toEqual({ protocolo: INPUT.protocolo });
  }

  switch (event.type) {
    case 'CLOSE_MODAL':
    case 'LOG_IN_AGAIN':
      expect(calls).toEqual([{ type: 'clearTrackingSession' }, home]);
      break;
    case 'RETURN':
    case 'END_SESSION':
      if (holdsUnsentChoice(before)) {
        // A choice not sent: leaving asks first, and nothing ends yet.
        expect(after.matches({ ready: { awaitingAcknowledgement: 'confirmingLeave' } })).toBe(true);
        expect(after.context.leaving).toBe(event.type);
        expect(calls).toEqual([]);
      } else if (event.type === 'RETURN') {
        // Leaving ends the session: the guard then keeps #/acompanhamento shut.
        expect(calls).toEqual([{ type: 'endSession' }, home]);
      } else {
        expect(calls).toEqual([{ type: 'endSession' }, sessionEnded, home]);
      }
      break;
    case 'LEAVE_CONFIRMED':
      // Leaving anyway, the way the holder asked for; the unsent choice is lost, nothing is sent.
      expect(started).toEqual([]);
      expect(calls).toEqual(
        before.context.leaving === 'END_SESSION' ? [{ type: 'endSession' }, sessionEnded, home] : [{ type: 'endSession' }, home],
      );
      break;
    case 'LEAVE_CANCELLED':
    case 'SEND_CANCELLED':
      // Staying, or not sending: the choice is as it was, still unsent.
      expect(calls).toEqual([]);
      expect(started).toEqual([]);
      expect(after.context.choice).toBe(before.context.choice);
      expect(after.hasTag('unsentChoice')).toBe(true);
      break;
    case 'AGREE':
    case 'DECLINE':
    case 'ACKNOWLEDGE':
    case 'UNACKNOWLEDGE': {
      const said = {
        AGREE: MESSAGES.agreeChosen,
        DECLINE: MESSAGES.declineChosen,
        ACKNOWLEDGE: MESSAGES.awareChosen,
        UNACKNOWLEDGE: MESSAGES.awareUnchosen,
      }[event.type];
      expect(calls).toEqual([{ type: 'announce', params: { message: said } }]);
      expect(started).toEqual([]); // a choice records nothing until it is sent
      break;
    }
    case 'xstate.done.actor.recordSignature': {
      const term = before.context.documentsToSign.find((d) => d.cdFileDocumento === before.context.signing)!;
      expect(calls).toEqual([{ type: 'announce', params: { message: MESSAGES.signatureRecorded(term.documento) } }]);
      break;
    }
    case 'VIEW_DOCUMENT':
      expect(calls).toEqual([{ type: 'openDocument', params: { linkUrl: event.linkUrl } }]);
      break;
    case 'OPEN_TERM': {
      // Opening reads, never signs: a sound link not yet opened is opened as a term (and
      // remembered); one opened already or not http(s) goes to openDocument (which refuses the latter).
      const term = before.context.documentsToSign.find((d) => d.cdFileDocumento === event.cdFileDocumento)!;
      const first =
        !term.linkUrl.startsWith('javascript:') && !before.context.openedTerms.includes(term.cdFileDocumento) && !term.dtLeitura;
      expect(calls[0]).toEqual({ type: first ? 'openTerm' : 'openDocument', params: { linkUrl: term.linkUrl } });
      expect(after.context.openedTerms.includes(term.cdFileDocumento)).toBe(
        first || before.context.openedTerms.includes(term.cdFileDocumento),
      );
      expect(started).toEqual([]);
      break;
    }
    case 'SIGN_DOCUMENT':
      // Only an opened term can be ticked, and ticking opens nothing (it was read already).
      expect(calls).toEqual([]);
      expect(before.context.openedTerms).toContain(event.cdFileDocumento);
      expect(started).toEqual([{ id: 'recordSignature', input: { cdFileDocumento: event.cdFileDocumento } }]);
      break;
    case 'FINALIZE':
      if (wasIn('ready.accepted')) {
        if (before.context.unreadLists.includes('documentsToSign')) {
          // Terms not read are not terms known signed: a warning, nothing sent.
          expect(calls).toEqual([{ type: 'notify', params: { level: 'warning', message: MESSAGES.termsUnreadOnFinalize } }]);
          expect(started).toEqual([]);
        } else if (before.context.documentsToSign.every((d) => d.flAssinado)) {
          expect(started).toEqual([{ id: 'finalizeRequest', input: { tipo: '9', cd_solicitacao: 77 } }]);
        } else {
          expect(calls).toEqual([{ type: 'notify', params: { level: 'warning', message: TEXT.unsignedDocuments } }]);
          expect(started).toEqual([]); // nothing is sent
          expect(after.value).toEqual(before.value);
        }
      } else if (wasIn('ready.awaitingAcknowledgement')) {
        // 'Finalizar' only asks: the choice and its consequences, before anything is sent.
        expect(started).toEqual([]);
        expect(calls).toEqual([]);
        expect(after.matches({ ready: { awaitingAcknowledgement: 'confirmingSend' } })).toBe(true);
      } else {
        expect.fail('FINALIZE is enabled only in status 3 or 6');
      }
      break;
    case 'SEND_CONFIRMED': {
      const typeOne = before.context.tracking?.cdStatusPort === 1;
      expect(started).toEqual([
        {
          id: 'generateAcceptance',
          input: {
            tipo: '9',
            fl_tipo: typeOne ? 'D' : 'I',
            fl_ciente: before.context.choice === 'S' ? 'S' : 'N',
            cd_solicitacao: 77,
            // The conditions the screen showed: changed since, the server records nothing.
            versao_condicoes: before.context.tracking?.dsVersaoCondicoes,
          },
        },
      ]);
      expect(calls).toEqual([]); // nothing is said recorded before the server answers
      break;
    }
    case 'xstate.done.actor.generateAcceptance':
    case 'xstate.error.actor.generateAcceptance':
      if (event.type.includes('error') || event.output === 'ERRO') {
        expect(calls).toEqual([{ type: 'notify', params: { level: 'error', message: TEXT.acceptanceError } }]);
        // No answer, or refused ('ERRO': another tab's answer may be recorded): read back
        // before anything is said of it.
        expect(after.matches({ ready: { awaitingAcknowledgement: 'checkingSend' } })).toBe(true);
        expect(after.context.choice).toBe(before.context.choice); // the choice survives the error
        expect(started).toEqual([{ id: 'loadTrackingData', input: { protocolo: INPUT.protocolo } }]);
      } else if (before.context.tracking?.cdStatusPort === 1 && before.context.choice === 'S') {
        expect(after.matches('avisoModal')).toBe(true);
        expect(calls).toEqual([]); // the modal is the answer
      } else {
        // Declined (type 1) or aware (type 2): said at once, then the screen reloads its new state.
        const message = before.context.choice === 'N' ? MESSAGES.declineRecorded : MESSAGES.awarenessRecorded;
        expect(calls).toEqual([
          { type: 'notify', params: { level: 'success', message } },
          { type: 'announce', params: { message } },
        ]);
        expect(after.matches('loading')).toBe(true);
      }
      break;
    case 'xstate.done.actor.loadTrackingData':
      if (wasIn('ready.awaitingAcknowledgement.checkingSend')) {
        // A send read back: recorded, it is said so and the screen reads it all; else the draft stays, said unsent.
        const recorded = event.output.flConcordo !== before.context.tracking?.flConcordo ? event.output.flConcordo : null;
        // Nothing recorded, and the conditions are not the ones shown: the choice was to the old ones.
        if (!recorded && event.output.dsVersaoCondicoes !== before.context.tracking?.dsVersaoCondicoes) {
          expect(calls).toEqual([
            { type: 'notify', params: { level: 'warning', message: MESSAGES.conditionsChanged } },
            { type: 'announce', params: { message: MESSAGES.conditionsChanged } },
          ]);
          expect(after.matches('loading') && after.context.choice === null).toBe(true);
          break;
        }
        const message =
          recorded === 'N'
            ? MESSAGES.declineRecorded
            : event.output.cdStatusPort === 1
              ? MESSAGES.agreementRecorded
              : MESSAGES.awarenessRecorded;
        expect(calls).toEqual(
          recorded
            ? [
                { type: 'notify', params: { level: 'success', message } },
                { type: 'announce', params: { message } },
              ]
            : [],
        );
        expect(after.matches('loading')).toBe(recorded !== null);
        if (!recorded) expect(after.hasTag('unsentChoice') && after.context.choice === before.context.choice).toBe(true);
        break;
      }
      // The other reads started with this one: its answer starts nothing.
      expect(started).toEqual([]);
      if (event.output === TRACKINGS.restricted) expect(after.value).toBe('loginRequired');
      break;
    case 'xstate.done.actor.loadOperatorName':
      expect(after.matches('bemvindoModal')).toBe(true);
      expect(after.context.operatorName).toBe(OPERATOR_NAME);
      break;
    case 'xstate.error.actor.loadOperatorName':
      expect(after.matches('bemvindoModal')).toBe(true);
      break;
    default:
      break;
  }
}

/** Plays a path on a fresh live actor, checking model, rule and UI marker at each step. */
async function walk(steps: Array<{ event: AnyEventObject; state: Snapshot }>, live = startLiveTracking()) {
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    const before = live.actor.getSnapshot();
    const callsFrom = live.calls.length;
    const startedFrom = live.started.length;
    await live.play(step.event);
    const after = live.actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expect(after.context).toEqual(step.state.context);
    checkStep(before, step.event, after, live, callsFrom, startedFrom);
    for (const leaf of leafOf(after)) {
      const marker = MARKERS[leaf];
      if (!marker) throw new Error(`no UI marker for state ${leaf}`);
      marker(after);
    }
  }
  return live;
}

describe('tracking machine paths', () => {
  const adjacency = getAdjacencyMap(trackingMachine, traversal);
  const shortest = new Map<string, { steps: Array<{ event: AnyEventObject; state: Snapshot }> }>(
    getShortestPaths(trackingMachine, traversal).map((path) => [serializeSnapshot(path.state), path]),
  );

  // One path per distinct move of the chart: the shortest way to its source, plus the move.
  const plans = new Map<string, Array<{ event: AnyEventObject; state: Snapshot }>>();
  for (const [key, { state, transitions }] of Object.entries(adjacency) as Array<[string, (typeof adjacency)[keyof typeof adjacency]]>) {
    const prefix = shortest.get(key);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const move = JSON.stringify([
        state.value,
        event.type,
        'output' in event ? event.output === 'ERRO' : null,
        next.value,
        // Signing moves differ by how many terms are already signed (the last one allows finishing).
        state.context.documentsToSign.filter((d) => d.flAssinado).length,
        // Leaving anyway differs by the way out asked for ('Sair' or 'Encerrar sessão').
        state.context.leaving,
        // 'Finalizar' differs by whether the terms were read at all.
        state.context.unreadLists.length,
        // A read-back finds an answer recorded, or the conditions the operator changed meanwhile.
        (event.type as string) === 'xstate.done.actor.loadTrackingData'
          ? (event as unknown as { output: TrackingInfo }).output.dsVersaoCondicoes === state.context.tracking?.dsVersaoCondicoes
          : null,
        // Status 2: a file chosen is kept, refused by SPEC §5's checks (the empty one), or waits
        // while another document's file is in hand.
        event.type === 'PENDING_FILE_CHOSEN'
          ? [
              (event as { file: { size: number } }).file.size === 0,
              state.context.pendingFile !== null &&
                state.context.pendingFile.cdTipoDocumento !== (event as { cdTipoDocumento: number }).cdTipoDocumento,
            ]
          : null,
      ]);
      const steps = [...prefix.steps, { event, state: next }];
      const known = plans.get(move);
      if (!known || known.length > steps.length) plans.set(move, steps);
    }
  }

  it('the model has a path for every resting state and every move', () => {
    expect(shortest.size).toBeGreaterThan(50);
    expect(plans.size).toBeGreaterThan(60);
  });

  // One test per move, each walked with a live actor. Walked in one test, the 1,365 moves
  // (10,775 steps) took 27–40 s on 2 quiet cores and ran out of a 60 s limit in a CI run.
  const visited = new Set<string>();
  const taken = new Set<string>();
  for (const [move, steps] of plans) {
    it(`walks the move ${move} with a live actor`, async () => {
      const live = await walk(steps);
      live.visited.forEach((id) => visited.add(id));
      live.taken.forEach((key) => taken.add(key));
      live.actor.stop();
    });
  }

  it('the walks above reached every state node and took every transition of the chart', () => {
    expect(visited.size).toBeGreaterThan(0);
    const everyState = allStateNodes().map((node) => node.id);
    expect([...everyState].filter((id) => !visited.has(id))).toEqual([]);
    expect(allTransitionKeys().filter((key) => !taken.has(key))).toEqual([]);
  });

  it('every resting state of the chart has a UI marker', () => {
    const resting = allStateNodes()
      .filter((node) => (node.type === 'atomic' || node.type === 'final') && !node.always?.length)
      .map((node) => node.path.join('.'));
    expect(resting.filter((path) => !MARKERS[path])).toEqual([]);
  });
});

// ---------------------------------------------------------------- the journeys, told plainly

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('falhou') });

/** The screen's four reads answered, the request's with `tracking`. */
async function answerReads(live: LiveTracking, tracking: (typeof TRACKINGS)[keyof typeof TRACKINGS]) {
  for (const event of [
    done('loadTrackingData', tracking),
    done('loadAttachedDocuments', ATTACHED),
    done('loadDocumentsToSign', TERMS),
    done('loadHistory', HISTORY),
  ])
    await live.play(event);
}

async function loaded(tracking: (typeof TRACKINGS)[keyof typeof TRACKINGS]) {
  const live = startLiveTracking();
  await answerReads(live, tracking);
  return live;
}

describe('tracking journeys', () => {
  it('a request under analysis shows the analysis panel and Retornar ends the session and goes home', async () => {
    const live = await loaded(TRACKINGS.analysis);
    expect(live.actor.getSnapshot().matches({ ready: 'analysis' })).toBe(true);
    await live.play({ type: 'RETURN' });
    expect(live.calls).toEqual([{ type: 'endSession' }, { type: 'navigateHome', params: { cdEmpresaPlano: '1' } }]);
    expect(live.actor.getSnapshot().status).toBe('done');
  });

  it("'Encerrar sessão' ends the session from any screen of the request, even while it loads", async () => {
    const loading = startLiveTracking();
    await loading.play({ type: 'END_SESSION' });
    expect(loading.calls.map((c) => c.type)).toEqual(['endSession', 'notify', 'navigateHome']);
    expect(loading.actor.getSnapshot().status).toBe('done');
    const signing = await loaded(TRACKINGS.acceptedTypeOne);
    await signing.play({ type: 'END_SESSION' });
    expect(signing.calls).toEqual([
      { type: 'endSession' },
      { type: 'notify', params: { level: 'info', message: 'Sessão encerrada.' } },
      { type: 'navigateHome', params: { cdEmpresaPlano: '1' } },
    ]);
  });

  it('statuses 4, 5 and 7 have panels of their own, with nothing to do but leave', async () => {
    for (const [tracking, panel] of [
      [TRACKINGS.refused, 'refused'],
      [TRACKINGS.cancelled, 'cancelled'],
      [TRACKINGS.contractActive, 'contractActive'],
    ] as const) {
      const live = await loaded(tracking);
      expect(live.actor.getSnapshot().matches({ ready: panel })).toBe(true);
      expect(live.actor.getSnapshot().can({ type: 'FINALIZE' })).toBe(false);
      live.actor.stop();
    }
  });

  it('status 6: an answer to conditions the operator changed before it arrived is not recorded; the screen says so and shows the new ones', async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'DECLINE' });
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    expect(live.pending.get('generateAcceptance')?.input).toMatchObject({ fl_ciente: 'N', versao_condicoes: 'condicoes-tipo-1' });
    // The server refused it (the conditions it was given to are gone) and is read back.
    await live.play(done('generateAcceptance', 'ERRO'));
    await live.play(done('loadTrackingData', TRACKINGS.finalizeTypeOneChanged));
    expect(live.calls).toContainEqual({ type: 'notify', params: { level: 'warning', message: MESSAGES.conditionsChanged } });
    const reloading = live.actor.getSnapshot();
    expect(reloading.matches('loading')).toBe(true);
    expect(reloading.context.choice).toBeNull();
    // Loaded again: no choice is made, nothing to send, nothing said unsent.
    await answerReads(live, TRACKINGS.finalizeTypeOneChanged);
    const shown = live.actor.getSnapshot();
    expect(shown.matches({ ready: { awaitingAcknowledgement: { typeOne: 'undecided' } } })).toBe(true);
    expect(shown.can({ type: 'FINALIZE' })).toBe(false);
    expect(shown.hasTag('unsentChoice')).toBe(false);
  });

  it("status 6 type 1: agreeing is a draft; 'Finalizar' asks 'Enviar ...?', and only 'Enviar' generates the D acceptance and opens avisoModal", async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    expect(live.actor.getSnapshot().can({ type: 'FINALIZE' })).toBe(false);
    await live.play({ type: 'AGREE' });
    await live.play({ type: 'FINALIZE' });
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: 'confirmingSend' } })).toBe(true);
    expect(live.started.some((s) => s.id === 'generateAcceptance')).toBe(false); // asking sends nothing
    await live.play({ type: 'SEND_CONFIRMED' });
    expect(live.pending.get('generateAcceptance')?.input).toEqual({
      tipo: '9',
      fl_ciente: 'S',
      fl_tipo: 'D',
      cd_solicitacao: 77,
      versao_condicoes: TRACKINGS.finalizeTypeOne.dsVersaoCondicoes,
    });
    await live.play(done('generateAcceptance', ACCEPTANCE_LINK));
    expect(live.actor.getSnapshot().value).toBe('avisoModal');
    const before = live.calls.length;
    await live.play({ type: 'CLOSE_MODAL' });
    expect(live.calls.slice(before)).toEqual([{ type: 'clearTrackingSession' }, { type: 'navigateHome', params: { cdEmpresaPlano: '1' } }]);
  });

  it("status 6 type 1: the choice changes freely until it is sent; 'Voltar' in the confirmation sends nothing", async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'AGREE' });
    await live.play({ type: 'DECLINE' });
    await live.play({ type: 'AGREE' });
    expect(live.actor.getSnapshot().context.choice).toBe('S');
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CANCELLED' });
    await live.play({ type: 'DECLINE' });
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: { typeOne: 'declined' } } })).toBe(true);
    expect(live.started.some((s) => s.id === 'generateAcceptance')).toBe(false);
  });

  it("leaving with an unsent choice ('Sair', a menu item, 'Encerrar sessão') asks first; staying keeps it, leaving anyway sends nothing", async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'AGREE' });
    await live.play({ type: 'RETURN' });
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: 'confirmingLeave' } })).toBe(true);
    expect(live.calls.some((c) => c.type === 'endSession')).toBe(false);
    await live.play({ type: 'LEAVE_CANCELLED' });
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: { typeOne: 'agreed' } } })).toBe(true);
    expect(unloadArmed(live)).toBe(true); // the tab still asks before closing
    await live.play({ type: 'END_SESSION' });
    await live.play({ type: 'LEAVE_CONFIRMED' });
    expect(live.calls.filter((c) => !UNLOAD_ACTIONS.has(c.type)).slice(-3)).toEqual([
      { type: 'endSession' },
      { type: 'notify', params: { level: 'info', message: 'Sessão encerrada.' } },
      { type: 'navigateHome', params: { cdEmpresaPlano: '1' } },
    ]);
    expect(live.started.some((s) => s.id === 'generateAcceptance')).toBe(false);
    expect(unloadArmed(live)).toBe(false);
    expect(live.actor.getSnapshot().status).toBe('done');
  });

  it('leaving while the choice is being sent does not ask (it is on its way) and does not stop the sending first', async () => {
    const live = await loaded(TRACKINGS.finalizeTypeTwo);
    await live.play({ type: 'ACKNOWLEDGE' });
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    await live.play({ type: 'RETURN' });
    expect(live.actor.getSnapshot().status).toBe('done');
    expect(live.calls.filter((c) => !UNLOAD_ACTIONS.has(c.type)).slice(-2)).toEqual([
      { type: 'endSession' },
      { type: 'navigateHome', params: { cdEmpresaPlano: '1' } },
    ]);
  });

  it("status 6 type 1: 'Não aceito' is sent once; the reload says it was recorded and it cannot be chosen again, even after agreeing", async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'DECLINE' });
    expect(live.actor.getSnapshot().can({ type: 'DECLINE' })).toBe(false);
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    expect(live.actor.getSnapshot().can({ type: 'FINALIZE' })).toBe(false); // a second click while it is sent
    expect(live.pending.get('generateAcceptance')?.input).toMatchObject({ fl_ciente: 'N', fl_tipo: 'D' });
    await live.play(done('generateAcceptance', ACCEPTANCE_LINK));
    expect(live.actor.getSnapshot().matches('loading')).toBe(true);
    expect(live.actor.getSnapshot().context.acceptanceLink).toBe(ACCEPTANCE_LINK);
    expect(live.calls).toContainEqual({
      type: 'notify',
      params: { level: 'success', message: "Sua resposta 'Não aceito' foi registrada." },
    });
    await answerReads(live, TRACKINGS.finalizeTypeOneDeclined);
    const after = live.actor.getSnapshot();
    expect(after.matches({ ready: { awaitingAcknowledgement: { typeOne: 'declineRecorded' } } })).toBe(true);
    expect(after.can({ type: 'FINALIZE' })).toBe(false);
    expect(after.can({ type: 'AGREE' })).toBe(true);
    await live.play({ type: 'AGREE' });
    expect(live.actor.getSnapshot().can({ type: 'DECLINE' })).toBe(false);
  });

  it("status 6 type 2: 'Estou ciente' may be unticked until sent; the acceptance is of kind I, sent once, and the reload shows it recorded", async () => {
    const live = await loaded(TRACKINGS.finalizeTypeTwo);
    await live.play({ type: 'ACKNOWLEDGE' });
    await live.play({ type: 'UNACKNOWLEDGE' });
    expect(live.actor.getSnapshot().context.choice).toBeNull();
    expect(live.actor.getSnapshot().can({ type: 'FINALIZE' })).toBe(false);
    await live.play({ type: 'ACKNOWLEDGE' });
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    await live.play({ type: 'FINALIZE' });
    expect(live.started.filter((s) => s.id === 'generateAcceptance')).toEqual([
      {
        id: 'generateAcceptance',
        input: {
          tipo: '9',
          fl_ciente: 'S',
          fl_tipo: 'I',
          cd_solicitacao: 77,
          versao_condicoes: TRACKINGS.finalizeTypeTwo.dsVersaoCondicoes,
        },
      },
    ]);
    await live.play(done('generateAcceptance', ACCEPTANCE_LINK));
    expect(live.calls).toContainEqual({ type: 'notify', params: { level: 'success', message: 'Sua ciência foi registrada.' } });
    expect(live.calls).toContainEqual({ type: 'announce', params: { message: 'Sua ciência foi registrada.' } });
    for (const event of [
      done('loadTrackingData', TRACKINGS.finalizeTypeTwoAware),
      done('loadAttachedDocuments', ATTACHED),
      done('loadDocumentsToSign', TERMS),
      done('loadHistory', HISTORY),
    ])
      await live.play(event);
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: { typeTwo: 'awarenessRecorded' } } })).toBe(true);
    expect(live.actor.getSnapshot().can({ type: 'FINALIZE' })).toBe(false);
    expect(live.actor.getSnapshot().can({ type: 'UNACKNOWLEDGE' })).toBe(false);
  });

  it('status 6 with the agreement already recorded offers nothing more to send', async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOneAgreed);
    const snapshot = live.actor.getSnapshot();
    expect(snapshot.matches({ ready: { awaitingAcknowledgement: { typeOne: 'agreementRecorded' } } })).toBe(true);
    expect(['AGREE', 'DECLINE', 'FINALIZE'].map((type) => snapshot.can({ type } as TrackingEvent))).toEqual([false, false, false]);
  });

  it("an acceptance answered 'ERRO' toasts 'Erro ao gerar o documento', reads the request back and, with nothing recorded, keeps the choice, unsent", async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'AGREE' });
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    await live.play(done('generateAcceptance', 'ERRO'));
    expect(live.calls.filter((c) => c.type === 'notify')).toEqual([
      { type: 'notify', params: { level: 'error', message: 'Erro ao gerar o documento' } },
    ]);
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: 'checkingSend' } })).toBe(true);
    expect(live.actor.getSnapshot().hasTag('unsentChoice')).toBe(false);
    await live.play(done('loadTrackingData', TRACKINGS.finalizeTypeOne));
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: { typeOne: 'agreed' } } })).toBe(true);
    expect(live.actor.getSnapshot().hasTag('unsentChoice')).toBe(true);
  });

  it("a decline refused with 'ERRO' because another tab's agreement is recorded says the agreement is, never 'nada foi registrado' (found by an exploratory run)", async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'DECLINE' });
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    const from = live.calls.length;
    await live.play(done('generateAcceptance', 'ERRO'));
    expect(live.actor.getSnapshot().hasTag('unsentChoice')).toBe(false);
    await live.play(done('loadTrackingData', TRACKINGS.finalizeTypeOneAgreed));
    expect(live.calls.slice(from).filter((c) => c.type === 'notify' || c.type === 'announce')).toEqual([
      { type: 'notify', params: { level: 'error', message: 'Erro ao gerar o documento' } },
      { type: 'notify', params: { level: 'success', message: 'Sua concordância foi registrada.' } },
      { type: 'announce', params: { message: 'Sua concordância foi registrada.' } },
    ]);
    expect(live.actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('an acceptance without an answer toasts, reads the request back, and says the choice is unsent only once the server shows it does not hold it', async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'DECLINE' });
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    await live.play(error('generateAcceptance'));
    expect(live.calls.filter((c) => c.type === 'notify')).toEqual([
      { type: 'notify', params: { level: 'error', message: 'Erro ao gerar o documento' } },
    ]);
    // Until the read answers, the screen says neither "not sent" nor "recorded".
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: 'checkingSend' } })).toBe(true);
    expect(live.actor.getSnapshot().hasTag('unsentChoice')).toBe(false);
    await live.play(done('loadTrackingData', TRACKINGS.finalizeTypeOne));
    expect(live.actor.getSnapshot().matches({ ready: { awaitingAcknowledgement: { typeOne: 'declined' } } })).toBe(true);
    expect(live.actor.getSnapshot().hasTag('unsentChoice')).toBe(true);
  });

  it('an acceptance whose answer was lost, read back recorded, is said recorded and locks the choice', async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'AGREE' });
    await live.play({ type: 'FINALIZE' });
    await live.play({ type: 'SEND_CONFIRMED' });
    const from = live.calls.length;
    await live.play(error('generateAcceptance'));
    await live.play(done('loadTrackingData', TRACKINGS.finalizeTypeOneAgreed));
    expect(live.calls.slice(from).filter((c) => c.type === 'notify' || c.type === 'announce')).toEqual([
      { type: 'notify', params: { level: 'error', message: 'Erro ao gerar o documento' } },
      { type: 'notify', params: { level: 'success', message: 'Sua concordância foi registrada.' } },
      { type: 'announce', params: { message: 'Sua concordância foi registrada.' } },
    ]);
    // The screen reads the whole request again (the acceptance document is listed now).
    expect(live.actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('status 3: Finalizar with an unsigned term warns and sends nothing; signing every term then finishing welcomes with the operator name', async () => {
    const live = await loaded(TRACKINGS.acceptedTypeOne);
    expect(live.actor.getSnapshot().context.choice).toBe('S'); // pre-set from flConcordo
    await live.play({ type: 'FINALIZE' });
    expect(live.calls).toEqual([
      { type: 'notify', params: { level: 'warning', message: 'Ainda há documento(s) que precisa(m) ser assinado(s).' } },
    ]);
    expect(live.pending.size).toBe(0);
    for (const term of TERMS) {
      // Sign after reading: the box cannot be ticked before the term is opened, and opening signs nothing.
      expect(live.actor.getSnapshot().can({ type: 'SIGN_DOCUMENT', cdFileDocumento: term.cdFileDocumento })).toBe(false);
      await live.play({ type: 'OPEN_TERM', cdFileDocumento: term.cdFileDocumento });
      expect(live.pending.has('recordSignature')).toBe(false);
      await live.play({ type: 'SIGN_DOCUMENT', cdFileDocumento: term.cdFileDocumento });
      await live.play(done('recordSignature', 'OK'));
      await live.play(done('loadAttachedDocuments', ATTACHED));
    }
    expect(live.calls.filter((c) => c.type === 'openTerm').map((c) => c.params)).toEqual(TERMS.map((t) => ({ linkUrl: t.linkUrl })));
    await live.play({ type: 'FINALIZE' });
    await live.play(done('finalizeRequest', 'OK'));
    expect(live.pending.get('loadOperatorName')?.input).toEqual({ cdEmpresaPlano: '1' });
    await live.play(done('loadOperatorName', OPERATOR_NAME));
    expect(live.actor.getSnapshot().value).toBe('bemvindoModal');
    expect(live.actor.getSnapshot().context.operatorName).toBe(OPERATOR_NAME);
  });

  it('a failed signature reads the screen again, which shows the term as the server holds it, signable after its reading', async () => {
    const live = await loaded(TRACKINGS.acceptedTypeTwo);
    await live.play({ type: 'OPEN_TERM', cdFileDocumento: 11 });
    await live.play({ type: 'SIGN_DOCUMENT', cdFileDocumento: 11 });
    await live.play(error('recordSignature'));
    expect(live.actor.getSnapshot().matches('loading')).toBe(true);
    expect(live.actor.getSnapshot().context.signing).toBeNull();
    await answerReads(live, TRACKINGS.acceptedTypeTwo);
    const snapshot = live.actor.getSnapshot();
    expect(snapshot.matches({ ready: { accepted: 'signing' } })).toBe(true);
    expect(snapshot.context.documentsToSign.find((d) => d.cdFileDocumento === 11)?.flAssinado).toBe(false);
    // Opened in this visit: still signable, without opening it again.
    expect(snapshot.can({ type: 'SIGN_DOCUMENT', cdFileDocumento: 11 })).toBe(true);
  });

  it('a refused or unanswered withdrawal reads the screen again: it may have arrived all the same (found by an exploratory run)', async () => {
    const live = await loaded(TRACKINGS.analysis);
    await live.play({ type: 'WITHDRAW' });
    await live.play({ type: 'WITHDRAW_CONFIRMED' });
    await live.play(error('withdrawRequest'));
    expect(live.actor.getSnapshot().matches('loading')).toBe(true);
    await answerReads(live, TRACKINGS.withdrawn);
    expect(live.actor.getSnapshot().matches({ ready: 'withdrawn' })).toBe(true);
  });

  it('back on the screen after a minute or more away it reads the request again; after a glance, or over a choice not sent, it does not (G4)', async () => {
    const live = await loaded(TRACKINGS.finalizeTypeOne);
    await live.play({ type: 'SCREEN_SHOWN_AGAIN', awayMs: 5_000 });
    expect(live.actor.getSnapshot().matches('ready')).toBe(true);
    await live.play({ type: 'AGREE' });
    await live.play({ type: 'SCREEN_SHOWN_AGAIN', awayMs: 120_000 });
    expect(live.actor.getSnapshot().hasTag('unsentChoice')).toBe(true);
    await live.play({ type: 'DECLINE' });
    await live.play({ type: 'RETURN' });
    await live.play({ type: 'LEAVE_CANCELLED' });
    expect(live.pending.size).toBe(0);
    const fresh = await loaded(TRACKINGS.analysis);
    await fresh.play({ type: 'SCREEN_SHOWN_AGAIN', awayMs: 60_000 });
    expect(fresh.actor.getSnapshot().matches('loading')).toBe(true);
    expect([...fresh.pending.keys()].sort()).toEqual(['loadAttachedDocuments', 'loadDocumentsToSign', 'loadHistory', 'loadTrackingData']);
  });

  it('a refused finalize reads the screen again instead of keeping a stale panel', async () => {
    const live = await loaded(TRACKINGS.acceptedTypeTwo);
    for (const term of live.actor.getSnapshot().context.documentsToSign) {
      await live.play({ type: 'OPEN_TERM', cdFileDocumento: term.cdFileDocumento });
      await live.play({ type: 'SIGN_DOCUMENT', cdFileDocumento: term.cdFileDocumento });
      await live.play(done('recordSignature', 'OK'));
      await live.play(done('loadAttachedDocuments', ATTACHED));
    }
    await live.play({ type: 'FINALIZE' });
    await live.play(error('finalizeRequest'));
    expect(live.actor.getSnapshot().matches('loading')).toBe(true);
    expect([...live.pending.keys()].sort()).toEqual(['loadAttachedDocuments', 'loadDocumentsToSign', 'loadHistory', 'loadTrackingData']);
  });

  it("status 3 with the terms unread: 'Finalizar' warns and sends nothing; 'Carregar de novo' reads the screen again", async () => {
    const live = startLiveTracking();
    await live.play(done('loadTrackingData', TRACKINGS.acceptedTypeTwo));
    await live.play(done('loadAttachedDocuments', ATTACHED));
    await live.play(error('loadDocumentsToSign'));
    await live.play(done('loadHistory', HISTORY));
    expect(live.actor.getSnapshot().context.unreadLists).toEqual(['documentsToSign']);
    const callsFrom = live.calls.length;
    await live.play({ type: 'FINALIZE' });
    expect(live.calls.slice(callsFrom)).toEqual([
      { type: 'notify', params: { level: 'warning', message: MESSAGES.termsUnreadOnFinalize } },
    ]);
    expect(live.pending.size).toBe(0);
    await live.play({ type: 'RELOAD_LISTS' });
    await answerReads(live, TRACKINGS.acceptedTypeTwo);
    expect(live.actor.getSnapshot().context.unreadLists).toEqual([]);
    expect(live.actor.getSnapshot().context.documentsToSign.length).toBeGreaterThan(0);
  });

  it("'Carregar de novo' is refused with a file in hand (status 2), which a new read would lose", async () => {
    const live = startLiveTracking();
    await live.play(done('loadTrackingData', TRACKINGS.pendingDocuments));
    await live.play(error('loadAttachedDocuments'));
    await live.play(done('loadDocumentsToSign', []));
    await live.play(done('loadHistory', HISTORY));
    expect(live.actor.getSnapshot().can({ type: 'RELOAD_LISTS' })).toBe(true);
    await live.play({ type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[0].cdTipoDocumento, file: PENDING_FILES.pdf });
    expect(live.actor.getSnapshot().can({ type: 'RELOAD_LISTS' })).toBe(false);
  });

  it("status 2: a file the server refuses is kept with its reason, and another document's choice is told to remove or replace it, not to send it (found by a regression walk)", async () => {
    const live = startLiveTracking();
    await answerReads(live, TRACKINGS.pendingDocuments);
    await live.play({ type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[0].cdTipoDocumento, file: PENDING_FILES.pdf });
    await live.play({ type: 'PENDING_FILE_SEND' });
    const reason = 'O conteúdo do arquivo não é um PDF válido. Envie um arquivo PDF, JPG ou PNG verdadeiro.';
    await live.play({
      type: 'xstate.error.actor.uploadPendingDocument',
      error: Object.assign(new Error('HTTP 400'), { status: 400, serverMessage: reason }),
    });
    expect(live.actor.getSnapshot().context.pendingFile?.refused).toBe(reason);
    await live.play({ type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[1].cdTipoDocumento, file: PENDING_FILES.png });
    expect(live.actor.getSnapshot().context.pendingFileAlert).toBe(
      `Remova ou troque antes o arquivo recusado para ${PENDING[0].nmDocumento}.`,
    );
    // A failed link is no refusal: the file can be sent again, and the other row says so.
    const unanswered = startLiveTracking();
    await answerReads(unanswered, TRACKINGS.pendingDocuments);
    await unanswered.play({ type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[0].cdTipoDocumento, file: PENDING_FILES.pdf });
    await unanswered.play({ type: 'PENDING_FILE_SEND' });
    await unanswered.play(error('uploadPendingDocument'));
    expect(unanswered.actor.getSnapshot().context.pendingFile?.refused).toBeUndefined();
    await unanswered.play({ type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[1].cdTipoDocumento, file: PENDING_FILES.png });
    expect(unanswered.actor.getSnapshot().context.pendingFileAlert).toBe(
      `Envie ou remova antes o arquivo escolhido para ${PENDING[0].nmDocumento}.`,
    );
  });

  it("status 2: 'Cancelar envio' stops the upload and keeps the same file in hand, to send again", async () => {
    const live = startLiveTracking();
    await answerReads(live, TRACKINGS.pendingDocuments);
    await live.play({ type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[0].cdTipoDocumento, file: PENDING_FILES.pdf });
    expect(live.actor.getSnapshot().can({ type: 'PENDING_SEND_CANCELLED' })).toBe(false);
    await live.play({ type: 'PENDING_FILE_SEND' });
    expect(live.pending.has('uploadPendingDocument')).toBe(true);
    await live.play({ type: 'PENDING_SEND_CANCELLED' });
    const stopped = live.actor.getSnapshot();
    expect(stopped.matches({ ready: { pendingDocuments: 'fileChosen' } })).toBe(true);
    expect(stopped.context.pendingFile?.id).toBe(PENDING_FILES.pdf.id);
    // The upload's actor was stopped (its request aborted): nothing waits for its answer.
    expect(live.pending.has('uploadPendingDocument')).toBe(false);
    expect(live.calls).toContainEqual({
      type: 'announce',
      params: { message: `Envio cancelado. O arquivo para ${PENDING[0].nmDocumento} continua escolhido.` },
    });
    await live.play({ type: 'PENDING_FILE_SEND' });
    expect(live.pending.get('uploadPendingDocument')?.input).toMatchObject({ attachment: { id: PENDING_FILES.pdf.id } });
  });

  it('an expired session on a request that requires login asks to log in again, and stops the reads beside it', async () => {
    const live = startLiveTracking();
    expect([...live.pending.keys()].sort()).toEqual(['loadAttachedDocuments', 'loadDocumentsToSign', 'loadHistory', 'loadTrackingData']);
    await live.play(done('loadTrackingData', TRACKINGS.restricted));
    expect(live.actor.getSnapshot().value).toBe('loginRequired');
    expect(live.pending.size).toBe(0);
    await live.play({ type: 'LOG_IN_AGAIN' });
    expect(live.calls).toEqual([{ type: 'clearTrackingSession' }, { type: 'navigateHome', params: { cdEmpresaPlano: '1' } }]);
  });

  it('a failed lookup offers a retry that loads again', async () => {
    const live = startLiveTracking();
    await live.play(error('loadTrackingData'));
    expect(live.actor.getSnapshot().value).toBe('failed');
    await live.play({ type: 'RETRY' });
    expect(live.pending.has('loadTrackingData')).toBe(true);
  });
});
