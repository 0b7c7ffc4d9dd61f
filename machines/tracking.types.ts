/**
 * Types and fixed texts of the tracking flow (SPEC §2 "acompanhamento", §4, §5, §8).
 * The answers' shapes are the contract's (contract/api.ts, type-only imports: no schema reaches
 * a machine's bundle), so the app's actors hand the parsed answers over as they are; the rules
 * both sides share are in contract/rules.ts.
 */
import type {
  AcceptanceRequest,
  AttachedDocument,
  DocumentToSign,
  EndpointInput,
  FinalizeRequest,
  History,
  PendingDocument,
  TrackingData,
} from '../contract/api';
import type { AttachmentMeta, ChosenFile } from './wizard.types';
import { ACCEPTANCE_ERROR_MESSAGE } from '../contract/rules';

/**
 * The answers the tracking flow holds are the contract's, parsed (`z.output` of its schemas):
 * never a hand copy that could drift from what the server sends.
 */
/** SPEC §3 "Portability data (tracking)". `cdStatusPort` doubles as the type code (1|2). */
export type TrackingInfo = TrackingData;
/** A document type the operator still waits for (status 2), and why, when it said. */
export type PendingDocumentInfo = PendingDocument;
/** SPEC §3 "Attached document". */
export type AttachedDocumentInfo = AttachedDocument;
/** SPEC §3 "Document to sign". */
export type DocumentToSignInfo = DocumentToSign;
/** The `historico` answer (docs/architecture.md): every status change and the ANS window. */
export type HistoryInfo = History;

export type { AttachmentMeta, ChosenFile, UploadDocumentInput } from './wizard.types';

/** The reads' query (`?protocolo=`), the contract's. */
export type ProtocolInput = EndpointInput<'tracking'>;
/** Body of `portabilidade/documento/assinatura`, the contract's. */
export type SignatureInput = EndpointInput<'recordSignature'>;
/** Body of `portabilidade/utils/documento/aceite` on the tracking screen (SPEC §7): never 'N' (the wizard's). */
export type AcceptanceInput = AcceptanceRequest & { fl_tipo: 'D' | 'I' };
/** Body of `portabilidade/finaliza` (SPEC §7). */
export type FinalizeInput = FinalizeRequest;
/** The operator-name read's plan (`auth/recuperar-chave`), the contract's. */
export type OperatorInput = Pick<EndpointInput<'operatorKey'>, 'cdEmpresaPlano'>;

export interface TrackingInput {
  protocolo: string;
  cdEmpresaPlano: string;
}

/** The acknowledgement choice: 'S' agreed / aware, 'N' declined ('Não aceito'), null none yet. */
export type Choice = 'S' | 'N' | null;

/** How the holder asked to leave while a choice was unsent: the way out taken once they confirm. */
export type Leaving = 'RETURN' | 'END_SESSION';

export interface TrackingContext {
  protocolo: string;
  cdEmpresaPlano: string;
  tracking: TrackingInfo | null;
  attachedDocuments: AttachedDocumentInfo[];
  documentsToSign: DocumentToSignInfo[];
  history: HistoryInfo | null;
  /**
   * The choice shown: the server's (flConcordo) after a load, or the one made in this visit,
   * which stays a draft the holder may change until 'Finalizar' sends it.
   */
  choice: Choice;
  /** Set while "Sua escolha ainda não foi enviada" asks: which way out to take if they leave anyway. */
  leaving: Leaving | null;
  /** The term whose signature is being recorded. */
  signing: number | null;
  /** Terms opened in this visit (sign after reading, issue 25): only these, and those the server saw read, can be ticked. */
  openedTerms: number[];
  /** The last acceptance document generated in this visit (shown as a link). */
  acceptanceLink: string | null;
  /** For 'Seja bem-vindo à {operator name}!'; '' when the lookup failed. */
  operatorName: string;
  /** Status 2: the file chosen for a pending document type, not sent yet (its bytes are the app's). */
  pendingFile: AttachmentMeta | null;
  /** Status 2: a photo chosen for a pending type, being made ready to send (issue 27's preparation); its bytes are the app's. */
  pendingPreparing: { cdTipoDocumento: number; file: ChosenFile } | null;
  /** Status 2: why the last file chosen was refused (SPEC §5's alerts), until another is chosen. */
  pendingFileAlert: string | null;
  /** Status 2: the pending type whose document this visit sent last (said once the list is reloaded). */
  pendingSent: PendingDocumentInfo | null;
  /** The reads beside the request's own whose last try failed: the screen says so, never shows them empty. */
  unreadLists: UnreadList[];
}

/** A read beside the request's own (the attached documents, the terms to sign, the history). */
export type UnreadList = 'attachedDocuments' | 'documentsToSign' | 'history';

export type TrackingEvent =
  | { type: 'RETRY' }
  /** 'Retornar', 'Sair' and the menu items: leave the screen (which ends its session). */
  | { type: 'RETURN' }
  /** 'Encerrar sessão' (header and phone menu). */
  | { type: 'END_SESSION' }
  | { type: 'VIEW_DOCUMENT'; linkUrl: string }
  | { type: 'AGREE' }
  | { type: 'DECLINE' }
  | { type: 'ACKNOWLEDGE' }
  /** 'Estou ciente' unticked before it was sent. */
  | { type: 'UNACKNOWLEDGE' }
  /** The confirmation 'Finalizar' asks for before sending the choice: 'Enviar' / 'Voltar'. */
  | { type: 'SEND_CONFIRMED' }
  | { type: 'SEND_CANCELLED' }
  /** "Sua escolha ainda não foi enviada" when leaving with a choice unsent: leave anyway / stay. */
  | { type: 'LEAVE_CONFIRMED' }
  | { type: 'LEAVE_CANCELLED' }
  /** A term's 'Abrir' (a new tab): reading it comes before its 'Li e aceito'. */
  | { type: 'OPEN_TERM'; cdFileDocumento: number }
  | { type: 'SIGN_DOCUMENT'; cdFileDocumento: number }
  /** 'Desistir da solicitação' (status 1, 2), and its confirmation: 'Sim, desistir' / 'Voltar'. */
  | { type: 'WITHDRAW' }
  | { type: 'WITHDRAW_CONFIRMED' }
  | { type: 'WITHDRAW_CANCELLED' }
  | { type: 'FINALIZE' }
  /** 'Carregar de novo' beside a list that failed to load: the screen is read again. */
  | { type: 'RELOAD_LISTS' }
  /** The page is shown again (a tab or app switched back to) after `awayMs` hidden. */
  | { type: 'SCREEN_SHOWN_AGAIN'; awayMs: number }
  | { type: 'CLOSE_MODAL' }
  | { type: 'LOG_IN_AGAIN' }
  | PendingDocumentEvent;

/** Status 2: a file chosen for a pending type, sent ('Enviar', also after a failure), or removed. */
export type PendingDocumentEvent =
  | { type: 'PENDING_FILE_CHOSEN'; cdTipoDocumento: number; file: ChosenFile }
  | { type: 'PENDING_FILE_SEND' }
  | { type: 'PENDING_FILE_REMOVED' }
  | { type: 'PENDING_SEND_CANCELLED' }
  /** Status 2: 'Cancelar' beside a photo being prepared. */
  | { type: 'PENDING_PREPARATION_CANCELLED' };

export type ToastLevel = 'info' | 'warning' | 'error' | 'success';

/**
 * Away this long, the request may have moved on (the operator, another tab): the screen is
 * read again when shown. A glance at another app is not enough to reload under the person.
 */
export const STALE_AFTER_MS = 60_000;

/** Status and type codes are shared rules (contract/rules.ts), defined once. */
export {
  ACCEPTANCE_ERROR_ANSWER,
  ANSWER_DAYS,
  STATUS_ACCEPTED,
  STATUS_AWAITING_ACKNOWLEDGEMENT,
  STATUS_CANCELLED,
  STATUS_CONTRACT_ACTIVE,
  STATUS_PENDING_DOCUMENTS,
  STATUS_REFUSED,
  STATUS_UNDER_ANALYSIS,
  TYPE_CODE_AGREEMENT,
  TYPE_CODE_AWARENESS,
} from '../contract/rules';

/** Exact pt-BR texts of SPEC §2, §5 and §8 that the machine itself emits or decides. */
export const TEXT = {
  screenTitle: 'Acompanhar Solicitação',
  panelAccepted: 'Sua solicitação foi aceita',
  panelFinalize: 'Finalize sua solicitação',
  panelAnalysis: 'Sua solicitação está em análise',
  agree: 'Estou de acordo',
  decline: 'Não aceito',
  aware: 'Estou ciente',
  finalize: 'Finalizar',
  back: 'Retornar',
  leave: 'Sair',
  acceptanceError: ACCEPTANCE_ERROR_MESSAGE,
  unsignedDocuments: 'Ainda há documento(s) que precisa(m) ser assinado(s).',
  avisoTitle: 'Você está quase lá',
  avisoButton: 'Minha Portabilidade',
  welcomeText: 'Seu contrato está ativo e apto para utilização.',
  welcomeButton: 'OK',
} as const;

/**
 * Texts of our own (SPEC is silent): the panels of statuses 4, 5 and 7, which SPEC would
 * title 'em análise', the session control, and what the screen says once something is recorded.
 */
export const MESSAGES = {
  panelRefused: 'Sua solicitação foi recusada',
  panelCancelled: 'Sua solicitação foi cancelada',
  panelContractActive: 'Seu contrato está ativo',
  endSession: 'Encerrar sessão',
  sessionEnded: 'Sessão encerrada.',
  agreeChosen: "Você escolheu 'Estou de acordo'. Para enviar a sua resposta, use 'Finalizar'.",
  declineChosen: "Você escolheu 'Não aceito'. Para enviar a sua resposta, use 'Finalizar'.",
  awareChosen: "Você marcou 'Estou ciente'. Para enviar a sua resposta, use 'Finalizar'.",
  awareUnchosen: "Você desmarcou 'Estou ciente'. Nada será enviado.",
  /** The confirmation 'Finalizar' opens: the choice's consequences come where it is sent. */
  sendTitle: (option: string) => `Enviar '${option}'?`,
  sendButton: 'Enviar',
  sendBack: 'Voltar',
  /** Said for 'Estou de acordo' and 'Estou ciente', which cannot be taken back once the server has them. */
  cannotBeUndoneOnceSent: 'Esta escolha não pode ser desfeita depois de enviada.',
  /** 'Não aceito' may be sent once; agreeing later is still possible (SPEC §4). */
  declineOnceSent: "Depois de enviada, a resposta 'Não aceito' fica registrada e não pode ser enviada de novo.",
  /** Leaving with a choice made and not sent. */
  leaveTitle: 'Sua escolha ainda não foi enviada',
  leaveText: (option: string) =>
    `Você escolheu '${option}', mas essa escolha não foi registrada: ela só vale depois de enviada com 'Finalizar'. Se sair agora, ela se perde.`,
  leaveStay: 'Continuar aqui',
  leaveAnyway: 'Sair sem enviar',
  endSessionAnyway: 'Encerrar sem enviar',
  /** Beside the options while the choice is a draft (not only for screen readers). */
  unsent: "Sua escolha ainda não foi enviada: nada foi registrado. Use 'Finalizar' para enviá-la.",
  unsentOverDecline:
    "Sua escolha ainda não foi enviada: continua registrada a resposta 'Não aceito'. Use 'Finalizar' para enviar 'Estou de acordo'.",
  agreementRecorded: 'Sua concordância foi registrada.',
  awarenessRecorded: 'Sua ciência foi registrada.',
  declineRecorded: "Sua resposta 'Não aceito' foi registrada.",
  signatureRecorded: (documento: string) => `Assinatura registrada: ${documento}.`,
  /** A list whose read failed is said so, with 'Carregar de novo': never shown as empty. */
  unreadLists: {
    attachedDocuments: 'os documentos anexados',
    documentsToSign: 'os termos e declarações a assinar',
    history: 'o histórico da solicitação',
  },
  unreadList: (what: string) => `Não foi possível carregar ${what}.`,
  reloadLists: 'Carregar de novo',
  termsUnreadOnFinalize: "Os termos a assinar não foram carregados. Use 'Carregar de novo' para vê-los e assiná-los antes de finalizar.",
  /** An answer sent to conditions the operator changed before it arrived: not recorded. */
  conditionsChanged:
    'A operadora alterou as condições antes de a sua resposta chegar, e ela não foi registrada. Confira as novas condições e responda de novo.',
} as const;
