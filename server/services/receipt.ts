/**
 * The receipt ("comprovante", issue 25 item 6): what a family keeps after filing — the
 * protocol, when it was filed, the holder (name, masked CPF), every dependent's name, every
 * document sent (type and file name), and the next steps with their dates. Made on demand from
 * what the database holds now, so a document sent later (status 2) is on the next one.
 */
import { ANSWER_DAYS, DISQUE_ANS } from '../../contract/rules.ts';
import type { Queryable } from '../db/database.ts';
import { addDays, formatDate, formatDateTime } from './dates.ts';
import { maskCpf } from './masks.ts';
import type { PdfBlock, PdfContent } from './pdf.ts';
import { CLOSED_SINCE_SQL, IS_CLOSED_SQL } from './retention.ts';
import { describeAnswerStatus, type AnswerState } from './status.ts';

/** After the new plan starts, the old one must be cancelled within these days (RN 438, as the terms say). */
export const OLD_PLAN_CANCEL_DAYS = 5;

export interface ReceiptData {
  request: AnswerState & {
    cd_solicitacao: number;
    nu_protocolo: string;
    nu_protocolo_ans: string;
    nome: string;
    cpf: string;
    dt_cadastramento: Date;
    /** When it closed, or null while open (retention). */
    dt_fechamento: Date | null;
  };
  operator: string;
  dependents: ReadonlyArray<{ nome: string }>;
  documents: ReadonlyArray<{ nm_documento: string; nm_arquivo: string }>;
}

/** What the receipt of this protocol holds, or null when there is no such request. */
export async function readReceiptData(db: Queryable, nuProtocolo: string): Promise<ReceiptData | null> {
  const [request] = await db.query<ReceiptData['request'] & { nm_operadora: string | null }>(
    `SELECT r.cd_solicitacao, r.nu_protocolo, r.nu_protocolo_ans, r.nome, r.cpf, r.dt_cadastramento,
            r.fl_status, r.cd_status_port, r.fl_concordo, o.nm_operadora,
            CASE WHEN ${IS_CLOSED_SQL} THEN ${CLOSED_SINCE_SQL} END AS dt_fechamento
       FROM requests r LEFT JOIN operators o ON o.cd_empresa_plano = r.cd_empresa_plano
      WHERE r.nu_protocolo = $1`,
    [nuProtocolo],
  );
  if (!request) return null;
  const dependents = await db.query<{ nome: string }>('SELECT nome FROM dependents WHERE cd_solicitacao = $1 ORDER BY nu_ordem, id', [
    request.cd_solicitacao,
  ]);
  const documents = await db.query<{ nm_documento: string; nm_arquivo: string }>(
    'SELECT nm_documento, nm_arquivo FROM uploaded_documents WHERE cd_solicitacao = $1 ORDER BY dt_envio, cd_documento',
    [request.cd_solicitacao],
  );
  const { nm_operadora: operator, ...rest } = request;
  return { request: rest, operator: operator ?? 'Operadora', dependents, documents };
}

const list = (items: readonly string[], none: string): string => (items.length ? items.map((item) => `• ${item}`).join('\n') : none);

/** The receipt's pages, in pt-BR. */
export function receiptPdf(data: ReceiptData, now: Date): PdfContent {
  const { request } = data;
  const answerBy = formatDate(addDays(request.dt_cadastramento, ANSWER_DAYS));
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      heading: 'Solicitação',
      fields: [
        ['Protocolo', request.nu_protocolo],
        ['Protocolo ANS', request.nu_protocolo_ans],
        ['Registrada em', `${formatDateTime(request.dt_cadastramento)} (horário de Brasília)`],
        ['Situação atual', describeAnswerStatus(request)],
      ],
    },
    {
      kind: 'fields',
      heading: 'Titular',
      fields: [
        ['Nome', request.nome],
        ['CPF', maskCpf(request.cpf)],
      ],
    },
    {
      kind: 'text',
      heading: `Dependentes (${data.dependents.length})`,
      text: list(
        data.dependents.map((dependent) => dependent.nome),
        'Nenhum dependente incluído.',
      ),
    },
    {
      kind: 'text',
      heading: `Documentos enviados (${data.documents.length})`,
      text: list(
        data.documents.map((document) => `${document.nm_documento}: ${document.nm_arquivo}`),
        'Nenhum documento enviado até agora.',
      ),
    },
    {
      kind: 'text',
      heading: 'Próximos passos e prazos',
      text: [
        '1. Guarde este comprovante e o número do protocolo: é com ele que você acompanha a solicitação.',
        `2. A operadora analisa a solicitação e responde até ${answerBy}, em até ${ANSWER_DAYS} dias do registro (prazo da ANS, RN 438).`,
        "3. Acompanhe pelo portal, em 'Acompanhar Solicitação', com o número do protocolo. Se o acompanhamento pedir login, a senha são os 6 últimos dígitos do protocolo.",
        "4. Se a operadora pedir documentos (situação 'Pendente de documentação'), envie-os pelo acompanhamento.",
        `5. Aceita a portabilidade, o plano antigo deve ser cancelado em até ${OLD_PLAN_CANCEL_DAYS} dias depois do início do novo plano.`,
        `Dúvidas: fale com a ${data.operator}. Reclamações: ANS, Disque ANS ${DISQUE_ANS.label}.`,
      ].join('\n'),
    },
  ];
  return {
    title: 'Comprovante de Solicitação de Portabilidade',
    operator: data.operator,
    blocks,
    footer: `Comprovante emitido em ${formatDateTime(now)} (horário de Brasília) — protocolo ${request.nu_protocolo}`,
  };
}
