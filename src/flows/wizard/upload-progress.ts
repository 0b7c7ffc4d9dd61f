/**
 * How far each attachment's upload got, for the row that shows it (issue 14 item 6). Bytes in
 * flight change many times a second and mean nothing to the flow, so they live beside the
 * machine, like the files' bytes (file-registry.ts); the machine says which file is being
 * sent and which are sent.
 */
import { useSyncExternalStore } from 'react';

/** A failed upload's reason, when the server refused the file, is the machine's (the attachment's `refused`). */
export type UploadProgress = { state: 'sending'; sent: number; total: number } | { state: 'failed' };

let progress: ReadonlyMap<string, UploadProgress> = new Map();
const listeners = new Set<() => void>();

function set(id: string, value: UploadProgress | undefined): void {
  const next = new Map(progress);
  if (value) next.set(id, value);
  else next.delete(id);
  progress = next;
  for (const listener of listeners) listener();
}

export const uploadProgress = {
  sending: (id: string, sent: number, total: number) => set(id, { state: 'sending', sent, total }),
  failed: (id: string) => set(id, { state: 'failed' }),
  forget: (id: string) => set(id, undefined),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The progress of one attachment's upload (undefined: not sent in this visit). */
export function useUploadProgress(id: string): UploadProgress | undefined {
  return useSyncExternalStore(
    subscribe,
    () => progress.get(id),
    () => undefined,
  );
}
