/**
 * The help tooltip of a protocol field (texts from the tooltip call, SPEC §2). A real button
 * (keyboard, touch) toggles it; hover and focus show it too; the text is also tied to the
 * input with aria-describedby, so screen-reader users hear it without opening anything.
 *
 * Open, it spans the field's label row (the nearest positioned box: TextField's) and sits
 * above it: as wide as the field at most, so it stays inside a 320 px screen, and never over
 * the field it explains.
 */
import { useEffect, useState } from 'react';

interface FieldTooltipProps {
  id: string;
  text: string;
  fieldLabel: string;
}

export function FieldTooltip({ id, text, fieldLabel }: FieldTooltipProps) {
  // Shown while a mouse rests on the button, and kept open by a click or tap until the next
  // one (a click right after the hover must not close what the hover opened).
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;
  const close = () => {
    setHovered(false);
    setPinned(false);
  };
  // Escape closes it wherever focus is: a tooltip shown by hover covers the field above, and
  // the person typing in that field must be able to dismiss it (WCAG 1.4.13).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setHovered(false);
      setPinned(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  if (!text) return null;
  return (
    <span className="inline-flex" onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}>
      <button
        type="button"
        aria-label={`Ajuda: ${fieldLabel}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => (pinned ? close() : setPinned(true))}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
        onBlur={close}
        className="inline-flex h-8 w-8 items-center justify-center rounded-full border border-brand-600 text-sm font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        ?
      </button>
      <span
        id={id}
        role="tooltip"
        className={
          open
            ? 'absolute inset-x-0 bottom-full z-10 mb-2 rounded-md bg-slate-800 px-3 py-2 text-sm font-normal text-white shadow-lg'
            : 'sr-only'
        }
      >
        {text}
      </span>
    </span>
  );
}
