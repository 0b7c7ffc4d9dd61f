/**
 * Step 5 — Documentos (SPEC §2, §5 attachments): choose the document type first, then
 * attach; each file is listed with type, name and size, and can be previewed or removed.
 */
import { shallowEqual } from '@xstate/react';
import { useRef } from 'react';
import { formatFileSize } from '../../../machines/attachments';
import { fileRegistry, newFileId } from '../../flows/wizard/file-registry';
import { Button } from '../../ui/button';
import { SelectInput } from './fields';
import { useWizard, useWizardActorRef } from './wizard-context';

export function StepDocumentos() {
  const actor = useWizardActorRef();
  const inputRef = useRef<HTMLInputElement>(null);
  const documentTypes = useWizard((s) => s.context.documentTypes, shallowEqual);
  const documentType = useWizard((s) => s.context.documentType);
  const attachments = useWizard((s) => s.context.attachments, shallowEqual);
  const fileAlert = useWizard((s) => s.context.fileAlert);
  const lost = useWizard((s) => s.context.lostAttachments, shallowEqual);
  const saved = useWizard((s) => s.context.saved);
  const submitting = useWizard((s) => s.matches('submitting'));
  const options = documentTypes.map((type) => ({ label: type.nmDocumento, value: String(type.cdTipoDocumento) }));

  const attach = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const id = newFileId();
    fileRegistry.put(id, file);
    actor.send({ type: 'FILE_CHOSEN', file: { id, name: file.name, size: file.size, mimeType: file.type } });
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="space-y-4">
      {saved && (
        <p role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-slate-900">
          Sua solicitação já foi registrada. Clique em 'Próximo' para concluir o envio dos documentos.
        </p>
      )}
      {lost.length > 0 && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
          Não foi possível recuperar estes arquivos depois que a página foi recarregada. Anexe-os novamente: {lost.join(', ')}.
        </p>
      )}
      <div className="grid items-end gap-4 desktop:grid-cols-[1fr_auto]">
        <SelectInput
          id="wizard-tipo_documento"
          label="Tipo de documento"
          options={options}
          value={documentType}
          onChange={(value) => actor.send({ type: 'DOCUMENT_TYPE_CHOSEN', cdTipoDocumento: value })}
          disabled={submitting}
        />
        <div>
          <input
            ref={inputRef}
            id="wizard-arquivo"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            className="sr-only"
            tabIndex={-1}
            aria-label="Arquivo do documento"
            disabled={!documentType || submitting}
            onChange={(event) => attach(event.target.files)}
          />
          <Button disabled={!documentType || submitting} onClick={() => inputRef.current?.click()}>Anexar arquivo</Button>
        </div>
      </div>
      <div aria-live="assertive">
        {fileAlert && <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-medium text-red-800">{fileAlert}</p>}
      </div>
      {attachments.length === 0 ? (
        <p className="text-slate-700">Nenhum documento anexado.</p>
      ) : (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Documentos anexados</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="p-2">Tipo</th>
              <th scope="col" className="p-2">Arquivo</th>
              <th scope="col" className="p-2">Tamanho</th>
              <th scope="col" className="p-2">Ações</th>
            </tr>
          </thead>
          <tbody>
            {attachments.map((attachment) => (
              <tr key={attachment.id} className="border-b border-slate-200">
                <td className="p-2">{attachment.nmDocumento}</td>
                <td className="break-all p-2">{attachment.fileName}</td>
                <td className="p-2">{formatFileSize(attachment.size)}</td>
                <td className="flex flex-wrap gap-2 p-2">
                  <Button variant="link" aria-label={`Visualizar ${attachment.fileName}`} onClick={() => actor.send({ type: 'ATTACHMENT_PREVIEW', id: attachment.id })}>
                    Visualizar
                  </Button>
                  {attachment.uploaded ? (
                    <span className="self-center text-slate-700">Enviado</span>
                  ) : (
                    <Button variant="link" disabled={submitting} aria-label={`Remover ${attachment.fileName}`} onClick={() => actor.send({ type: 'ATTACHMENT_REMOVE', id: attachment.id })}>
                      Remover
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
