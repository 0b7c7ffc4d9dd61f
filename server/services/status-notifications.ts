/**
 * The messages a status change sends (issue 26): when the back-office moves a request to a
 * status that needs the beneficiary or reports an outcome (2 pending documents, 3 accepted:
 * sign, 4 refused, 5 cancelled, 6 awaiting the answer, 7 contract active), or changes the
 * operator's facts of the decision or the documents still awaited, one e-mail (with fl_aceita_email '1' and a plain address)
 * and one text message (with fl_aceita_sms '1' and a mobile number) are queued in the change's
 * own transaction; the outbox (services/outbox.ts) delivers and retries them.
 *
 * Every message says what happened, what to do and by when, links to the portal on
 * PUBLIC_URL (never a request's Host) and says how to stop. The text message carries the
 * protocol without its last 6 digits: those are the access password.
 */
import type { Queryable } from '../db/database.ts';
import type { RequestRow } from '../db/rows.ts';
import { isPlainEmail, DISQUE_ANS } from '../../contract/rules.ts';
import { formatCents, type OperatorDecision } from './operator-decision.ts';
import { trackingLink } from './protocol-email.ts';
import { contactLines, findOperatorContact } from './operator-contact.ts';
import { mobileNumberOf } from './sms-provider.ts';
import { answerOf, describeStatus, STATUS } from './status.ts';
import { maskedProtocol } from './protocol.ts';
import { openPendingDocuments, type OpenPendingDocument } from './pending-documents.ts';

/** The statuses that send a message when the back-office sets them (1, under analysis, does not). */
export const NOTIFIED_STATUSES: ReadonlySet<number> = new Set([
  STATUS.pendenteDocumentacao,
  STATUS.aceita,
  STATUS.recusada,
  STATUS.cancelada,
  STATUS.aguardandoCiencia,
  STATUS.contratoAtivo,
]);

const CLOSING: ReadonlySet<number> = new Set([STATUS.recusada, STATUS.cancelada]);

/** The operator, the portal's origin, and where a person can be reached (services/operator-contact.ts). */
export interface MessageContext {
  operatorName: string;
  publicUrl: string | undefined;
  /** One line each ("Central: 0800 …"), shown under "Dúvidas?"; empty: only the ANS line. */
  contactLines?: readonly string[];
}

export interface StatusMessage {
  subject: string;
  email: string;
  sms: string;
}

interface Parts {
  /** Short, for the subject and the SMS. */
  headline: string;
  happened: string;
  todo: string;
  smsTodo: string;
}

// The operator's only date for the holder is the last day to cancel the old plan (the e-mail lists
// it among the facts, as the portal does): it is no deadline to sign or to answer, which the portal
// never states. Those say "o quanto antes" (found by an exploratory run).
const SOON = 'o quanto antes';

/** Status 6: what a message says about the answer held, beyond its value. */
export interface AnswerNews {
  /** The operator changed the facts after the beneficiary answered, and the answer was cleared. */
  conditionsChanged?: boolean;
  /** The answer held is the one the operator just recorded (`--concordo`), not one the person gave. */
  operatorRecorded?: boolean;
  /** The answer kept from an earlier round is one the operator recorded then. */
  keptFromOperator?: boolean;
  /** Any status: the operator reopened the request, closed in this status (4, 5 or 7). */
  reopenedFrom?: number;
}

/**
 * A reopened request says so first: what the person was told at the close no longer stands
 * (found by a regression walk: after 'contrato ativo… cancele o plano anterior', a reopening
 * sent nothing, and the person could cancel the plan that still covered them).
 */
function reopened(from: number): string {
  return from === STATUS.contratoAtivo
    ? 'A operadora reabriu a sua solicitação de portabilidade: o novo contrato informado como ativo não está ativo por enquanto. Não cancele o plano anterior até um novo aviso.'
    : `A operadora reabriu a sua solicitação de portabilidade, que estava ${describeStatus(from).toLowerCase()}.`;
}

function reopenedParts(from: number, parts: Parts | null): Parts {
  if (parts) return { ...parts, happened: `${reopened(from)} ${parts.happened}` };
  // Back under analysis (1, which alone sends nothing).
  return {
    headline: 'solicitação reaberta',
    happened: `${reopened(from)} Ela volta a ser analisada.`,
    todo:
      from === STATUS.contratoAtivo
        ? 'O que fazer: mantenha o plano anterior; avisaremos quando houver novidades.'
        : 'O que fazer: nada é preciso agora; avisaremos quando houver novidades.',
    smsTodo: from === STATUS.contratoAtivo ? 'Não cancele o plano anterior; veja a situação no portal' : 'Veja a situação no portal',
  };
}

function partsOf(
  flStatus: number,
  cdStatusPort: number,
  decision: OperatorDecision,
  recorded: string | null,
  { conditionsChanged = false, operatorRecorded = false, keptFromOperator = false }: AnswerNews,
): Parts {
  const plan = decision.nmPlano ? ` para o plano ${decision.nmPlano}` : '';
  // Without a stored reason the portal says none was given: no message may send the person to look for one.
  // A reason that ends its own sentence gets no second full stop.
  const reason = decision.dsMotivo
    ? ` Motivo informado: ${decision.dsMotivo}${/[.!?…]$/.test(decision.dsMotivo) ? '' : '.'}`
    : ' A operadora não informou o motivo.';
  const seeReason = decision.dsMotivo ? 'Veja o motivo no portal' : 'Veja a situação no portal';
  switch (flStatus) {
    case STATUS.pendenteDocumentacao:
      return {
        headline: 'faltam documentos',
        happened: 'A operadora precisa de mais documentos para continuar a análise da sua solicitação de portabilidade.',
        todo: 'O que fazer: em "Acompanhar Solicitação", veja quais documentos faltam e envie-os o quanto antes; a análise fica parada até eles chegarem.',
        smsTodo: 'Envie os documentos que faltam o quanto antes',
      };
    case STATUS.aceita:
      return {
        headline: 'assine os documentos',
        happened: `A operadora aceitou a sua solicitação de portabilidade${plan}.`,
        todo: `O que fazer: em "Acompanhar Solicitação", leia e assine os documentos da contratação ${SOON}; a contratação só continua depois das assinaturas.`,
        smsTodo: `Assine os documentos ${SOON}`,
      };
    case STATUS.recusada:
      return {
        headline: 'solicitação recusada',
        happened: `A operadora recusou a sua solicitação de portabilidade.${reason}`,
        todo: 'O que fazer: nada é preciso no portal. Se não concordar, fale com a operadora (contatos abaixo) ou com a ANS.',
        smsTodo: seeReason,
      };
    case STATUS.cancelada:
      return {
        headline: 'solicitação cancelada',
        happened: `A sua solicitação de portabilidade foi cancelada.${reason}`,
        todo: 'O que fazer: nada é preciso no portal. Se não concordar, fale com a operadora (contatos abaixo) ou com a ANS.',
        smsTodo: seeReason,
      };
    case STATUS.aguardandoCiencia: {
      const answer = cdStatusPort === 2 ? '"Estou ciente"' : '"Estou de acordo" ou "Não aceito"';
      if (conditionsChanged) {
        // The answer given was to other conditions: it no longer stands, and the message says so.
        return {
          headline: 'as condições mudaram, responda de novo',
          happened: `A operadora mudou as condições da decisão sobre a sua portabilidade${plan}. A resposta que você deu valia para as condições anteriores e não vale mais.`,
          todo: `O que fazer: em "Acompanhar Solicitação", leia as novas condições e responda de novo ${answer} ${SOON}.`,
          smsTodo: `Responda de novo no portal ${SOON}`,
        };
      }
      if (recorded && !operatorRecorded) {
        // Back in 6 under the conditions answered to: that answer stands, said as whose it was.
        const whose = keptFromOperator ? `A resposta '${recorded}' registrada pela operadora` : `A resposta '${recorded}' que você deu`;
        const notYou = keptFromOperator ? ' Se não foi você quem deu essa resposta, fale com a operadora.' : '';
        return {
          headline: keptFromOperator ? 'a resposta registrada continua valendo' : 'sua resposta continua valendo',
          happened: `A sua solicitação de portabilidade voltou à etapa da sua resposta${plan}, com as mesmas condições. ${whose} continua valendo.`,
          todo:
            (recorded === 'Não aceito'
              ? 'O que fazer: nada é preciso. Se mudar de ideia, ainda pode responder "Estou de acordo" em "Acompanhar Solicitação".'
              : 'O que fazer: nada é preciso; a operadora segue com a portabilidade.') + notYou,
          smsTodo: 'Veja a situação no portal',
        };
      }
      if (recorded) {
        // The operator recorded the answer itself (--concordo): nothing to answer, and the person may check it.
        return {
          headline: 'resposta registrada',
          happened: `A operadora registrou a sua resposta '${recorded}' à decisão sobre a sua portabilidade${plan}.`,
          todo:
            recorded === 'Não aceito'
              ? 'O que fazer: nada é preciso. Se mudar de ideia, ainda pode responder "Estou de acordo" em "Acompanhar Solicitação". Se não foi você quem deu essa resposta, fale com a operadora.'
              : 'O que fazer: nada é preciso; a operadora segue com a portabilidade. Se não foi você quem deu essa resposta, fale com a operadora.',
          smsTodo: 'Veja a resposta registrada no portal',
        };
      }
      return {
        headline: 'responda à operadora',
        happened: `A operadora registrou a decisão sobre a sua portabilidade${plan} e aguarda a sua resposta.`,
        todo: `O que fazer: em "Acompanhar Solicitação", leia a decisão e responda ${answer} ${SOON}.`,
        smsTodo: `Responda no portal ${SOON}`,
      };
    }
    default:
      return {
        headline: 'contrato ativo',
        happened: `O seu novo contrato${plan} está ativo${decision.dtInicioCobertura ? `, com cobertura a partir de ${decision.dtInicioCobertura}` : ''}.`,
        todo: decision.dtLimiteCancelamento
          ? `O que fazer: cancele o plano anterior na operadora de origem até ${decision.dtLimiteCancelamento}, para não pagar os dois.`
          : 'O que fazer: cancele o plano anterior na operadora de origem assim que a nova cobertura começar, para não pagar os dois.',
        smsTodo: decision.dtLimiteCancelamento
          ? `Cancele o plano anterior até ${decision.dtLimiteCancelamento}`
          : 'Cancele o plano anterior quando a nova cobertura começar',
      };
  }
}

/** The facts the operator set, one line each (nothing when none was set). */
function factLines(decision: OperatorDecision): string[] {
  const lines = [
    decision.nmPlano ? `Plano de destino: ${decision.nmPlano} (registro ANS ${decision.nuRegistroPlano ?? '-'})` : null,
    decision.dtInicioCobertura ? `Início da cobertura: ${decision.dtInicioCobertura}` : null,
    decision.vlMensalidadeCentavos !== null ? `Mensalidade: ${formatCents(decision.vlMensalidadeCentavos)}` : null,
    decision.dtLimiteCancelamento ? `Último dia para cancelar o plano anterior: ${decision.dtLimiteCancelamento}` : null,
  ].filter((line): line is string => line !== null);
  return lines.length ? ['Decisão da operadora:', ...lines.map((line) => `- ${line}`), ''] : [];
}

/** Status 2: the documents still awaited, one line each with the operator's reason (nothing when none is open). */
function missingLines(missing: readonly OpenPendingDocument[]): string[] {
  if (!missing.length) return [];
  return [
    'Documentos que faltam:',
    ...missing.map((document) => `- ${document.nmDocumento}${document.dsMotivo ? `: ${document.dsMotivo}` : ''}`),
    '',
  ];
}

export function statusMessage(
  request: Pick<RequestRow, 'nu_protocolo' | 'cd_empresa_plano' | 'fl_status' | 'cd_status_port'> &
    Partial<Pick<RequestRow, 'fl_concordo'>>,
  decision: OperatorDecision,
  context: MessageContext,
  /** Status 2: the documents still awaited, listed in the e-mail. */
  missing: readonly OpenPendingDocument[] = [],
  /** Status 6: what changed about the answer, and whose it is. */
  news: AnswerNews = {},
): StatusMessage {
  const recorded = answerOf({ ...request, fl_concordo: request.fl_concordo ?? null });
  const statusParts = NOTIFIED_STATUSES.has(request.fl_status)
    ? partsOf(request.fl_status, request.cd_status_port, decision, recorded, news)
    : null;
  const parts = news.reopenedFrom === undefined ? statusParts : reopenedParts(news.reopenedFrom, statusParts);
  if (!parts) throw new Error(`status ${request.fl_status} não tem aviso`);
  const link = trackingLink(context.publicUrl, request.cd_empresa_plano);
  const where = link
    ? `Acesse ${link}, escolha "Acompanhar Solicitação" e informe o protocolo.`
    : 'Acesse o portal de portabilidade, escolha "Acompanhar Solicitação" e informe o protocolo.';
  const email = [
    'Olá,',
    '',
    `Há novidades na sua solicitação de portabilidade para ${context.operatorName} (protocolo ${request.nu_protocolo}).`,
    '',
    parts.happened,
    '',
    // A refusal or cancellation does not repeat the plan and price of an acceptance it undoes.
    // Nor does a request back under analysis (reopened): no decision stands for it yet.
    ...(CLOSING.has(request.fl_status) || request.fl_status === STATUS.emAnalise ? [] : factLines(decision)),
    ...(request.fl_status === STATUS.pendenteDocumentacao ? missingLines(missing) : []),
    parts.todo,
    where,
    '',
    'Dúvidas?',
    ...(context.contactLines ?? []),
    `ANS: Disque ANS ${DISQUE_ANS.label} ou a Notificação de Intermediação Preliminar (NIP) em www.gov.br/ans.`,
    '',
    'Você recebe este e-mail porque pediu respostas por e-mail ao fazer a solicitação. Para não receber mais, peça à central da operadora.',
    'Esta é uma mensagem automática: por favor, não responda.',
    '',
  ].join('\n');
  const sms =
    `Portabilidade ${context.operatorName}: ${parts.headline} (protocolo ${maskedProtocol(request.nu_protocolo)}). ` +
    `${parts.smsTodo}: ${link ?? 'portal de portabilidade, "Acompanhar Solicitação"'}. ` +
    'Para não receber mais SMS, peça à central da operadora.';
  // The subject shows on a locked phone's notification: without the last 6 digits (the password).
  return { subject: `Portabilidade: ${parts.headline} (protocolo ${maskedProtocol(request.nu_protocolo)})`, email, sms };
}

/**
 * Queues the e-mail and the text message the request's consents allow; call inside the status
 * change's transaction, after it. Returns how many were queued (0, 1 or 2).
 */
export async function queueStatusNotifications(
  tx: Queryable,
  request: RequestRow,
  decision: OperatorDecision,
  publicUrl: string | undefined,
  now: Date,
  news: AnswerNews = {},
): Promise<number> {
  if (!NOTIFIED_STATUSES.has(request.fl_status) && news.reopenedFrom === undefined) return 0;
  const contacts = await tx.query<{ tp_contato: string; ds_contato: string }>(
    'SELECT tp_contato, ds_contato FROM contacts WHERE cd_solicitacao = $1 ORDER BY id',
    [request.cd_solicitacao],
  );
  const email =
    request.fl_aceita_email === '1' ? contacts.find((c) => c.tp_contato === '2' && isPlainEmail(c.ds_contato.trim())) : undefined;
  const mobile =
    request.fl_aceita_sms === '1' ? contacts.map((c) => (c.tp_contato === '1' ? mobileNumberOf(c.ds_contato) : null)).find(Boolean) : null;
  if (!email && !mobile) return 0;
  const contact = await findOperatorContact(tx, request.cd_empresa_plano);
  const missing = request.fl_status === STATUS.pendenteDocumentacao ? await openPendingDocuments(tx, request.cd_solicitacao) : [];
  const message = statusMessage(
    request,
    decision,
    { operatorName: contact?.operadora ?? 'a operadora', publicUrl, contactLines: contactLines(contact) },
    missing,
    news,
  );
  const insert = (canal: 'email' | 'sms', to: string, subject: string, text: string) =>
    tx.query(
      // The operator's message: not counted against the recipient's hourly room (protocol-email.ts).
      `INSERT INTO outbox_emails (cd_solicitacao, tp_canal, ds_destinatario, ds_assunto, ds_texto, dt_proxima, dt_criacao, fl_operadora)
       VALUES ($1, $2, $3, $4, $5, $6, $6, true)`,
      [request.cd_solicitacao, canal, to, subject, text, now],
    );
  if (email) await insert('email', email.ds_contato.trim(), message.subject, message.email);
  if (mobile) await insert('sms', mobile, message.subject, message.sms);
  return (email ? 1 : 0) + (mobile ? 1 : 0);
}
