/**
 * Whether an uploaded file is what it claims to be. Accepted only when the file name's
 * extension (if it has one), the declared extension (nmExtensao), the data-URL type (if the
 * client sent one) and the file's first bytes all say the same: PDF, JPEG or PNG. A text
 * file renamed to '.pdf' fails on its first bytes.
 */
import { MAX_FILE_BYTES } from '../../contract/api.ts';
import { badRequest } from '../http/http-error.ts';

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

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const EMPTY_FILE = 'O arquivo está vazio. Por favor, selecione um arquivo válido.';
export const FILE_TOO_LARGE = 'O arquivo excede o tamanho máximo permitido de 10MB.';

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

const NOT_BASE64 = 'Campo arquivoBase64: o conteúdo do arquivo não está em base64 válido.';

/** Strict base64 (standard alphabet, padded, no spaces), optionally behind a data-URL prefix. */
export function decodeBase64(input: string): { bytes: Buffer; mime: string | null } {
  const prefix = DATA_URL.exec(input);
  const body = prefix ? input.slice(prefix[0].length) : input;
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  if (body.length === 0) throw badRequest(EMPTY_FILE);
  // Too large is told from the encoded length, before decoding anything.
  if ((body.length / 4) * 3 - padding > MAX_FILE_BYTES) throw badRequest(FILE_TOO_LARGE);
  if (body.length % 4 !== 0 || !BASE64.test(body)) throw badRequest(NOT_BASE64);
  return { bytes: Buffer.from(body, 'base64'), mime: prefix?.[1]?.toLowerCase() ?? null };
}

export function checkUploadedFile(fileName: string, declaredExtension: string, base64: string): CheckedFile {
  const declared = KIND_OF_EXTENSION[declaredExtension.toLowerCase().replace(/^\./, '')];
  if (!declared) throw badRequest('Campo nmExtensao: extensão não permitida (PDF, JPG ou PNG).');
  const nameExtension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (nameExtension !== undefined && KIND_OF_EXTENSION[nameExtension] !== declared) {
    throw badRequest(`O nome do arquivo (.${nameExtension}) não corresponde à extensão informada (${KIND_LABEL[declared]}).`);
  }
  const { bytes: content, mime } = decodeBase64(base64);
  if (content.length === 0) throw badRequest(EMPTY_FILE);
  if (mime !== null && KIND_OF_MIME[mime] !== declared) {
    throw badRequest(`O tipo do arquivo (${mime}) não corresponde à extensão informada (${KIND_LABEL[declared]}).`);
  }
  const actual = kindOfBytes(content.subarray(0, 16));
  if (actual !== declared) {
    throw badRequest(
      `O conteúdo do arquivo não é um ${KIND_LABEL[declared]} válido` +
        `${actual ? ` (parece ser ${KIND_LABEL[actual]})` : ''}. Envie um arquivo PDF, JPG ou PNG verdadeiro.`,
    );
  }
  return { content, kind: actual, extension: actual === 'jpeg' ? 'jpg' : actual };
}
