/**
 * The one contract between the portal and its back-end (SPEC §3 and §7).
 *
 * Written in `zod/mini` so the client pays ~6 KB for it; the reference server imports the
 * very same schemas to validate requests and to publish OpenAPI. Field names are exactly
 * SPEC §3's. Every call is an entry of `endpoints`: method, path under the base path,
 * where its input goes (query or JSON body) and how its response is read (JSON or text).
 */
import * as z from 'zod/mini';
import {
  ANS_PROTOCOL_DIGITS,
  ANS_PROTOCOL_MESSAGE,
  ANS_PROTOCOL_PATTERN,
  MOBILE_PHONE_MESSAGE,
  isMobilePhone,
  ALLOWED_EXTENSIONS,
  HEIC_NOT_ACCEPTED,
  isHeicExtension,
  CEP_PATTERN,
  INPUT_BOUNDS,
  MAX_FILE_BYTES,
  MAX_ID,
  UFS,
  codePointName,
  firstControlCharacter,
  isValidCpf,
  PASSWORD_PATTERN,
  TIPO_PORTABILIDADE,
  PARENTESCOS,
  OWNERSHIP_OPTIONS,
  BR_DATE,
} from './rules.ts';

export { DEFAULT_CD_EMPRESA_PLANO, TIPO_PORTABILIDADE } from './rules.ts';

export { ALLOWED_EXTENSIONS, INPUT_BOUNDS, MAX_FILE_BYTES, MAX_ID, isValidCpf };

/** Default base path; the app can point elsewhere with VITE_API_BASE. */
export const DEFAULT_API_BASE = '/wslinhafrente/v1/';

/** Constants of SPEC §9 that travel in requests. */
export const SETTING_KEY = { logo: '82', seal: '84', favicon: '85' } as const;
export const OPERATOR_NAME_KEY = '65';
export const FREE_TOKEN = 'free';

// ---------------------------------------------------------------- field helpers
// Every input has bounds (issue 11): strings a maximum length, arrays a maximum size, ids the
// range of the database's 32-bit integer columns. Bounds are checked before anything else
// (zod checks an array's size before its items), so a huge input costs as little as a small one.

const atMost = (max: number) => z.maxLength(max, `no máximo ${max} caracteres`);
/**
 * Free text holds no C0/C1 control character (contract/rules.ts): U+0000 cannot be stored,
 * the others rewrite a terminal's lines or an e-mail's. The message names the character.
 */
const noControl = () =>
  z.refine<string>((value) => firstControlCharacter(value) === null, {
    error: (issue) => {
      const code = typeof issue.input === 'string' ? firstControlCharacter(issue.input) : null;
      return `caractere de controle${code === null ? '' : ` (${codePointName(code)})`} não é aceito; apague-o e digite o texto de novo`;
    },
  });
/** Checked after trimming: a tab or line break pasted around a value is dropped, one inside it refused. */
const required = (message: string, max: number = INPUT_BOUNDS.text) =>
  z.string().check(atMost(max), z.trim(), noControl(), z.minLength(1, message));
const digits = (message: string, max: number) => z.string().check(atMost(max), z.regex(/^\d+$/, message));
/** An id typed as digits (query strings): 1 to 2147483647. */
const idDigits = (message: string) =>
  z.string().check(
    atMost(10),
    z.regex(/^\d+$/, message),
    z.refine((value) => Number(value) >= 1 && Number(value) <= MAX_ID, `${message}: informe um número de 1 a ${MAX_ID}`),
    z.describe(`Número de 1 a ${MAX_ID}, em dígitos`),
  );
/** An internal id in a JSON body: an integer from 1 to 2147483647. */
const id = (message: string) => {
  const full = `${message}: informe um número inteiro de 1 a ${MAX_ID}`;
  return z.int32(full).check(z.minimum(1, full));
};
/** Optional free text. Helpers like this one keep every `.check(...)` inside a function marked
 * pure: a bare `.check()` call in a module's top level stays in the portal's bundle. */
const optionalText = (max: number = INPUT_BOUNDS.text) => z.optional(z.string().check(atMost(max), noControl()));
/** A fixed format: its pattern first (its own message), then the length it implies. */
const matching = (pattern: RegExp, message: string, max: number) =>
  z.string().check(z.regex(pattern, { error: message, abort: true }), atMost(max));
const list = <T extends z.ZodMiniType>(item: T, max: number, noun: string, atLeastOne?: string) =>
  z.array(item).check(z.maxLength(max, `no máximo ${max} ${noun}`), ...(atLeastOne ? [z.minLength(1, atLeastOne)] : []));
/** dd/mm/yyyy, the one value the wizard stores with its punctuation (SPEC §5). */
export { BR_DATE };
const brDate = (message: string) => matching(BR_DATE, message, 10);
const validCpf = () => z.string().check(z.refine(isValidCpf, 'CPF inválido'), atMost(11));
const cpf = validCpf();
/** Largest base64 text of an allowed file, with room for a `data:<type>;base64,` prefix. */
export const MAX_BASE64_LENGTH = Math.ceil(MAX_FILE_BYTES / 3) * 4 + 100;

// ---------------------------------------------------------------- entities (SPEC §3)

/** "Esqueci meu protocolo" (issue 26): who asks, as on the request; the answer never says whether one exists. */
export const forgotProtocolRequest = z.object({
  cpf,
  dtNascimento: brDate('Data de nascimento inválida'),
  cdEmpresaPlano: idDigits('Código do plano inválido'),
});

export const loginRequest = z.object({
  cpf,
  senha: matching(PASSWORD_PATTERN, 'Senha deve ter 6 dígitos', 6),
  cdEmpresaPlano: idDigits('Código do plano inválido'),
});
/**
 * SPEC §4/§8: a login with an empty answer — no body, `null`, no token or an empty one — means
 * the access opens only when the registration is finished ('Prezado Cliente'). The reference
 * server answers `{ "token": "" }`; an operator's own back-end may answer any of them.
 */
export const loginResponse = z.nullable(z.object({ token: z.optional(z.nullable(z.string())) }));

export const contato = z
  .object({
    tp_contato: z.enum(['1', '2']),
    ds_contato: required('Contato é obrigatório', INPUT_BOUNDS.contact),
  })
  // Type 1 is the mobile (issue 27 item 6): a landline is no mobile.
  .check(z.refine((contact) => contact.tp_contato !== '1' || isMobilePhone(contact.ds_contato), MOBILE_PHONE_MESSAGE.slice(2)));

export const dependente = z.object({
  id: id('Identificador do dependente inválido'),
  nome: required('Nome do dependente é obrigatório'),
  nm_mae: required('Nome da mãe do dependente é obrigatório'),
  dt_nasc: brDate('Data de nascimento do dependente inválida'),
  cpf: z.optional(z.union([z.literal(''), cpf])),
  /** The relationship to the holder (issue 27 item 7), one of PARENTESCOS (contract/rules.ts). */
  ds_parentesco: z.enum(PARENTESCOS, `Parentesco do dependente inválido: use ${PARENTESCOS.join(', ')}`),
});

export const portabilityRequest = z.object({
  tipo: z.literal(TIPO_PORTABILIDADE),
  // The same rule as home's 'Prosseguir' (contract/rules.ts): all 20 digits, shown as a pattern in the OpenAPI.
  nu_protocolo_ans: matching(ANS_PROTOCOL_PATTERN, ANS_PROTOCOL_MESSAGE, ANS_PROTOCOL_DIGITS),
  nu_protocolo: optionalText(),
  nome: required('Nome do beneficiário é obrigatório'),
  nm_mae: required('Nome da mãe é obrigatório'),
  cpf: z.union([z.literal(''), cpf]),
  dt_nascimento: brDate('Data de nascimento inválida'),
  cd_cep: matching(CEP_PATTERN, 'CEP inválido', 8),
  ds_endereco: required('Endereço é obrigatório'),
  nu_endereco: required('Número é obrigatório'),
  ds_bairro: required('Bairro é obrigatório'),
  ds_cidade: required('Cidade é obrigatória'),
  ds_uf: matching(new RegExp(`^(${Object.keys(UFS).join('|')})$`), 'UF inválida', 2),
  ds_complemento: optionalText(),
  ops_origem: required('Nome da operadora é obrigatório'),
  plano_origem: required('Nome do plano é obrigatório'),
  nu_ans_ops_origem: digits('Registro da operadora inválido', 20),
  nu_ans_plano_origem: digits('Registro do plano inválido', 20),
  area_plano: required('Abrangência é obrigatória'),
  dt_inicio: brDate('Data de início inválida'),
  tp_contrato_origem: z.enum(OWNERSHIP_OPTIONS, `Titularidade inválida: use ${OWNERSHIP_OPTIONS.join(' ou ')}`),
  nu_ans_plano_destino: digits('Registro do plano de destino inválido', 20),
  plano_destino: required('Plano de destino é obrigatório'),
  tp_contrato_destino: z.enum(OWNERSHIP_OPTIONS, `Titularidade de destino inválida: use ${OWNERSHIP_OPTIONS.join(' ou ')}`),
  tp_port_destino: z.literal('3', 'Apenas contratação individual é aceita'),
  fl_aceita_email: z.enum(['1', '0']),
  /** Consent to text messages at the mobile number (issue 26); absent is '0', as before it existed. */
  fl_aceita_sms: z.optional(z.enum(['1', '0'])),
  contato: list(contato, INPUT_BOUNDS.contacts, 'contatos', 'Informe ao menos um contato'),
  dependente: list(dependente, INPUT_BOUNDS.dependents, 'dependentes'),
  cd_empresa_plano: idDigits('Código do plano inválido'),
});
/**
 * `token`: an access token bound to the new protocol (server/README.md, access rules), for
 * the calls that name the request by its internal id (the acceptance document, `aceite`).
 */
export const portabilityResponse = z.object({ nuProtocolo: z.string(), cdSolicitacao: z.number(), token: z.optional(z.string()) });

export const finalizeRequest = z.object({
  tipo: z.literal(TIPO_PORTABILIDADE),
  cd_solicitacao: id('Código da solicitação inválido'),
});

/** A document type the operator still waits for (status 2), and why. */
export const pendingDocument = z.object({
  cdTipoDocumento: z.number(),
  nmDocumento: z.string(),
  dsMotivo: z.optional(z.string()),
});

export const trackingData = z.object({
  nuProtocolo: z.string(),
  nuProtocoloAnsHapvida: z.nullable(z.string()),
  dtCadastramento: z.nullable(z.string()),
  dsStatus: z.nullable(z.string()),
  flStatus: z.number(),
  cdStatusPort: z.number(),
  flConcordo: z.nullable(z.string()),
  cdSolicitacao: z.nullable(z.number()),
  /** Absent from anonymous answers for requests that require login. */
  nuCpf: z.optional(z.nullable(z.string())),
  /**
   * For a request that needs no login: an access token bound to this protocol, which the
   * calls naming the request by an internal id require (server/README.md, access rules).
   */
  token: z.optional(z.string()),
  /**
   * What the operator decided (issue 25), each present only once the operator set it and
   * never in the anonymous answer of a request that requires login: the destination plan
   * (name, ANS registry), the start of coverage and the last day to cancel the old plan
   * (dd/mm/yyyy), the monthly price in cents, and the reason of a refusal (4) or cancellation (5).
   */
  nmPlanoDestino: z.optional(z.string()),
  nuRegistroPlanoDestino: z.optional(z.string()),
  dtInicioCobertura: z.optional(z.string()),
  vlMensalidadeCentavos: z.optional(z.number()),
  dtLimiteCancelamentoPlanoAnterior: z.optional(z.string()),
  dsMotivo: z.optional(z.string()),
  /**
   * Status 2 only (issue 25): the document types the operator still waits for, each with the
   * operator's reason when it gave one; a type leaves the list once a document of it is sent.
   */
  documentosPendentes: z.optional(z.array(pendingDocument)),
  /** Status 5 by the holder's own withdrawal (issue 25): when they withdrew ('dd/mm/yyyy hh:mm'). */
  dtDesistencia: z.optional(z.string()),
  /**
   * Status 6: the conditions shown (answer type and the operator's facts) as a short version,
   * which the answer (`aceite`) sends back as `versao_condicoes`.
   */
  dsVersaoCondicoes: z.optional(z.string()),
  /** Brasília's day when the server answered ('dd/mm/yyyy'): deadlines are judged by it, not by a phone's clock. */
  dtConsulta: z.optional(z.string()),
  /**
   * Present (true) when the answer held (`flConcordo`) was recorded by the operator, not given
   * in the portal: the screen tells it as the operator's, as the history and the e-mail do.
   */
  flRespostaDaOperadora: z.optional(z.literal(true)),
});

export const historyEvent = z.object({
  flStatus: z.number(),
  dsStatus: z.string(),
  dtEvento: z.string(),
});
/** SPEC leaves `historico` open: every status change, plus the ANS 10-day answer window. */
export const history = z.object({
  dtCadastramento: z.string(),
  prazoRespostaDias: z.number(),
  dtLimiteResposta: z.string(),
  /** Brasília's day when the server answered: the days left count from it, not from a phone's clock that may be off. */
  dtConsulta: z.optional(z.string()),
  eventos: z.array(historyEvent),
});

export const documentToSign = z.object({
  documento: z.string(),
  linkUrl: z.string(),
  cdFileDocumento: z.number(),
  flAssinado: z.boolean(),
  /**
   * Sign after reading (issue 25): when the term was first opened through its link, and when
   * it was accepted ('dd/mm/yyyy hh:mm'); each absent until it happened. A term never opened
   * cannot be signed.
   */
  dtLeitura: z.optional(z.string()),
  dtAssinatura: z.optional(z.string()),
});

export const attachedDocument = z.object({
  nmArquivo: z.string(),
  nmExtensaoArquivo: z.string(),
  nmDocumento: z.string(),
  dtAssinatura: z.nullable(z.string()),
  linkUrl: z.string(),
});

export const tooltip = z.object({ nmCampo: z.string(), dsDescricao: z.string() });
/** A plan the person may port to (issue 27 item 5): its 9-digit ANS registry and its name, for the wizard's search. */
export const destinationPlanOption = z.object({ registroAns: z.string(), nmPlano: z.string() });
/** The most plans the list answers: enough for an operator's catalogue, bounded like every answer. */
export const DESTINATION_PLANS_MAX = 1000;
export const documentType = z.object({ cdTipoDocumento: z.number(), nmDocumento: z.string() });
export const selectOption = z.object({ label: z.string(), value: z.string() });
/**
 * The operator's privacy notice (LGPD art. 9): the controller (the operator's name, key '65'),
 * the purpose, what is kept and for how long, who receives it, the data subject's rights and
 * the data protection officer's contact. Texts are the operator's, kept by the server.
 */
export const privacyNotice = z.object({
  controlador: z.string(),
  finalidade: z.string(),
  dados: z.string(),
  retencao: z.string(),
  compartilhamento: z.string(),
  direitos: z.string(),
  encarregado: z.string(),
  contato: z.string(),
});

/**
 * Where a person can be reached at the operator (issue 26): the central's phone, WhatsApp,
 * opening hours, the Ouvidoria and an e-mail, as the operator set them ('' when it has none).
 */
export const operatorContact = z.object({
  operadora: z.string(),
  telefone: z.string(),
  whatsapp: z.string(),
  horario: z.string(),
  ouvidoria: z.string(),
  email: z.string(),
});

/**
 * An address found by its CEP, in the shape of the public ViaCEP service: street, district,
 * city and UF (a CEP that covers a whole city has empty street and district), or, as ViaCEP
 * answers an unknown CEP, `{ erro: true }`.
 */
export const cepAddress = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
});
export const cepAnswer = z.union([cepAddress, z.object({ erro: z.literal(true) })]);

const allowedExtension = () =>
  z.string().check(
    atMost(10),
    // An iPhone photo is told how to be sent, not just refused (issue 27).
    z.refine(
      (ext) => isHeicExtension(ext) || (ALLOWED_EXTENSIONS as readonly string[]).includes(ext.toLowerCase()),
      'Extensão não permitida (PDF, JPG ou PNG)',
    ),
    z.refine((ext) => !isHeicExtension(ext), HEIC_NOT_ACCEPTED),
  );
const nonEmpty = (max: number, message: string) => z.string().check(atMost(max), z.minLength(1, message));

/**
 * A file name is the device's, not typed by the person: control characters in it are not
 * refused (renaming a file is beyond most people) but removed, with bidi and zero-width ones,
 * before it is stored or shown (server/routes/documents.ts, displayName).
 */
const fileName = (message: string) => z.string().check(atMost(INPUT_BOUNDS.fileName), z.trim(), z.minLength(1, message));

export const documentUpload = z.object({
  nuProtocolo: required('Protocolo é obrigatório', 100),
  tipoSolicitacao: z.literal(TIPO_PORTABILIDADE),
  nuContrato: optionalText(50),
  cdTipoDocumento: id('Tipo de documento inválido'),
  nmDocumento: fileName('Nome do documento é obrigatório'),
  nmExtensao: allowedExtension(),
  arquivoBase64: nonEmpty(MAX_BASE64_LENGTH, 'Arquivo vazio'),
});

export const acceptanceRequest = z.object({
  tipo: z.literal(TIPO_PORTABILIDADE),
  fl_ciente: z.enum(['S', 'N']),
  /** D: type code 1 on tracking; I: other tracking; N: new request. */
  fl_tipo: z.enum(['D', 'I', 'N']),
  cd_solicitacao: id('Código da solicitação inválido'),
  /**
   * A tracking answer: the `dsVersaoCondicoes` of the conditions the person answered. When
   * the operator has changed them since, the answer is not recorded ('ERRO').
   */
  versao_condicoes: z.optional(z.string().check(z.maxLength(64, 'Versão das condições inválida'))),
});

export const signatureRequest = z.object({ cdFileDocumento: id('Código do documento inválido') });
/** The holder withdraws a request under analysis (issue 25): named by its protocol, with a token bound to it. */
export const withdrawalRequest = z.object({ protocolo: required('Protocolo é obrigatório', 100) });

/**
 * Server error body for 400/404: shown to the user as it is. `code` (ERROR_CODES in
 * contract/rules.ts) when the portal acts on the answer itself, e.g. 409 SOLICITACAO_EM_ANDAMENTO.
 * Read as a string: a code this portal does not know yet is still an error with a message.
 */
export const errorBody = z.object({ message: z.string(), code: z.optional(z.string()) });

// ---------------------------------------------------------------- queries

const protocoloQuery = z.object({ protocolo: required('Protocolo é obrigatório', 100) });
const solicitacaoQuery = z.object({ solicitacao: z.literal(TIPO_PORTABILIDADE) });
const text = z.string();
const empty = z.object({});

// ---------------------------------------------------------------- the calls (SPEC §7)

type Method = 'GET' | 'POST';
/** What a client needs to make a call and read its answer. */
interface Route<O extends z.ZodMiniType> {
  method: Method;
  /** Relative to the API base path. */
  path: string;
  output: O;
  /** 'text' responses are plain text bodies (a name, a link, 'ERRO'). */
  responseKind: 'json' | 'text';
}
/** A call with its request schema: GET input is the query string, POST input the JSON body. */
type Endpoint<R extends Route<z.ZodMiniType>, I extends z.ZodMiniType> = R & { input: I };

// Pure builders: a bundle that never reads a schema built with them leaves it out.
function get<O extends z.ZodMiniType>(path: string, output: O, responseKind: 'json' | 'text' = 'json'): Route<O> {
  return { method: 'GET', path, output, responseKind };
}
function post<O extends z.ZodMiniType>(path: string, output: O, responseKind: 'json' | 'text' = 'json'): Route<O> {
  return { method: 'POST', path, output, responseKind };
}
function withInputs<R extends Record<string, Route<z.ZodMiniType>>, I extends { [N in keyof R]: z.ZodMiniType }>(
  table: R,
  inputs: I,
): { [N in keyof R]: Endpoint<R[N], I[N]> } {
  const entries = Object.keys(table).map((name) => [name, { ...table[name], input: inputs[name] }]);
  return Object.fromEntries(entries) as { [N in keyof R]: Endpoint<R[N], I[N]> };
}

/**
 * Every call's method, path and response schema. The portal reads only this table: it
 * checks every answer, while request bodies are checked by the server (and by the
 * machines' own rules before they are sent), so the request schemas stay out of the
 * portal's bundle.
 */
export const routes = {
  login: post('auth', loginResponse),
  // 'Encerrar sessão': the bearer token stops opening anything, on every process (issue 24).
  logout: post('auth/sair', text, 'text'),
  operatorKey: get('auth/recuperar-chave', text, 'text'),
  saveRequest: post('portabilidade', portabilityResponse),
  tooltips: get('portabilidade', z.array(tooltip)),
  finalize: post('portabilidade/finaliza', text, 'text'),
  destinationPlan: get('portabilidade/utils/plano/destino', text, 'text'),
  // Issue 27 item 5: the plans to pick from, searched in the wizard by name or registry.
  destinationPlans: get('portabilidade/utils/plano/destino/lista', z.array(destinationPlanOption)),
  tracking: get('portabilidade/acompanhamento', trackingData),
  history: get('portabilidade/historico', history),
  signLink: get('portabilidade/documento/assina', text, 'text'),
  contractTypes: get('portabilidade/utils/contratacao/destino', z.array(selectOption)),
  documentTypes: get('portabilidade/utils/documento/list', z.array(documentType)),
  attachedDocuments: get('portabilidade/documento', z.array(attachedDocument)),
  uploadDocument: post('portabilidade/utils/documento', text, 'text'),
  acceptance: post('portabilidade/utils/documento/aceite', text, 'text'),
  // Paths SPEC leaves open (chosen here; also in the README):
  setting: get('portabilidade/utils/parametro', text, 'text'),
  documentsToSign: get('portabilidade/documento/assinatura', z.array(documentToSign)),
  recordSignature: post('portabilidade/documento/assinatura', text, 'text'),
  withdraw: post('portabilidade/desistencia', text, 'text'),
  privacy: get('portabilidade/utils/privacidade', privacyNotice),
  cepAddress: get('portabilidade/utils/cep', cepAnswer),
  // The receipt (issue 25): a short-lived link to its PDF, for a token bound to the protocol.
  receipt: get('portabilidade/comprovante', text, 'text'),
  contact: get('portabilidade/utils/contato', operatorContact),
  forgotProtocol: post('portabilidade/protocolo/lembrete', text, 'text'),
} as const;

/** The whole contract: every call of `routes` with its request schema (the server validates with it). */
export const endpoints = withInputs(routes, {
  login: loginRequest,
  logout: empty,
  operatorKey: z.object({ cdTipo: required('cdTipo é obrigatório', 10), cdEmpresaPlano: idDigits('cdEmpresaPlano inválido') }),
  saveRequest: portabilityRequest,
  tooltips: solicitacaoQuery,
  finalize: finalizeRequest,
  destinationPlan: z.object({ registroAns: digits('Registro ANS inválido', 20) }),
  destinationPlans: empty,
  tracking: protocoloQuery,
  history: protocoloQuery,
  signLink: z.object({ cdDocumento: idDigits('cdDocumento inválido') }),
  contractTypes: empty,
  documentTypes: solicitacaoQuery,
  attachedDocuments: protocoloQuery,
  uploadDocument: documentUpload,
  acceptance: acceptanceRequest,
  setting: z.object({ chave: z.enum(['82', '84', '85']), cdEmpresaPlano: idDigits('cdEmpresaPlano inválido') }),
  documentsToSign: protocoloQuery,
  recordSignature: signatureRequest,
  withdraw: withdrawalRequest,
  privacy: z.object({ cdEmpresaPlano: idDigits('cdEmpresaPlano inválido') }),
  cepAddress: z.object({ cep: z.string().check(atMost(8), z.regex(CEP_PATTERN, 'CEP inválido: informe os 8 dígitos')) }),
  receipt: protocoloQuery,
  contact: z.object({ cdEmpresaPlano: idDigits('cdEmpresaPlano inválido') }),
  forgotProtocol: forgotProtocolRequest,
});

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type EndpointInput<N extends EndpointName> = z.input<Endpoints[N]['input']>;
export type EndpointOutput<N extends EndpointName> = z.output<Endpoints[N]['output']>;

export type LoginRequest = z.output<typeof loginRequest>;
export type PortabilityRequest = z.output<typeof portabilityRequest>;
export type PortabilityResponse = z.output<typeof portabilityResponse>;
export type Dependente = z.output<typeof dependente>;
export type TrackingData = z.output<typeof trackingData>;
export type History = z.output<typeof history>;
export type DocumentToSign = z.output<typeof documentToSign>;
export type AttachedDocument = z.output<typeof attachedDocument>;
export type Tooltip = z.output<typeof tooltip>;
export type DestinationPlanOption = z.output<typeof destinationPlanOption>;
export type DocumentType = z.output<typeof documentType>;
export type SelectOption = z.output<typeof selectOption>;
export type PrivacyNotice = z.output<typeof privacyNotice>;
export type CepAddress = z.output<typeof cepAddress>;
export type OperatorContact = z.output<typeof operatorContact>;
export type CepAnswer = z.output<typeof cepAnswer>;
export type DocumentUpload = z.output<typeof documentUpload>;
export type AcceptanceRequest = z.output<typeof acceptanceRequest>;
export type FinalizeRequest = z.output<typeof finalizeRequest>;
export type PendingDocument = z.output<typeof pendingDocument>;

/**
 * The receipt's download name, the server's (Content-Disposition) and the portal's (the link's
 * `download`) alike. Not the protocol: its last 6 digits are the tracking password, and a
 * shared phone lists its downloads by name.
 */
export const RECEIPT_FILE_NAME = 'comprovante-portabilidade.pdf';

/** Headers the contract relies on besides the body. */
export const HEADERS = {
  /** Sent on every request (SPEC §7). */
  frameOptions: 'X-Frame-Options',
  /** Double-submit CSRF: the server sets the cookie, the client echoes it on non-GET. */
  csrfCookie: 'XSRF-TOKEN',
  csrfHeader: 'X-XSRF-TOKEN',
  /** One key per logical POST: retries of the same attempt are answered with the first result. */
  idempotencyKey: 'Idempotency-Key',
  /** `Bearer <token>`; the free token grants anonymous access only. */
  authorization: 'Authorization',
} as const;

/** The Accept header of a call, by the kind of its answer (the client's, and index.html's early reads). */
export function acceptHeaderOf(responseKind: 'json' | 'text'): string {
  return responseKind === 'json' ? 'application/json' : 'text/plain, application/json';
}
