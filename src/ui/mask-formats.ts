/**
 * The masks of SPEC §5 — date 00/00/0000, CPF 000.000.000-00, mobile (00) 00000-0000,
 * CEP 00000-000 — drawn with @react-input/mask's own `format`, and how a whole pasted or
 * filled value of each is read (a phone with +55, an ISO date). Stored without the mask's
 * characters, except dates (dd/mm/yyyy).
 */
import { format as formatMask } from '@react-input/mask';
import { DIGIT, digitsEdit, digitsOf, type DigitsRules, type FieldFormat } from './field-formats';

export type MaskKind = 'date' | 'cpf' | 'mobile' | 'cep';

const MASKS: Record<MaskKind, string> = {
  date: '__/__/____',
  cpf: '___.___.___-__',
  mobile: '(__) _____-____',
  cep: '_____-___',
};

/** A pasted date: dd/mm/aaaa (or with - or .), the ISO aaaa-mm-dd, or just its 8 digits. */
function readDate(pasted: string): string | { refused: string } {
  const text = pasted.trim();
  const refused = { refused: `Data não reconhecida: "${text}". Use o formato dd/mm/aaaa.` };
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dayFirst) return dayFirst[1]!.padStart(2, '0') + dayFirst[2]!.padStart(2, '0') + dayFirst[3]!;
  const yearFirst = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (yearFirst) return yearFirst[3]!.padStart(2, '0') + yearFirst[2]!.padStart(2, '0') + yearFirst[1]!;
  return /^\d{1,8}$/.test(text) ? text : refused;
}

/**
 * A pasted phone: more than 11 digits starting with Brazil's country code (+55) or a trunk 0
 * lose it; 11 digits are already DDD and number (55 is also a DDD).
 */
function readMobile(pasted: string): string {
  let digits = digitsOf(pasted);
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length > 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/**
 * A separator typed after a one-digit day or month pads it, as people write dates: "1/3/1960"
 * is 01/03/1960 (the mask alone would run the digits on: 13/19/60).
 */
function closeDatePart(digits: string): string {
  if (digits.length === 1) return `0${digits}`;
  if (digits.length === 3) return `${digits.slice(0, 2)}0${digits[2]}`;
  return digits;
}

const MASK_RULES: Record<MaskKind, DigitsRules> = {
  date: {
    max: 8,
    readWhole: readDate,
    closePart: closeDatePart,
    tooLong: 'A data tem 8 dígitos (dd/mm/aaaa); o valor colado tem mais.',
  },
  cpf: { max: 11, tooLong: 'O CPF tem 11 dígitos; o valor colado tem mais.' },
  mobile: { max: 11, readWhole: readMobile, tooLong: 'O celular tem DDD e número, até 11 dígitos; o valor colado tem mais.' },
  cep: { max: 8, tooLong: 'O CEP tem 8 dígitos; o valor colado tem mais.' },
};

export function maskFormat(kind: MaskKind): FieldFormat {
  const options = { mask: MASKS[kind], replacement: { _: DIGIT } };
  const show = (digits: string) => (digits ? formatMask(digits, options) : '');
  const rules = MASK_RULES[kind];
  return {
    kind: 'mask',
    max: rules.max,
    // Dates are kept as shown (dd/mm/yyyy, SPEC §5); the other masks keep their digits.
    display: (value) => show(digitsOf(value)),
    parse: (text) => (kind === 'date' ? text : digitsOf(text)),
    edit: digitsEdit(rules, show),
  };
}

export const MASK_PLACEHOLDER: Partial<Record<MaskKind, string>> = { date: 'dd/mm/aaaa' };
