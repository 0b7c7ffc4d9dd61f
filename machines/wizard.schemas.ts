/**
 * The wizard's validation: one zod/mini schema per step whose messages are SPEC §5's, word
 * for word (leading "* "). The machine's guards and the views use the same functions, so a
 * message shown is always the reason a NEXT was refused.
 */
import * as z from 'zod/mini';
import {
  ALLOWED_EXTENSIONS,
  INPUT_BOUNDS,
  MAX_FILE_BYTES,
  MOBILE_PHONE_MESSAGE,
  firstControlCharacter,
  isCep,
  isMobilePhone,
  isParentesco,
  isPlainEmail,
  isUf,
  isRealBrDate,
  isValidCpf,
} from '../contract/rules';
import type { CalendarDay, DependentDraft, StepId, WizardForm } from './wizard.types';

export { ALLOWED_EXTENSIONS, MAX_FILE_BYTES, isValidCpf };

export const MESSAGES = {
  nome: '* Nome do beneficiário é obrigatório',
  nm_mae: '* Nome da mãe é obrigatório',
  dt_nascimento: '* A data de nascimento é obrigatório',
  cpf: '* O CPF é obrigatório',
  celular: '* O celular é obrigatório',
  email: '* O email é obrigatório',
  emailInvalid: '* Email inválido',
  cd_cep: '* O CEP é obrigatório',
  ds_uf: '* UF é obrigatório',
  ds_cidade: '* Cidade é obrigatória',
  ds_endereco: '* Endereço é obrigatório',
  nu_endereco: '* Número é obrigatório',
  ds_bairro: '* Bairro é obrigatório',
  ops_origem: '* Nome da operadora é obrigatório',
  nu_ans_ops_origem: '* Registro da operadora é obrigatório',
  plano_origem: '* Nome do plano é obrigatório',
  nu_ans_plano_origem: '* Registro do plano é obrigatório',
  area_plano: '* Abrangência é obrigatória',
  dt_inicio: '* Data de início é obrigatória',
  tp_contrato_origem: '* Titularidade é obrigatória',
  nu_ans_plano_destino: '* Registro do plano é obrigatório',
  plano_destino: '* Nome do plano é obrigatório',
  tp_contrato_destino: '* Titularidade é obrigatória',
  tp_port_destino: '* Tipo de contratação é obrigatório',
  dependentNome: '* Nome do dependente é obrigatório',
  dependentMae: '* Nome da mãe é obrigatório',
  dependentNascimento: '* A data de nascimento é obrigatório',
  // Issue 27 item 7: the relationship to the holder is asked of every dependent.
  dependentParentesco: '* Parentesco é obrigatório',
  // Beyond SPEC §5, because the request would be refused or useless without them (issue 3).
  cpfInvalid: '* CPF inválido',
  dateInvalid: '* Data inválida',
  celularInvalid: MOBILE_PHONE_MESSAGE,
  cepInvalid: '* CEP inválido',
  ufInvalid: '* UF inválida',
  planNotFound: '* Plano não encontrado para o registro informado',
  // The server refuses control characters in free text (contract/rules.ts); a pasted one is
  // invisible, so the field says what to do instead of the save failing.
  controlCharacter: '* Há um caractere invisível (de controle) neste campo: apague-o e digite o texto de novo',
  /** The server's bound on free text (contract/rules.ts INPUT_BOUNDS): said here, on the field, not after 'Enviar'. */
  tooLong: (subject: string) => `* ${subject}: no máximo ${INPUT_BOUNDS.text} caracteres; abrevie o texto`,
} as const;

export const FILE_MESSAGES = {
  empty: 'O arquivo está vazio. Por favor, selecione um arquivo válido.',
  tooLarge: 'O arquivo excede o tamanho máximo permitido de 10MB.',
  // Beyond SPEC: the server accepts only these, so say it before sending (DESIGN §6).
  wrongType: 'Tipo de arquivo não permitido. Selecione um arquivo PDF, JPG ou PNG.',
} as const;

export const INDIVIDUAL_CONTRACT_TYPE = '3';

/** dd/mm/yyyy that exists in the calendar, from 1900 up to `today` (the shared rule, contract/rules.ts). */
export function isValidBrDate(value: string, today: CalendarDay): boolean {
  return isRealBrDate(value, today);
}

/** No control character once trimmed (the payload trims every text, as the server does). */
const plainText = () => z.refine<string>((value) => firstControlCharacter(value.trim()) === null, MESSAGES.controlCharacter);
/** Free text the server takes (contract/api.ts): at most INPUT_BOUNDS.text characters once trimmed; the message names the field. */
const bounded = (subject: string) => z.maxLength(INPUT_BOUNDS.text, MESSAGES.tooLong(subject));
const optional = (subject: string) => z.string().check(z.trim(), bounded(subject), plainText());
const required = (message: string, subject?: string) =>
  z.string().check(z.trim(), z.minLength(1, message), ...(subject ? [bounded(subject)] : []), plainText());
const requiredThen = (message: string, test: (value: string) => boolean, invalid: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, message),
    plainText(),
    z.refine((value) => value.trim() === '' || firstControlCharacter(value) !== null || test(value.trim()), invalid),
  );
const date = (message: string, today: CalendarDay) => requiredThen(message, (value) => isValidBrDate(value, today), MESSAGES.dateInvalid);

const step1Fields = (today: CalendarDay) => ({
  nome: required(MESSAGES.nome, 'Nome do beneficiário'),
  nm_mae: required(MESSAGES.nm_mae, 'Nome da mãe'),
  dt_nascimento: date(MESSAGES.dt_nascimento, today),
  cpf: requiredThen(MESSAGES.cpf, isValidCpf, MESSAGES.cpfInvalid),
  celular: requiredThen(MESSAGES.celular, isMobilePhone, MESSAGES.celularInvalid),
  // Only a plain local@domain: the server sends the protocol e-mail to nothing else.
  email: requiredThen(MESSAGES.email, isPlainEmail, MESSAGES.emailInvalid),
  cd_cep: requiredThen(MESSAGES.cd_cep, isCep, MESSAGES.cepInvalid),
  ds_uf: requiredThen(MESSAGES.ds_uf, isUf, MESSAGES.ufInvalid),
  ds_cidade: required(MESSAGES.ds_cidade, 'Cidade'),
  ds_endereco: required(MESSAGES.ds_endereco, 'Endereço'),
  nu_endereco: required(MESSAGES.nu_endereco, 'Número'),
  ds_bairro: required(MESSAGES.ds_bairro, 'Bairro'),
  ds_complemento: optional('Complemento'),
});

/** The steps' schemas for a given day (the dates may not lie after it). */
const schemasOn = (today: CalendarDay) => ({
  dadosPessoais: z.object(step1Fields(today)),
  /** 'Beneficiário não possui CPF': the CPF is not required (and is cleared). */
  dadosPessoaisSemCpf: z.object({ ...step1Fields(today), cpf: z.string() }),
  planoOrigem: z.object({
    ops_origem: required(MESSAGES.ops_origem, 'Nome da operadora'),
    nu_ans_ops_origem: required(MESSAGES.nu_ans_ops_origem),
    plano_origem: required(MESSAGES.plano_origem, 'Nome do plano'),
    nu_ans_plano_origem: required(MESSAGES.nu_ans_plano_origem),
    area_plano: required(MESSAGES.area_plano, 'Abrangência'),
    dt_inicio: date(MESSAGES.dt_inicio, today),
    tp_contrato_origem: required(MESSAGES.tp_contrato_origem),
  }),
  planoDestino: z.object({
    nu_ans_plano_destino: required(MESSAGES.nu_ans_plano_destino),
    plano_destino: required(MESSAGES.plano_destino),
    tp_contrato_destino: required(MESSAGES.tp_contrato_destino),
    tp_port_destino: required(MESSAGES.tp_port_destino),
  }),
  dependent: z.object({
    nome: required(MESSAGES.dependentNome, 'Nome do dependente'),
    ds_parentesco: z.string(MESSAGES.dependentParentesco).check(z.refine(isParentesco, MESSAGES.dependentParentesco)),
    nm_mae: required(MESSAGES.dependentMae, 'Nome da mãe'),
    dt_nasc: date(MESSAGES.dependentNascimento, today),
    cpf: z.string().check(z.refine((value) => value.trim() === '' || isValidCpf(value.trim()), MESSAGES.cpfInvalid)),
  }),
});

// Built once per day asked about (in practice one): validation runs on every keystroke.
let schemasOfDay: { today: CalendarDay; schemas: ReturnType<typeof schemasOn> } | undefined;
function stepSchemas(today: CalendarDay): ReturnType<typeof schemasOn> {
  if (schemasOfDay?.today !== today) schemasOfDay = { today, schemas: schemasOn(today) };
  return schemasOfDay.schemas;
}

export const attachmentSchema = z.object({
  size: z.number().check(
    z.refine((size) => size > 0, FILE_MESSAGES.empty),
    z.refine((size) => size <= MAX_FILE_BYTES, FILE_MESSAGES.tooLarge),
  ),
  extension: z.string().check(z.refine((ext) => (ALLOWED_EXTENSIONS as readonly string[]).includes(ext), FILE_MESSAGES.wrongType)),
});

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** First message per field, in the schema's order. */
function firstMessages<F extends string>(schema: z.ZodMiniType, value: unknown): FieldErrors<F> {
  const result = schema.safeParse(value);
  const errors: FieldErrors<F> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

// The fields (and their order) are the same on every day.
const anyDaySchemas = schemasOn('9999-12-31');

/** The ordered fields of each validated step (focus goes to the first invalid one). */
export const STEP_FIELDS = {
  dadosPessoais: Object.keys(anyDaySchemas.dadosPessoais.shape) as Array<keyof typeof anyDaySchemas.dadosPessoais.shape>,
  planoOrigem: Object.keys(anyDaySchemas.planoOrigem.shape) as Array<keyof typeof anyDaySchemas.planoOrigem.shape>,
  planoDestino: Object.keys(anyDaySchemas.planoDestino.shape) as Array<keyof typeof anyDaySchemas.planoDestino.shape>,
  dependentes: [],
  documentos: [],
} as const satisfies Record<StepId, readonly string[]>;

export type StepField = (typeof STEP_FIELDS)[StepId][number];

/**
 * Whether a field of steps 1–3 must be filled (issue 27 item 5: the form marks it), read from
 * its step's schema: a field that refuses an empty value is required. Null for anything else.
 */
export function fieldRequirement(field: string): 'required' | 'optional' | null {
  for (const step of ['dadosPessoais', 'planoOrigem', 'planoDestino'] as const) {
    const shape: Record<string, z.ZodMiniType> = anyDaySchemas[step].shape;
    const schema = shape[field];
    if (schema) return schema.safeParse('').success ? 'optional' : 'required';
  }
  return null;
}

/** Messages of a step for the form (steps 4 and 5 have none: they always pass). */
export function validateStep(step: StepId, form: WizardForm, today: CalendarDay): FieldErrors<StepField> {
  const schemas = stepSchemas(today);
  switch (step) {
    case 'dadosPessoais':
      return firstMessages(form.sem_cpf ? schemas.dadosPessoaisSemCpf : schemas.dadosPessoais, form);
    case 'planoOrigem':
      return firstMessages(schemas.planoOrigem, form);
    case 'planoDestino': {
      const errors = firstMessages<StepField>(schemas.planoDestino, form);
      // The name is read-only: when a registry was typed, the lookup found nothing for it.
      if (errors.plano_destino && form.nu_ans_plano_destino.trim() !== '') errors.plano_destino = MESSAGES.planNotFound;
      return errors;
    }
    default:
      return {};
  }
}

export function isStepValid(step: StepId, form: WizardForm, today: CalendarDay): boolean {
  return Object.keys(validateStep(step, form, today)).length === 0;
}

export function firstInvalidField(step: StepId, form: WizardForm, today: CalendarDay): StepField | null {
  const errors = validateStep(step, form, today);
  return (STEP_FIELDS[step] as readonly StepField[]).find((field) => errors[field] !== undefined) ?? null;
}

export function validateDependent(draft: DependentDraft, today: CalendarDay): FieldErrors<keyof DependentDraft> {
  return firstMessages(stepSchemas(today).dependent, draft);
}

export function isDependentValid(draft: DependentDraft, today: CalendarDay): boolean {
  return Object.keys(validateDependent(draft, today)).length === 0;
}

export const DEPENDENT_FIELDS = ['nome', 'ds_parentesco', 'nm_mae', 'dt_nasc', 'cpf'] as const;

/** The alert for a refused file, or null when it may be attached. */
export function fileRejection(file: { size: number; extension: string }): string | null {
  const result = attachmentSchema.safeParse(file);
  return result.success ? null : (result.error.issues[0]?.message ?? FILE_MESSAGES.wrongType);
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The extension a file of each type is sent with when its name has none. */
const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/**
 * A chosen file's extension: its name's, or, when the name has none (some Android document
 * providers name a photo '1000012345'), its type's; the file is sent with it (the server reads
 * the bytes anyway). A name with a wrong extension keeps it, and is refused.
 */
export function fileExtensionOf(file: { name: string; mimeType: string }): string {
  return extensionOf(file.name) || (EXTENSION_OF_TYPE[file.mimeType.trim().toLowerCase()] ?? '');
}
