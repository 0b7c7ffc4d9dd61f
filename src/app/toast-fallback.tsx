/**
 * The messages whose toast could not be shown because the toasts' code did not download (the
 * server or the connection down, often the very reason of the message): shown here, plainly,
 * where the toasts appear (top right), each closed by a tap or after the toasts' 5 seconds. It
 * is in the page's first code, so a message is never lost to a failed download.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, undeliveredToasts, type UndeliveredToast } from './notify';

const NONE: readonly UndeliveredToast[] = [];

function FallbackToast({ toast }: { toast: UndeliveredToast }) {
  useEffect(() => {
    const timer = setTimeout(() => undeliveredToasts.dismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  const urgent = toast.kind === 'error' || toast.kind === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'}>
      <button
        type="button"
        onClick={() => undeliveredToasts.dismiss(toast.id)}
        title="Toque para fechar"
        data-testid="toast"
        className="min-h-11 w-full rounded-lg bg-white px-3 py-2 text-left text-slate-800 shadow-lg"
      >
        {toast.message}
      </button>
    </div>
  );
}

export function ToastFallback() {
  const toasts = useSyncExternalStore(undeliveredToasts.subscribe, undeliveredToasts.list, () => NONE);
  if (toasts.length === 0) return null;
  return (
    <div className="fixed top-4 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      {toasts.map((toast) => (
        <FallbackToast key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
