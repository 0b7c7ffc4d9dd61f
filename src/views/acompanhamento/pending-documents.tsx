/**
 * Status 2, 'Pendente de documentação' (issue 25 item 3): the documents the operator still
 * waits for, each with its reason, a file to choose and 'Enviar' (the wizard's checks, photo
 * preparation with 'Cancelar', upload, progress and retry), then what happens next and the
 * operator's clock. The list is the server's: after each sending the screen reloads it
 * (machines/tracking.pending.states.ts).
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef } from 'react';
import { attachmentSizeLabel } from '../../../machines/attachments';
import {
  PENDING_TEXT,
  allPendingReceived,
  fileHeldForAnother,
  heldFileHint,
  pendingClockText,
  pendingDocumentsOf,
} from '../../../machines/tracking.pending';
import type { PendingDocumentInfo } from '../../../machines/tracking.types';
import { fileRegistry, newFileId } from '../../flows/wizard/file-registry';
import { useUploadProgress } from '../../flows/wizard/upload-progress';
import { Button } from '../../ui/button';
import { useRefocusWhenIdle } from '../../ui/focus-lost';
import { PreparingPhoto, usePreparationCancel } from '../../ui/preparing-photo';
import { UploadProgressBar } from '../../ui/upload-progress-bar';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';

// The wizard's: iPhone photos (HEIC) are converted before they are sent.
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.heic,.heif,application/pdf,image/jpeg,image/png,image/heic,image/heif';

/** Sending a file, or preparing a photo: the other files wait (the chart takes no other choice then). */
function useBusy(): boolean {
  const actor = TrackingActorContext.useActorRef();
  return useSelector(
    actor,
    (s) => s.matches({ ready: { pendingDocuments: 'sending' } }) || s.matches({ ready: { pendingDocuments: 'preparing' } }),
  );
}

/** The chosen file of a row: name and size, then 'Enviar' / 'Remover', its progress, or its failure and retry. */
/** `onRemoved`: where focus goes once 'Remover' took the row (and itself) away. */
function ChosenFileRow({ pending, onRemoved }: { pending: PendingDocumentInfo; onRemoved: () => void }) {
  const actor = TrackingActorContext.useActorRef();
  const file = useSelector(actor, (s) => s.context.pendingFile);
  const sending = useSelector(actor, (s) => s.matches({ ready: { pendingDocuments: 'sending' } }));
  const busy = useBusy();
  const progress = useUploadProgress(file?.id ?? '');
  const sendButton = useRef<HTMLButtonElement>(null);
  // A file chosen: 'Enviar' is next (the input that took it is hidden).
  useEffect(() => {
    if (file) sendButton.current?.focus();
  }, [file?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per file chosen
  // A sending that failed: 'Tentar de novo' is next (the buttons were hidden while it went), or
  // 'Remover' for a file the server refused.
  useRefocusWhenIdle(sending, sendButton);
  if (!file) return null;
  const failed = !sending && progress?.state === 'failed';
  const refusal = failed ? file.refused : undefined;
  return (
    <div className="space-y-2 rounded-md bg-slate-50 px-3 py-2" data-testid="pending-file">
      <p className="text-slate-900">
        <span className="break-all font-medium">{file.fileName}</span> <span className="text-slate-700">({attachmentSizeLabel(file)})</span>
      </p>
      {sending && (
        <div className="space-y-2">
          <p className="text-sm text-slate-800">{PENDING_TEXT.sending}</p>
          {progress?.state === 'sending' && <UploadProgressBar fileName={file.fileName} sent={progress.sent} total={progress.total} />}
          {/* A big photo on a slow link takes minutes: it can be stopped, the file kept. */}
          <Button
            variant="link"
            aria-label={`${PENDING_TEXT.cancelSend} de ${file.fileName}`}
            onClick={() => actor.send({ type: 'PENDING_SEND_CANCELLED' })}
          >
            {PENDING_TEXT.cancelSend}
          </Button>
        </div>
      )}
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {refusal ? `${PENDING_TEXT.refused} ${refusal}` : PENDING_TEXT.failed}
        </p>
      )}
      {!busy && (
        <div className="flex flex-wrap gap-x-3 gap-y-2">
          {/* A file the server refused is not sent again as it is: it is removed and another chosen. */}
          {!refusal && (
            <Button
              ref={sendButton}
              aria-label={`${failed ? PENDING_TEXT.retry : PENDING_TEXT.send}: ${pending.nmDocumento}`}
              onClick={() => actor.send({ type: 'PENDING_FILE_SEND' })}
            >
              {failed ? PENDING_TEXT.retry : PENDING_TEXT.send}
            </Button>
          )}
          <Button
            ref={refusal ? sendButton : undefined}
            variant="link"
            aria-label={`${PENDING_TEXT.remove} ${file.fileName}`}
            onClick={() => {
              actor.send({ type: 'PENDING_FILE_REMOVED' });
              // The button is gone with the row: focus goes on to choosing a file for this document.
              onRemoved();
            }}
          >
            {PENDING_TEXT.remove}
          </Button>
        </div>
      )}
    </div>
  );
}

function PendingRow({ pending }: { pending: PendingDocumentInfo }) {
  const actor = TrackingActorContext.useActorRef();
  const inputRef = useRef<HTMLInputElement>(null);
  const chosenHere = useSelector(actor, (s) => s.context.pendingFile?.cdTipoDocumento === pending.cdTipoDocumento);
  const preparing = useSelector(actor, (s) =>
    s.context.pendingPreparing?.cdTipoDocumento === pending.cdTipoDocumento ? s.context.pendingPreparing.file.name : null,
  );
  // One file in hand at a time: another row's file chosen and not sent makes this row wait, saying why (never dropped unsent).
  const heldHint = useSelector(actor, (s) => {
    const held = fileHeldForAnother(s.context.pendingFile, pending.cdTipoDocumento);
    return held ? heldFileHint(held) : null;
  });
  const hintId = useId();
  const busy = useBusy();
  const chooseButton = useRef<HTMLButtonElement>(null);
  const focusChoose = useCallback(() => chooseButton.current?.focus(), []);
  const cancelPreparation = usePreparationCancel(preparing, () => actor.send({ type: 'PENDING_PREPARATION_CANCELLED' }), focusChoose);
  // The file is kept in this tab's memory only (the wizard's registry, not its IndexedDB copy:
  // a shared device keeps nothing of a request once its screen is left), then the machine checks it.
  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (inputRef.current) inputRef.current.value = '';
    const id = newFileId();
    await fileRegistry.put(id, file, { survivesReload: false });
    actor.send({
      type: 'PENDING_FILE_CHOSEN',
      cdTipoDocumento: pending.cdTipoDocumento,
      file: { id, name: file.name, size: file.size, mimeType: file.type },
    });
  };
  return (
    <li className="space-y-2 border-b border-slate-200 pb-3 last:border-b-0" data-testid="pending-document">
      <p className="font-medium text-slate-900">{pending.nmDocumento}</p>
      {pending.dsMotivo && (
        <p className="text-slate-800">
          <span className="font-semibold">{PENDING_TEXT.reason}</span> {pending.dsMotivo}
        </p>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        // Its button opens it: a screen reader lists the button alone, not a second, unusable control (found by a keyboard run).
        aria-hidden="true"
        aria-label={PENDING_TEXT.fileLabel(pending.nmDocumento)}
        disabled={busy || heldHint !== null}
        onChange={(event) => void choose(event.target.files)}
      />
      {chosenHere && <ChosenFileRow pending={pending} onRemoved={focusChoose} />}
      {preparing !== null && <PreparingPhoto name={preparing} onCancel={cancelPreparation} />}
      <Button
        ref={chooseButton}
        variant={chosenHere ? 'link' : 'secondary'}
        disabled={busy || heldHint !== null}
        aria-describedby={heldHint !== null ? hintId : undefined}
        aria-label={`${chosenHere ? PENDING_TEXT.chooseAnother : PENDING_TEXT.choose} para ${pending.nmDocumento}`}
        onClick={() => inputRef.current?.click()}
      >
        {chosenHere ? PENDING_TEXT.chooseAnother : PENDING_TEXT.choose}
      </Button>
      {heldHint !== null && (
        <p id={hintId} className="text-sm text-slate-700">
          {heldHint}
        </p>
      )}
    </li>
  );
}

export function PendingDocuments({ now = () => new Date() }: { now?: () => Date }) {
  const actor = TrackingActorContext.useActorRef();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const tracking = useSelector(actor, (s) => s.context.tracking);
  const history = useSelector(actor, (s) => s.context.history);
  const alert = useSelector(actor, (s) => s.context.pendingFileAlert);
  const sent = useSelector(actor, (s) => s.context.pendingSent);
  // Back from a sending (the screen reloaded the list): start from what the server now holds.
  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);
  const pending = pendingDocumentsOf(tracking);
  const clock = pendingClockText(history, now(), pending.length > 0);
  return (
    <section aria-labelledby={headingId} data-testid="pending-documents" className="space-y-3 rounded-md border border-slate-300 px-4 py-3">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-slate-800 outline-none">
        {PENDING_TEXT.heading}
      </h3>
      {sent && (
        <p role="status" className="rounded-md border border-green-700 bg-green-50 px-3 py-2 text-green-900" data-testid="pending-sent">
          {PENDING_TEXT.sent(sent.nmDocumento)}
        </p>
      )}
      {pending.length > 0 ? (
        <>
          <p className="text-slate-800">{PENDING_TEXT.intro}</p>
          <ul className="space-y-3">
            {pending.map((item) => (
              <PendingRow key={item.cdTipoDocumento} pending={item} />
            ))}
          </ul>
        </>
      ) : (
        <p className="text-slate-800" data-testid="pending-empty">
          {sent || allPendingReceived(tracking) ? PENDING_TEXT.allSent : PENDING_TEXT.none}
        </p>
      )}
      <div aria-live="assertive">
        {alert && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-medium text-red-800">
            {alert}
          </p>
        )}
      </div>
      <div className="space-y-1 rounded-md bg-brand-50 px-3 py-2 text-slate-900" data-testid="pending-next">
        {pending.length > 0 && <p>{PENDING_TEXT.whatNext}</p>}
        {clock && <p>{clock}</p>}
      </div>
    </section>
  );
}
