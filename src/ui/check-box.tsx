/**
 * A native checkbox drawn by us, so that a checked box that is locked (disabled) still looks
 * plainly checked — the browser's own greys it out until it reads as "not chosen".
 */
import type { ReactNode } from 'react';
import { useChangedBeforeTakeover } from './changed-before-takeover';

interface CheckBoxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  /** Shown after the label (e.g. "(assinado)"). */
  after?: ReactNode;
  /** One sentence under the label: what checking it means (read with the box). */
  description?: string;
}

export function CheckBox({ id, label, checked, disabled = false, onChange, after, description }: CheckBoxProps) {
  // Ticked on the painted screen before the code took it over: taken once, as a tick.
  useChangedBeforeTakeover(id, (early) => {
    if (!disabled && typeof early === 'boolean' && early !== checked) onChange();
  });
  return (
    <div className={`flex min-h-11 gap-3 ${description ? 'items-start' : 'items-center'}`}>
      <span className="relative grid size-6 shrink-0 place-items-center">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          aria-describedby={description ? `${id}-description` : undefined}
          className="peer size-6 cursor-pointer appearance-none rounded border-2 border-slate-600 bg-white checked:border-brand-600 checked:bg-brand-600 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-default disabled:border-slate-400 disabled:checked:border-brand-600"
        />
        <svg aria-hidden="true" viewBox="0 0 16 16" className="pointer-events-none absolute hidden size-4 text-white peer-checked:block">
          <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="min-w-0">
        <label htmlFor={id} className={disabled ? (checked ? 'font-semibold text-slate-900' : 'text-slate-600') : 'cursor-pointer'}>
          {label}
        </label>
        {description && (
          <span id={`${id}-description`} className="block text-sm text-slate-700">
            {description}
          </span>
        )}
      </span>
      {after}
    </div>
  );
}
