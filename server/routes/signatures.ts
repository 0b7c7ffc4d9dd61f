/**
 * Status 3: the beneficiary opens and accepts each term or declaration, then finalizes.
 * Finalizing checks every document is signed and moves the request to 'Contrato ativo'.
 */
import { assertCanUse } from '../http/access.ts';
import type { HandlerContext } from '../http/context.ts';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import { findDocumentToSign, listDocumentsToSign, type DocumentToSignRow } from '../services/documents-to-sign.ts';
import { changeStatus, findRequestById, type RequestRow } from '../services/requests.ts';
import { STATUS, describeStatus } from '../services/status.ts';
import { fileUrl } from './documents.ts';
import { requestByProtocol } from './tracking.ts';

export const UNSIGNED_DOCUMENTS = 'Ainda há documento(s) que precisa(m) ser assinado(s).';

async function documentWithRequest(ctx: HandlerContext, cdFileDocumento: number): Promise<[DocumentToSignRow, RequestRow]> {
  const document = await findDocumentToSign(ctx.deps.db, cdFileDocumento);
  const request = document ? await findRequestById(ctx.deps.db, document.cd_solicitacao) : null;
  if (!document || !request) throw notFound('Documento não encontrado.');
  assertCanUse(ctx.access, request);
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
      linkUrl: fileUrl(ctx, document.nm_armazenado),
      cdFileDocumento: document.cd_file_documento,
      flAssinado: document.dt_assinatura !== null,
    }));
  },

  async recordSignature({ cdFileDocumento }, ctx) {
    const [, request] = await documentWithRequest(ctx, cdFileDocumento);
    if (request.fl_status !== STATUS.aceita) {
      throw badRequest(`Não é possível assinar documentos no status atual (${describeStatus(request.fl_status)}).`);
    }
    // Signing twice keeps the first date: the click is idempotent.
    await ctx.deps.db.query(
      `INSERT INTO signatures (cd_file_documento, dt_assinatura, ds_endereco_ip) VALUES ($1, $2, $3)
       ON CONFLICT (cd_file_documento) DO NOTHING`,
      [cdFileDocumento, ctx.now, ctx.clientAddress],
    );
    return 'OK';
  },

  async signLink({ cdDocumento }, ctx) {
    const [document] = await documentWithRequest(ctx, Number(cdDocumento));
    return fileUrl(ctx, document.nm_armazenado);
  },

  async finalize({ cd_solicitacao: cdSolicitacao }, ctx) {
    const request = await findRequestById(ctx.deps.db, cdSolicitacao);
    if (!request) throw notFound('Solicitação não encontrada.');
    assertCanUse(ctx.access, request);
    if (request.fl_status === STATUS.contratoAtivo) return 'OK';
    if (request.fl_status !== STATUS.aceita) {
      throw badRequest(`A solicitação ainda não pode ser finalizada (status atual: ${describeStatus(request.fl_status)}).`);
    }
    const documents = await listDocumentsToSign(ctx.deps.db, cdSolicitacao);
    if (documents.some((document) => document.dt_assinatura === null)) throw badRequest(UNSIGNED_DOCUMENTS);
    await changeStatus(ctx.deps.db, ctx.deps.files, cdSolicitacao, { flStatus: STATUS.contratoAtivo }, 'portal', ctx.now);
    return 'OK';
  },
};
