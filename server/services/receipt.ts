/**
 * The receipt ("comprovante", issue 25 item 6): what a family keeps after filing — the
 * protocol, when it was filed, the holder (name, masked CPF), every dependent's name, the
 * origin and destination plans, every document sent (type and file name), and the next steps
 * of the status the request is in, with the operator's decision where it made one. Made on
 * demand from what the database holds now, so a document sent later (status 2) or a decision
 * taken later is on the next one. The next steps say what the tracking screen says
 * (machines/tracking.decision.ts, src/views/acompanhamento), in words for paper.
 */
import { ANSWER_DAYS, DISQUE_ANS } from '../../contract/rules.ts';
import { cancellationSentence, closingReason, decisionFacts, nextSteps, NOT_INFORMED } from '../../machines/tracking.decision.ts';
import type { Queryable } from '../db/database.ts';
import type { RequestRow } from '../db/rows.ts';
import { addDays, formatDate, formatDateTime } from './dates.ts';
import { listDocumentsToSign } from './documents-to-sign.ts';
import { maskCpf } from './masks.ts';
import { contactLines, findOperatorContact } from './operator-contact.ts';
import { decisionFields, findDecision, type OperatorDecision } from './operator-decision.ts';
import { openPendingDocuments, type OpenPendingDocument } from './pending-documents.ts';
import type { PdfBlock, PdfContent } from './pdf.ts';
import { destinationPlan, originPlan } from './request-documents.ts';
import { CLOSED_SINCE_SQL, IS_CLOSED_SQL } from './retention.ts';
import { STATUS, describeAnswerStatus, type AnswerState } from './status.ts';

/** After the new plan starts, the old one must be cancelled within these days (RN 438, as the terms say). */
export const OLD_PLAN_CANCEL_DAYS = 5;

export interface ReceiptData {
  request: AnswerState &
    Pick<RequestRow, 'ops_origem' | 'plano_origem' | 'nu_ans_plano_origem' | 'plano_destino' | 'nu_ans_plano_destino'> & {
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
  /** What the operator decided (plan, start, price, last day to cancel, reason); null facts were never set. */
  decision: OperatorDecision;
  /** Status 2: the documents the operator still waits for. */
  pending: readonly OpenPendingDocument[];
  /** Status 3: the terms to sign, and whether each one is signed. */
  toSign: ReadonlyArray<{ nm_documento: string; signed: boolean }>;
  /** The operator's own channels (backoffice `contato`), one line each; empty when none is on file. */
  contact: readonly string[];
}

/** What the receipt of this protocol holds, or null when there is no such request. */
export async function readReceiptData(db: Queryable, nuProtocolo: string): Promise<ReceiptData | null> {
  const [request] = await db.query<ReceiptData['request'] & { nm_operadora: string | null; cd_empresa_plano: number }>(
    `SELECT r.cd_solicitacao, r.nu_protocolo, r.nu_protocolo_ans, r.nome, r.cpf, r.dt_cadastramento,
            r.fl_status, r.cd_status_port, r.fl_concordo, r.cd_empresa_plano, o.nm_operadora,
            r.ops_origem, r.plano_origem, r.nu_ans_plano_origem, r.plano_destino, r.nu_ans_plano_destino,
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
  const decision = await findDecision(db, request.cd_solicitacao);
  const pending = request.fl_status === STATUS.pendenteDocumentacao ? await openPendingDocuments(db, request.cd_solicitacao) : [];
  const toSign =
    request.fl_status === STATUS.aceita
      ? (await listDocumentsToSign(db, request.cd_solicitacao)).map((row) => ({
          nm_documento: row.nm_documento,
          signed: row.dt_assinatura !== null,
        }))
      : [];
  const closed = request.fl_status === STATUS.recusada || request.fl_status === STATUS.cancelada;
  const contact = closed ? contactLines(await findOperatorContact(db, request.cd_empresa_plano)) : [];
  const { nm_operadora: operator, cd_empresa_plano: _plan, ...rest } = request;
  return { request: rest, operator: operator ?? 'Operadora', dependents, documents, decision, pending, toSign, contact };
}

const list = (items: readonly string[], none: string): string => (items.length ? items.map((item) => `• ${item}`).join('\n') : none);

/** The tracking screen's view of this request's status and decision (machines/tracking.decision.ts). */
function trackingOf({ request, decision }: ReceiptData) {
  return {
    flStatus: request.fl_status,
    cdStatusPort: request.cd_status_port,
    flConcordo: request.fl_concordo,
    ...decisionFields(decision),
  };
}

/** What comes next for a request in this status, with its dates and the decision's facts. */
function statusSteps(data: ReceiptData, now: Date): string[] {
  const { request } = data;
  const tracking = trackingOf(data);
  const answerBy = formatDate(addDays(request.dt_cadastramento, ANSWER_DAYS));
  const answer = `A operadora analisa a solicitação e responde até ${answerBy}, em até ${ANSWER_DAYS} dias do registro (prazo da ANS, RN 438).`;
  switch (request.fl_status) {
    case STATUS.pendenteDocumentacao:
      return [
        data.pending.length
          ? 'A operadora precisa destes documentos para continuar a análise da sua solicitação. Envie cada um pelo acompanhamento:\n' +
            list(
              data.pending.map((document) =>
                document.dsMotivo
                  ? `${document.nmDocumento} (motivo informado pela operadora: ${document.dsMotivo})`
                  : document.nmDocumento,
              ),
              '',
            )
          : 'A operadora não indicou quais documentos faltam. Se ela pediu algum documento por outro meio, fale com a operadora.',
        `${answer} Envie os documentos o quanto antes: sem eles, a análise não pode ser concluída.`,
      ];
    case STATUS.aceita: {
      const unsigned = data.toSign.filter((document) => !document.signed).map((document) => document.nm_documento);
      return [
        unsigned.length
          ? "A operadora aceitou a portabilidade. Abra e aceite cada termo e declaração pelo acompanhamento e use 'Finalizar'. Falta aceitar:\n" +
            list(unsigned, '')
          : "A operadora aceitou a portabilidade e todos os termos e declarações foram aceitos: use 'Finalizar' no acompanhamento.",
        cancellationSentence(tracking, now),
      ];
    }
    case STATUS.recusada:
    case STATUS.cancelada: {
      const reason = closingReason(tracking);
      return [
        `${request.fl_status === STATUS.recusada ? 'A operadora recusou a portabilidade' : 'A solicitação foi cancelada'}. ` +
          (reason.given ? `Motivo informado pela operadora: ${reason.text}` : reason.text),
        "Você pode fazer uma nova solicitação de portabilidade: na página inicial, em 'Realizar Solicitação'.",
        'Você pode falar com a operadora, pelos canais de atendimento dela, para entender a decisão ou corrigir o que faltou.' +
          (data.contact.length ? `\n${data.contact.join('\n')}` : ''),
        `Se discordar, reclame na ANS (Agência Nacional de Saúde Suplementar), que abre uma Notificação de Intermediação Preliminar (NIP) com a operadora: pelo Disque ANS ${DISQUE_ANS.label} (ligação gratuita) ou pelo portal da ANS (www.gov.br/ans).`,
      ];
    }
    case STATUS.aguardandoCiencia:
      return [
        'A operadora aceitou a portabilidade e aguarda a sua resposta pelo acompanhamento, nas condições abaixo.',
        ...nextSteps(tracking, now),
      ];
    case STATUS.contratoAtivo:
      return [
        data.decision.dtInicioCobertura
          ? `Seu contrato está ativo, com cobertura a partir de ${data.decision.dtInicioCobertura}.`
          : 'Seu contrato está ativo e apto para utilização.',
        ...nextSteps(tracking, now),
      ];
    default:
      return [
        answer,
        "Se a operadora pedir documentos (situação 'Pendente de documentação'), envie-os pelo acompanhamento.",
        `Aceita a portabilidade, o plano antigo deve ser cancelado em até ${OLD_PLAN_CANCEL_DAYS} dias depois do início do novo plano.`,
      ];
  }
}

/** The receipt's pages, in pt-BR. */
export function receiptPdf(data: ReceiptData, now: Date): PdfContent {
  const { request } = data;
  const decided =
    request.fl_status === STATUS.aceita || request.fl_status === STATUS.aguardandoCiencia || request.fl_status === STATUS.contratoAtivo;
  const steps = [
    'Guarde este comprovante e o número do protocolo: é com ele que você acompanha a solicitação.',
    ...statusSteps(data, now),
    "Acompanhe pelo portal, em 'Acompanhar Solicitação', com o número do protocolo. Se o acompanhamento pedir login, a senha são os 6 últimos dígitos do protocolo.",
  ];
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
      kind: 'fields',
      heading: 'Planos',
      fields: [
        ['Plano de origem', `${originPlan(request)}, ${request.ops_origem}`],
        ['Plano de destino', destinationPlan({ request, decision: data.decision })],
      ],
    },
    // The facts the operator decided, as the tracking screen lists them ('Condições da portabilidade').
    ...(decided
      ? [
          {
            kind: 'fields' as const,
            heading: 'Condições da portabilidade',
            fields: decisionFacts(trackingOf(data))
              .filter((fact) => fact.label !== 'Plano de destino')
              .map((fact) => [fact.label, fact.value ?? NOT_INFORMED] as const),
          },
        ]
      : []),
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
        ...steps.map((step, index) => `${index + 1}. ${step}`),
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
