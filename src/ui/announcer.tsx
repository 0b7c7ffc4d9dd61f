/**
 * One polite live region for what happens without moving the page (a choice confirmed, a
 * signature or an acknowledgement recorded), so screen readers hear it. The region is on the
 * page before anything is said in it: a live region inserted together with its text is
 * often not read. `announce` can be called from anywhere (machines' provided actions).
 */
import { useSyncExternalStore } from 'react';

let current = { id: 0, message: '' };
const listeners = new Set<() => void>();

export function announce(message: string): void {
  current = { id: current.id + 1, message };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Announcer() {
  const { id, message } = useSyncExternalStore(subscribe, () => current, () => current);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
      {/* A new node per announcement, so the same sentence twice is read twice. */}
      {message && <p key={id}>{message}</p>}
    </div>
  );
}
