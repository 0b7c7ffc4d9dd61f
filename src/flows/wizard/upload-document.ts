/**
 * The upload of one document (SPEC §7 `portabilidade/utils/documento`, by protocol), shared by
 * the wizard's step 5 and the tracking screen's pending documents (issue 25): the bytes from
 * the file registry, the progress in its row (the full-screen overlay stays away), one
 * Idempotency-Key per file so a retry after a lost answer stores it once.
 */
import { fromPromise } from 'xstate';
import type { UploadDocumentInput } from '../../../machines/wizard.types';
import { TIPO_PORTABILIDADE } from '../../../contract/api';
import { refusalOf } from '../../../contract/rules';
import { mutateApi } from '../../api/query-client';
import { notify } from '../../app/notify';
import { queryClient } from '../../app/services';
import { fileRegistry, fileToBase64 } from './file-registry';
import { uploadProgress } from './upload-progress';

/**
 * Sends one document. `signal`, when given, lets the person stop it (tracking's 'Cancelar
 * envio'): the request is aborted, not retried, and not reported as a failure.
 */
async function sendDocument(input: UploadDocumentInput, signal?: AbortSignal): Promise<string> {
  const { attachment } = input;
  const file = fileRegistry.get(attachment.id);
  if (!file) {
    notify.warning(`O arquivo ${attachment.fileName} não está mais disponível. Remova-o e anexe-o novamente.`);
    throw new Error(`arquivo ${attachment.id} ausente`);
  }
  const arquivoBase64 = await fileToBase64(file);
  uploadProgress.sending(attachment.id, 0, file.size);
  try {
    // Its row shows the progress: the full-screen overlay stays away (issue 14 item 6).
    return await mutateApi(
      queryClient,
      'uploadDocument',
      {
        nuProtocolo: input.nuProtocolo,
        tipoSolicitacao: TIPO_PORTABILIDADE,
        cdTipoDocumento: attachment.cdTipoDocumento,
        // The server names the stored file after this (and its own extension check).
        nmDocumento: attachment.fileName,
        nmExtensao: attachment.extension,
        arquivoBase64,
      },
      {
        idempotencyKey: input.idempotencyKey,
        quiet: true,
        ...(signal ? { signal } : {}),
        // The server judged the file itself: the same bytes would meet the same refusal.
        isFinal: (error) => refusalOf(error) !== undefined,
        // The body is the file in base64 (4/3 of it) in JSON: shown as the file's own bytes.
        onUploadProgress: (sent, total) => uploadProgress.sending(attachment.id, Math.round((sent / total) * file.size), file.size),
      },
    );
  } catch (error) {
    // Stopped by the person: nothing failed; the row is as before the sending.
    if (signal?.aborted) uploadProgress.forget(attachment.id);
    // The toast says it once; the row keeps saying it (found by an exploratory run).
    else uploadProgress.failed(attachment.id);
    throw error;
  }
}

/** The wizard's: its sending goes on to the end (a stopped actor leaves it to finish). */
export const uploadDocument = fromPromise<string, UploadDocumentInput>(({ input }) => sendDocument(input));

/** Tracking's status 2: leaving the sending state (its 'Cancelar envio') stops the upload. */
export const cancellableUploadDocument = fromPromise<string, UploadDocumentInput>(({ input, signal }) => sendDocument(input, signal));
