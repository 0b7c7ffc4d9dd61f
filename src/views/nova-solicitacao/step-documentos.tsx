/**
 * Step 5 — Documentos (SPEC §2, §5 attachments): choose the document type first, then
 * attach; each file is listed with type, name and size, and can be previewed or removed.
 * The live region says each file attached or removed; after a removal focus goes back to
 * 'Anexar arquivo' (the row and its button are gone).
 */
import { shallowEqual } from '@xstate/react';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import {
  UPLOAD_OUTCOME,
  attachmentSizeLabel,
  couldKeep,
  pendingUploads,
  refusedUploads,
  sameFileListed,
  uploadCounter,
} from '../../../machines/attachments';
import type { AttachmentMeta } from '../../../machines/wizard.types';
import { fileRegistry, filesOnlyInTab, newFileId } from '../../flows/wizard/file-registry';
import { useUploadProgress } from '../../flows/wizard/upload-progress';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { PreparingPhoto, usePreparationCancel } from '../../ui/preparing-photo';
import { UploadProgressBar } from '../../ui/upload-progress-bar';
import { SelectInput } from './fields';
import { useWizard, useWizardActorRef } from '../../flows/wizard/wizard-context';

/**
 * A file as its controls name it: its name and the document it was attached as. Phone photos
 * share names, and two 'Remover foto.jpg' buttons told nobody which one goes (WCAG 2.4.6).
 */
const attachmentName = (attachment: AttachmentMeta) => `${attachment.fileName}, ${attachment.nmDocumento}`;

function useAttachmentFeedback(attachments: readonly AttachmentMeta[], afterRemoval: () => void) {
  const before = useRef(attachments);
  useEffect(() => {
    const previous = before.current;
    before.current = attachments;
    if (previous === attachments) return;
    const added = attachments.filter((a) => !previous.some((p) => p.id === a.id));
    const removed = previous.filter((p) => !attachments.some((a) => a.id === p.id));
    for (const file of added) announce(`Arquivo ${file.fileName} anexado como ${file.nmDocumento}.`);
    for (const file of removed) announce(`Arquivo ${attachmentName(file)}, removido.`);
    if (removed.length > 0) afterRemoval();
  }, [attachments, afterRemoval]);
}

const NO_NAMES: readonly string[] = [];

/**
 * The request is saved and every other file sent, but the server refused these (found by a
 * regression walk: 'Próximo' sent the same file to the same refusal and the protocol never
 * came). 'Próximo' now concludes without them; another file can be attached first.
 */
export function refusedFilesMessage(names: readonly string[]): string {
  const [file, was] =
    names.length === 1 ? [`o arquivo ${names[0]}`, 'foi recusado'] : [`os arquivos ${names.join(', ')}`, 'foram recusados'];
  return (
    `Sua solicitação já foi registrada, mas ${file} ${was} (o motivo está na lista). ` +
    "Remova-o e anexe outro, ou clique em 'Próximo' para concluir sem ele."
  );
}

/** The request is saved, and `count` files are still to send: 'Próximo' sends them. */
export function unsentFilesMessage(count: number): string {
  const files = count === 1 ? 'um documento não foi enviado' : `${count} documentos não foram enviados`;
  return `Sua solicitação já foi registrada, mas ${files}. Clique em 'Próximo' para concluir o envio dos documentos.`;
}

/** What the step says while the request goes out, and after a file failed (issue 27). */
function SendingStatus() {
  const uploading = useWizard((s) => s.matches({ submitting: 'uploading' }));
  const submitting = useWizard((s) => s.matches('submitting'));
  const waiting = useWizard((s) => s.matches({ editing: { documentos: 'awaitingVisibility' } }));
  const counter = useWizard((s) => uploadCounter(s.context.attachments), shallowEqual);
  // Saved, not sending: the files still to send are what a failed sending left.
  const unsent = useWizard((s) =>
    s.context.saved !== null && !s.matches('submitting') ? pendingUploads(s.context.attachments).length : 0,
  );
  const refused = useWizard(
    (s) => (s.context.saved !== null && !s.matches('submitting') ? refusedUploads(s.context.attachments).map((a) => a.fileName) : NO_NAMES),
    shallowEqual,
  );
  if (uploading)
    return (
      <p role="status" className="rounded-md border border-brand-700 bg-brand-50 p-3 font-medium text-slate-900">
        Enviando {counter.current} de {counter.total} — mantenha esta tela aberta
      </p>
    );
  if (submitting)
    return (
      <p role="status" className="rounded-md border border-brand-700 bg-brand-50 p-3 font-medium text-slate-900">
        Enviando a solicitação — mantenha esta tela aberta
      </p>
    );
  if (waiting)
    return (
      <p role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-slate-900">
        O envio foi interrompido enquanto a tela estava fechada. Ele recomeça sozinho agora.
      </p>
    );
  // Every file still to send is counted, and one the server refused is still named (found by a
  // regression walk: a refusal stopped the sending, and the banner spoke of one file of three).
  if (unsent > 0)
    return (
      <div role="status" className="space-y-2 rounded-md border border-amber-600 bg-amber-50 p-3 text-slate-900">
        <p>{unsentFilesMessage(unsent)}</p>
        {refused.length > 0 && <p>{refusedFilesMessage(refused)}</p>}
      </div>
    );
  if (refused.length > 0)
    return (
      <p role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-slate-900">
        {refusedFilesMessage(refused)}
      </p>
    );
  return null;
}

/** The files still to send that the device had no room for: they live only in this tab. */
export function notKeptOnDeviceMessage(names: readonly string[]): string {
  const [these, they] = names.length === 1 ? ['este arquivo', 'ele fica'] : ['estes arquivos', 'eles ficam'];
  return (
    `Este aparelho está sem espaço para guardar ${these}: ${names.join(', ')}. Por enquanto ${they} só nesta aba: ` +
    'não feche nem recarregue a página antes de enviar a solicitação, ou libere espaço no aparelho.'
  );
}

function FilesOnlyInTab({ attachments }: { attachments: readonly AttachmentMeta[] }) {
  const onlyInTab = useSyncExternalStore(filesOnlyInTab.subscribe, filesOnlyInTab.now, filesOnlyInTab.now);
  const names = attachments.filter((a) => !a.uploaded && onlyInTab.includes(a.id)).map((a) => a.fileName);
  // Always in the page, so the refusal is announced when it comes.
  return (
    <p
      role="status"
      className="rounded-md border border-amber-600 bg-amber-50 p-3 text-slate-900 empty:hidden"
      data-testid="files-only-in-tab"
    >
      {names.length > 0 ? notKeptOnDeviceMessage(names) : ''}
    </p>
  );
}

/** While the request is sent: this file's bytes sent so far; after a failure, a retry of it. */
function UploadStatus({ attachment, submitting }: { attachment: AttachmentMeta; submitting: boolean }) {
  const actor = useWizardActorRef();
  const progress = useUploadProgress(attachment.id);
  if (progress?.state === 'sending' && submitting)
    return <UploadProgressBar fileName={attachment.fileName} sent={progress.sent} total={progress.total} />;
  // A file the server refused cannot go as it is: its reason, and no 'Tentar de novo' for it.
  if (attachment.refused !== undefined && !submitting)
    return (
      <div className="px-2 text-sm">
        <span className="font-medium text-red-800">
          {UPLOAD_OUTCOME.refused} {attachment.refused} Remova-o e anexe outro arquivo.
        </span>
      </div>
    );
  if (progress?.state === 'failed' && !submitting)
    return (
      <div className="flex flex-wrap items-center gap-x-2 px-2 text-sm">
        <span className="font-medium text-red-800">{UPLOAD_OUTCOME.unconfirmed}</span>
        <Button variant="link" aria-label={`Enviar ${attachment.fileName} de novo`} onClick={() => actor.send({ type: 'NEXT' })}>
          Tentar de novo
        </Button>
      </div>
    );
  return null;
}

export function StepDocumentos() {
  const actor = useWizardActorRef();
  const inputRef = useRef<HTMLInputElement>(null);
  const documentTypes = useWizard((s) => s.context.documentTypes, shallowEqual);
  const documentType = useWizard((s) => s.context.documentType);
  const attachments = useWizard((s) => s.context.attachments, shallowEqual);
  const fileAlert = useWizard((s) => s.context.fileAlert);
  const lost = useWizard((s) => s.context.lostAttachments, shallowEqual);
  const submitting = useWizard((s) => s.matches('submitting'));
  const preparing = useWizard((s) => s.context.preparing?.name ?? null);
  const options = documentTypes.map((type) => ({ label: type.nmDocumento, value: String(type.cdTipoDocumento) }));
  const attachButton = useRef<HTMLButtonElement>(null);
  const focusAttach = useCallback(() => {
    if (attachButton.current && !attachButton.current.disabled) attachButton.current.focus();
    else document.getElementById('wizard-tipo_documento')?.focus();
  }, []);
  useAttachmentFeedback(attachments, focusAttach);
  const cancelPreparation = usePreparationCancel(preparing, () => actor.send({ type: 'PREPARATION_CANCELLED' }), focusAttach);

  // The row appears once the file is stored for this tab: a reload right after still finds it.
  // A file the step refuses anyway (empty, over 10MB, a wrong type, already listed) is not
  // stored: its message shows at once instead of after writing up to megabytes for nothing.
  const attach = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (inputRef.current) inputRef.current.value = '';
    const chosen = { id: newFileId(), name: file.name, size: file.size, mimeType: file.type };
    if (couldKeep(chosen) && !sameFileListed(attachments, chosen, documentType)) await fileRegistry.put(chosen.id, file);
    actor.send({ type: 'FILE_CHOSEN', file: chosen });
  };

  return (
    <div className="space-y-4">
      <SendingStatus />
      <FilesOnlyInTab attachments={attachments} />
      {lost.length > 0 && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
          Não foi possível recuperar estes arquivos depois que a página foi recarregada. Anexe-os novamente: {lost.join(', ')}.
        </p>
      )}
      <div className="grid grid-cols-1 items-end gap-4 desktop:grid-cols-[1fr_auto]">
        <SelectInput
          id="wizard-tipo_documento"
          label="Tipo de documento"
          options={options}
          value={documentType}
          onChange={(value) => actor.send({ type: 'DOCUMENT_TYPE_CHOSEN', cdTipoDocumento: value })}
          disabled={submitting || preparing !== null}
        />
        <div>
          <input
            ref={inputRef}
            id="wizard-arquivo"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,.heic,.heif,application/pdf,image/jpeg,image/png,image/heic,image/heif"
            className="sr-only"
            tabIndex={-1}
            // Its button opens it: a screen reader lists the button alone, not a second, unusable control (found by a keyboard run).
            aria-hidden="true"
            aria-label="Arquivo do documento"
            disabled={!documentType || submitting || preparing !== null}
            onChange={(event) => void attach(event.target.files)}
          />
          <Button ref={attachButton} disabled={!documentType || submitting || preparing !== null} onClick={() => inputRef.current?.click()}>
            Anexar arquivo
          </Button>
        </div>
      </div>
      {preparing !== null && <PreparingPhoto name={preparing} onCancel={cancelPreparation} />}
      <div aria-live="assertive">
        {fileAlert && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-medium text-red-800">
            {fileAlert}
          </p>
        )}
      </div>
      {attachments.length === 0 ? (
        <p className="text-slate-700">Nenhum documento anexado.</p>
      ) : (
        // Phones (down to 320 px) get two columns: the document (type, file and size stacked)
        // and its actions; from 720 px each has its own column. Under 15rem of its own width (a
        // phone's large font) the two columns had no room: each row becomes a card with its
        // actions below the name. The roles keep it a table for screen readers laid out so.
        <div className="@container">
          <table role="table" className="w-full table-fixed border-collapse text-left text-sm desktop:table-auto @max-[15rem]:block">
            <caption className="sr-only">Documentos anexados</caption>
            <thead role="rowgroup" className="@max-[15rem]:sr-only">
              <tr role="row" className="border-b border-slate-300">
                <th role="columnheader" scope="col" className="hidden p-2 desktop:table-cell">
                  Tipo
                </th>
                <th role="columnheader" scope="col" className="p-2">
                  <span className="desktop:hidden">Documento</span>
                  <span className="hidden desktop:inline">Arquivo</span>
                </th>
                <th role="columnheader" scope="col" className="hidden p-2 desktop:table-cell">
                  Tamanho
                </th>
                <th role="columnheader" scope="col" className="w-28 p-2 desktop:w-auto">
                  Ações
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className="@max-[15rem]:block">
              {attachments.map((attachment) => (
                <tr role="row" key={attachment.id} className="border-b border-slate-200 align-top @max-[15rem]:block @max-[15rem]:py-1">
                  <td role="cell" className="hidden p-2 desktop:table-cell">
                    {attachment.nmDocumento}
                  </td>
                  <td role="cell" className="p-2 @max-[15rem]:block @max-[15rem]:pb-0">
                    <span className="block font-medium desktop:hidden">{attachment.nmDocumento}</span>
                    <span className="block break-all">{attachment.fileName}</span>
                    <span className="block text-slate-700 desktop:hidden">{attachmentSizeLabel(attachment)}</span>
                  </td>
                  <td role="cell" className="hidden p-2 desktop:table-cell">
                    {attachmentSizeLabel(attachment)}
                  </td>
                  <td role="cell" className="p-2 @max-[15rem]:block @max-[15rem]:pt-0">
                    <div className="flex flex-wrap gap-x-2">
                      <Button
                        variant="link"
                        aria-label={`Visualizar ${attachmentName(attachment)}`}
                        onClick={() => actor.send({ type: 'ATTACHMENT_PREVIEW', id: attachment.id })}
                      >
                        Visualizar
                      </Button>
                      {attachment.uploaded ? (
                        <span className="flex min-h-11 items-center px-2 text-slate-700">Enviado</span>
                      ) : (
                        <Button
                          variant="link"
                          disabled={submitting}
                          aria-label={`Remover ${attachmentName(attachment)}`}
                          onClick={() => actor.send({ type: 'ATTACHMENT_REMOVE', id: attachment.id })}
                        >
                          Remover
                        </Button>
                      )}
                    </div>
                    {!attachment.uploaded && <UploadStatus attachment={attachment} submitting={submitting} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
