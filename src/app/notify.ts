/**
 * Toasts (SPEC §9 notification defaults; the <Toaster> is configured in toaster.tsx).
 * Every user-facing notification goes through here so the look and timing stay one.
 *
 * react-hot-toast is loaded on the first toast, not with the home screen: a visit without
 * errors never downloads it (first-load budget, docs/notifications.md). The <Toaster> is
 * mounted once a toast has been asked for (see `toastRequests`), and shows it at once. When
 * that download fails (the server down: often the very reason of the toast), the message is
 * shown all the same (toast-fallback.tsx), and the next toast tries the download again.
 */
import type { ToastOptions } from 'react-hot-toast';

export const TOAST_DURATION_MS = 5000;

type HotToast = typeof import('react-hot-toast');
let library: Promise<HotToast> | undefined;
/** Which try at loading the toasts' code this is: a try that failed (the server down) is not the last. */
let attempt = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function loadToastLibrary(): Promise<HotToast> {
  if (!library) {
    attempt += 1;
    const loading = import('react-hot-toast');
    library = loading;
    // The next toast tries again: a failed download is not kept as the answer for the visit.
    loading.catch(() => {
      if (library === loading) library = undefined;
      changed();
    });
    changed();
  }
  return library;
}

/** For `useSyncExternalStore`: which try at loading the toasts is on (0: no toast asked for yet, or the last try failed). */
export const toastRequests = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  attempt: (): number => (library === undefined ? 0 : attempt),
};

type Kind = 'blank' | 'success' | 'error';

/** A message whose toast could not be shown: its code did not download (src/app/toast-fallback.tsx shows it). */
export interface UndeliveredToast {
  id: number;
  kind: Kind | 'warning';
  message: string;
}
let undelivered: readonly UndeliveredToast[] = [];
let nextUndelivered = 1;

export const undeliveredToasts = {
  subscribe: toastRequests.subscribe,
  list: (): readonly UndeliveredToast[] => undelivered,
  dismiss(id: number): void {
    undelivered = undelivered.filter((toast) => toast.id !== id);
    changed();
  },
};

/** When each event's toast was shown (issue 13: one toast per event). */
const shownAt = new Map<string, number>();

/**
 * `event`, when given, names what happened: a second toast for the same event while the first
 * is still up is not shown — e.g. the three branding loads of an unknown plan fail together,
 * and say so once. Without it every call is its own event (a repeated mistake is answered again).
 */
function show(
  kind: Kind,
  message: string,
  options: ToastOptions = {},
  event?: string,
  undeliveredKind: UndeliveredToast['kind'] = kind,
): void {
  if (event !== undefined) {
    const now = Date.now();
    const last = shownAt.get(event);
    if (last !== undefined && now - last < TOAST_DURATION_MS) return;
    shownAt.set(event, now);
  }
  loadToastLibrary().then(
    ({ toast }) => {
      if (kind === 'blank') toast(message, options);
      else toast[kind](message, options);
    },
    // The server or the connection down: the message is shown without the library.
    (error: unknown) => {
      console.error('Notificação exibida sem a biblioteca:', message, error);
      undelivered = [{ id: nextUndelivered++, kind: undeliveredKind, message }, ...undelivered];
      changed();
    },
  );
}

export const notify = {
  info: (message: string, event?: string): void =>
    show('blank', message, { icon: 'ℹ️', ariaProps: { role: 'status', 'aria-live': 'polite' } }, event),
  success: (message: string, event?: string): void => show('success', message, {}, event),
  warning: (message: string, event?: string): void =>
    show('blank', message, { icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } }, event, 'warning'),
  error: (message: string, event?: string): void =>
    show('error', message, { ariaProps: { role: 'alert', 'aria-live': 'assertive' } }, event),
};
