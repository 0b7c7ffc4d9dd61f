/**
 * The attachments list of step 5: metadata only (the bytes live in the app's file registry),
 * so the wizard's snapshot stays serialisable and can be kept per tab.
 */
import { DOCUMENTS_LIMIT_MESSAGE, MAX_DOCUMENTS_PER_REQUEST } from '../contract/rules';
import { MAX_FILE_BYTES, fileExtensionOf, fileRejection } from './wizard.schemas';
import type { AttachmentMeta, ChosenFile, DocumentTypeOption, PreparedFile } from './wizard.types';

/**
 * Photos are shrunk before they are sent (issue 27): over this size an image is redrawn at
 * 2,000 px on its long side as a JPEG; at or under it, it is sent as it is (a photo this
 * small is already a screenshot or a photo shrunk by the phone, cheap on a slow link).
 */
export const SHRINK_OVER_BYTES = 1_048_576;

/** iPhone photos: decoded in the browser to a JPEG (the server keeps only PDF, JPG and PNG). */
export const HEIC_EXTENSIONS = ['heic', 'heif'] as const;
const SHRINKABLE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** Why a photo could not be made ready to send, as the prepareFile actor reports it. */
export type PreparationFailure = 'heic' | 'unreadable' | 'tooLarge' | 'codeNotLoaded' | 'interrupted';

export const PREPARATION_MESSAGES: Record<PreparationFailure, string> = {
  heic:
    'Não foi possível converter esta foto do iPhone (HEIC). Envie-a em JPG: no iPhone, em Ajustes > Câmera > Formatos, ' +
    'escolha "Mais Compatível" e tire a foto de novo; ou envie uma captura de tela da foto, ou um PDF do documento.',
  unreadable:
    'Não foi possível ler esta imagem para reduzi-la. Tire a foto de novo ou envie uma captura de tela dela, em JPG ou PNG, ou um PDF do documento.',
  tooLarge: 'O arquivo excede o tamanho máximo permitido de 10MB.',
  // The photo is fine: what failed is the download of the code that prepares it.
  codeNotLoaded: 'Não foi possível preparar a foto porque a conexão falhou. Verifique sua internet e anexe a foto de novo.',
  // The photo is fine: the page reloaded while it was being prepared and its bytes are gone
  // (preparationAlert names it).
  interrupted: 'A preparação da foto foi interrompida. Anexe a foto de novo.',
};

/** An iPhone photo, by its name's extension or, for a name without one, its type. */
/**
 * What a row says once an upload has failed. A file the server refused was not stored; an
 * upload without an answer may have arrived or not, and its retry (same Idempotency-Key)
 * cannot store it twice, so the row says exactly that (found by an exploratory run: 'Não foi
 * enviado.' was said of files the server held).
 */
export const UPLOAD_OUTCOME = {
  refused: 'Não foi enviado.',
  unconfirmed: 'Não foi possível confirmar o envio. Tente de novo: se ele já tiver chegado, não será guardado duas vezes.',
} as const;

export function isHeicFile(file: Pick<ChosenFile, 'name' | 'mimeType'>): boolean {
  return (HEIC_EXTENSIONS as readonly string[]).includes(fileExtensionOf(file));
}

/** Whether a chosen file goes through the browser's preparation (HEIC decoded, large photo shrunk) before it is listed. */
export function needsPreparing(file: Pick<ChosenFile, 'name' | 'size' | 'mimeType'>): boolean {
  if (file.size <= 0) return false;
  if (isHeicFile(file)) return true;
  return SHRINKABLE_EXTENSIONS.includes(fileExtensionOf(file)) && file.size > SHRINK_OVER_BYTES;
}

/**
 * Whether one more file fits the request: the server takes MAX_DOCUMENTS_PER_REQUEST in all,
 * and refused the 31st after the request was saved, leaving a file that could never go (found
 * by an exploratory run). Step 5 refuses it when it is chosen instead.
 */
export function hasRoomForAttachment(attachments: readonly unknown[]): boolean {
  return attachments.length < MAX_DOCUMENTS_PER_REQUEST;
}

/** Why step 5 refuses a chosen file (the list is full, or SPEC's checks), or null when it does not. */
export function attachmentRefusal(attachments: readonly unknown[], file: Pick<ChosenFile, 'name' | 'size' | 'mimeType'>): string | null {
  if (!hasRoomForAttachment(attachments)) return DOCUMENTS_LIMIT_MESSAGE;
  return fileRejection({ size: file.size, extension: fileExtensionOf(file) });
}

/**
 * The row already listed for this same file under this document type, or null. A file is
 * known by its name and size as chosen (a photo listed shrunk keeps both): choosing it again
 * for the same document is a slip (a second tap, a forgotten row), and sending it twice only
 * doubles the upload on a slow link. The same file under another document type is kept: one
 * PDF may hold several documents.
 */
export function sameFileListed(
  attachments: readonly AttachmentMeta[],
  file: Pick<ChosenFile, 'name' | 'size'>,
  documentType: string,
): AttachmentMeta | null {
  return (
    attachments.find(
      (attachment) =>
        String(attachment.cdTipoDocumento) === documentType &&
        (attachment.originalName ?? attachment.fileName) === file.name &&
        (attachment.originalSize ?? attachment.size) === file.size,
    ) ?? null
  );
}

/** What step 5 says of a file chosen again for the document it is already listed as. */
export function alreadyListedMessage(listed: Pick<AttachmentMeta, 'fileName' | 'originalName' | 'nmDocumento'>): string {
  return `O arquivo ${listed.originalName ?? listed.fileName} já está na lista como ${listed.nmDocumento}.`;
}

/**
 * Whether the step could keep a chosen file: one to prepare (a photo to shrink, a HEIC) or
 * one that passes SPEC's checks as it is. The guards below decide the same way; the view asks
 * first so that a file refused anyway (empty, over 10MB, a wrong type) is not written to the
 * tab's store before its message shows.
 */
export function couldKeep(file: Pick<ChosenFile, 'name' | 'size' | 'mimeType'>): boolean {
  return needsPreparing(file) || fileRejection({ size: file.size, extension: fileExtensionOf(file) }) === null;
}

/** The failure a prepareFile error names (anything else: the image could not be read). */
export function preparationFailureOf(error: unknown, file: Pick<ChosenFile, 'name' | 'mimeType'> | null): PreparationFailure {
  const reason = (error as { reason?: unknown } | null)?.reason;
  if (typeof reason === 'string' && Object.hasOwn(PREPARATION_MESSAGES, reason)) return reason as PreparationFailure;
  return file && isHeicFile(file) ? 'heic' : 'unreadable';
}

/** The alert for a photo that could not be made ready: its failure's message, an interrupted one naming the photo. */
export function preparationAlert(error: unknown, file: Pick<ChosenFile, 'name' | 'mimeType'> | null): string {
  const failure = preparationFailureOf(error, file);
  if (failure === 'interrupted' && file) return `A preparação de ${file.name} foi interrompida. Anexe a foto de novo.`;
  return PREPARATION_MESSAGES[failure];
}

/** A prepared photo fits when its new size is within the server's limit. */
export function preparedFits(prepared: PreparedFile): boolean {
  return prepared.size > 0 && prepared.size <= MAX_FILE_BYTES;
}

export function toAttachment(file: ChosenFile, documentType: string, documentTypes: readonly DocumentTypeOption[]): AttachmentMeta {
  const cdTipoDocumento = Number(documentType);
  const type = documentTypes.find((option) => option.cdTipoDocumento === cdTipoDocumento);
  return {
    id: file.id,
    cdTipoDocumento,
    nmDocumento: type?.nmDocumento ?? documentType,
    fileName: file.name,
    extension: fileExtensionOf(file),
    size: file.size,
    mimeType: file.mimeType,
    uploaded: false,
  };
}

/** The attachment of a prepared photo: its new name, size and type, and the size it had. */
export function toPreparedAttachment(
  prepared: PreparedFile,
  documentType: string,
  documentTypes: readonly DocumentTypeOption[],
): AttachmentMeta {
  return { ...toAttachment(prepared, documentType, documentTypes), originalSize: prepared.originalSize };
}

/** 'Enviando 1 de 3': the file going out now and how many the request has. */
export function uploadCounter(attachments: readonly AttachmentMeta[]): { current: number; total: number } {
  // A file the server refused on the way counts as done with: the next one is going out.
  const done = attachments.filter((attachment) => attachment.uploaded || attachment.refused !== undefined).length;
  return { current: Math.min(done + 1, attachments.length), total: attachments.length };
}

/** The files still to send: neither sent nor refused by the server (a refused one would meet the same refusal). */
export function pendingUploads(attachments: readonly AttachmentMeta[]): AttachmentMeta[] {
  return attachments.filter((attachment) => !attachment.uploaded && attachment.refused === undefined);
}

/** The files the server refused, kept in the list with their reason until removed. */
export function refusedUploads(attachments: readonly AttachmentMeta[]): AttachmentMeta[] {
  return attachments.filter((attachment) => !attachment.uploaded && attachment.refused !== undefined);
}

/** The file being sent (the first still to send) was refused for `reason`. */
export function markNextRefused(attachments: readonly AttachmentMeta[], reason: string): AttachmentMeta[] {
  const next = pendingUploads(attachments)[0];
  return next
    ? attachments.map((attachment) => (attachment.id === next.id ? { ...attachment, refused: reason } : attachment))
    : [...attachments];
}

export function markUploaded(attachments: readonly AttachmentMeta[], id: string): AttachmentMeta[] {
  return attachments.map((attachment) => (attachment.id === id ? { ...attachment, uploaded: true } : attachment));
}

/** An attachment already sent cannot be taken back: only pending ones are removable. */
export function removeAttachment(attachments: readonly AttachmentMeta[], id: string): AttachmentMeta[] {
  return attachments.filter((attachment) => attachment.id !== id || attachment.uploaded);
}

/** Files that did not survive a reload: removed from the list, their names kept to tell the user. */
export function dropLostAttachments(attachments: readonly AttachmentMeta[], ids: readonly string[]) {
  const lost = attachments.filter((attachment) => ids.includes(attachment.id) && !attachment.uploaded);
  return {
    attachments: attachments.filter((attachment) => !lost.includes(attachment)),
    lostNames: lost.map((attachment) => attachment.fileName),
  };
}

/** Human size for the list: "12 KB", "1,5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/** "6,2 MB → 0,9 MB" for a photo shrunk before sending; else its size. */
export function attachmentSizeLabel(attachment: Pick<AttachmentMeta, 'size' | 'originalSize'>): string {
  return attachment.originalSize === undefined
    ? formatFileSize(attachment.size)
    : `${formatFileSize(attachment.originalSize)} → ${formatFileSize(attachment.size)}`;
}
