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
import { ERROR_CODES, hasErrorCode } from '../../../contract/rules';
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
  /** The file in hand: chosen (or made ready), not refused, removed nor sent; with its document type. */
  held: { id: string; cdTipoDocumento: number } | null;
  /** A file is in hand. */
  kept: boolean;
  /** The last file chosen was refused by SPEC §5's checks. */
  refusedLast: boolean;
  /** The last file chosen was for another document while one was in hand (it waits its turn). */
  otherTypeLast: boolean;
  /** A photo chosen and not yet ready, refused nor cancelled (the file in hand before it stays meanwhile). */
  photo: (ChosenFile & { cdTipoDocumento: number }) | null;
}

/** What the events say of the file in hand, by the files they carried. */
export function pendingFileHistory(events: readonly ReceivedEvent[]): PendingFileHistory {
  let held: PendingFileHistory['held'] = null;
  let refusedLast = false;
  let otherTypeLast = false;
  let photo: PendingFileHistory['photo'] = null;
  for (const event of events) {
    switch (event.type) {
      case 'PENDING_FILE_CHOSEN': {
        const file = event.file as ChosenFile;
        const cdTipoDocumento = event.cdTipoDocumento as number;
        refusedLast = false;
        otherTypeLast = false;
        // A file in hand is sent or removed before another document's is taken.
        if (held && held.cdTipoDocumento !== cdTipoDocumento) otherTypeLast = true;
        else if (preparedFirst(file)) photo = { ...file, cdTipoDocumento };
        // A refused file replaces nothing: the one kept before stays.
        else if (specRefuses(file)) refusedLast = true;
        else held = { id: file.id, cdTipoDocumento };
        break;
      }
      case 'xstate.done.actor.preparePendingPhoto':
        if (photo) held = { id: photo.id, cdTipoDocumento: photo.cdTipoDocumento };
        photo = null;
        break;
      case 'xstate.error.actor.preparePendingPhoto':
      case 'PENDING_PREPARATION_CANCELLED':
        photo = null;
        break;
      case 'PENDING_FILE_REMOVED':
      case 'xstate.done.actor.uploadPendingDocument':
        held = null;
        refusedLast = false;
        otherTypeLast = false;
        break;
      // The request read again: a new visit of the panel starts with nothing in hand.
      case 'xstate.done.actor.loadTrackingData':
        held = null;
        photo = null;
        break;
    }
  }
  return { held, kept: held !== null, refusedLast, otherTypeLast, photo };
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
      // The file in hand before this event, by what happened (not by what the machine held).
      const held = pendingFileHistory(events.slice(0, -1)).held;
      const before = held?.id ?? null;
      const now = snapshot.context.pendingFile;
      // A photo for the document in hand, or for any when none is (another document's waits its turn).
      const forThisRow = !held || held.cdTipoDocumento === last.cdTipoDocumento;
      if (last.type === 'PENDING_FILE_CHOSEN' && forThisRow && preparedFirst(last.file as ChosenFile))
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
  {
    rule: 'status 2: an upload refused because the request no longer takes documents reads the request again, and no file is said refused (found by a regression walk)',
    holds: ({ snapshot, events }) => {
      const last = events.at(-1);
      if (last?.type !== 'xstate.error.actor.uploadPendingDocument' || !hasErrorCode(last.error, ERROR_CODES.takesNoDocuments)) return true;
      return snapshot.matches('loading') || 'the panel stayed, as if the file were at fault';
    },
  },
  {
    rule: "status 2: 'Cancelar envio' stops the sending at once and leaves the same file in hand, to send again or remove (found by an exploratory run)",
    holds: ({ snapshot, events }) => {
      if (events.at(-1)?.type !== 'PENDING_SEND_CANCELLED') return true;
      const held = pendingFileHistory(events).held;
      return (
        (snapshot.matches({ ready: { pendingDocuments: 'fileChosen' } }) && snapshot.context.pendingFile?.id === held?.id) ||
        'the sending went on, or another file is in hand'
      );
    },
    seen: (page, { snapshot, events }) =>
      onPendingPanel(snapshot) && events.at(-1)?.type === 'PENDING_SEND_CANCELLED'
        ? {
            all: [
              { visible: page.getByTestId('pending-file').getByRole('button', { name: new RegExp(`^${PENDING_TEXT.send}: `) }) },
              { hidden: page.getByTestId('pending-file').getByText(PENDING_TEXT.sending) },
            ],
          }
        : null,
  },
  {
    rule: 'status 2: leaving the panel lets go of the bytes of the file in hand and of the photo being prepared (a shared phone keeps nothing of a request)',
    holds: ({ snapshot, trace, events, previous }) => {
      const last = events.at(-1);
      if (!previous || !last || !onPendingPanel(previous.snapshot) || onPendingPanel(snapshot)) return true;
      // What the tab held before the step that left, by what happened.
      const before = pendingFileHistory(events.slice(0, previous.events));
      if (!before.held && !before.photo) return true;
      const step = trace.slice(trace.lastIndexOf(`event:${last.type}`));
      return step.includes('action:releasePendingFiles') || `left the panel after ${last.type} with a file's bytes kept in the tab`;
    },
  },
  {
    rule: 'status 2: a file chosen and not sent is never dropped by a choice for another document: that one waits, and the screen says why (found by an exploratory run)',
    holds: ({ snapshot, events, previous }) => {
      const last = events.at(-1);
      if (!previous || last?.type !== 'PENDING_FILE_CHOSEN' || events.length !== previous.events + 1) return true;
      const before = pendingFileHistory(events.slice(0, -1)).held;
      if (!before || before.cdTipoDocumento === last.cdTipoDocumento) return true;
      return (
        (snapshot.context.pendingFile?.id === before.id && !preparingPhoto(snapshot)) ||
        `the file in hand for type ${before.cdTipoDocumento} dropped for one of type ${String(last.cdTipoDocumento)}`
      );
    },
    seen: (page, { snapshot, events }) =>
      onPendingPanel(snapshot) && pendingFileHistory(events).otherTypeLast
        ? { visible: page.getByRole('alert').filter({ hasText: /^Envie ou remova antes o arquivo escolhido para / }) }
        : null,
  },
];
