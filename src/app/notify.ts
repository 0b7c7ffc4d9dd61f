/**
 * Toasts (SPEC §9 notification defaults; the <Toaster> is configured in toaster.tsx).
 * Every user-facing notification goes through here so the look and timing stay one.
 *
 * react-hot-toast is loaded on the first toast, not with the home screen: a visit without
 * errors never downloads it (first-load budget, docs/notifications.md). The <Toaster> is
 * mounted once a toast has been asked for (see `toastsRequested`), and shows it at once.
 */
import type { ToastOptions } from 'react-hot-toast';

export const TOAST_DURATION_MS = 5000;

type HotToast = typeof import('react-hot-toast');
let library: Promise<HotToast> | undefined;
const listeners = new Set<() => void>();

export function loadToastLibrary(): Promise<HotToast> {
  if (!library) {
    library = import('react-hot-toast');
    listeners.forEach((listener) => listener());
  }
  return library;
}

/** For `useSyncExternalStore`: has any toast been asked for yet? */
export const toastRequests = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  requested: (): boolean => library !== undefined,
};

type Kind = 'blank' | 'success' | 'error';

/** When each event's toast was shown (issue 13: one toast per event). */
const shownAt = new Map<string, number>();

/**
 * `event`, when given, names what happened: a second toast for the same event while the first
 * is still up is not shown — e.g. the three branding loads of an unknown plan fail together,
 * and say so once. Without it every call is its own event (a repeated mistake is answered again).
 */
function show(kind: Kind, message: string, options: ToastOptions = {}, event?: string): void {
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
    // Offline with a stale chunk: the message still reaches the console.
    (error: unknown) => console.error('Notificação não exibida:', message, error),
  );
}

export const notify = {
  info: (message: string, event?: string): void =>
    show('blank', message, { icon: 'ℹ️', ariaProps: { role: 'status', 'aria-live': 'polite' } }, event),
  success: (message: string, event?: string): void => show('success', message, {}, event),
  warning: (message: string, event?: string): void =>
    show('blank', message, { icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } }, event),
  error: (message: string, event?: string): void =>
    show('error', message, { ariaProps: { role: 'alert', 'aria-live': 'assertive' } }, event),
};
