/**
 * The wizard's fields, on the portal's one input (src/ui/text-field.tsx) and one dropdown
 * (src/ui/select-field.tsx): SPEC §3 "the app's text input uppercases its value with a
 * default maxlength of 9999", §5 masks. Each has a visible label tied by htmlFor, and its
 * message tied by aria-describedby + aria-invalid, rendered as an announced alert; a field of
 * steps 1–3 also shows the operator's help for it and whether it is required (field-help.tsx).
 */
import { useMemo } from 'react';
import { useChangedBeforeTakeover } from '../../ui/changed-before-takeover';
import { digitsFormat, textFormat } from '../../ui/field-formats';
import { MASK_PLACEHOLDER, maskFormat, type MaskKind } from '../../ui/mask-formats';
import { NativeSelectField } from '../../ui/native-select-field';
import { SelectField, type SelectFieldProps } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useFieldHelp } from './field-help';

/** The wizard's dropdown, with its field's help and required mark (field-help.tsx). */
export function SelectInput(props: SelectFieldProps) {
  return <SelectField {...props} {...useFieldHelp(props.id, props.label)} />;
}

/** The browser's own <select> (the UF), with its field's help and required mark. */
export function NativeSelectInput(props: SelectFieldProps & { autoComplete?: string }) {
  return <NativeSelectField {...props} {...useFieldHelp(props.id, props.label)} />;
}

export const DEFAULT_MAX_LENGTH = 9999;

interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange?(value: string): void;
  error?: string | undefined;
  maxLength?: number;
  disabled?: boolean;
  /** E-mail and similar: keep the case typed. */
  keepCase?: boolean;
  type?: 'text' | 'email';
  inputMode?: 'text' | 'numeric' | 'email';
  autoComplete?: string;
  /** Keep only digits (registries, numbers). */
  digitsOnly?: boolean;
  className?: string;
}

export function TextInput({ label, maxLength = DEFAULT_MAX_LENGTH, keepCase, digitsOnly, onChange, ...props }: TextInputProps) {
  const format = useMemo(
    () => (digitsOnly ? digitsFormat({ max: maxLength, label }) : textFormat({ uppercase: !keepCase, max: maxLength })),
    [digitsOnly, maxLength, label, keepCase],
  );
  const help = useFieldHelp(props.id, label);
  return <TextField {...props} {...help} label={label} format={format} onValue={onChange} />;
}

interface MaskedInputProps {
  id: string;
  label: string;
  mask: MaskKind;
  /** Stored value: digits only, except dates (dd/mm/yyyy, SPEC §5). */
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  disabled?: boolean;
  autoComplete?: string;
  className?: string;
}

export function MaskedInput({ mask, onChange, ...props }: MaskedInputProps) {
  const format = useMemo(() => maskFormat(mask), [mask]);
  const help = useFieldHelp(props.id, props.label);
  return (
    <TextField
      {...props}
      {...help}
      format={format}
      onValue={onChange}
      inputMode={mask === 'mobile' ? 'tel' : 'numeric'}
      placeholder={MASK_PLACEHOLDER[mask]}
    />
  );
}

interface CheckboxProps {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

export function Checkbox({ id, label, checked, onChange, disabled }: CheckboxProps) {
  // Ticked on the painted screen before the code took it over: taken once, as a tick.
  useChangedBeforeTakeover(id, (early) => {
    if (!disabled && typeof early === 'boolean' && early !== checked) onChange(early);
  });
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="h-6 w-6 shrink-0 accent-brand-600"
      />
      <label htmlFor={id} className="text-base text-slate-800">
        {label}
      </label>
    </div>
  );
}
