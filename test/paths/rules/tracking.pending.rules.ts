/**
 * Status 2, 'Pendente de documentação' (issue 25 item 3), as rules over the tracking machine:
 * a file goes out only by 'Enviar' on one the checks did not refuse (SPEC §5) and that was not
 * removed since, a refused one is said with SPEC's alert, and a document is said sent only
 * once the upload answered, with the list the server answered after it — judged from the
 * trace of what happened (events, and the named refusal `dropRefusedFile`), not from the
 * machine's context.
 */
import type { trackingMachine } from '../../../machines/tracking.machine';
import { PENDING_TEXT } from '../../../machines/tracking.pending';
import { FILE_MESSAGES } from '../../../machines/wizard.schemas';
import { traced, type Invariant, type Step } from '../framework/invariants';

type M = typeof trackingMachine;
type S = Step<M>['snapshot'];

const UPLOADED = 'event:xstate.done.actor.uploadPendingDocument';
const onPendingPanel = (snapshot: S) => snapshot.matches({ ready: 'pendingDocuments' });
const lastEvent = (trace: readonly string[]) => [...trace].reverse().find((entry) => entry.startsWith('event:'));

/** What the trace says of the file in hand: one kept (chosen, not refused, removed nor sent), and whether the last choice was refused. */
export function pendingFileHistory(trace: readonly string[]): { kept: boolean; refusedLast: boolean } {
  let kept = false;
  let keptBefore = false;
  let refusedLast = false;
  for (const entry of trace) {
    if (entry === 'event:PENDING_FILE_CHOSEN') {
      keptBefore = kept;
      kept = true;
      refusedLast = false;
    } else if (entry === 'action:dropRefusedFile') {
      // A refused file replaces nothing: the one kept before stays.
      kept = keptBefore;
      refusedLast = true;
    } else if (entry === 'event:PENDING_FILE_REMOVED' || entry === UPLOADED) {
      kept = false;
      refusedLast = false;
    }
  }
  return { kept, refusedLast };
}

const SPEC_FILE_ALERT = new RegExp(
  Object.values(FILE_MESSAGES)
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
);
/** 'Documento enviado: {tipo}.', whichever type it was. */
const SENT = new RegExp(`^${PENDING_TEXT.sent('').slice(0, -1).trim()} `);

export const pendingDocumentsRules: readonly Invariant<M>[] = [
  {
    rule: "status 2: a document is uploaded only by 'Enviar', for a file the checks did not refuse and that was not removed since (SPEC §5, issue 25)",
    holds: ({ snapshot, trace, previous }) => {
      const sending = (s: S) => s.matches({ ready: { pendingDocuments: 'sending' } });
      // Judged when the upload starts (a link opened meanwhile starts nothing).
      if (!sending(snapshot) || (previous && sending(previous.snapshot))) return true;
      if (lastEvent(trace) !== 'event:PENDING_FILE_SEND') return `uploading after ${lastEvent(trace)}`;
      return pendingFileHistory(trace).kept || 'uploading with no accepted file in hand';
    },
  },
  {
    rule: "status 2: a file the checks refuse is said with SPEC §5's alert (SPEC §5)",
    // A refused file replaces nothing (the one kept before stays, and 'Enviar' sends that one):
    // the refusal itself never starts an upload.
    holds: ({ snapshot, trace }) =>
      !pendingFileHistory(trace).refusedLast ||
      lastEvent(trace) !== 'event:PENDING_FILE_CHOSEN' ||
      !snapshot.matches({ ready: { pendingDocuments: 'sending' } }) ||
      'an upload started by a refused file',
    seen: (page, { snapshot, trace }) =>
      onPendingPanel(snapshot) && pendingFileHistory(trace).refusedLast
        ? { visible: page.getByRole('alert').filter({ hasText: SPEC_FILE_ALERT }) }
        : null,
  },
  {
    rule: 'status 2: a document is said to be sent only after the upload answered, and the list then shown is the one the server answered after it (issue 25)',
    holds: ({ snapshot, trace }) =>
      !onPendingPanel(snapshot) ||
      traced.lastOf(trace, UPLOADED, 'event:xstate.done.actor.loadTrackingData') !== UPLOADED ||
      'the pending list shown was not reloaded after the upload',
    seen: (page, { snapshot, trace }) => {
      if (!onPendingPanel(snapshot)) return null;
      const sent = page.getByTestId('pending-sent').filter({ hasText: SENT });
      return trace.includes(UPLOADED) ? { visible: sent } : { hidden: sent };
    },
  },
];
