/**
 * Pure rules of the tracking flow, shared by the machine's guards and the views' selectors
 * so a rule is written once. No clock is read here: whoever needs "today" passes it in.
 */
import {
  ANSWER_DAYS,
  MESSAGES,
  STATUS_ACCEPTED,
  STATUS_AWAITING_ACKNOWLEDGEMENT,
  STATUS_CANCELLED,
  STATUS_CONTRACT_ACTIVE,
  STATUS_PENDING_DOCUMENTS,
  STATUS_REFUSED,
  STATUS_UNDER_ANALYSIS,
  TEXT,
  TYPE_CODE_AGREEMENT,
  TYPE_CODE_AWARENESS,
  type Choice,
  type DocumentToSignInfo,
  type HistoryInfo,
  type TrackingInfo,
} from './tracking.types';
import { isHttpLink, requiresLogin } from '../contract/rules';

export type Panel = 'accepted' | 'awaitingAcknowledgement' | 'analysis' | 'refused' | 'cancelled' | 'contractActive';

/**
 * SPEC §4 "Request status": 3 accepted, 6 awaiting acknowledgement, anything else analysis —
 * except the reference back-end's closing statuses (4 refused, 5 cancelled, 7 contract
 * active), which 'em análise' would misstate: they get panels that say what they are.
 */
export function panelOf(tracking: Pick<TrackingInfo, 'flStatus'> | null): Panel {
  switch (tracking?.flStatus) {
    case STATUS_ACCEPTED:
      return 'accepted';
    case STATUS_AWAITING_ACKNOWLEDGEMENT:
      return 'awaitingAcknowledgement';
    case STATUS_REFUSED:
      return 'refused';
    case STATUS_CANCELLED:
      return 'cancelled';
    case STATUS_CONTRACT_ACTIVE:
      return 'contractActive';
    default:
      return 'analysis';
  }
}

const PANEL_TITLES: Record<Panel, string> = {
  accepted: TEXT.panelAccepted,
  awaitingAcknowledgement: TEXT.panelFinalize,
  analysis: TEXT.panelAnalysis,
  refused: MESSAGES.panelRefused,
  cancelled: MESSAGES.panelCancelled,
  contractActive: MESSAGES.panelContractActive,
};

export function panelTitle(tracking: Pick<TrackingInfo, 'flStatus'> | null): string {
  return PANEL_TITLES[panelOf(tracking)];
}

/**
 * The operator's 10 days to answer (ANS) run only while the request is under analysis
 * (1 em análise, 2 pendente de documentação); afterwards the clock would be a false promise.
 */
export function answerClockRuns(tracking: Pick<TrackingInfo, 'flStatus'> | null): boolean {
  return tracking?.flStatus === STATUS_UNDER_ANALYSIS || tracking?.flStatus === STATUS_PENDING_DOCUMENTS;
}

/**
 * An anonymous answer for a request that requires login (SPEC §4: status 3, cdStatusPort 1,
 * flConcordo 'S'): the server sends its state but none of its data (no cdSolicitacao).
 * It happens when the stored token has expired; the customer must log in again.
 */
export function isRestrictedAnswer(tracking: Pick<TrackingInfo, 'flStatus' | 'cdStatusPort' | 'flConcordo' | 'cdSolicitacao'>): boolean {
  return requiresLogin(tracking) && tracking.cdSolicitacao === null;
}

/**
 * The portability type code. The reference back-end keeps it in `cdStatusPort` (1|2, set by
 * the backoffice `--tipo`); SPEC's contract has no other field for it. Anything but 1 is
 * treated as 2, the plain 'Estou ciente' acknowledgement, which commits the customer to less.
 */
export function typeCodeOf(tracking: Pick<TrackingInfo, 'cdStatusPort'> | null): 1 | 2 {
  return tracking?.cdStatusPort === TYPE_CODE_AGREEMENT ? TYPE_CODE_AGREEMENT : TYPE_CODE_AWARENESS;
}

/**
 * The choice the screen starts from after a (re)load. The server's flConcordo wins when it
 * holds one ('S' pre-sets agreement — SPEC §4 for status 3; 'N' keeps 'Não aceito' locked,
 * since it is allowed once); otherwise the choice made earlier in this visit is kept.
 */
export function seedChoice(tracking: Pick<TrackingInfo, 'flConcordo'>, previous: Choice): Choice {
  if (tracking.flConcordo === 'S') return 'S';
  if (tracking.flConcordo === 'N') return 'N';
  return previous;
}

/**
 * What the server already holds for the final acknowledgement (status 6): flConcordo is set
 * only by a generated acceptance (or the backoffice), so 'S' / 'N' mean it was recorded.
 */
export function recordedChoice(tracking: Pick<TrackingInfo, 'flConcordo'> | null): Choice {
  if (tracking?.flConcordo === 'S') return 'S';
  if (tracking?.flConcordo === 'N') return 'N';
  return null;
}

/** A choice made in this visit that differs from what the server holds: 'Finalizar' would send it. */
export function unsentChoice(tracking: Pick<TrackingInfo, 'flConcordo'> | null, choice: Choice): boolean {
  return choice !== null && choice !== recordedChoice(tracking);
}

/** The option a choice stands for, as the screen names it ('Estou de acordo', 'Não aceito', 'Estou ciente'). */
export function choiceLabel(tracking: Pick<TrackingInfo, 'cdStatusPort'> | null, choice: Choice): string {
  if (typeCodeOf(tracking) !== TYPE_CODE_AGREEMENT) return TEXT.aware;
  return choice === 'N' ? TEXT.decline : TEXT.agree;
}

export function allSigned(documents: readonly DocumentToSignInfo[]): boolean {
  return documents.every((document) => document.flAssinado);
}

export function isUnsigned(documents: readonly DocumentToSignInfo[], cdFileDocumento: number): boolean {
  return documents.some((document) => document.cdFileDocumento === cdFileDocumento && !document.flAssinado);
}

/** A term can be signed when it is unsigned and its link can really be opened. */
export function canSign(documents: readonly DocumentToSignInfo[], cdFileDocumento: number): boolean {
  return documents.some((document) => document.cdFileDocumento === cdFileDocumento && !document.flAssinado && isHttpLink(document.linkUrl));
}

export { isAcceptanceRefused, isHttpLink } from '../contract/rules';

/** fl_tipo of the tracking acceptance (SPEC §7): 'D' for type code 1, 'I' otherwise. */
export function acceptanceKind(tracking: Pick<TrackingInfo, 'cdStatusPort'> | null): 'D' | 'I' {
  return typeCodeOf(tracking) === TYPE_CODE_AGREEMENT ? 'D' : 'I';
}

/**
 * What an acceptance recorded, said as the panel says it: 'Não aceito' or 'Estou de acordo'
 * (type 1), 'Estou ciente' (type 2). Said when no modal follows, or when a send whose answer
 * was lost is read back recorded.
 */
export function acceptanceRecordedMessage(tracking: Pick<TrackingInfo, 'cdStatusPort'> | null, choice: Choice): string {
  if (typeCodeOf(tracking) !== TYPE_CODE_AGREEMENT) return MESSAGES.awarenessRecorded;
  return choice === 'N' ? MESSAGES.declineRecorded : MESSAGES.agreementRecorded;
}

export function welcomeTitle(operatorName: string): string {
  const name = operatorName.trim();
  return name ? `Seja bem-vindo à ${name}!` : 'Seja bem-vindo!';
}

// ---------------------------------------------------------------- dates and the ANS window

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DAY_MS = 86_400_000;

/** A calendar day as a count of days, so differences need no clock or time zone. */
function dayNumber(year: number, month: number, day: number): number | null {
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return Math.round(time / DAY_MS);
}

/** 'dd/mm/yyyy[ HH:mm]' (the server's format) or ISO 'yyyy-mm-dd…' → day number. */
export function parseDay(text: string | null | undefined): number | null {
  if (!text) return null;
  const br = BR_DATE.exec(text.trim());
  if (br) return dayNumber(Number(br[3]), Number(br[2]), Number(br[1]));
  const iso = ISO_DATE.exec(text.trim());
  if (iso) return dayNumber(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

export function formatDay(dayNo: number): string {
  const date = new Date(dayNo * DAY_MS);
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

/** Brasília's calendar, where the operator's deadline runs (its rules, from the time-zone data). */
const brasiliaCalendar = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Today's calendar day in Brasília. */
export function todayIn(now: Date): number {
  const parts = brasiliaCalendar.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Math.floor(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

/** What the answer window is counted from: the history's dates. */
export type AnswerClockFacts = Pick<HistoryInfo, 'dtCadastramento' | 'dtLimiteResposta' | 'prazoRespostaDias' | 'dtConsulta'>;

export interface AnswerWindow {
  /** 'dd/mm/yyyy' */
  deadline: string;
  /** Whole days until the deadline; 0 on the deadline day and after it. */
  daysLeft: number;
  overdue: boolean;
  totalDays: number;
}

/**
 * ANS rule: the operator answers within 10 days of the request. The server's
 * dtLimiteResposta is the deadline; without it, dtCadastramento + prazoRespostaDias (10).
 * Today is the server's day (dtConsulta) when it said one: a phone whose clock reset to 2000
 * would count years. Else `now`, injected so the rule is testable and the view decides when
 * "today" is.
 */
export function answerWindow(history: AnswerClockFacts | null, now: Date): AnswerWindow | null {
  if (!history) return null;
  const totalDays = history.prazoRespostaDias > 0 ? history.prazoRespostaDias : ANSWER_DAYS;
  const filed = parseDay(history.dtCadastramento);
  const deadline = parseDay(history.dtLimiteResposta) ?? (filed === null ? null : filed + totalDays);
  if (deadline === null) return null;
  const remaining = deadline - (parseDay(history.dtConsulta) ?? todayIn(now));
  return { deadline: formatDay(deadline), daysLeft: Math.max(0, remaining), overdue: remaining < 0, totalDays };
}

/** The sentence under the history while the request is under analysis. */
export function answerWindowText(window: AnswerWindow): string {
  if (window.overdue) return `O prazo de ${window.totalDays} dias da operadora para responder terminou em ${window.deadline}.`;
  if (window.daysLeft === 0) return `A operadora tem até hoje (${window.deadline}) para responder.`;
  const days = window.daysLeft === 1 ? '1 dia' : `${window.daysLeft} dias`;
  return `A operadora tem ${window.totalDays} dias para responder: ${window.daysLeft === 1 ? 'resta' : 'restam'} ${days} (até ${window.deadline}).`;
}
