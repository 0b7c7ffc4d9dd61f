/**
 * Makes a chosen photo ready to send (issue 27): an iPhone photo (HEIC/HEIF) is decoded to a
 * JPEG by heic-to, loaded only when such a file is chosen (its own chunk, ~3 MB); a photo is
 * then redrawn in a worker by browser-image-compression (also its own chunk, loaded for the
 * first photo to shrink) at 2,000 px on its long side, JPEG
 * quality 0.8. The browser draws the photo the way its EXIF orientation says, so the new
 * pixels stand upright; the redrawn file carries no metadata (no GPS, no camera). The bytes
 * replace the chosen ones under the same id in the file registry.
 */
// Served by the portal itself: the library's worker loads it from here, never from a CDN.
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { isHeicFile, preparedFits, type PreparationFailure } from '../../../machines/attachments';
import type { ChosenFile, PreparedFile } from '../../../machines/wizard.types';
import { fileRegistry } from './file-registry';

export const LONG_SIDE_PX = 2000;
export const JPEG_QUALITY = 0.8;

/** An error the machine reads the reason of (machines/attachments.ts preparationFailureOf). */
export class PreparationError extends Error {
  constructor(
    readonly reason: PreparationFailure,
    cause?: unknown,
  ) {
    super(`preparo da foto: ${reason}`, { cause });
  }
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot < 0 ? name : name.slice(0, dot)}.jpg`;
}

/** Loads a library's chunk: a failed download is the connection's fault, not the photo's. */
async function loadCode<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new PreparationError('codeNotLoaded', error);
  }
}

async function decodeHeic(file: File, signal: AbortSignal): Promise<Blob> {
  // The build without eval (the portal's CSP has no 'unsafe-eval').
  const { heicTo } = await loadCode(() => import('heic-to/csp'));
  // The decoder cannot be stopped midway; a cancelled photo goes no further than it.
  signal.throwIfAborted();
  try {
    return await heicTo({ blob: file, type: 'image/jpeg', quality: 0.92 });
  } catch (error) {
    throw new PreparationError('heic', error);
  }
}

async function shrink(image: Blob, name: string, signal: AbortSignal): Promise<File> {
  // Its code comes only when a photo is to be shrunk (its own chunk).
  const { default: imageCompression } = await loadCode(() => import('browser-image-compression'));
  // Cancelled while the code came: the library would not hear of an abort that came before it.
  signal.throwIfAborted();
  try {
    // Some pickers give no type: the library wants an image/* one (the bytes decide the decoding).
    const source = new File([image], name, { type: image.type.startsWith('image/') ? image.type : 'image/jpeg' });
    return await imageCompression(source, {
      maxWidthOrHeight: LONG_SIDE_PX,
      initialQuality: JPEG_QUALITY,
      // The 10 MB the server takes, with room: a rare photo still larger gets a lower quality.
      maxSizeMB: 9,
      fileType: 'image/jpeg',
      useWebWorker: true,
      libURL: new URL(compressionLibUrl, window.location.href).href,
      preserveExif: false,
      // 'Cancelar' stops the worker.
      signal,
    });
  } catch (error) {
    throw new PreparationError('unreadable', error);
  }
}

/**
 * `signal`: aborted when the photo is cancelled (the machine left the state); nothing is then
 * stored. `survivesReload`: whether the ready bytes may be kept on the device (the wizard's
 * draft) or only in this tab's memory (tracking: a shared phone keeps nothing of a request).
 */
export async function preparePhoto(
  chosen: ChosenFile,
  signal: AbortSignal,
  { survivesReload = true }: { survivesReload?: boolean } = {},
): Promise<PreparedFile> {
  const file = fileRegistry.get(chosen.id);
  // Not in this tab any more: the page reloaded while it was being prepared and its bytes
  // could not be read back (the wizard reads them back first: src/app/draft-files.ts). The
  // photo is not to blame.
  if (!file) throw new PreparationError('interrupted');
  const heic = isHeicFile(chosen);
  const decoded = heic ? await decodeHeic(file, signal) : file;
  signal.throwIfAborted();
  const shrunk = await shrink(decoded, jpegName(chosen.name), signal);
  const name = jpegName(chosen.name);
  const ready = new File([shrunk], name, { type: 'image/jpeg', lastModified: file.lastModified });
  const prepared: PreparedFile = { id: chosen.id, name, size: ready.size, mimeType: 'image/jpeg', originalSize: chosen.size };
  if (!preparedFits(prepared)) throw new PreparationError('tooLarge');
  // A cancelled photo's bytes were released: they must not come back under its id.
  signal.throwIfAborted();
  await fileRegistry.put(chosen.id, ready, { survivesReload });
  return prepared;
}
