import {
  STATUS_ACCEPTED,
  STATUS_AWAITING_ACKNOWLEDGEMENT,
  STATUS_CANCELLED,
  STATUS_CONTRACT_ACTIVE,
  STATUS_PENDING_DOCUMENTS,
  STATUS_REFUSED,
  STATUS_UNDER_ANALYSIS,
  requiresLogin as requiresLoginFirst,
} from '../../contract/rules.ts';

/**
 * The request statuses (flStatus) this back-end uses, by their pt-BR names: the codes are the
 * shared rule's (contract/rules.ts). SPEC names only 3 and 6; the others are ours, chosen so
 * every tracking screen can be reached.
 */
export const STATUS = {
  emAnalise: STATUS_UNDER_ANALYSIS,
  pendenteDocumentacao: STATUS_PENDING_DOCUMENTS,
  aceita: STATUS_ACCEPTED,
  recusada: STATUS_REFUSED,
  cancelada: STATUS_CANCELLED,
  aguardandoCiencia: STATUS_AWAITING_ACKNOWLEDGEMENT,
  contratoAtivo: STATUS_CONTRACT_ACTIVE,
} as const;

export const STATUS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  [STATUS.emAnalise]: 'Em análise',
  [STATUS.pendenteDocumentacao]: 'Pendente de documentação',
  [STATUS.aceita]: 'Aceita - aguardando assinatura dos documentos',
  [STATUS.recusada]: 'Recusada',
  [STATUS.cancelada]: 'Cancelada',
  [STATUS.aguardandoCiencia]: 'Aguardando sua confirmação',
  [STATUS.contratoAtivo]: 'Contrato ativo',
};

export function describeStatus(flStatus: number): string {
  return STATUS_DESCRIPTIONS[flStatus] ?? 'Em análise';
}

export interface AnswerState {
  fl_status: number;
  cd_status_port: number;
  fl_concordo: string | null;
}

/**
 * The status as the beneficiary reads it. Status 6 is 'Aguardando sua confirmação' only until
 * the answer is recorded: after 'Não aceito', 'Estou de acordo' or 'Estou ciente' it says
 * which answer the server holds (issue 25: it no longer waits for the beneficiary). A type 2
 * request with 'N' (only the backoffice sets it) still waits for 'Estou ciente'.
 */
export function describeAnswerStatus(state: AnswerState): string {
  const answer = answerOf(state);
  if (answer === 'Não aceito') return "Resposta 'Não aceito' registrada";
  if (answer) return `Resposta '${answer}' registrada - aguardando a operadora`;
  return describeStatus(state.fl_status);
}

/** The answer a status-6 state holds ('Não aceito', 'Estou de acordo', 'Estou ciente'), or null while none is. */
export function answerOf(state: AnswerState): string | null {
  if (state.fl_status !== STATUS.aguardandoCiencia) return null;
  if (state.fl_concordo === 'N' && state.cd_status_port !== 2) return 'Não aceito';
  if (state.fl_concordo === 'S') return state.cd_status_port === 2 ? 'Estou ciente' : 'Estou de acordo';
  return null;
}

/**
 * Status 6 after the operator changed the conditions an answer was given to (the answer is
 * cleared: services/backoffice.ts): the screen and the history say why the person is asked
 * again (found by a regression walk: only the e-mail said so).
 */
export const CONDITIONS_CHANGED_STATUS = 'Condições alteradas pela operadora - aguardando sua nova resposta';

/**
 * Whether `event` is the operator's clearing, in status 6, of an answer `previous` held: in 6
 * (new facts), or in the status the request came back from (1 or 3, where the answer stayed
 * until the new round; found by a regression walk: only the e-mail said why).
 */
export function clearsAnswer(event: AnswerState & { ds_origem: string }, previous: AnswerState | undefined): boolean {
  return (
    event.fl_status === STATUS.aguardandoCiencia &&
    event.fl_concordo === null &&
    event.ds_origem === 'backoffice' &&
    previous !== undefined &&
    previous.fl_concordo !== null
  );
}

/**
 * Who gave the answer each event holds ('portal', 'backoffice'…), or null while none is held:
 * the origin of the event that gave it (marked `fl_resposta_dada`, or, before that mark, the
 * one that changed it), carried through the rounds that kept it (a status 6 after 1 or 3 under
 * the same conditions). Found by regression walks: the operator's recorded answer, carried
 * into a new round or recorded again for new conditions, was then told as the person's own.
 */
export function answerGivers(events: readonly (AnswerState & { ds_origem: string; fl_resposta_dada?: boolean })[]): (string | null)[] {
  let giver: string | null = null;
  return events.map((event, index) => {
    if (event.fl_concordo === null) giver = null;
    else if (event.fl_resposta_dada || events[index - 1]?.fl_concordo !== event.fl_concordo) giver = event.ds_origem;
    return giver;
  });
}

/**
 * A history event in the words of its moment, saying who did it: an answer the back-office
 * recorded (`--concordo`) is the operator's, in its round and in any later one that kept it,
 * never told as the beneficiary's own; one the person gave stays theirs; an answer the
 * operator cleared with new conditions says so. `previous`: the event before it; `giver`:
 * who gave the answer it holds (`answerGivers`).
 */
export function describeHistoryEvent(
  event: AnswerState & { ds_origem: string },
  previous: AnswerState | undefined,
  giver: string | null,
): string {
  const answer = answerOf(event);
  if (answer && giver === 'backoffice') return `Resposta '${answer}' registrada pela operadora`;
  if (clearsAnswer(event, previous)) return CONDITIONS_CHANGED_STATUS;
  return describeAnswerStatus(event);
}

/** Where the portal shows the type (SPEC §2: the acknowledgement of 3 and 6); elsewhere it is the operator's alone. */
export function typeShownIn(flStatus: number): boolean {
  return flStatus === STATUS.aceita || flStatus === STATUS.aguardandoCiencia;
}

export function isKnownStatus(flStatus: number): boolean {
  return flStatus in STATUS_DESCRIPTIONS;
}

export interface TrackingState {
  fl_status: number;
  cd_status_port: number;
  fl_concordo: string | null;
}

/** SPEC §4/§6: only this state asks for CPF and password before tracking (the shared rule). */
export function requiresLogin(state: TrackingState): boolean {
  return requiresLoginFirst({ flStatus: state.fl_status, cdStatusPort: state.cd_status_port, flConcordo: state.fl_concordo });
}

/**
 * Login answers a token only once the registration is finished, i.e. the request left
 * analysis (accepted, awaiting confirmation or active). Before that, right credentials get
 * `{ token: '' }`, which the portal shows as the 'Prezado Cliente' access-later modal.
 */
export function loginAvailable(state: TrackingState): boolean {
  return state.fl_status === STATUS.aceita || state.fl_status === STATUS.aguardandoCiencia || state.fl_status === STATUS.contratoAtivo;
}
