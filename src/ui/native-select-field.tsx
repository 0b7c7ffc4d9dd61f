/**
 * A dropdown whose choice has no consequence beyond its value (the UF): the browser's own
 * <select>, so phones show their native picker, autofill fills it, and it is in the first
 * paint (no chunk to wait for). Styled as the portal's other dropdowns (select-field.tsx).
 * Choices that open modals or lock something use SelectField, which commits only on purpose.
 */
import { PLACEHOLDER, selectButtonClass, type SelectFieldProps } from './select-parts';
import { FieldError } from './field-error';
import { LabelRow } from './field-label';
import { useChangedBeforeTakeover } from './changed-before-takeover';

interface NativeSelectFieldProps extends SelectFieldProps {
  autoComplete?: string;
}

export function NativeSelectField({
  id,
  label,
  value,
  options,
  onChange,
  error,
  disabled,
  className = '',
  autoComplete,
  requirement,
  labelAddon,
  describedBy,
}: NativeSelectFieldProps) {
  // Chosen on the painted screen before the code took it over: taken once, as a choice.
  useChangedBeforeTakeover(id, (early) => {
    if (!disabled && typeof early === 'string' && early !== value && options.some((option) => option.value === early)) onChange(early);
  });
  const errorId = `${id}-erro`;
  const describers = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={`min-w-0 ${className}`}>
      <LabelRow htmlFor={id} label={label} requirement={requirement} addon={labelAddon} />
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={disabled}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-required={requirement === 'required' || undefined}
          aria-describedby={describers || undefined}
          onChange={(event) => onChange(event.target.value)}
          className={`${selectButtonClass(Boolean(error))} appearance-none pr-10 disabled:bg-slate-100 disabled:text-slate-600 ${value ? '' : 'text-slate-600'}`}
        >
          <option value="">{PLACEHOLDER}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value} className="text-slate-900">
              {option.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 right-3 mt-0.5 h-5 w-5 -translate-y-1/2 fill-brand-700"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
