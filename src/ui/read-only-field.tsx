/**
 * A value the portal fills for the person and they only read: a protocol, a plan's name, a
 * status, a date. It wraps in a read-only text area that grows with it instead of being cut at
 * the field's edge: with a phone's large font (200 %) a 20-digit protocol or 'VIDA PLENA
 * ESSENCIAL ENFERMARIA' is wider than the screen, and a field that cuts it shows a wrong
 * number or an unclear plan (WCAG 1.4.4). It looks like the portal's read-only inputs.
 */
import type { ReactNode } from 'react';
import { FieldError } from './field-error';
import { LabelRow } from './field-label';
import { inputClass } from './text-field';

export interface ReadOnlyFieldProps {
  id: string;
  label: string;
  value: string;
  name?: string;
  /** The flow's message on the value (a plan the registry does not name), tied by aria-describedby. */
  error?: string | undefined;
  /** Beside the label (a help button). */
  labelAddon?: ReactNode;
  /** More ids describing the field (a help text). */
  describedBy?: string | undefined;
  className?: string;
}

export function ReadOnlyField({ id, label, value, name, error, labelAddon, describedBy, className = '' }: ReadOnlyFieldProps) {
  const errorId = `${id}-erro`;
  const describers = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={`min-w-0 ${className}`}>
      <LabelRow htmlFor={id} label={label} addon={labelAddon} />
      {/* field-sizing: content grows it with its text; one row where the browser cannot. */}
      <textarea
        id={id}
        name={name ?? id}
        readOnly
        rows={1}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describers || undefined}
        className={`${inputClass(Boolean(error), true)} field-sizing-content resize-none py-[9px] leading-6`}
      />
      {/* Filled for the person by a lookup: its error comes while nothing moves focus. */}
      <FieldError id={errorId} message={error} live />
    </div>
  );
}
