/**
 * Whether an uploaded file is what it claims to be. Accepted only when the file name's
 * extension (if it has one), the declared extension (nmExtensao), the data-URL type (if the
 * client sent one) and the file's first bytes all say the same: PDF, JPEG or PNG. A text
 * file renamed to '.pdf' fails on its first bytes.
 */
import { HEIC_NOT_ACCEPTED, isHeicExtension } from '../../contract/rules.ts';
import { badRequest } from '../http/http-error.ts';
import { inspectPdf } from './pdf-active-content.ts';

export type FileKind = 'pdf' | 'jpeg' | 'png';

const KIND_OF_EXTENSION: Readonly<Record<string, FileKind>> = { pdf: 'pdf', jpg: 'jpeg', jpeg: 'jpeg', png: 'png' };
const KIND_OF_MIME: Readonly<Record<string, FileKind>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/png': 'png',
};
const KIND_LABEL: Readonly<Record<FileKind, string>> = { pdf: 'PDF', jpeg: 'JPG', png: 'PNG' };

const MAGIC: ReadonlyArray<[FileKind, readonly number[]]> = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

export const EMPTY_FILE = 'O arquivo está vazio. Por favor, selecione um arquivo válido.';
export const FILE_TOO_LARGE = 'O arquivo excede o tamanho máximo permitido de 10MB.';

/** An ISO media file whose brand is HEIC/HEIF (`....ftypheic`, `mif1`, ...): an iPhone photo. */
export function looksLikeHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = String.fromCharCode(...bytes.subarray(4, 12));
  return /^ftyp(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(box);
}

export function kindOfBytes(bytes: Uint8Array): FileKind | null {
  for (const [kind, signature] of MAGIC) {
    if (bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte)) return kind;
  }
  return null;
}

export interface CheckedFile {
  content: Buffer;
  kind: FileKind;
  /** Extension to store the file under. */
  extension: 'pdf' | 'jpg' | 'png';
}

export const NOT_BASE64 = 'Campo arquivoBase64: o conteúdo do arquivo não está em base64 válido.';

/** How to make a PDF with nothing in it but pages: what both refusals below suggest. */
const HOW_TO_SEND_A_PLAIN_PDF =
  'Envie um PDF simples: abra o documento e use "Imprimir" > "Salvar como PDF", ou digitalize o documento de novo (ou envie uma foto em JPG ou PNG).';
export const PDF_WITH_ACTIVE_CONTENT = `Este PDF contém conteúdo ativo (JavaScript, ação automática ou arquivo embutido) e não pode ser aceito. ${HOW_TO_SEND_A_PLAIN_PDF}`;
export const PDF_UNREADABLE = `Não foi possível verificar o conteúdo deste PDF (protegido por senha ou compactado de forma incomum). ${HOW_TO_SEND_A_PLAIN_PDF}`;

/** The file as the upload call's body reader decoded it (server/http/streamed-upload.ts). */
export interface DecodedFile {
  bytes: Buffer;
  /** The type a `data:<type>;base64,` prefix named, if there was one. */
  mime: string | null;
  /** What was wrong with its base64 text (empty, too large, not base64), if anything. */
  problem: string | null;
}

export function checkUploadedFile(fileName: string, declaredExtension: string, file: DecodedFile): CheckedFile {
  // The portal converts iPhone photos; one that arrives as it is is told how to send it (issue 27).
  if (isHeicExtension(declaredExtension)) throw badRequest(HEIC_NOT_ACCEPTED);
  const declared = KIND_OF_EXTENSION[declaredExtension.toLowerCase().replace(/^\./, '')];
  if (!declared) throw badRequest('Campo nmExtensao: extensão não permitida (PDF, JPG ou PNG).');
  const nameExtension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (nameExtension !== undefined && KIND_OF_EXTENSION[nameExtension] !== declared) {
    throw badRequest(`O nome do arquivo (.${nameExtension}) não corresponde à extensão informada (${KIND_LABEL[declared]}).`);
  }
  if (file.problem) throw badRequest(file.problem);
  const { bytes: content, mime } = file;
  if (content.length === 0) throw badRequest(EMPTY_FILE);
  if (mime !== null && KIND_OF_MIME[mime] !== declared) {
    throw badRequest(`O tipo do arquivo (${mime}) não corresponde à extensão informada (${KIND_LABEL[declared]}).`);
  }
  if (looksLikeHeic(content.subarray(0, 16))) throw badRequest(HEIC_NOT_ACCEPTED);
  const actual = kindOfBytes(content.subarray(0, 16));
  if (actual !== declared) {
    throw badRequest(
      `O conteúdo do arquivo não é um ${KIND_LABEL[declared]} válido` +
        `${actual ? ` (parece ser ${KIND_LABEL[actual]})` : ''}. Envie um arquivo PDF, JPG ou PNG verdadeiro.`,
    );
  }
  if (actual === 'pdf') {
    // Scripts, actions on opening, embedded files: an analyst opens this (services/pdf-active-content.ts).
    const inspection = inspectPdf(content);
    if (inspection.kind === 'active') throw badRequest(PDF_WITH_ACTIVE_CONTENT);
    if (inspection.kind === 'unreadable') throw badRequest(PDF_UNREADABLE);
  }
  return { content, kind: actual, extension: actual === 'jpeg' ? 'jpg' : actual };
}
