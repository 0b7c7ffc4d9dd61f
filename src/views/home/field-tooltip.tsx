/**
 * The help tooltip of a protocol field (texts from the tooltip call, SPEC §2). A real button
 * (keyboard, touch) toggles it; hover and focus show it too; the text is also tied to the
 * input with aria-describedby, so screen-reader users hear it without opening anything.
 */
import { useState } from 'react';

interface FieldTooltipProps {
  id: string;
  text: string;
  fieldLabel: string;
}

export function FieldTooltip({ id, text, fieldLabel }: FieldTooltipProps) {
  const [open, setOpen] = useState(false);
  if (!text) return null;
  return (
    <span className="relative inline-flex" onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={`Ajuda: ${fieldLabel}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        onMouseEnter={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="inline-flex h-8 w-8 items-center justify-center rounded-full border border-brand-600 text-sm font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        ?
      </button>
      <span
        id={id}
        role="tooltip"
        className={
          open
            ? 'absolute left-0 top-10 z-10 w-64 rounded-md bg-slate-800 px-3 py-2 text-sm font-normal text-white shadow-lg'
            : 'sr-only'
        }
      >
        {text}
      </span>
    </span>
  );
}
