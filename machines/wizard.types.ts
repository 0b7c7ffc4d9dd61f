/**
 * Types of the new-request wizard (SPEC §2 "nova-solicitacao", §3, §4 "Wizard" and
 * "Submit sequence"). What crosses the network is the contract's own type (contract/api.ts,
 * type-only imports); the form and the events are the wizard's.
 */
import type { DocumentType, PortabilityRequest, PortabilityResponse, SelectOption as ContractSelectOption } from '../contract/api';
import type { CepFilled, CepOutcome } from './cep-address';
import type { LeaveVia } from './wizard.leave';

/** A calendar day as 'yyyy-mm-dd': how "today" reaches the rules (machines read no clock). */
export type CalendarDay = string;

export const STEPS = ['dadosPessoais', 'planoOrigem', 'planoDestino', 'dependentes', 'documentos'] as const;
export type StepId = (typeof STEPS)[number];

/** Every field typed in steps 1–3. Text is kept as typed (uppercased by the input); masks store digits, dates keep dd/mm/yyyy. */
export interface WizardForm {
  // step 1 — Dados Pessoais
  nome: string;
  nm_mae: string;
  dt_nascimento: string;
  sem_cpf: boolean;
  cpf: string;
  celular: string;
  email: string;
  fl_aceita_email: boolean;
  /** Consent to text messages at the mobile number (issue 26); unticked by default. */
  fl_aceita_sms: boolean;
  cd_cep: string;
  ds_uf: string;
  ds_cidade: string;
  ds_endereco: string;
  nu_endereco: string;
  ds_bairro: string;
  ds_complemento: string;
  // step 2 — Dados do Plano de Origem
  ops_origem: string;
  nu_ans_ops_origem: string;
  plano_origem: string;
  nu_ans_plano_origem: string;
  area_plano: string;
  dt_inicio: string;
  tp_contrato_origem: string;
  // step 3 — Dados do Plano de Destino
  nu_ans_plano_destino: string;
  plano_destino: string;
  tp_contrato_destino: string;
  tp_port_destino: string;
}

/** Fields a plain FIELD_CHANGED may set; the others have their own events (they carry a rule). */
export type TextField = Exclude<
  keyof WizardForm,
  'sem_cpf' | 'fl_aceita_email' | 'fl_aceita_sms' | 'nu_ans_plano_destino' | 'plano_destino' | 'tp_port_destino'
>;
export type FormField = Exclude<keyof WizardForm, 'sem_cpf' | 'fl_aceita_email' | 'fl_aceita_sms'>;

export interface DependentDraft {
  nome: string;
  /** The relationship to the holder (issue 27 item 7): one of PARENTESCOS (contract/rules.ts), '' until chosen. */
  ds_parentesco: string;
  nm_mae: string;
  dt_nasc: string;
  cpf: string;
}
export type DependentField = keyof DependentDraft;
export interface Dependent extends DependentDraft {
  id: number;
}

/** What the machine knows of an attached file; the bytes live in the app's file registry under `id`. */
export interface AttachmentMeta {
  id: string;
  cdTipoDocumento: number;
  /** The document type's name (e.g. "RG"), shown in the list and sent as nmDocumento. */
  nmDocumento: string;
  fileName: string;
  /** Lower-case, without the dot. */
  extension: string;
  size: number;
  mimeType: string;
  /** Sent to the server already (kept across a failed submission so it is not sent twice). */
  uploaded: boolean;
  /** The server's reason when it refused this file: it is not sent again (removed, or left out). */
  refused?: string;
  /** A photo shrunk (or converted) in the browser: its size as chosen ("6,2 MB → 0,9 MB"). */
  originalSize?: number;
  /** A photo converted or shrunk in the browser: its name as chosen ("IMG_0001.HEIC" listed as "IMG_0001.jpg"). */
  originalName?: string;
}

/** A file the user picked, before the machine accepts or rejects it. */
export interface ChosenFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

/** A chosen photo made ready to send (decoded from HEIC and/or shrunk), under the same id. */
export interface PreparedFile extends ChosenFile {
  /** The size of the file as it was chosen. */
  originalSize: number;
}

/** The contract's answers, as parsed (`z.output` of its schemas). */
export type SelectOption = ContractSelectOption;
export type DocumentTypeOption = DocumentType;
/** The save's answer; `token` is bound to the new protocol, for the acceptance document (issue 11). */
export type SaveResult = PortabilityResponse;

export type DestinationLookup = null | 'found' | 'notFound' | 'failed';

export interface WizardContext {
  protocoloAns: string;
  cdEmpresaPlano: string;
  /** The day the dates are checked against (none may lie after it); from input, never a clock. */
  today: CalendarDay;
  form: WizardForm;
  /** A NEXT was tried on this step: only then its messages show (SPEC §5). */
  attempted: Record<StepId, boolean>;
  dependents: Dependent[];
  /** The last row, open for editing (null when none is open). */
  draft: DependentDraft | null;
  draftAttempted: boolean;
  /** What the last destination registry lookup said (null: none since the registry was typed). */
  destinationLookup: DestinationLookup;
  /** What the last CEP lookup did (null: none since the CEP was typed). */
  cepLookup: CepOutcome | null;
  /** The address values the last CEP lookup wrote (a field still holding one may be replaced). */
  cepFilled: CepFilled;
  contractTypes: SelectOption[];
  documentTypes: DocumentTypeOption[];
  /** The document type chosen for the next file ('' until one is chosen). */
  documentType: string;
  attachments: AttachmentMeta[];
  /** The last file refused (empty / over 10MB / wrong type), shown as an alert. */
  fileAlert: string | null;
  /**
   * The server refused a file since the person last chose to send ('Próximo' on step 5): the
   * sending ends on step 5, which names it, instead of going on without it. One the person
   * was already shown, and went on from, does not bring them back (found by a regression walk).
   */
  refusedSinceNext: boolean;
  /** The photo being made ready to send (decoded, shrunk); null when none is. */
  preparing: ChosenFile | null;
  /** The page is hidden (screen locked, another app in front), as the browser last said. */
  pageHidden: boolean;
  /** Names of files that did not survive a reload and must be attached again. */
  lostAttachments: string[];
  previewId: string | null;
  /** Created at the first submission attempt and kept: retries replay, never duplicate. */
  idempotencyKey: string | null;
  /** The payload (JSON) the key was made for. */
  keyedPayload: string | null;
  saved: SaveResult | null;
  acceptanceLink: string | null;
  /** How the person asked to leave, while the machine asks whether to (null otherwise). */
  leaveVia: LeaveVia | null;
  /** "Continuar depois neste aparelho" (issue 27 item 4): the draft outlives the tab, for a while. */
  keepOnDevice: boolean;
  /** 'Alterar' on the review (issue 27 item 7): the step's 'Próximo' goes back to the review. */
  returnToReview: boolean;
}

export interface WizardInput {
  protocoloAns: string;
  cdEmpresaPlano?: string;
  /** Today, Brasília's calendar day as the server has it ('yyyy-mm-dd', contract/rules.ts brasiliaDayOf). */
  today: CalendarDay;
  /** Data already known (e.g. prefilled by an integration, or a test's filled form). */
  form?: Partial<WizardForm>;
}

export type WizardEvent =
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'FIELD_CHANGED'; field: TextField; value: string }
  | { type: 'NO_CPF_TOGGLED'; checked: boolean }
  | { type: 'EMAIL_REPLIES_TOGGLED'; checked: boolean }
  | { type: 'SMS_REPLIES_TOGGLED'; checked: boolean }
  | { type: 'DESTINATION_REGISTRY_CHANGED'; value: string }
  /** A plan picked from the operator's list (issue 27 item 5): its ANS registry and name, as the list gave them. */
  | { type: 'DESTINATION_PLAN_CHOSEN'; registroAns: string; nmPlano: string }
  | { type: 'DOCUMENTS_SKIPPED' }
  | { type: 'NO_DOCUMENTS_CANCELLED' }
  /** 'Enviar solicitação', with a fresh idempotency key the app made for this gesture (used only if the data changed). */
  | { type: 'SUBMIT_CONFIRMED'; idempotencyKey: string }
  | { type: 'REVIEW_CANCELLED' }
  | { type: 'REVIEW_EDIT_REQUESTED'; step: StepId }
  | { type: 'DUPLICATE_TRACK' }
  | { type: 'DUPLICATE_BACK' }
  | { type: 'CONTRACT_TYPE_CHOSEN'; value: string }
  | { type: 'HR_MODAL_CONFIRMED' }
  | { type: 'DEPENDENT_ADD' }
  | { type: 'DEPENDENT_CHANGED'; field: DependentField; value: string }
  | { type: 'DEPENDENT_CONFIRM' }
  | { type: 'DEPENDENT_DISCARD' }
  | { type: 'DEPENDENT_REMOVE'; id: number }
  | { type: 'DOCUMENT_TYPE_CHOSEN'; cdTipoDocumento: string }
  | { type: 'FILE_CHOSEN'; file: ChosenFile }
  | { type: 'PREPARATION_CANCELLED' }
  | { type: 'ATTACHMENT_REMOVE'; id: string }
  | { type: 'ATTACHMENT_PREVIEW'; id: string }
  | { type: 'PREVIEW_CLOSED' }
  | { type: 'ATTACHMENTS_LOST'; ids: string[] }
  | { type: 'PROTOCOL_MODAL_CONFIRMED' }
  | { type: 'PAGE_HIDDEN' }
  | { type: 'PAGE_VISIBLE' }
  | { type: 'KEEP_ON_DEVICE_TOGGLED'; checked: boolean }
  | { type: 'LEAVE_REQUESTED'; via: LeaveVia }
  | { type: 'LEAVE_CONFIRMED' }
  | { type: 'LEAVE_DISCARDED' }
  | { type: 'LEAVE_CANCELLED' };

/** Request payload of SPEC §3: the contract's own type (`z.output` of its schema), never a copy. */
export type PortabilityPayload = PortabilityRequest;

export interface SaveRequestInput {
  payload: PortabilityPayload;
  idempotencyKey: string;
}
export interface UploadDocumentInput {
  attachment: AttachmentMeta;
  nuProtocolo: string;
  idempotencyKey: string;
}
export interface AcceptanceInput {
  cdSolicitacao: number;
  idempotencyKey: string;
  /** The save's token: `aceite` names the request by its id, which alone opens nothing. */
  token?: string;
}
