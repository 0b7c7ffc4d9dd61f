/**
 * How the text a person types (or pastes, or a password manager fills) becomes what a field
 * shows and what the flow keeps: plain text (uppercased by default, SPEC §3) or digits only;
 * the masks of SPEC §5 are in mask-formats.ts (apart, so screens without a mask do not load
 * the mask library).
 *
 * Pure functions of an edit (what was kept before and after the selection, what was put in):
 * the input component (text-field.tsx) calls `edit` on every input or paste event and shows
 * its answer at once, so a keystroke is never waiting on a timer or a render to be kept. A
 * pasted or filled value that would not fit is refused with a message, never cut into
 * another valid-looking value.
 */
export interface FieldFormat {
  kind: 'text' | 'digits' | 'mask';
  /** Longest value kept (characters for text, digits for digits and masks). */
  max: number;
  /** Stored value → the text shown. */
  display(value: string): string;
  /** Text shown → the stored value. */
  parse(text: string): string;
  /** The new text for an edit, or why it is refused. */
  edit(change: Change): Edited;
}

/** One edit of the text: `head` + `inserted` + `tail` is what the browser would show. */
export interface Change {
  /** The text before the edited part, kept. */
  head: string;
  /** What the edit puts in ('' for a deletion). */
  inserted: string;
  /** The text after the edited part, kept. */
  tail: string;
  /** A paste, a drop, an autofill or a password manager: a whole value arrives at once. */
  pasted: boolean;
}

export type Edited =
  | { text: string; caret: number }
  /** Kept as it was: a key beyond the end is ignored quietly; a pasted value says why. */
  | { text: null; message: string | null; caret: number };

export const DIGIT = /\d/;
export const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The edit that turned `before` into `after`, when only the two texts are known (an input
 * event): what was kept on each side and what was put in between. `caret` (where the
 * browser left it) tells where the edit ended when the texts alone are ambiguous ("aaa" →
 * "aaaa" typed at the second letter); without it the edit is taken as late as possible.
 */
export function diffEdit(before: string, after: string, caret?: number | null): { head: string; inserted: string; tail: string } {
  const limit = Math.min(before.length, after.length);
  if (caret === undefined || caret === null) {
    let start = 0;
    while (start < limit && before[start] === after[start]) start += 1;
    let end = 0;
    while (end < limit - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
    return { head: before.slice(0, start), inserted: after.slice(start, after.length - end), tail: before.slice(before.length - end) };
  }
  // What follows the caret was not edited: match it first, then what precedes.
  let end = 0;
  while (end < Math.min(after.length - caret, before.length) && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  let start = 0;
  while (start < Math.min(before.length - end, after.length - end) && before[start] === after[start]) start += 1;
  return { head: before.slice(0, start), inserted: after.slice(start, after.length - end), tail: before.slice(before.length - end) };
}

/** Whether an edit arrives as a whole value rather than key by key. */
export function isPasteLike(inputType: string | undefined, inserted: string): boolean {
  if (inputType === undefined) return inserted.length > 1; // autofill fires a plain Event
  return inputType.startsWith('insertFrom') || inputType === 'insertReplacementText' || (inputType === 'insertText' && inserted.length > 1);
}

/* ------------------------------------------------------------------ plain text */

export function textFormat({ uppercase = true, max = 9999 }: { uppercase?: boolean; max?: number } = {}): FieldFormat {
  const shown = (text: string) => (uppercase ? text.toUpperCase() : text);
  return {
    kind: 'text',
    max,
    display: shown,
    parse: (text) => text,
    edit({ head, inserted, tail, pasted }) {
      const text = shown(head + inserted + tail);
      if (text.length > max) {
        return pasted
          ? { text: null, caret: head.length, message: `Este campo aceita até ${max} caracteres; o texto colado tem ${inserted.length}.` }
          : { text: null, caret: head.length, message: null };
      }
      // Uppercasing keeps the length of almost every letter; the caret stays after what was put in.
      return { text, caret: Math.min(text.length, head.length + shown(inserted).length) };
    },
  };
}

/* ------------------------------------------------------------------ digits and masks */

export interface DigitsRules {
  max: number;
  /** A whole pasted value → its digits, or why it cannot be read. */
  readWhole?: (pasted: string) => string | { refused: string };
  /** Said when pasted digits do not fit. */
  tooLong: string;
  /** A separator typed at the end closes the part being typed: the digits it leaves (a date's "1/" → "01"). */
  closePart?: (digits: string) => string;
}

/** The separators a person types between a date's parts. */
const SEPARATOR = /^[/.-]$/;

export function digitsEdit(rules: DigitsRules, show: (digits: string) => string) {
  return ({ head, inserted, tail, pasted }: Change): Edited => {
    const keep = digitsOf(head).length;
    const whole = digitsOf(head) === '' && digitsOf(tail) === '';
    let put = digitsOf(inserted);
    if (pasted && whole && rules.readWhole) {
      const read = rules.readWhole(inserted);
      if (typeof read !== 'string') return { text: null, caret: head.length, message: read.refused };
      put = read;
    }
    const typedAtEnd = digitsOf(tail) === '';
    // A separator typed at the end may close the part before it: its digits are the field's.
    const closed = !pasted && typedAtEnd && rules.closePart && SEPARATOR.test(inserted) ? rules.closePart(digitsOf(head)) : null;
    const digits = closed ?? digitsOf(head) + put + digitsOf(tail);
    if (digits.length > rules.max) return { text: null, caret: head.length, message: pasted ? rules.tooLong : null };
    const text = show(digits);
    return { text, caret: closed === null ? caretAfterDigits(text, keep + put.length) : text.length };
  };
}

/** The position just after the n-th digit of `text` (0 → the start). */
export function caretAfterDigits(text: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (DIGIT.test(text[i]!)) seen += 1;
    if (seen === n) return i + 1;
  }
  return text.length;
}

/** Digits only, at most `max`; `exact` when a value has exactly that many (the ANS protocol). */
export function digitsFormat({ max, label, exact = false }: { max: number; label: string; exact?: boolean }): FieldFormat {
  const tooLong = `${label} tem ${exact ? '' : 'até '}${max} dígitos; o valor colado tem mais.`;
  return { kind: 'digits', max, display: digitsOf, parse: digitsOf, edit: digitsEdit({ max, tooLong }, (digits) => digits) };
}
