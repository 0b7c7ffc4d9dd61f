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

export const uploadDocument = fromPromise<string, UploadDocumentInput>(async ({ input }) => {
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
        // The server judged the file itself: the same bytes would meet the same refusal.
        isFinal: (error) => refusalOf(error) !== undefined,
        // The body is the file in base64 (4/3 of it) in JSON: shown as the file's own bytes.
        onUploadProgress: (sent, total) => uploadProgress.sending(attachment.id, Math.round((sent / total) * file.size), file.size),
      },
    );
  } catch (error) {
    // The toast says it once; the row keeps saying it (found by an exploratory run).
    uploadProgress.failed(attachment.id, refusalOf(error));
    throw error;
  }
});
