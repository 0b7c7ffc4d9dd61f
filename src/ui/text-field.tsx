/**
 * The portal's one text input (home's protocol, CPF and Senha; every wizard field).
 *
 * What a person types is the truth while they type: the field keeps its own text, applies
 * each edit at once (field-formats.ts: case, digits, mask, pasted values) and sends the
 * flow every value. The flow's value is written back into the field only when it changed
 * from elsewhere (a restored draft, a plan name looked up, a CPF cleared by its checkbox, a
 * password cleared after a refusal) — never an echo of a value this field sent earlier, so
 * a late render can never put older text over newer keystrokes.
 *
 * Why not @react-input/mask's <InputMask>: it learns the caret from a setTimeout loop and
 * rejects an input event that comes before the timer ran, so fast or slowed-down typing loses
 * keys (GoncharukOrg/react-input#59). Its `format` draws the masks here instead.
 *
 * The label is tied by htmlFor; the flow's message and a refused paste's message are tied
 * by aria-describedby. The paste's message is announced (role="alert": it answers the paste);
 * the flow's is read with the field (field-error.tsx).
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent, type ClipboardEvent, type ReactNode, type Ref } from 'react';
import { diffEdit, isPasteLike, textFormat, type Edited, type FieldFormat } from './field-formats';
import { FieldError } from './field-error';
import { LabelRow, type Requirement } from './field-label';
import { useChangedBeforeTakeover } from './changed-before-takeover';

export interface TextFieldProps {
  id: string;
  label: string;
  /** The flow's value (stored form: digits for CPF, dd/mm/yyyy for dates...). */
  value: string;
  /** Receives every value the person makes, in order. */
  onValue?(value: string): void;
  format?: FieldFormat;
  error?: string | undefined;
  /**
   * Say the error as it appears (role="alert"): for a short form sent with Enter from the
   * field that keeps focus, where nothing else would be heard. The wizard's steps do not:
   * their error summary takes focus.
   */
  announceError?: boolean;
  /** Beside the label (a help button). */
  labelAddon?: ReactNode;
  /** More ids describing the input (a help text). */
  describedBy?: string | undefined;
  /** Marked on the label (a required asterisk, or "(opcional)"); unmarked when absent. */
  requirement?: Requirement | undefined;
  type?: 'text' | 'email' | 'password';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  name?: string;
  readOnly?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  labelClassName?: string;
}

const PLAIN = textFormat();

/** The text shown, and the values sent that the flow has not shown back yet (oldest first). */
interface Typed {
  text: string;
  sent: string[];
  /** The flow's value at the last render. */
  seen: string;
}

/** `text` typed one key at a time into an empty field: what live typing would have kept. */
function typedKeyByKey(format: FieldFormat, text: string): Edited {
  let kept = '';
  for (const key of text) {
    const edited = format.edit({ head: kept, inserted: key, tail: '', pasted: false });
    if (edited.text !== null) kept = edited.text;
  }
  return { text: kept, caret: kept.length };
}

/** setSelectionRange throws on type="email". */
function placeCaret(input: HTMLInputElement, caret: number) {
  if (input.type === 'email') return;
  input.setSelectionRange(caret, caret);
}

export function inputClass(invalid: boolean, readOnly = false): string {
  return `mt-1 block min-h-11 w-full min-w-0 rounded-md border px-3 text-base text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 disabled:bg-slate-100 disabled:text-slate-600 ${
    readOnly ? 'bg-slate-100' : 'bg-white'
  } ${invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-500'}`;
}

export function TextField({
  id,
  label,
  value,
  onValue,
  format = PLAIN,
  error,
  announceError = false,
  labelAddon,
  describedBy,
  requirement,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  name,
  readOnly,
  disabled,
  inputRef,
  className = '',
  labelClassName = 'text-sm font-medium',
}: TextFieldProps) {
  const [typed, setTyped] = useState<Typed>(() => ({ text: format.display(value), sent: [], seen: value }));
  const [notice, setNotice] = useState<string | null>(null);
  // The text in the element now, for the next input event even before React re-renders.
  const shown = useRef(typed.text);
  useLayoutEffect(() => {
    shown.current = typed.text;
  }, [typed.text]);

  // The flow's value moved: an echo of what this field sent keeps the text (it is as new or
  // newer); any other value was written elsewhere and is shown.
  if (value !== typed.seen) {
    const echo = typed.sent.indexOf(value);
    if (echo >= 0) setTyped({ text: typed.text, sent: typed.sent.slice(echo + 1), seen: value });
    else setTyped({ text: format.parse(typed.text) === value ? typed.text : format.display(value), sent: [], seen: value });
  } else if (typed.sent.length > 0 && format.parse(typed.text) !== value) {
    // What was sent never showed, or was undone in the same breath (a box ticked at the takeover
    // that clears this field): the flow's value is the one shown, never text it does not hold.
    setTyped({ text: format.display(value), sent: [], seen: value });
  }

  /** Shows an accepted edit at once and sends it; a refused one leaves the field as it was. */
  const apply = (input: HTMLInputElement, before: string, edited: Edited) => {
    if (edited.text === null) {
      if (input.value !== before) input.value = before;
      placeCaret(input, edited.caret);
      if (edited.message) setNotice(edited.message);
      return;
    }
    // Written into the element before React renders, so React finds it already up to date
    // and leaves the caret where the person is typing.
    if (input.value !== edited.text) input.value = edited.text;
    placeCaret(input, edited.caret);
    shown.current = edited.text;
    setNotice(null);
    const next = format.parse(edited.text);
    setTyped((current) => ({ ...current, text: edited.text, sent: [...current.sent, next].slice(-50) }));
    onValue?.(next);
  };

  // Typing, deleting, autofill, drop: only the texts before and after are known.
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const before = shown.current;
    const change = diffEdit(before, event.target.value, event.target.selectionEnd);
    const inputType = (event.nativeEvent as InputEvent).inputType as string | undefined;
    apply(event.target, before, format.edit({ ...change, pasted: isPasteLike(inputType, change.inserted) }));
  };

  // A paste replaces the selection: read exactly what is pasted over what.
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (input.readOnly || input.disabled || input.selectionStart === null || input.selectionEnd === null) return;
    event.preventDefault();
    const before = shown.current;
    const inserted = event.clipboardData.getData('text/plain');
    apply(
      input,
      before,
      format.edit({
        head: before.slice(0, input.selectionStart),
        inserted,
        tail: before.slice(input.selectionEnd),
        pasted: true,
      }),
    );
  };

  // Typed on the painted screen before the code took it over: taken once, as a fill would be
  // (an autofilled '+55 11…' or ISO date is read whole); text a fill could not take, such as a
  // date typed halfway ("15/0"), is taken key by key, as it was typed.
  useChangedBeforeTakeover(id, (early) => {
    const input = document.getElementById(id);
    if (typeof early !== 'string' || !(input instanceof HTMLInputElement) || early === shown.current) return;
    const filled = format.edit({ head: '', inserted: early, tail: '', pasted: true });
    apply(input, shown.current, filled.text === null ? typedKeyByKey(format, early) : filled);
  });

  const errorId = `${id}-erro`;
  const noticeId = `${id}-aviso`;
  const describers = [describedBy, error ? errorId : undefined, notice ? noticeId : undefined].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <LabelRow htmlFor={id} label={label} requirement={requirement} addon={labelAddon} labelClassName={labelClassName} />
      <input
        ref={inputRef}
        id={id}
        name={name ?? id}
        type={type}
        value={typed.text}
        onChange={handleChange}
        onPaste={handlePaste}
        readOnly={readOnly}
        disabled={disabled}
        inputMode={inputMode ?? (format.kind === 'text' ? undefined : 'numeric')}
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-required={requirement === 'required' || undefined}
        aria-describedby={describers || undefined}
        className={inputClass(Boolean(error), readOnly)}
      />
      {notice && (
        <p id={noticeId} role="alert" className="mt-1 text-sm font-medium text-amber-800">
          {notice}
        </p>
      )}
      <FieldError id={errorId} message={error} live={announceError} />
    </div>
  );
}
