/**
 * Files of a request: uploads from the wizard, the attached-documents list, the
 * acceptance term (`aceite`), and the file links themselves. A link's signature is what
 * grants it — the portal opens links in a new tab, where no token travels — and it is short-
 * lived and bound to the request and to the session that asked (services/file-links.ts): every
 * call that answers a link signs a fresh one, ending the session ends its links, and a closed
 * request's files stop being served after the retention period (services/retention.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ACCEPTANCE_ERROR_ANSWER, DOCUMENTS_LIMIT_MESSAGE, ERROR_CODES, MAX_DOCUMENTS_PER_REQUEST } from '../../contract/rules.ts';
import type { Queryable } from '../db/database.ts';
import { LOGIN_REQUIRED_MESSAGE, assertCanUse, ownedRequest, requireToken } from '../http/access.ts';
import { API_BASE, type HandlerContext } from '../http/context.ts';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/http-error.ts';
import { formatDate } from '../services/dates.ts';
import { checkFileLink, FILE_LINK_TTL_SECONDS, signedFilePath } from '../services/file-links.ts';
import { STORED_NAME } from '../services/file-store.ts';
import { findFileOwner, isPastRetention } from '../services/retention.ts';
import { isSessionRevoked } from '../services/sessions.ts';
import { findOperator } from '../services/operators.ts';
import { renderPdf } from '../services/pdf.ts';
import { acceptancePdf } from '../services/request-documents.ts';
import { readRequestFacts } from '../services/documents-to-sign.ts';
import { changeStatusIn, findRequestById, lockRequest } from '../services/requests.ts';
import { isDiskFull } from '../services/disk-full.ts';
import { STATUS, describeStatus, requiresLogin } from '../services/status.ts';
import { checkUploadedFile } from '../services/upload-check.ts';
import { conditionsVersion, findDecision, recordAnswerConditions } from '../services/operator-decision.ts';
import { answerPendingDocument } from '../services/pending-documents.ts';
import { recordTermReading } from '../services/term-reading.ts';
import { requestByProtocol } from './tracking.ts';

/** The wizard uploads right after saving; later, only while the request is still being analysed. */
const UPLOAD_STATUSES: readonly number[] = [STATUS.emAnalise, STATUS.pendenteDocumentacao];

/**
 * A fresh signed link to a file of the request with this protocol, bound to the session of the
 * token that asked for it (none when asked without one): ending that session ends the link.
 */
export function fileUrl(ctx: HandlerContext, storedName: string, nuProtocolo: string): string {
  const session = ctx.access.kind === 'protocol' ? ctx.access.session : null;
  const login = ctx.access.kind === 'protocol' && ctx.access.via === 'login';
  return ctx.apiUrl(signedFilePath(ctx.deps.secret, storedName, nuProtocolo, ctx.now, session, login));
}

export const FILE_NOT_FOUND = 'Arquivo não encontrado. Abra o documento novamente pelo portal.';
export const FILE_LINK_EXPIRED = `Este link de documento expirou (vale ${FILE_LINK_TTL_SECONDS / 3600} horas). Volte ao portal e abra o documento novamente.`;
export const FILE_RETENTION_OVER = 'Os documentos desta solicitação não estão mais disponíveis: o prazo de guarda terminou.';

/**
 * A display name without paths, control or format characters (bidi overrides such as
 * U+202E would show 'abc\u202Egpj.pdf' as "abcfdp.jpg"; zero-width ones hide text), ending
 * in the stored extension.
 */
export function displayName(name: string, extension: string): string {
  const base =
    (name.split(/[\\/]/).pop() ?? '')
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}"<>|?*]/gu, '')
      .replace(/\.[A-Za-z0-9]{1,10}$/, '')
      .trim()
      .slice(0, 150) || 'documento';
  return `${base}.${extension}`;
}

interface AttachedRow {
  nm_arquivo: string;
  nm_extensao: string;
  nm_documento: string;
  dt_assinatura: Date | null;
  nm_armazenado: string;
  dt_ordem: Date;
}

export const documentHandlers: Pick<EndpointHandlers, 'uploadDocument' | 'attachedDocuments' | 'acceptance'> = {
  async uploadDocument(input, ctx) {
    const request = await requestByProtocol(ctx, input.nuProtocolo);
    assertCanUse(ctx.access, request);
    if (!UPLOAD_STATUSES.includes(request.fl_status)) {
      throw badRequest(
        `Esta solicitação não aceita novos documentos no status atual (${describeStatus(request.fl_status)}).`,
        ERROR_CODES.takesNoDocuments,
      );
    }
    const [type] = await ctx.deps.db.query<{ nm_documento: string }>(
      'SELECT nm_documento FROM document_types WHERE cd_tipo_documento = $1',
      [input.cdTipoDocumento],
    );
    if (!type) throw badRequest('Campo cdTipoDocumento: tipo de documento não cadastrado.');
    const file = checkUploadedFile(input.nmDocumento, input.nmExtensao, input.arquivoBase64);

    await ctx.deps.db.transaction(async (tx) => {
      // Status and count again, under the request's lock: uploads at once (any process) are
      // counted one after the other, and one that a status change overtook is refused.
      const locked = await lockRequest(tx, request.cd_solicitacao);
      if (!locked || !UPLOAD_STATUSES.includes(locked.fl_status)) {
        throw badRequest(
          `Esta solicitação não aceita novos documentos no status atual (${describeStatus(locked?.fl_status ?? 0)}).`,
          ERROR_CODES.takesNoDocuments,
        );
      }
      const [count] = await tx.query<{ total: number }>('SELECT count(*)::int AS total FROM uploaded_documents WHERE cd_solicitacao = $1', [
        request.cd_solicitacao,
      ]);
      if ((count?.total ?? 0) >= MAX_DOCUMENTS_PER_REQUEST) {
        throw badRequest(DOCUMENTS_LIMIT_MESSAGE);
      }
      const stored = await ctx.deps.files.save(tx, file.content, file.extension, ctx.now);
      await tx.query(
        `INSERT INTO uploaded_documents (cd_solicitacao, cd_tipo_documento, nm_documento, nm_arquivo, nm_extensao, nu_contrato, nm_armazenado, dt_envio)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          request.cd_solicitacao,
          input.cdTipoDocumento,
          type.nm_documento,
          displayName(input.nmDocumento, file.extension),
          file.extension,
          input.nuContrato ?? null,
          stored,
          ctx.now,
        ],
      );
      // A document the operator was waiting for (status 2): that type leaves the pending list.
      await answerPendingDocument(tx, request.cd_solicitacao, input.cdTipoDocumento, ctx.now);
    });
    return 'OK';
  },

  async attachedDocuments({ protocolo }, ctx) {
    const request = await requestByProtocol(ctx, protocolo);
    assertCanUse(ctx.access, request);
    // Uploads, then the signed terms and the acceptance terms, each with its signature date.
    const rows = await ctx.deps.db.query<AttachedRow>(
      `SELECT nm_arquivo, nm_extensao, nm_documento, NULL::timestamptz AS dt_assinatura, nm_armazenado,
              dt_envio AS dt_ordem, 1 AS grupo, cd_documento AS id
         FROM uploaded_documents WHERE cd_solicitacao = $1
       UNION ALL
       SELECT d.nm_documento || '.pdf', 'pdf', d.nm_documento, s.dt_assinatura, d.nm_armazenado, s.dt_assinatura, 2, d.cd_file_documento
         FROM documents_to_sign d JOIN signatures s USING (cd_file_documento) WHERE d.cd_solicitacao = $1
       UNION ALL
       SELECT 'termo-de-aceite-' || a.cd_aceite || '.pdf', 'pdf',
              -- Named for what was recorded: a 'Não aceito' is a refusal (services/request-documents.ts acceptanceTitle).
              CASE WHEN a.fl_tipo = 'N' THEN 'Termo de Aceite da Solicitação'
                   WHEN a.fl_ciente = 'N' AND a.fl_tipo = 'D' THEN 'Termo de Recusa'
                   WHEN a.fl_ciente = 'N' THEN 'Ciência Não Confirmada'
                   WHEN a.fl_tipo = 'D' THEN 'Termo de Concordância' ELSE 'Termo de Ciência' END,
              CASE WHEN a.fl_ciente = 'S' THEN a.dt_aceite END, a.nm_armazenado, a.dt_aceite, 3, a.cd_aceite
         FROM acceptances a WHERE a.cd_solicitacao = $1
       ORDER BY dt_ordem, grupo, id`,
      [request.cd_solicitacao],
    );
    return rows.map((row) => ({
      nmArquivo: row.nm_arquivo,
      nmExtensaoArquivo: row.nm_extensao,
      nmDocumento: row.nm_documento,
      dtAssinatura: row.dt_assinatura ? formatDate(row.dt_assinatura) : null,
      linkUrl: fileUrl(ctx, row.nm_armazenado, request.nu_protocolo),
    }));
  },

  async acceptance({ fl_ciente: ciente, fl_tipo: kind, cd_solicitacao: cdSolicitacao, versao_condicoes: shown }, ctx) {
    requireToken(ctx.access);
    const found = ownedRequest(ctx.access, await findRequestById(ctx.deps.db, cdSolicitacao));
    const operator = await findOperator(ctx.deps.db, found.cd_empresa_plano);
    if (!operator) return ACCEPTANCE_ERROR_ANSWER;
    try {
      const stored = await ctx.deps.db.transaction(async (tx) => {
        // The request's row is locked: two identical calls at once still make one document.
        const request = await lockRequest(tx, cdSolicitacao);
        if (!request) return null;
        // An answer to conditions the operator has changed since the screen showed them is no
        // answer to the new ones: 'ERRO', and the portal reads the request again.
        if (
          kind !== 'N' &&
          shown !== undefined &&
          shown !== conditionsVersion(request.cd_status_port, await findDecision(tx, cdSolicitacao))
        ) {
          return null;
        }
        // Idempotent per request and choice: the same answer again is the same document. A
        // tracking answer only while the request still holds it: one the operator cleared by
        // changing the conditions (services/backoffice.ts) is a new answer, with its own term.
        const [earlier] = await tx.query<{ nm_armazenado: string }>(
          `SELECT nm_armazenado FROM acceptances WHERE cd_solicitacao = $1 AND fl_tipo = $2 AND fl_ciente = $3
           ORDER BY cd_aceite DESC LIMIT 1`,
          [cdSolicitacao, kind, ciente],
        );
        if (earlier && (kind === 'N' || request.fl_concordo === ciente)) return earlier.nm_armazenado;
        if (kind === 'N') {
          if (!(await mayRecordNewRequestTerm(tx, request))) return null;
        } else if (request.fl_status !== STATUS.aguardandoCiencia || (request.fl_concordo === 'S' && ciente === 'N')) {
          // Tracking acknowledgements belong to status 6; agreeing is final (SPEC §4).
          return null;
        }
        const answering = kind !== 'N' && request.fl_concordo !== ciente;
        const current = answering
          ? await changeStatusIn(tx, ctx.deps.files, request.cd_solicitacao, { flConcordo: ciente }, 'portal', ctx.now)
          : request;
        // The answer stands for these conditions only: a later round with others clears it (services/backoffice.ts).
        if (answering) {
          const version = conditionsVersion(current.cd_status_port, await findDecision(tx, cdSolicitacao));
          await recordAnswerConditions(tx, cdSolicitacao, version);
        }
        const facts = await readRequestFacts(tx, current);
        if (!facts) return null;
        const pdf = await renderPdf(acceptancePdf(kind, ciente, facts, ctx.now), ctx.now);
        const name = await ctx.deps.files.save(tx, pdf, 'pdf', ctx.now);
        await tx.query(
          'INSERT INTO acceptances (cd_solicitacao, fl_tipo, fl_ciente, nm_armazenado, dt_aceite) VALUES ($1, $2, $3, $4, $5)',
          [request.cd_solicitacao, kind, ciente, name, ctx.now],
        );
        return name;
      });
      return stored === null ? ACCEPTANCE_ERROR_ANSWER : fileUrl(ctx, stored, found.nu_protocolo);
    } catch (error) {
      // A full disk is said as such (507); any other failure is the contract's 'ERRO'.
      if (error instanceof HttpError || isDiskFull(error)) throw error;
      ctx.request.log.error({ err: error }, 'falha ao gerar o termo de aceite');
      return ACCEPTANCE_ERROR_ANSWER;
    }
  },
};

/**
 * The new request's acceptance term ('N') is the last step of the wizard's submit sequence
 * (SPEC §4: save, upload each document, generate the acceptance document): it belongs to a
 * request still being filed, so only while its documents may still be sent (status 1, or 2
 * when the operator asked for more before a resumed wizard finished), and once per request,
 * before any tracking acknowledgement. The same call again (a retry, with or without its
 * Idempotency-Key) is answered before this, with the same document; anything else is 'ERRO'.
 */
async function mayRecordNewRequestTerm(tx: Queryable, request: { cd_solicitacao: number; fl_status: number }): Promise<boolean> {
  if (request.fl_status !== STATUS.emAnalise && request.fl_status !== STATUS.pendenteDocumentacao) return false;
  const [any] = await tx.query('SELECT 1 FROM acceptances WHERE cd_solicitacao = $1 LIMIT 1', [request.cd_solicitacao]);
  return !any;
}

/**
 * How a file link is served. What a person uploaded goes out as an attachment, under its
 * display name: whoever opens it (the family, the analyst) gets a download, never a page
 * rendered by the portal's origin. The PDFs this server generated open in the tab.
 */
async function dispositionOf(db: Queryable, storedName: string): Promise<string> {
  const [upload] = await db.query<{ nm_arquivo: string }>('SELECT nm_arquivo FROM uploaded_documents WHERE nm_armazenado = $1 LIMIT 1', [
    storedName,
  ]);
  if (!upload) return `inline; filename="${storedName}"`;
  const ascii = upload.nm_arquivo.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.nm_arquivo)}`;
}

/**
 * GET arquivos/<name>?expira=…[&sessao=…]&assinatura=…: a forged, altered or incomplete link is
 * the same 404 as a file that does not exist; a genuine one past its expiry, issued under a
 * session ended since, or of a request closed longer than the retention period, is 410 saying so.
 */
export function registerFiles(app: FastifyInstance, deps: HandlerContext['deps']): void {
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(`${API_BASE}arquivos/:name`, async (request, reply) => {
    const { name } = request.params;
    const { expira, assinatura } = request.query;
    if (!STORED_NAME.test(name) || typeof expira !== 'string' || typeof assinatura !== 'string') throw notFound(FILE_NOT_FOUND);
    const now = deps.clock();
    const owner = await findFileOwner(deps.db, name);
    const check = owner ? checkFileLink(deps.secret, name, owner.nu_protocolo, request.query, now) : { kind: 'invalid' as const };
    if (!owner || check.kind === 'invalid') throw notFound(FILE_NOT_FOUND);
    // A link issued under a session ended since ('Encerrar sessão', 'Retornar') is as dead as an expired one.
    if (check.kind === 'expired' || (check.session !== null && (await isSessionRevoked(deps.db, check.session)))) {
      throw new HttpError(410, FILE_LINK_EXPIRED);
    }
    if (isPastRetention(owner, now, deps.retentionDays)) throw new HttpError(410, FILE_RETENTION_OVER);
    // A request that needs login now (SPEC §6) opens only to links a login asked for: one listed
    // before it did (a lookup's token, which is refused by then) opens nothing more of it.
    if (requiresLogin(owner) && !check.login) throw forbidden(LOGIN_REQUIRED_MESSAGE);
    const file = await deps.files.read(deps.db, name);
    if (!file) throw notFound(FILE_NOT_FOUND);
    // A term served through its link has been opened: from now on it may be signed (a HEAD sends no content).
    if (request.method === 'GET') await recordTermReading(deps.db, name, owner.cd_solicitacao, now);
    return reply
      .type(file.contentType)
      .header('content-disposition', await dispositionOf(deps.db, request.params.name))
      .header('content-length', file.size)
      .header('cache-control', 'private, no-store')
      .send(file.stream());
  });
}
