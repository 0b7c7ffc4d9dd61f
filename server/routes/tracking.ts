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
import { findRequestStateByProtocol } from '../services/requests.ts';
import { describeStatus } from '../services/status.ts';
import { issueToken } from '../services/tokens.ts';

/** ANS answer window for a portability request (RN 438: 10 days). */

export async function requestByProtocol(ctx: HandlerContext, protocolo: string): Promise<RequestState> {
  const request = await findRequestStateByProtocol(ctx.deps.db, protocolo);
  if (!request) throw notFound('Protocolo não encontrado.');
  return request;
}

interface EventRow {
  fl_status: number;
  fl_concordo: string | null;
}

/** An event that only records the beneficiary's answer says so, instead of repeating the status. */
function describeEvent(event: EventRow, previous: EventRow | undefined): string {
  const status = describeStatus(event.fl_status);
  if (!previous || previous.fl_status !== event.fl_status || previous.fl_concordo === event.fl_concordo) return status;
  if (event.fl_concordo === 'S') return `${status} - concordância registrada`;
  if (event.fl_concordo === 'N') return `${status} - recusa registrada`;
  return status;
}

export const trackingHandlers: Pick<EndpointHandlers, 'tracking' | 'history'> = {
  async tracking({ protocolo }, ctx) {
    const request = await requestByProtocol(ctx, protocolo);
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
      dsStatus: describeStatus(request.fl_status),
      cdSolicitacao: request.cd_solicitacao,
    };
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
    const events = await ctx.deps.db.query<{ fl_status: number; fl_concordo: string | null; dt_evento: Date }>(
      'SELECT fl_status, fl_concordo, dt_evento FROM status_history WHERE cd_solicitacao = $1 ORDER BY dt_evento, id',
      [request.cd_solicitacao],
    );
    return {
      dtCadastramento: formatDate(request.dt_cadastramento),
      prazoRespostaDias: ANSWER_DAYS,
      dtLimiteResposta: formatDate(addDays(request.dt_cadastramento, ANSWER_DAYS)),
      eventos: events.map((event, index) => ({
        flStatus: event.fl_status,
        dsStatus: describeEvent(event, events[index - 1]),
        dtEvento: formatDateTime(event.dt_evento),
      })),
    };
  },
};
