/**
 * Status 2, 'Pendente de documentação' (issue 25 item 3), as rules over the tracking machine:
 * a file goes out only by 'Enviar' on one the checks did not refuse (SPEC §5) and that was not
 * removed since, a refused one is said with SPEC's alert, a photo is made ready before it can
 * be sent (issue 27's preparation, as in the wizard) and one refused or cancelled leaves the
 * file chosen before in hand, and a document is said sent only once the upload answered, with
 * the list the server answered after it — judged from what happened (the events and the
 * files they carried), not from the machine's context.
 */
import type { trackingMachine } from '../../../machines/tracking.machine';
import { PENDING_TEXT } from '../../../machines/tracking.pending';
import { FILE_MESSAGES } from '../../../machines/wizard.schemas';
import { traced, type Invariant, type ReceivedEvent, type Step } from '../framework/invariants';

type M = typeof trackingMachine;
type S = Step<M>['snapshot'];

const UPLOADED = 'event:xstate.done.actor.uploadPendingDocument';
const onPendingPanel = (snapshot: S) => snapshot.matches({ ready: 'pendingDocuments' });
const preparingPhoto = (snapshot: S) => snapshot.matches({ ready: { pendingDocuments: 'preparing' } });
const lastEvent = (trace: readonly string[]) => [...trace].reverse().find((entry) => entry.startsWith('event:'));

interface ChosenFile {
  id: string;
  name: string;
  size: number;
}
/** SPEC §9: 10,485,760 bytes; issue 27 (docs/wizard.md): a JPG or PNG over 1 MB, or any iPhone photo, is prepared first — stated here, not read from the code under test. */
const SPEC_MAX_FILE_BYTES = 10_485_760;
const SHRUNK_OVER_BYTES = 1_048_576;
const preparedFirst = (file: ChosenFile) =>
  /\.hei[cf]$/i.test(file.name) || (/\.(jpe?g|png)$/i.test(file.name) && file.size > SHRUNK_OVER_BYTES);
/** SPEC §5: empty, over the limit, or not a PDF, JPG or PNG. */
const specRefuses = (file: ChosenFile) => file.size === 0 || file.size > SPEC_MAX_FILE_BYTES || !/\.(pdf|jpe?g|png)$/i.test(file.name);

export interface PendingFileHistory {
  /** A file is in hand: chosen (or made ready), not refused, removed nor sent. */
  kept: boolean;
  /** The last file chosen was refused by SPEC §5's checks. */
  refusedLast: boolean;
  /** A photo chosen and not yet ready, refused nor cancelled: the file kept before it, if any. */
  photo: ChosenFile | null;
}

/** What the events say of the file in hand, by the files they carried. */
export function pendingFileHistory(events: readonly ReceivedEvent[]): PendingFileHistory {
  let kept = false;
  let refusedLast = false;
  let photo: ChosenFile | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'PENDING_FILE_CHOSEN': {
        const file = event.file as ChosenFile;
        if (preparedFirst(file)) {
          photo = file;
          refusedLast = false;
        } else if (specRefuses(file)) {
          // A refused file replaces nothing: the one kept before stays.
          refusedLast = true;
        } else {
          kept = true;
          refusedLast = false;
        }
        break;
      }
      case 'xstate.done.actor.preparePendingPhoto':
        if (photo) kept = true;
        photo = null;
        break;
      case 'xstate.error.actor.preparePendingPhoto':
      case 'PENDING_PREPARATION_CANCELLED':
        photo = null;
        break;
      case 'PENDING_FILE_REMOVED':
      case 'xstate.done.actor.uploadPendingDocument':
        kept = false;
        refusedLast = false;
        break;
    }
  }
  return { kept, refusedLast, photo };
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
    holds: ({ snapshot, trace, events, previous }) => {
      const sending = (s: S) => s.matches({ ready: { pendingDocuments: 'sending' } });
      // Judged when the upload starts (a link opened meanwhile starts nothing).
      if (!sending(snapshot) || (previous && sending(previous.snapshot))) return true;
      if (lastEvent(trace) !== 'event:PENDING_FILE_SEND') return `uploading after ${lastEvent(trace)}`;
      const history = pendingFileHistory(events);
      if (history.photo) return `uploading while ${history.photo.name} is prepared`;
      return history.kept || 'uploading with no accepted file in hand';
    },
  },
  {
    rule: "status 2: a file the checks refuse is said with SPEC §5's alert (SPEC §5)",
    // A refused file replaces nothing (the one kept before stays, and 'Enviar' sends that one):
    // the refusal itself never starts an upload.
    holds: ({ snapshot, trace, events }) =>
      !pendingFileHistory(events).refusedLast ||
      lastEvent(trace) !== 'event:PENDING_FILE_CHOSEN' ||
      !snapshot.matches({ ready: { pendingDocuments: 'sending' } }) ||
      'an upload started by a refused file',
    seen: (page, { snapshot, events }) =>
      onPendingPanel(snapshot) && pendingFileHistory(events).refusedLast
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
  {
    rule: "status 2: a photo is made ready before it is in hand, shown with its sizes before and after; one refused or cancelled leaves the file chosen before (issue 27's preparation, as in the wizard)",
    holds: ({ snapshot, events, previous }) => {
      const last = events.at(-1);
      if (!previous || !last || events.length !== previous.events + 1) return true;
      const before = previous.snapshot.context.pendingFile?.id ?? null;
      const now = snapshot.context.pendingFile;
      if (last.type === 'PENDING_FILE_CHOSEN' && preparedFirst(last.file as ChosenFile))
        return preparingPhoto(snapshot) && (now?.id ?? null) === before ? true : `${(last.file as ChosenFile).name} in hand unprepared`;
      const photo = pendingFileHistory(events.slice(0, -1)).photo;
      if (!photo) return true;
      if (last.type === 'xstate.done.actor.preparePendingPhoto')
        return (
          (now?.id === photo.id && now.originalSize === photo.size) ||
          `${photo.name} not in hand with its size before (${photo.size} bytes)`
        );
      if (last.type === 'xstate.error.actor.preparePendingPhoto' || last.type === 'PENDING_PREPARATION_CANCELLED')
        return (
          (!preparingPhoto(snapshot) && (now?.id ?? null) === before) ||
          `${photo.name} let go, but the file in hand changed or the step still waits`
        );
      return true;
    },
    seen: (page, { snapshot, events }) => {
      const last = events.at(-1)?.type;
      if (!onPendingPanel(snapshot)) return null;
      if (last === 'xstate.done.actor.preparePendingPhoto') return { visible: page.getByTestId('pending-file').getByText(/ → /) };
      if (last === 'PENDING_PREPARATION_CANCELLED') return { hidden: page.getByText(/^Preparando /) };
      return null;
    },
  },
];
