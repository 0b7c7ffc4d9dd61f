/**
 * What the portal's dropdowns share (select-field.tsx, native-select-field.tsx): their props,
 * the placeholder, and the face of the closed control.
 */
export interface SelectOptionItem {
  label: string;
  value: string;
}

import { Fragment, type ReactNode } from 'react';
import type { Requirement } from './field-label';

export interface SelectFieldProps {
  id: string;
  label: string;
  /** Marked on the label (a required asterisk, or "(opcional)"). */
  requirement?: Requirement | undefined;
  /** Beside the label (a help button). */
  labelAddon?: ReactNode;
  /** More ids describing the control (a help text). */
  describedBy?: string | undefined;
  value: string;
  options: ReadonlyArray<SelectOptionItem>;
  onChange(value: string): void;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

export const PLACEHOLDER = 'Selecione';

/** A field you can change: white with a chevron, never the grey of a read-only field. */
export function selectButtonClass(invalid: boolean): string {
  return `mt-1 flex min-h-11 w-full min-w-0 items-center justify-between gap-2 rounded-md border bg-white px-3 text-left text-base text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 data-disabled:bg-slate-100 data-disabled:text-slate-600 ${
    invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-500'
  }`;
}

/** A place to wrap after each '/' ('INDIVIDUAL/FAMILIAR'), where the browser would not break a line. */
function wrapsAfterSlashes(text: string): ReactNode {
  return text.split('/').map((part, index) =>
    index === 0 ? (
      part
    ) : (
      <Fragment key={index}>
        /<wbr />
        {part}
      </Fragment>
    ),
  );
}

/**
 * The chosen value wraps, never cut with an ellipsis: cut at 200 % text on a phone, 'TITULAR'
 * and 'TITULAR S/ DIREITO' both read 'TITUL…'. A word wider than the whole line breaks.
 */
export function SelectButtonFace({ text }: { text: string | undefined }) {
  return (
    <>
      <span className={`min-w-0 break-words ${text && text !== PLACEHOLDER ? '' : 'text-slate-600'}`}>
        {wrapsAfterSlashes(text ?? PLACEHOLDER)}
      </span>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 fill-brand-700">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
      </svg>
    </>
  );
}
