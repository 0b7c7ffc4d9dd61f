/**
 * The wizard's inputs (SPEC §3 "the app's text input uppercases its value with a default
 * maxlength of 9999"; §5 masks). Each has a visible label tied by htmlFor, and its message
 * tied by aria-describedby + aria-invalid, rendered as an announced alert.
 */
import { InputMask, format } from '@react-input/mask';
import { useState, type ChangeEvent, type ReactNode } from 'react';

export const DEFAULT_MAX_LENGTH = 9999;

/**
 * The text shown follows the keyboard at once (local state), and the machine's value when it
 * changes from elsewhere (CPF cleared, plan name looked up, snapshot restored). Rendering
 * straight from the machine's snapshot loses keystrokes typed faster than it re-renders.
 */
function useBufferedText(value: string, display: (value: string) => string, parse: (text: string) => string) {
  const [text, setText] = useState(() => display(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (parse(text) !== value) setText(display(value));
  }
  return [text, setText] as const;
}
const same = (value: string) => value;

const inputClass = (invalid: boolean) =>
  `mt-1 block min-h-11 w-full rounded-md border bg-white px-3 text-base text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 disabled:bg-slate-100 disabled:text-slate-600 read-only:bg-slate-100 ${
    invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400'
  }`;

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
      {children}
      {error && (
        <p id={`${id}-erro`} role="alert" className="mt-1 text-sm font-medium text-red-700">{error}</p>
      )}
    </div>
  );
}

const describedBy = (id: string, error: string | undefined) => (error ? `${id}-erro` : undefined);

interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  maxLength?: number;
  readOnly?: boolean;
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

export function TextInput({
  id, label, value, onChange, error, maxLength = DEFAULT_MAX_LENGTH, readOnly, disabled, keepCase, type = 'text',
  inputMode, autoComplete, digitsOnly, className,
}: TextInputProps) {
  const [text, setText] = useBufferedText(value, same, same);
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    let next = digitsOnly ? input.value.replace(/\D/g, '') : input.value;
    if (!keepCase) next = next.toUpperCase();
    if (next !== input.value) {
      // Rewrite in place so the caret stays where the user is typing.
      const { selectionStart, selectionEnd } = input;
      const shift = next.length - input.value.length;
      input.value = next;
      if (type !== 'email' && selectionStart !== null && selectionEnd !== null) {
        input.setSelectionRange(Math.max(0, selectionStart + shift), Math.max(0, selectionEnd + shift));
      }
    }
    setText(next);
    onChange(next);
  };
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <input
        id={id}
        name={id}
        type={type}
        value={text}
        onChange={handle}
        maxLength={maxLength}
        readOnly={readOnly}
        disabled={disabled}
        inputMode={inputMode ?? (digitsOnly ? 'numeric' : undefined)}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={inputClass(Boolean(error))}
      />
    </FieldShell>
  );
}

export const MASKS = {
  date: '__/__/____',
  cpf: '___.___.___-__',
  mobile: '(__) _____-____',
  cep: '_____-___',
} as const;
const DIGIT = { _: /\d/ };

interface MaskedInputProps {
  id: string;
  label: string;
  mask: keyof typeof MASKS;
  /** Stored value: digits only, except dates (dd/mm/yyyy, SPEC §5). */
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  disabled?: boolean;
  autoComplete?: string;
  className?: string;
}

export function MaskedInput({ id, label, mask, value, onChange, error, disabled, autoComplete, className }: MaskedInputProps) {
  const options = { mask: MASKS[mask], replacement: DIGIT };
  const parse = (text: string) => (mask === 'date' ? text : text.replace(/\D/g, ''));
  const display = (stored: string) => (stored ? format(mask === 'date' ? stored.replace(/\D/g, '') : stored, options) : '');
  const [text, setText] = useBufferedText(value, display, parse);
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <InputMask
        {...options}
        id={id}
        name={id}
        value={text}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setText(event.target.value);
          onChange(parse(event.target.value));
        }}
        disabled={disabled}
        inputMode="numeric"
        placeholder={mask === 'date' ? 'dd/mm/aaaa' : undefined}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={inputClass(Boolean(error))}
      />
    </FieldShell>
  );
}

interface SelectInputProps {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ label: string; value: string }>;
  onChange(value: string): void;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

export function SelectInput({ id, label, value, options, onChange, error, disabled, className }: SelectInputProps) {
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <select
        id={id}
        name={id}
        value={value}
        // SPEC §3: select values are uppercased.
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={inputClass(Boolean(error))}
      >
        <option value="">Selecione</option>
        {options.map((option) => (
          <option key={option.value} value={option.value.toUpperCase()}>{option.label}</option>
        ))}
      </select>
    </FieldShell>
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
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="h-6 w-6 accent-brand-600"
      />
      <label htmlFor={id} className="text-base text-slate-800">{label}</label>
    </div>
  );
}
