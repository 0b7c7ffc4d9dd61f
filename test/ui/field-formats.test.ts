import { describe, expect, it } from 'vitest';
import { caretAfterDigits, diffEdit, digitsFormat, isPasteLike, textFormat, type FieldFormat } from '../../src/ui/field-formats';
import { maskFormat } from '../../src/ui/mask-formats';

/** An input event: the browser turned `before` into `after`, leaving the caret at `caret` (default: the end). */
const input = (format: FieldFormat, before: string, after: string, caret = after.length) =>
  format.edit({ ...diffEdit(before, after, caret), pasted: false });

/** Types `keys` one by one at the end, as the browser would hand them to the field. */
function typeKeys(format: FieldFormat, keys: string, from = ''): string {
  let text = from;
  for (const key of keys) {
    const edited = input(format, text, text + key);
    if (edited.text !== null) text = edited.text;
  }
  return text;
}

/** Pastes `value` over the whole field (everything selected). */
const paste = (format: FieldFormat, value: string) => format.edit({ head: '', inserted: value, tail: '', pasted: true });

describe('typing key by key', () => {
  it('masks CPF, mobile, CEP and dates as SPEC §5 draws them, keeping digits (dates as dd/mm/yyyy)', () => {
    expect(typeKeys(maskFormat('cpf'), '52998224725')).toBe('529.982.247-25');
    expect(typeKeys(maskFormat('mobile'), '11987654321')).toBe('(11) 98765-4321');
    expect(typeKeys(maskFormat('cep'), '01310100')).toBe('01310-100');
    expect(typeKeys(maskFormat('date'), '15031985')).toBe('15/03/1985');
    expect(maskFormat('cpf').parse('529.982.247-25')).toBe('52998224725');
    expect(maskFormat('date').parse('15/03/1985')).toBe('15/03/1985');
  });

  it("takes a date typed with its separators as people write it: a one-digit day or month is padded ('1/3/1960')", () => {
    const date = maskFormat('date');
    expect(typeKeys(date, '1/3/1960')).toBe('01/03/1960');
    expect(typeKeys(date, '1-3-1960')).toBe('01/03/1960');
    expect(typeKeys(date, '1.03.1960')).toBe('01/03/1960');
    expect(typeKeys(date, '15/3/1960')).toBe('15/03/1960');
    expect(typeKeys(date, '15/03/1960')).toBe('15/03/1960');
    // A separator typed inside the value, or in another mask, changes nothing.
    expect(input(date, '15/03/1960', '1/5/03/1960', 1)).toMatchObject({ text: '15/03/1960' });
    expect(typeKeys(maskFormat('cpf'), '1.2')).toBe('12');
  });

  it('ignores a key that is not a digit, and a digit beyond the end, quietly', () => {
    expect(typeKeys(maskFormat('cpf'), '529a.98/2247259999')).toBe('529.982.247-25');
    const full = input(maskFormat('cep'), '01310-100', '01310-1009');
    expect(full).toEqual({ text: null, caret: 9, message: null });
  });

  it('uppercases plain text unless told to keep the case, up to its length', () => {
    expect(typeKeys(textFormat(), 'São Paulo')).toBe('SÃO PAULO');
    expect(typeKeys(textFormat({ uppercase: false }), 'Maria@Example.com')).toBe('Maria@Example.com');
    expect(typeKeys(textFormat({ max: 2 }), 'spx')).toBe('SP');
  });

  it('edits in the middle keep the caret after the digit just typed', () => {
    const cpf = maskFormat('cpf');
    // "529.982.247-25" with the caret after "529." and a 1 typed there.
    const edited = input(cpf, '529.982.247-2', '529.1982.247-2', 5);
    expect(edited).toEqual({ text: '529.198.224-72', caret: 5 });
    // Backspace on a mask character: the digits stay, the caret moves before it.
    expect(input(cpf, '529.982', '529982', 3)).toEqual({ text: '529.982', caret: 3 });
  });
});

describe('pasting or filling a whole value', () => {
  it('lands a formatted value as its digits', () => {
    expect(paste(maskFormat('cpf'), '529.982.247-25')).toMatchObject({ text: '529.982.247-25' });
    expect(paste(maskFormat('cep'), '01310-100')).toMatchObject({ text: '01310-100' });
    expect(paste(digitsFormat({ max: 20, label: 'O protocolo' }), '481.234.561')).toMatchObject({ text: '481234561' });
  });

  it('reads a phone with the country code or a trunk zero as DDD and number', () => {
    const mobile = maskFormat('mobile');
    expect(paste(mobile, '+55 11 98765-4321')).toMatchObject({ text: '(11) 98765-4321' });
    expect(paste(mobile, '+55 (11) 98765-4321')).toMatchObject({ text: '(11) 98765-4321' });
    expect(paste(mobile, '5511987654321')).toMatchObject({ text: '(11) 98765-4321' });
    expect(paste(mobile, '011 98765-4321')).toMatchObject({ text: '(11) 98765-4321' });
    expect(paste(mobile, '(55) 99876-5432')).toMatchObject({ text: '(55) 99876-5432' });
  });

  it('reads an ISO date (aaaa-mm-dd) as dd/mm/aaaa, and day-first dates with any separator', () => {
    const date = maskFormat('date');
    expect(paste(date, '1985-03-15')).toMatchObject({ text: '15/03/1985' });
    expect(paste(date, '1985-03-15T00:00:00Z')).toMatchObject({ text: '15/03/1985' });
    expect(paste(date, '15-03-1985')).toMatchObject({ text: '15/03/1985' });
    expect(paste(date, '5/3/1985')).toMatchObject({ text: '05/03/1985' });
    expect(paste(date, '15031985')).toMatchObject({ text: '15/03/1985' });
  });

  it('refuses, with a message, what would land as another value', () => {
    expect(paste(maskFormat('cpf'), '529.982.247-250')).toEqual({
      text: null,
      caret: 0,
      message: 'O CPF tem 11 dígitos; o valor colado tem mais.',
    });
    expect(paste(maskFormat('mobile'), '+1 415 555 2671 99')).toMatchObject({ text: null, message: expect.stringContaining('celular') });
    expect(paste(maskFormat('date'), '15 de março de 1985')).toMatchObject({ text: null, message: expect.stringContaining('dd/mm/aaaa') });
    expect(paste(digitsFormat({ max: 20, label: 'O protocolo ANS', exact: true }), '1234567890123456789012345')).toMatchObject({
      text: null,
      message: 'O protocolo ANS tem 20 dígitos; o valor colado tem mais.',
    });
    expect(paste(digitsFormat({ max: 9, label: 'O registro ANS' }), '1234567890')).toMatchObject({
      text: null,
      message: 'O registro ANS tem até 9 dígitos; o valor colado tem mais.',
    });
    expect(paste(textFormat({ max: 2 }), 'São Paulo')).toMatchObject({ text: null, message: expect.stringContaining('até 2 caracteres') });
  });

  it('pasted into the middle of a value, adds its digits there or refuses when they do not fit', () => {
    const cpf = maskFormat('cpf');
    expect(cpf.edit({ head: '529.98', inserted: '2247', tail: '', pasted: true })).toMatchObject({ text: '529.982.247' });
    expect(cpf.edit({ head: '529.982.247-25', inserted: '99', tail: '', pasted: true })).toMatchObject({ text: null });
  });

  it('pasted over a whole value that shares its first and last digits, reads the pasted text alone', () => {
    // "15 de março de 1985" over "15/03/1985": a diff of the two texts would keep "15" and "1985".
    expect(maskFormat('date').edit({ head: '', inserted: '15 de março de 1985', tail: '', pasted: true })).toMatchObject({
      text: null,
      message: expect.stringContaining('dd/mm/aaaa'),
    });
  });
});

describe('helpers', () => {
  it('reads an edit from the texts and the caret, even among repeated letters', () => {
    expect(diffEdit('AAA', 'AAAA', 2)).toEqual({ head: 'A', inserted: 'A', tail: 'AA' });
    expect(textFormat().edit({ ...diffEdit('ANA', 'ANNA', 3), pasted: false })).toEqual({ text: 'ANNA', caret: 3 });
    expect(diffEdit('529.982', '529982', 3)).toEqual({ head: '529', inserted: '', tail: '982' });
    // Without a caret (type="email" has none), the edit is taken at the end of what matches.
    expect(diffEdit('abc', 'abXc')).toEqual({ head: 'ab', inserted: 'X', tail: 'c' });
  });

  it('places the caret after the n-th digit', () => {
    expect(caretAfterDigits('(11) 98765-4321', 2)).toBe(3);
    expect(caretAfterDigits('(11) 98765-4321', 3)).toBe(6);
    expect(caretAfterDigits('(11) 9', 0)).toBe(0);
  });

  it('tells a paste, a drop and an autofill from a typed key', () => {
    expect(isPasteLike('insertText', '1')).toBe(false);
    expect(isPasteLike('insertFromPaste', '1')).toBe(true);
    expect(isPasteLike('insertFromDrop', '12')).toBe(true);
    expect(isPasteLike('insertReplacementText', '12')).toBe(true);
    expect(isPasteLike(undefined, '52998224725')).toBe(true);
    expect(isPasteLike('deleteContentBackward', '')).toBe(false);
  });
});
