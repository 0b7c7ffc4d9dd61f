/**
 * Status 3: the beneficiary opens and accepts each term or declaration, then finalizes. A
 * term is signed only once it was opened (services/term-reading.ts).
 * Finalizing checks every document is signed and moves the request to 'Contrato ativo'.
 */
import { assertCanUse, documentNotFound, ownedRequest, requireToken } from '../http/access.ts';
import type { HandlerContext } from '../http/context.ts';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { badRequest } from '../http/http-error.ts';
import type { DocumentToSignRow, RequestRow } from '../db/rows.ts';
import { findDocumentToSign, listDocumentsToSign } from '../services/documents-to-sign.ts';
import { changeStatusIn, findRequestById, lockRequest } from '../services/requests.ts';
import { STATUS, describeStatus } from '../services/status.ts';
import { formatDateTime } from '../services/dates.ts';
import { TERM_NOT_READ } from '../services/term-reading.ts';
import { findDecision } from '../services/operator-decision.ts';
import { queueStatusNotifications } from '../services/status-notifications.ts';
import { fileUrl } from './documents.ts';
import { requestByProtocol } from './tracking.ts';

export const UNSIGNED_DOCUMENTS = 'Ainda há documento(s) que precisa(m) ser assinado(s).';

/** A document named by its id, only for a token of the protocol it belongs to (http/access.ts). */
async function documentWithRequest(ctx: HandlerContext, cdFileDocumento: number): Promise<[DocumentToSignRow, RequestRow]> {
  requireToken(ctx.access, documentNotFound);
  const document = await findDocumentToSign(ctx.deps.db, cdFileDocumento);
  if (!document) throw documentNotFound();
  const request = ownedRequest(ctx.access, await findRequestById(ctx.deps.db, document.cd_solicitacao), documentNotFound);
  return [document, request];
}

type SignatureHandlers = Pick<EndpointHandlers, 'documentsToSign' | 'recordSignature' | 'signLink' | 'finalize'>;

export const signatureHandlers: SignatureHandlers = {
  async documentsToSign({ protocolo }, ctx) {
    const request = await requestByProtocol(ctx, protocolo);
    assertCanUse(ctx.access, request);
    const documents = await listDocumentsToSign(ctx.deps.db, request.cd_solicitacao);
    return documents.map((document) => ({
      documento: document.nm_documento,
      linkUrl: fileUrl(ctx, document.nm_armazenado, request.nu_protocolo),
      cdFileDocumento: document.cd_file_documento,
      flAssinado: document.dt_assinatura !== null,
      ...(document.dt_leitura ? { dtLeitura: formatDateTime(document.dt_leitura) } : {}),
      ...(document.dt_assinatura ? { dtAssinatura: formatDateTime(document.dt_assinatura) } : {}),
    }));
  },

  async recordSignature({ cdFileDocumento }, ctx) {
    const [document] = await documentWithRequest(ctx, cdFileDocumento);
    await ctx.deps.db.transaction(async (tx) => {
      // The status is read under the request's lock: a back-office change at the same moment
      // either comes first (and the signature is refused) or waits for it.
      const request = await lockRequest(tx, document.cd_solicitacao);
      if (request?.fl_status !== STATUS.aceita) {
        throw badRequest(`Não é possível assinar documentos no status atual (${describeStatus(request?.fl_status ?? 0)}).`);
      }
      // Sign after reading (issue 25): the reading is read again inside the transaction, so a
      // term never served through its link cannot be signed, whatever the screen allowed.
      const [read] = await tx.query<{ dt_leitura: Date | null }>('SELECT dt_leitura FROM documents_to_sign WHERE cd_file_documento = $1', [
        cdFileDocumento,
      ]);
      if (!read?.dt_leitura) throw badRequest(TERM_NOT_READ);
      // Signing twice keeps the first date: the click is idempotent. The signature keeps when
      // the term was read and when it was accepted.
      await tx.query(
        `INSERT INTO signatures (cd_file_documento, dt_assinatura, ds_endereco_ip, dt_leitura) VALUES ($1, $2, $3, $4)
         ON CONFLICT (cd_file_documento) DO NOTHING`,
        [cdFileDocumento, ctx.now, ctx.clientAddress, read.dt_leitura],
      );
    });
    return 'OK';
  },

  async signLink({ cdDocumento }, ctx) {
    const [document, request] = await documentWithRequest(ctx, Number(cdDocumento));
    return fileUrl(ctx, document.nm_armazenado, request.nu_protocolo);
  },

  async finalize({ cd_solicitacao: cdSolicitacao }, ctx) {
    requireToken(ctx.access);
    ownedRequest(ctx.access, await findRequestById(ctx.deps.db, cdSolicitacao));
    // Check and change in one transaction, under the request's lock: of several calls at
    // once (any process), the first moves to 7 and the others, waiting, find 7 and record nothing.
    const queued = await ctx.deps.db.transaction(async (tx) => {
      const request = await lockRequest(tx, cdSolicitacao);
      if (!request || request.fl_status === STATUS.contratoAtivo) return 0;
      if (request.fl_status !== STATUS.aceita) {
        throw badRequest(`A solicitação ainda não pode ser finalizada (status atual: ${describeStatus(request.fl_status)}).`);
      }
      const documents = await listDocumentsToSign(tx, cdSolicitacao);
      if (documents.some((document) => document.dt_assinatura === null)) throw badRequest(UNSIGNED_DOCUMENTS);
      const active = await changeStatusIn(tx, ctx.deps.files, cdSolicitacao, { flStatus: STATUS.contratoAtivo }, 'portal', ctx.now);
      // Active from the portal as from the operator: the e-mail and SMS say so, with the last day
      // to cancel the old plan (found by a regression walk: only the operator's 7 sent them).
      return queueStatusNotifications(tx, active, await findDecision(tx, cdSolicitacao), ctx.deps.publicUrl, ctx.now);
    });
    if (queued > 0) ctx.deps.outbox?.kick();
    return 'OK';
  },
};
