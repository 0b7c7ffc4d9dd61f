/**
 * Modal on the native <dialog>: the browser traps focus, returns it on close and marks the
 * rest of the page inert, at no bundle cost (the home screen needs one before any other
 * library is loaded). SPEC's modals are neither escapable nor dismissable by the backdrop
 * unless `onDismiss` is given.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** The buttons, in reading order. */
  actions: ReactNode;
  /** When given, Escape and the close button call it; otherwise the modal only closes by its actions. */
  onDismiss?: () => void;
  testId?: string;
  /**
   * The body is the dialog's description, read as it opens (a question and what it means).
   * False for a body that is the content itself (the review: a whole request's data, which
   * was read in one breath before any of it could be looked at).
   */
  bodyDescribes?: boolean;
}

export function Modal({ open, title, children, actions, onDismiss, testId, bodyDescribes = true }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-labelledby={titleId}
      aria-describedby={children && bodyDescribes ? bodyId : undefined}
      // Its margin and side padding in px: grown with the text, at 200 % on a 360 px phone they left
      // 210 px for 'acompanhamento' (256 px), which spilled out; a longer word still breaks.
      className="modal m-auto w-[min(32rem,calc(100%-32px))] break-words rounded-lg bg-white p-0 text-slate-800 shadow-xl backdrop:bg-black/60"
      onCancel={(event) => {
        // Escape: only a dismissable modal closes; the others stay (SPEC: not escapable).
        event.preventDefault();
        onDismiss?.();
      }}
      onClose={() => {
        // Chrome lets a second Escape close a dialog even when cancel was prevented: reopen.
        if (open && ref.current && !ref.current.open) ref.current.showModal();
      }}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-[20px] py-4">
        <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold text-brand-700">
          {title}
        </h2>
        {onDismiss && (
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Fechar"
            className="min-h-6 min-w-6 rounded text-xl leading-none text-slate-500 hover:text-slate-800"
          >
            ×
          </button>
        )}
      </div>
      {children && (
        <div id={bodyId} className="space-y-3 px-[20px] py-4 text-base">
          {children}
        </div>
      )}
      <div className="modal-actions flex flex-wrap justify-end gap-3 border-t border-slate-200 px-[20px] py-3">{actions}</div>
    </dialog>
  );
}
