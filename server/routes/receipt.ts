/**
 * The receipt ("comprovante", issue 25 item 6). `portabilidade/comprovante?protocolo=` answers
 * a short-lived link to it, only to a token bound to that protocol (the one the save answered,
 * a tracking lookup's, or a login's): anonymous 401, another protocol's token 403, a protocol
 * token of a request that needs login 403 (http/access.ts). The link (services/receipt-links.ts)
 * is what the browser downloads, where no token travels; the PDF is made when it is opened. It
 * dies with the session of the token that asked for it.
 */
import type { FastifyInstance } from 'fastify';
import { RECEIPT_FILE_NAME } from '../../contract/api.ts';
import { LOGIN_REQUIRED_MESSAGE, assertCanUse } from '../http/access.ts';
import { API_BASE, type HandlerContext } from '../http/context.ts';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { HttpError, forbidden, notFound } from '../http/http-error.ts';
import { renderPdf } from '../services/pdf.ts';
import { checkReceiptHandle, receiptPath } from '../services/receipt-links.ts';
import { readReceiptData, receiptPdf } from '../services/receipt.ts';
import { isPastRetention } from '../services/retention.ts';
import { isSessionRevoked } from '../services/sessions.ts';
import { requiresLogin } from '../services/status.ts';
import { FILE_LINK_EXPIRED, FILE_NOT_FOUND, FILE_RETENTION_OVER } from './documents.ts';
import { requestByProtocol } from './tracking.ts';

export const RECEIPT_NEEDS_TOKEN = 'Para baixar o comprovante, abra a solicitação pelo portal (consulte o protocolo) e tente de novo.';

export const receiptHandlers: Pick<EndpointHandlers, 'receipt'> = {
  async receipt({ protocolo }, ctx) {
    // Before any lookup: without a token nothing is read, so no timing tells a protocol apart.
    if (ctx.access.kind !== 'protocol') throw new HttpError(401, RECEIPT_NEEDS_TOKEN);
    const request = await requestByProtocol(ctx, protocolo);
    assertCanUse(ctx.access, request);
    return ctx.apiUrl(receiptPath(ctx.deps.secret, request.nu_protocolo, ctx.now, ctx.access.session, ctx.access.via));
  },
};

/**
 * GET comprovante/<handle>: a forged, altered or unknown handle is the 404 of a file link; an
 * expired one, one whose session was ended since, or one of a request closed longer than the
 * retention period, 410 saying so.
 */
export function registerReceipt(app: FastifyInstance, deps: HandlerContext['deps']): void {
  app.get<{ Params: { handle: string } }>(`${API_BASE}comprovante/:handle`, async (request, reply) => {
    const now = deps.clock();
    const check = checkReceiptHandle(deps.secret, request.params.handle, now);
    if (check.kind === 'invalid') throw notFound(FILE_NOT_FOUND);
    if (check.kind === 'expired' || (check.session !== null && (await isSessionRevoked(deps.db, check.session)))) {
      throw new HttpError(410, FILE_LINK_EXPIRED);
    }
    const data = await readReceiptData(deps.db, check.nuProtocolo);
    if (!data) throw notFound(FILE_NOT_FOUND);
    // A request that needs login now (SPEC §6) opens only to a link a login asked for: one made
    // before it did (a lookup's token) shows no more of it (found by an exploratory run).
    if (requiresLogin(data.request) && check.via !== 'login') throw forbidden(LOGIN_REQUIRED_MESSAGE);
    if (isPastRetention(data.request, now, deps.retentionDays)) throw new HttpError(410, FILE_RETENTION_OVER);
    const pdf = await renderPdf(receiptPdf(data, now), now);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${RECEIPT_FILE_NAME}"`)
      .header('content-length', pdf.byteLength)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });
}
