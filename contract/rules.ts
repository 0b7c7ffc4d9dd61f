/**
 * Business rules shared by the machines, the client contract and the reference server:
 * one definition, every side. Pure values and functions only (lint zone: no imports).
 */

/** SPEC §9: the request type every call of this portal carries. */
export const TIPO_PORTABILIDADE = '9';

/** SPEC §2: the plan (operator) home opens with when none is given. */
export const DEFAULT_CD_EMPRESA_PLANO = '1';

/**
 * A plan code as routes and requests carry it: an id the server takes (1 to MAX_ID). '0' or
 * eleven digits opened a home whose request the server refused after step 5 (found by an
 * exploratory run); such a route now goes to the default plan's home. One written with leading
 * zeros is the same plan (a second spelling would be stored and sent as it is).
 */
export function isPlanCode(value: string): boolean {
  return planCodeOf(value) === value;
}

/** The way a route writes a plan code ('02' is plan 2), or null when it names no plan. */
export function planCodeOf(value: string): string | null {
  if (!/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? String(id) : null;
}

/**
 * Request statuses (flStatus), the one definition of them all: SPEC §4 / §9 name 3 and 6; the
 * others are the reference back-end's (server/README.md), so every tracking screen is reachable.
 */
export const STATUS_UNDER_ANALYSIS = 1;
export const STATUS_PENDING_DOCUMENTS = 2;
export const STATUS_ACCEPTED = 3;
export const STATUS_REFUSED = 4;
export const STATUS_CANCELLED = 5;
export const STATUS_AWAITING_ACKNOWLEDGEMENT = 6;
export const STATUS_CONTRACT_ACTIVE = 7;
/** Type codes of SPEC §2: 1 agree / decline, 2 'Estou ciente'. */
export const TYPE_CODE_AGREEMENT = 1;
export const TYPE_CODE_AWARENESS = 2;

/** SPEC §5's date mask, 00/00/0000, as the wizard stores it. */
export const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The time zone of every date the portal says or checks (the server's dates are Brasília's too). */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

const brasiliaCalendar = new Intl.DateTimeFormat('en-US', {
  timeZone: BRASILIA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * "Today" for the date rules, one on every side: the calendar day in Brasília ('yyyy-mm-dd'),
 * wherever the device or the server is. The wizard and the server once read it from the device
 * and from UTC: a newborn's date passed one and not the other (found by an exploratory run).
 * Read from the time zone's own rules (Intl), never a fixed offset.
 */
export function brasiliaDayOf(now: Date): string {
  const parts: Record<string, string> = {};
  for (const part of brasiliaCalendar.formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * A dd/mm/yyyy date that exists in the calendar (no 31/02), from 1900, and not after `today`
 * ('yyyy-mm-dd': Brasília's calendar day, `brasiliaDayOf`, on both sides).
 */
export function isRealBrDate(value: string, today: string): boolean {
  const match = BR_DATE.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return `${match[3]}-${match[2]}-${match[1]}` <= today;
}

/**
 * SPEC §4 "Track lookup" and §6: the one state that asks for CPF and password before the
 * request is shown — accepted (3), type 1, already agreed ('S').
 */
export function requiresLogin(state: { flStatus: number; cdStatusPort: number; flConcordo: string | null }): boolean {
  return state.flStatus === STATUS_ACCEPTED && state.cdStatusPort === TYPE_CODE_AGREEMENT && state.flConcordo === 'S';
}

/** ANS (RN 438): the operator answers a portability request within 10 days. */
export const ANSWER_DAYS = 10;

/** SPEC §8: the acceptance service answers this text instead of a link when it generated nothing. */
export const ACCEPTANCE_ERROR_ANSWER = 'ERRO';
/** SPEC §8: the toast when the acceptance document answers 'ERRO' or fails (tracking and wizard). */
export const ACCEPTANCE_ERROR_MESSAGE = 'Erro ao gerar o documento';

/** SPEC §8: 'ERRO' (and, by the same token, an empty answer) means no document was generated. */
export function isAcceptanceRefused(answer: string): boolean {
  const text = answer.trim();
  return text === '' || text.toUpperCase() === ACCEPTANCE_ERROR_ANSWER;
}

/** SPEC §9: the largest attachment, in bytes (10 MB). */
export const MAX_FILE_BYTES = 10_485_760;

/** The attachment kinds the operator accepts (the server also checks their magic bytes). */
export const ALLOWED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/**
 * iPhone photos (HEIC/HEIF): the portal converts them to JPEG before sending (issue 27); one
 * that reaches the server as it is gets this answer, which says how to send it.
 */
export const HEIC_NOT_ACCEPTED =
  'Fotos HEIC/HEIF (formato do iPhone) não são aceitas. Envie a foto em JPG: no iPhone, em Ajustes > Câmera > Formatos, escolha "Mais Compatível"; ou envie uma captura de tela da foto, ou um PDF do documento.';

export function isHeicExtension(extension: string): boolean {
  return ['heic', 'heif'].includes(extension.toLowerCase().replace(/^\./, ''));
}

/** A CPF as the forms keep it: its 11 digits, no punctuation. */
export const CPF_PATTERN = /^\d{11}$/;
/**
 * A protocol as typed to follow a request: the portal shows it in groups of four, so spaces,
 * dots, dashes and slashes between digits are no part of it (a person copying it by hand
 * types them; found by an exploratory run). Anything else is kept as typed, trimmed: an
 * operator's own protocols may hold letters.
 */
export function typedProtocol(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/[\s./-]/g, '');
  return /^\d+$/.test(digits) ? digits : trimmed;
}

/** The tracking password: the protocol's last 6 digits (SPEC §4). */
export const PASSWORD_PATTERN = /^\d{6}$/;

/** CPF check digits (Receita Federal rule); rejects the eleven repeated digits too. */
export function isValidCpf(value: string): boolean {
  if (!CPF_PATTERN.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(value[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(value[9]) && check(10) === Number(value[10]);
}

/**
 * Bounds of what a request may carry (issue 11), shared by the contract (the server answers
 * 400 beyond them) and any screen that wants to stop the typing there.
 */
export const INPUT_BOUNDS = {
  /** Names, addresses, plan and operator names: longer than any real one. */
  text: 200,
  /** A contact: an e-mail address is at most 254 characters (RFC 5321). */
  contact: 254,
  /** A file name as the browser gives it. */
  fileName: 255,
  contacts: 10,
  dependents: 20,
} as const;

/** Documents one request may carry, all uploads together (the server refuses more). */
export const MAX_DOCUMENTS_PER_REQUEST = 30;
export const DOCUMENTS_LIMIT_MESSAGE = `Limite de ${MAX_DOCUMENTS_PER_REQUEST} documentos por solicitação atingido.`;

/**
 * Free text is text (issue 24): C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F)
 * never belong in a name, an address or a plan, and in a terminal or an e-mail they act
 * (ESC sequences rewrite lines, U+0000 cannot even be stored). The first one found, or null.
 */
export function firstControlCharacter(value: string): number | null {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return code;
  }
  return null;
}

/** 'U+001B': how a message names a character nobody can see. */
export function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

const EMAIL_LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const EMAIL_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * A plain `local@domain` address (RFC 5321's dot-atom, letters of any script): no display
 * name, no quotes or angle brackets, no list, no spaces or line breaks — nothing a mail
 * library would read as a second recipient or a header. At most 64 + 1 + 253 characters.
 */
export function isPlainEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > 64 || at !== value.lastIndexOf('@')) return false;
  const labels = value.slice(at + 1).split('.');
  return EMAIL_LOCAL.test(value.slice(0, at)) && labels.length >= 2 && labels.every((label) => EMAIL_LABEL.test(label));
}

/** The largest id a database `integer` column holds (32 bits, signed). */
export const MAX_ID = 2_147_483_647;

/** The 27 federative units, by the code the address keeps (ds_uf) and the name a list shows. */
export const UFS = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
} as const;
export type Uf = keyof typeof UFS;
export const isUf = (value: string): value is Uf => Object.hasOwn(UFS, value);

/** A CEP as the address keeps it and the lookup takes it: its 8 digits, without the mask. */
export const CEP_PATTERN = /^\d{8}$/;
export const isCep = (value: string): boolean => CEP_PATTERN.test(value);

/**
 * The ANS protocol (SPEC §2 home: "digits only, up to 20"): the number ANS gives the holder's
 * call has all 20; fewer is a typing slip (issue 27 item 6). One rule for the portal and the server.
 */
export const ANS_PROTOCOL_DIGITS = 20;
export const ANS_PROTOCOL_PATTERN = new RegExp(`^\\d{${ANS_PROTOCOL_DIGITS}}$`);
export function isAnsProtocol(value: string): boolean {
  return ANS_PROTOCOL_PATTERN.test(value);
}
export const ANS_PROTOCOL_MESSAGE = `O protocolo ANS tem ${ANS_PROTOCOL_DIGITS} dígitos.`;

/**
 * A Brazilian mobile number (issue 27 item 6): the area code (DDD, two digits, no zero), then
 * 9 digits starting with 9. A 10-digit number is a landline, which is no mobile.
 */
export function isMobilePhone(digits: string): boolean {
  return /^[1-9]{2}9\d{8}$/.test(digits);
}
export const MOBILE_PHONE_MESSAGE = '* Informe um celular com DDD e 9 dígitos, começando por 9 (telefone fixo não é aceito)';

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const AMBIGUOUS_LINK = /[\\\u0000-\u001f\u007f\s]|^\/\/|^[a-z][a-z\d+.-]*:(?!\/\/)/i;

/**
 * Whether a server link would open as http(s), with one meaning in every browser. Relative
 * links count (they resolve on our origin); spellings a browser reads as another host do not:
 * backslashes and control characters (`\\evil.example\x`, `/\evil.example/x`), `//host`,
 * and a scheme without `//` (`https:evil.example`). The app's openServerLink also checks the
 * origin (ours, or a configured document host); the machine uses this one so it never
 * records a signature for a term that could not be shown.
 */
export function isHttpLink(link: string): boolean {
  const text = link.trim();
  if (AMBIGUOUS_LINK.test(text)) return false;
  try {
    const url = new URL(text, 'http://relative.invalid/');
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The ANS's free line (Disque ANS), as dialled and as read: named beside every operator contact. */
export const DISQUE_ANS = { tel: '08007019656', label: '0800 701 9656' } as const;

/** SPEC §5 step 2 (and step 3's ownership): the holder's ownership of the plan, stored as the label. */
export const OWNERSHIP_OPTIONS = ['TITULAR', 'TITULAR S/ DIREITO'] as const;
export type Ownership = (typeof OWNERSHIP_OPTIONS)[number];

/**
 * A dependent's relationship to the holder (issue 27 item 7; SPEC §3 lists none): the value
 * stored and sent is the label itself. Required for every dependent.
 */
export const PARENTESCOS = ['Cônjuge', 'Companheiro(a)', 'Filho(a)', 'Enteado(a)', 'Pai/Mãe', 'Outro'] as const;
export type Parentesco = (typeof PARENTESCOS)[number];
export function isParentesco(value: string): value is Parentesco {
  return (PARENTESCOS as readonly string[]).includes(value);
}

/**
 * Typed error codes the server puts beside `message` when the client must act on the
 * answer itself (not only show it). One is a second request for a CPF and ANS protocol that
 * already have an open one (issue 27 item 6): answered 409; the answer never names that request.
 */
/**
 * A call refused for a while because this connection asked too often (the reference server's
 * brakes, HTTP 429): the answer says how long to wait; asking again sooner changes nothing.
 */
export function isRateLimited(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 429;
}

/** The answers that judge the file itself: invalid (400), too large (413), of a type not taken (415). */
const FILE_REFUSALS: ReadonlySet<number> = new Set([400, 413, 415]);

/**
 * The server's reason for refusing the file sent (e.g. a PDF whose bytes are no PDF), or
 * undefined: a lost connection, a timeout, a 5xx, a 429, or a 409 "still being processed" (a
 * claim left by a server that died mid-upload, taken over a minute later; found by an
 * exploratory run: the file was dropped and the request filed without it) may go through
 * later. Such a refusal is final for that file: sending it again meets it again.
 */
export function refusalOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, serverMessage, code } = error as { status?: unknown; serverMessage?: unknown; code?: unknown };
  // A typed answer is about the request, not the file (e.g. it no longer takes documents; found by a regression walk).
  if (typeof status !== 'number' || !FILE_REFUSALS.has(status) || code !== undefined) return undefined;
  return typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : undefined;
}

export const ERROR_CODES = {
  openRequestExists: 'SOLICITACAO_EM_ANDAMENTO',
  /** An upload to a request that left the statuses taking documents (the operator moved it meanwhile). */
  takesNoDocuments: 'SOLICITACAO_NAO_ACEITA_DOCUMENTOS',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
export const OPEN_REQUEST_EXISTS_MESSAGE =
  'Já existe uma solicitação de portabilidade em andamento para este CPF e este protocolo ANS. Acompanhe-a com o número de protocolo que você recebeu por e-mail.';
/** Whether a failure (an API error, a test's fixture) carries this code. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
