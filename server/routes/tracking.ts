/**
 * Tracking lookups. The home screen asks `acompanhamento` anonymously to decide whether a
 * login is needed, so a restricted request still answers its state (never its data);
 * everything else follows the rules in http/access.ts.
 */
import type { TrackingData } from '../../contract/api.ts';
import { ANSWER_DAYS } from '../../contract/rules.ts';
import { assertCanUse, visibilityOf } from '../http/access.ts';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { notFound } from '../http/http-error.ts';
import type { HandlerContext } from '../http/context.ts';
import { addDays, formatDate, formatDateTime } from '../services/dates.ts';
import type { RequestState } from '../db/rows.ts';
import { findRequestStateByProtocol, listStatusHistory } from '../services/requests.ts';
import {
  CONDITIONS_CHANGED_STATUS,
  STATUS,
  answerOf,
  clearsAnswer,
  describeAnswerStatus,
  answerGivers,
  describeHistoryEvent,
  type AnswerState,
} from '../services/status.ts';
import { WITHDRAWAL_ORIGIN, WITHDRAWN_STATUS, withdrawnAt } from '../services/withdrawal.ts';
import { conditionsVersion, decisionFields, findTrackingByProtocol } from '../services/operator-decision.ts';
import { issueToken } from '../services/tokens.ts';
import { openPendingDocuments } from '../services/pending-documents.ts';

/** ANS answer window for a portability request (RN 438: 10 days). */

export async function requestByProtocol(ctx: HandlerContext, protocolo: string): Promise<RequestState> {
  const request = await findRequestStateByProtocol(ctx.deps.db, protocolo);
  if (!request) throw notFound('Protocolo não encontrado.');
  return request;
}

/** Whether the request's last event is the operator clearing an answer with new conditions. */
async function answerWasCleared(ctx: HandlerContext, cdSolicitacao: number): Promise<boolean> {
  const [last, previous] = await ctx.deps.db.query<AnswerState & { ds_origem: string }>(
    'SELECT fl_status, cd_status_port, fl_concordo, ds_origem FROM status_history WHERE cd_solicitacao = $1 ORDER BY dt_evento DESC, id DESC LIMIT 2',
    [cdSolicitacao],
  );
  return last !== undefined && clearsAnswer(last, previous);
}

export const trackingHandlers: Pick<EndpointHandlers, 'tracking' | 'history'> = {
  async tracking({ protocolo }, ctx) {
    const found = await findTrackingByProtocol(ctx.deps.db, protocolo);
    if (!found) throw notFound('Protocolo não encontrado.');
    const { request, decision } = found;
    const visibility = visibilityOf(ctx.access, request);
    const state = {
      nuProtocolo: request.nu_protocolo,
      flStatus: request.fl_status,
      cdStatusPort: request.cd_status_port,
      flConcordo: request.fl_concordo,
    };
    if (visibility === 'restricted') {
      return { ...state, nuProtocoloAnsHapvida: null, dtCadastramento: null, dsStatus: null, cdSolicitacao: null };
    }
    const data: TrackingData = {
      ...state,
      nuProtocoloAnsHapvida: request.nu_protocolo_ans,
      dtCadastramento: formatDate(request.dt_cadastramento),
      dsStatus: describeAnswerStatus(request),
      cdSolicitacao: request.cd_solicitacao,
      dtConsulta: formatDate(ctx.now),
      // What the operator decided, only the facts it set (the restricted answer above has none).
      ...decisionFields(decision),
    };
    // 'Pendente de documentação': which documents are still awaited, as the server holds them now.
    if (request.fl_status === STATUS.pendenteDocumentacao) {
      data.documentosPendentes = await openPendingDocuments(ctx.deps.db, request.cd_solicitacao);
    }
    // The conditions an answer in 6 is given to: sent back with it (the acceptance route).
    if (request.fl_status === STATUS.aguardandoCiencia) data.dsVersaoCondicoes = conditionsVersion(request.cd_status_port, decision);
    // Waiting in 6 for an answer the operator's new conditions cleared: said so.
    if (
      answerOf(request) === null &&
      request.fl_status === STATUS.aguardandoCiencia &&
      (await answerWasCleared(ctx, request.cd_solicitacao))
    ) {
      data.dsStatus = CONDITIONS_CHANGED_STATUS;
    }
    // Cancelled at the holder's own request (issue 25): said so, with when, never as the operator's cancellation.
    const withdrawn = request.fl_status === STATUS.cancelada ? await withdrawnAt(ctx.deps.db, request.cd_solicitacao) : null;
    if (withdrawn) Object.assign(data, { dsStatus: WITHDRAWN_STATUS, dtDesistencia: formatDateTime(withdrawn) });
    // An answer the operator recorded is told as the operator's (the history says so too).
    if (answerOf(request) !== null) {
      const giver = answerGivers(await listStatusHistory(ctx.deps.db, request.cd_solicitacao)).at(-1);
      if (giver === 'backoffice') data.flRespostaDaOperadora = true;
    }
    if (visibility === 'owner') data.nuCpf = request.cpf || null;
    // Knowing the protocol is the proof here: the answer hands out a token bound to it, for
    // the calls that name this request by an internal id (http/access.ts). Presented with a
    // token of this protocol, the fresh one continues its session, so 'Encerrar sessão'
    // ends every token the page was given.
    if (visibility === 'public') {
      const session = ctx.access.kind === 'protocol' ? ctx.access.session : undefined;
      data.token = issueToken(request.nu_protocolo, ctx.now, ctx.deps.secret, 'protocol', session);
    }
    return data;
  },

  async history({ protocolo }, ctx) {
    const request = await requestByProtocol(ctx, protocolo);
    assertCanUse(ctx.access, request);
    const events = await listStatusHistory(ctx.deps.db, request.cd_solicitacao);
    const givers = answerGivers(events);
    return {
      dtCadastramento: formatDate(request.dt_cadastramento),
      prazoRespostaDias: ANSWER_DAYS,
      dtLimiteResposta: formatDate(addDays(request.dt_cadastramento, ANSWER_DAYS)),
      dtConsulta: formatDate(ctx.now),
      // Each event in the words of its moment: a recorded answer says which one it was.
      eventos: events.map((event, index) => ({
        flStatus: event.fl_status,
        dsStatus:
          event.fl_status === STATUS.cancelada && event.ds_origem === WITHDRAWAL_ORIGIN
            ? WITHDRAWN_STATUS
            : describeHistoryEvent(event, events[index - 1], givers[index] ?? null),
        dtEvento: formatDateTime(event.dt_evento),
      })),
    };
  },
};
