/**
 * The attachments list of step 5: metadata only (the bytes live in the app's file registry),
 * so the wizard's snapshot stays serialisable and can be kept per tab.
 */
import { extensionOf } from './wizard.schemas';
import type { AttachmentMeta, ChosenFile, DocumentTypeOption } from './wizard.types';

export function toAttachment(file: ChosenFile, documentType: string, documentTypes: readonly DocumentTypeOption[]): AttachmentMeta {
  const cdTipoDocumento = Number(documentType);
  const type = documentTypes.find((option) => option.cdTipoDocumento === cdTipoDocumento);
  return {
    id: file.id,
    cdTipoDocumento,
    nmDocumento: type?.nmDocumento ?? documentType,
    fileName: file.name,
    extension: extensionOf(file.name),
    size: file.size,
    mimeType: file.mimeType,
    uploaded: false,
  };
}

export function pendingUploads(attachments: readonly AttachmentMeta[]): AttachmentMeta[] {
  return attachments.filter((attachment) => !attachment.uploaded);
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
