/**
 * Toasts configured to SPEC §9's notification defaults as far as react-hot-toast allows:
 * top-right, 5000 ms, newest on top, tap/click to dismiss, no close button, no progress bar,
 * 300 ms ease in and out. What the library cannot honour exactly is in docs/notifications.md.
 */
import { ToastBar, Toaster as HotToaster, toast, type Toast } from 'react-hot-toast';
import { TOAST_DURATION_MS } from './notify';

export const TOAST_EASE_MS = 300;

function animation(t: Toast): string {
  return t.visible ? `toast-in ${TOAST_EASE_MS}ms ease-out forwards` : `toast-out ${TOAST_EASE_MS}ms ease-in forwards`;
}

export function Toaster() {
  return (
    <HotToaster
      position="top-right"
      reverseOrder={false}
      gutter={8}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        // Unmount right after the 300 ms fade-out instead of the library's 1000 ms.
        removeDelay: TOAST_EASE_MS,
        style: { maxWidth: '24rem', color: '#1e293b' },
        success: { duration: TOAST_DURATION_MS },
        error: { duration: TOAST_DURATION_MS },
      }}
    >
      {(t) => (
        <ToastBar toast={t} style={{ ...t.style, animation: animation(t), padding: 0 }}>
          {({ icon, message }) => (
            // The whole toast is the dismiss target (SPEC §9 "tap to dismiss", no close button).
            <button
              type="button"
              onClick={() => toast.dismiss(t.id)}
              title="Toque para fechar"
              data-testid="toast"
              className="flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left"
            >
              {icon}
              {message}
            </button>
          )}
        </ToastBar>
      )}
    </HotToaster>
  );
}
