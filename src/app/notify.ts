/**
 * Toasts (SPEC §9 notification defaults; the <Toaster> is configured in toaster.tsx).
 * Every user-facing notification goes through here so the look and timing stay one.
 */
import toast from 'react-hot-toast';

export const TOAST_DURATION_MS = 5000;

export const notify = {
  info: (message: string) => toast(message, { icon: 'ℹ️', ariaProps: { role: 'status', 'aria-live': 'polite' } }),
  success: (message: string) => toast.success(message),
  warning: (message: string) => toast(message, { icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } }),
  error: (message: string) => toast.error(message, { ariaProps: { role: 'alert', 'aria-live': 'assertive' } }),
};
