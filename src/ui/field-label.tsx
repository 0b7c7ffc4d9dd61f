/**
 * A field's label with what it asks of the person (issue 27 item 5, as the gov.br Design
 * System marks forms): an optional field says "(opcional)" in its label, read as part of its
 * name; a required one shows a red asterisk just after its label, kept out of its accessible
 * name (the control says it is required instead: aria-required, or a description).
 */
import type { ReactNode } from 'react';

export type Requirement = 'required' | 'optional';

export function LabelText({ label, requirement }: { label: string; requirement?: Requirement | undefined }) {
  return (
    <>
      {label}
      {requirement === 'optional' && <span className="font-normal text-slate-700"> (opcional)</span>}
    </>
  );
}

/** Placed right after the <label>: a mark for the eye only. */
export function RequiredMark({ requirement }: { requirement?: Requirement | undefined }) {
  if (requirement !== 'required') return null;
  return (
    <span aria-hidden="true" className="-ml-1.5 text-sm font-bold text-red-700">
      *
    </span>
  );
}

/**
 * The row above a field: its label, the required mark and a help button beside them.
 * Positioned: a help tooltip beside the label opens across this row. The row is as tall as the
 * help button before the help text arrives (`addon` null), so the field never moves.
 */
export function LabelRow({
  htmlFor,
  label,
  requirement,
  addon,
  labelClassName = 'text-sm font-medium',
}: {
  htmlFor: string;
  label: string;
  requirement?: Requirement | undefined;
  addon?: ReactNode;
  labelClassName?: string;
}) {
  return (
    <div className={`relative flex flex-wrap items-center gap-2 ${addon === undefined ? '' : 'min-h-8'}`}>
      <label htmlFor={htmlFor} className={`block text-slate-800 ${labelClassName}`}>
        <LabelText label={label} requirement={requirement} />
      </label>
      <RequiredMark requirement={requirement} />
      {addon}
    </div>
  );
}
