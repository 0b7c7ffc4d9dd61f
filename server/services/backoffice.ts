/**
 * The analyst's commands (npm run backoffice): list, show, set-status, plans, outbox, purge. One
 * implementation, run either in the CLI's own process (it opened the database) or inside
 * the running server (the CLI asked over loopback, since PGlite admits one process).
 */
import { join } from 'node:path';
import type { Database, Queryable } from '../db/database.ts';
import type { Clock } from './clock.ts';
import { formatDate, formatDateTime } from './dates.ts';
import type { FileStore } from './file-store.ts';
import type { RequestRow } from '../db/rows.ts';
import { passwordOf } from './protocol.ts';
import { changeStatusIn, findRequestByProtocol, listStatusHistory, lockRequest } from './requests.ts';
import { answerGivers, describeStatus, isKnownStatus, requiresLogin, STATUS, STATUS_DESCRIPTIONS, typeShownIn } from './status.ts';
import { SignedTermsChangedError, listDocumentsToSign } from './documents-to-sign.ts';
import { withdrawnAt } from './withdrawal.ts';
import { purgeExpired, type PurgeReport } from './purge.ts';
import { CLOSED_STATUSES, DEFAULT_RETENTION_DAYS } from './retention.ts';
import { queueStatusNotifications } from './status-notifications.ts';
import { CONTACT_FIELDS, ContactError, findOperatorContact, saveOperatorContact, type ContactFlags } from './operator-contact.ts';
import {
  conditionsVersion,
  DecisionError,
  findDecision,
  parseDecisionFlags,
  recordAnswerConditions,
  saveDecision,
  type DecisionFlags,
  type OperatorDecision,
} from './operator-decision.ts';
import {
  PendingDocumentsError,
  listPendingDocuments,
  openPendingDocuments,
  parsePendingFlags,
  replacePendingDocuments,
  MAX_PENDING_TYPES,
} from './pending-documents.ts';

export type BackofficeCommand =
  | { cmd: 'list' }
  | { cmd: 'show'; protocolo: string }
  | {
      cmd: 'set-status';
      protocolo: string;
      flStatus: number;
      tipo?: 1 | 2;
      concordo?: 'S' | 'N';
      /** What the operator decided (`--plano --inicio --valor --cancelar-ate --motivo`), as typed. */
      decisao?: DecisionFlags;
      /** The documents still awaited with status 2 (`--pendente <tipo>[:<motivo>]`, repeated), as typed. */
      pendentes?: string[];
      /** `--reabrir`: leave a closed status (4, 5, 7) for another, on purpose. */
      reabrir?: boolean;
    }
  | { cmd: 'plans' }
  | { cmd: 'outbox' }
  | { cmd: 'purge' }
  /** Shows, or with flags sets, where a person can be reached at the plan's operator (issue 26). */
  | { cmd: 'contato'; cdEmpresaPlano: number; contato?: ContactFlags };

export interface BackofficeDeps {
  db: Database;
  files: FileStore;
  clock: Clock;
  /** RETENTION_DAYS of the process that runs the command (the server's, when the CLI asks it). */
  retentionDays?: number;
  /** DATA_DIR: the .eml files of purged e-mails are in its outbox/. */
  dataDir?: string;
  /** PUBLIC_URL: the link in the messages a status change sends (services/status-notifications.ts). */
  publicUrl?: string;
  /** The running server's outbox: told to deliver right away (without it the server's next poll does). */
  outbox?: { kick(): void };
}

export class BackofficeError extends Error {}

/**
 * A command that cannot be run as given, whatever is retried (exit 2, as a usage error): it
 * misses what the request's state asks for (the documents of a status 2, `--reabrir`).
 */
export class BackofficeUsageError extends BackofficeError {}

export interface RequestSummary {
  nuProtocolo: string;
  senha: string;
  cpf: string;
  nome: string;
  cdEmpresaPlano: number;
  flStatus: number;
  dsStatus: string;
  cdStatusPort: number;
  flConcordo: string | null;
  exigeLogin: boolean;
  dtCadastramento: string;
}

interface SummaryRow {
  nu_protocolo: string;
  cpf: string;
  nome: string;
  cd_empresa_plano: number;
  fl_status: number;
  cd_status_port: number;
  fl_concordo: 'S' | 'N' | null;
  dt_cadastramento: Date;
}

function summary(row: SummaryRow): RequestSummary {
  return {
    nuProtocolo: row.nu_protocolo,
    senha: passwordOf(row.nu_protocolo),
    cpf: row.cpf,
    nome: row.nome,
    cdEmpresaPlano: row.cd_empresa_plano,
    flStatus: row.fl_status,
    dsStatus: describeStatus(row.fl_status),
    cdStatusPort: row.cd_status_port,
    flConcordo: row.fl_concordo,
    exigeLogin: requiresLogin(row),
    dtCadastramento: formatDate(row.dt_cadastramento),
  };
}

export async function listRequests(db: Database): Promise<RequestSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT nu_protocolo, cpf, nome, cd_empresa_plano, fl_status, cd_status_port, fl_concordo, dt_cadastramento
     FROM requests ORDER BY cd_solicitacao`,
  );
  return rows.map(summary);
}

/** What the person filed besides name and CPF, so an operator can check it against the documents without the database. */
export function filedFacts(request: RequestRow) {
  return {
    beneficiario: {
      nmMae: request.nm_mae,
      dtNascimento: request.dt_nascimento,
      endereco: {
        cep: request.cd_cep,
        logradouro: request.ds_endereco,
        numero: request.nu_endereco,
        complemento: request.ds_complemento ?? '',
        bairro: request.ds_bairro,
        cidade: request.ds_cidade,
        uf: request.ds_uf,
      },
    },
    planoOrigem: {
      operadora: request.ops_origem,
      registroAnsOperadora: request.nu_ans_ops_origem,
      plano: request.plano_origem,
      registroAnsPlano: request.nu_ans_plano_origem,
      area: request.area_plano,
      inicio: request.dt_inicio,
      contratacao: request.tp_contrato_origem,
    },
    contratacaoDestino: { tipo: request.tp_contrato_destino, tpPortDestino: request.tp_port_destino },
    avisos: { email: request.fl_aceita_email === '1', sms: request.fl_aceita_sms === '1' },
  };
}

export type FiledFacts = ReturnType<typeof filedFacts>;

async function showRequest(deps: BackofficeDeps, protocolo: string) {
  const request = await findRequestByProtocol(deps.db, protocolo);
  if (!request) throw new BackofficeError(`Protocolo ${protocolo} não encontrado.`);
  const [history, documents, uploads, dependents, contacts] = await Promise.all([
    listStatusHistory(deps.db, request.cd_solicitacao),
    listDocumentsToSign(deps.db, request.cd_solicitacao),
    // With the size and stored name the server keeps (issue 27: a shrunk photo is seen to fit).
    deps.db.query<{ nm_documento: string; nm_arquivo: string; nm_armazenado: string; nu_tamanho: number }>(
      'SELECT u.nm_documento, u.nm_arquivo, u.nm_armazenado, f.nu_tamanho FROM uploaded_documents u ' +
        'JOIN stored_files f ON f.nm_armazenado = u.nm_armazenado WHERE u.cd_solicitacao = $1 ORDER BY u.cd_documento',
      [request.cd_solicitacao],
    ),
    deps.db.query<{ nome: string; nm_mae: string; dt_nasc: string; cpf: string | null; ds_parentesco: string | null }>(
      'SELECT nome, nm_mae, dt_nasc, cpf, ds_parentesco FROM dependents WHERE cd_solicitacao = $1 ORDER BY nu_ordem, id',
      [request.cd_solicitacao],
    ),
    deps.db.query<{ tp_contato: string; ds_contato: string }>(
      'SELECT tp_contato, ds_contato FROM contacts WHERE cd_solicitacao = $1 ORDER BY id',
      [request.cd_solicitacao],
    ),
  ]);
  return {
    ...summary(request),
    decisao: await findDecision(deps.db, request.cd_solicitacao),
    documentosPendentes: await listPendingDocuments(deps.db, request.cd_solicitacao),
    cdSolicitacao: request.cd_solicitacao,
    nuProtocoloAns: request.nu_protocolo_ans,
    planoDestino: `${request.plano_destino} (${request.nu_ans_plano_destino})`,
    ...filedFacts(request),
    historico: history.map((event) => ({
      flStatus: event.fl_status,
      dsStatus: describeStatus(event.fl_status),
      cdStatusPort: event.cd_status_port,
      flConcordo: event.fl_concordo,
      origem: event.ds_origem,
      dtEvento: formatDateTime(event.dt_evento),
    })),
    documentosParaAssinar: documents.map((document) => ({
      cdFileDocumento: document.cd_file_documento,
      documento: document.nm_documento,
      assinadoEm: document.dt_assinatura ? formatDateTime(document.dt_assinatura) : null,
    })),
    anexos: uploads.map((upload) => ({
      documento: upload.nm_documento,
      arquivo: upload.nm_arquivo,
      bytes: upload.nu_tamanho,
      armazenado: upload.nm_armazenado,
    })),
    dependentes: dependents.map((dependent) => ({
      nome: dependent.nome,
      nmMae: dependent.nm_mae,
      dtNasc: dependent.dt_nasc,
      cpf: dependent.cpf ?? '',
      // Saved before issue 27 (migration 016): none was asked.
      parentesco: dependent.ds_parentesco ?? 'Não informado',
    })),
    contatos: contacts.map((contact) => ({ tpContato: contact.tp_contato, dsContato: contact.ds_contato })),
  };
}

async function setStatus(deps: BackofficeDeps, command: Extract<BackofficeCommand, { cmd: 'set-status' }>) {
  if (!isKnownStatus(command.flStatus)) {
    const known = Object.entries(STATUS_DESCRIPTIONS)
      .map(([code, text]) => `${code} (${text})`)
      .join(', ');
    throw new BackofficeError(`Status ${command.flStatus} desconhecido. Use: ${known}.`);
  }
  const decision = decisionChange(command.decisao ?? {}, command.flStatus);
  const pending = pendingChange(command.pendentes ?? [], command.flStatus);
  const found = await findRequestByProtocol(deps.db, command.protocolo);
  if (!found) throw new BackofficeError(`Protocolo ${command.protocolo} não encontrado.`);
  const now = deps.clock();
  try {
    // The status, the facts of the decision and the messages about them change together, or none does.
    const result = await deps.db.transaction(async (tx) => {
      // Read under the row's lock: what the beneficiary saw before this change.
      const request = await lockRequest(tx, found.cd_solicitacao);
      if (!request) throw new BackofficeError(`Protocolo ${command.protocolo} não encontrado.`);
      await checkTransition(tx, request, command);
      const before = await visibleFacts(tx, request.cd_solicitacao);
      // Status 2 without a list would be a dead end: the portal has nothing to ask for, nowhere to upload.
      if (
        command.flStatus === STATUS.pendenteDocumentacao &&
        request.fl_status !== STATUS.pendenteDocumentacao &&
        pending.length === 0 &&
        before.pendentes.length === 0
      ) {
        throw new BackofficeUsageError(
          'Para pôr a solicitação em Pendente de documentação (status 2), informe quais documentos faltam: um ' +
            '--pendente <tipo>[:<motivo>] por tipo de documento (ex.: --pendente "3:Comprovante com mais de 90 dias"). ' +
            'Sem essa lista o portal não mostra ao beneficiário o que enviar nem onde enviar.',
        );
      }
      await saveDecision(tx, request.cd_solicitacao, decision, now, { forgetReason: request.fl_status !== command.flStatus });
      await replacePendingDocuments(tx, request.cd_solicitacao, pending, now);
      const after = await visibleFacts(tx, request.cd_solicitacao);
      // An answer stands only for the conditions it was given to (type and facts): a request
      // that waits in 6 under other ones — new facts, another --tipo, a new round after 1 or 3 —
      // asks again (the earlier term stays, the record of its round). Found by an exploratory run.
      const conditionsNow = conditionsVersion(typeAfter(request, command), after.decisao);
      const answeredTo = request.ds_versao_resposta ?? conditionsVersion(request.cd_status_port, before.decisao);
      const reopened =
        command.flStatus === STATUS.aguardandoCiencia &&
        request.fl_concordo !== null &&
        command.concordo === undefined &&
        answeredTo !== conditionsNow;
      const giverBefore = answerGivers(await listStatusHistory(tx, request.cd_solicitacao)).at(-1) ?? null;
      const updated = await changeStatusIn(
        tx,
        deps.files,
        request.cd_solicitacao,
        {
          flStatus: command.flStatus,
          cdStatusPort: command.tipo,
          flConcordo: reopened ? null : command.concordo,
          answerForNewConditions: answeredTo !== conditionsNow,
        },
        'backoffice',
        now,
      );
      // The operator records an answer for the conditions as they now are; a reopened one stands for none.
      if (command.concordo !== undefined) await recordAnswerConditions(tx, request.cd_solicitacao, conditionsNow);
      else if (reopened) await recordAnswerConditions(tx, request.cd_solicitacao, null);
      // News for the beneficiary (issue 26) is what they would see changed: the state, the facts
      // of the decision as stored, or the documents still awaited; not that flags were given.
      const alterado =
        updated.fl_status !== request.fl_status ||
        (updated.cd_status_port !== request.cd_status_port && typeShownIn(updated.fl_status)) ||
        updated.fl_concordo !== request.fl_concordo ||
        JSON.stringify(after) !== JSON.stringify(before);
      const avisos = alterado
        ? await queueStatusNotifications(tx, updated, after.decisao, deps.publicUrl, now, {
            conditionsChanged: reopened,
            operatorRecorded: command.concordo !== undefined,
            // An answer kept from an earlier round stays whose it was: the operator's too.
            keptFromOperator: command.concordo === undefined && !reopened && giverBefore === 'backoffice',
            ...(reopens(request.fl_status, updated.fl_status) ? { reopenedFrom: request.fl_status } : {}),
          })
        : 0;
      return {
        ...summary(updated),
        decisao: after.decisao,
        documentosPendentes: await listPendingDocuments(tx, request.cd_solicitacao),
        // The list given replaces the open one: the types it left out are no longer asked for.
        pendentesRetirados: before.pendentes.filter(
          (open) => !after.pendentes.some((still) => still.cdTipoDocumento === open.cdTipoDocumento),
        ),
        alterado,
        // Kept even when no one is told: the type is the operator's until 3 or 6 shows it.
        tipoAlterado: updated.cd_status_port !== request.cd_status_port,
        avisos,
      };
    });
    if (result.avisos > 0) deps.outbox?.kick();
    return result;
  } catch (error) {
    if (error instanceof DecisionError || error instanceof PendingDocumentsError || error instanceof SignedTermsChangedError) {
      throw new BackofficeError(error.message);
    }
    throw error;
  }
}

/** The type code a set-status leaves the request with (what it gives, or the one it had). */
function typeAfter(request: RequestRow, command: Extract<BackofficeCommand, { cmd: 'set-status' }>): 1 | 2 {
  return command.tipo ?? (request.cd_status_port === 2 ? 2 : 1);
}

/** Whether going `from` → `to` reopens the request: out of a close, or out of an active contract (which then no longer is). */
function reopens(from: number, to: number): boolean {
  return CLOSED_STATUSES.includes(from) && to !== from && (from === STATUS.contratoAtivo || !CLOSED_STATUSES.includes(to));
}

/**
 * The operator moves a request freely, except: a closed request (4, 5, 7) is left only with
 * `--reabrir` (a slip of the status would reopen it), and 3 becomes 7 only once every document
 * to sign is signed (SPEC §4: status 3 ends with the signatures). Call under the row's lock.
 */
async function checkTransition(
  tx: Queryable,
  request: RequestRow,
  command: Extract<BackofficeCommand, { cmd: 'set-status' }>,
): Promise<void> {
  const from = request.fl_status;
  if (CLOSED_STATUSES.includes(from) && command.flStatus !== from && !command.reabrir) {
    throw new BackofficeUsageError(
      `A solicitação está encerrada (${from} ${describeStatus(from)}). Para levá-la a ${command.flStatus} ` +
        `(${describeStatus(command.flStatus)}), confirme que ela deve ser reaberta com --reabrir.`,
    );
  }
  // A type 2 decision asks the person only to acknowledge it ('Estou ciente'): there is no 'Não
  // aceito' to record, and the portal would show the answer as none (found by an exploratory run).
  if (command.concordo === 'N' && typeAfter(request, command) === 2) {
    throw new BackofficeUsageError(
      "Na portabilidade tipo 2 o beneficiário só dá ciência da decisão ('Estou ciente'): não há 'Não aceito' a registrar. " +
        'Use --concordo S para registrar a ciência, ou --tipo 1 se ele deve aceitar ou não as condições.',
    );
  }
  // Withdrawn by the person, the request says so, and only so: a reason of the operator's would be
  // e-mailed and never shown (found by a regression walk). Reopening it is another matter.
  const addsFacts = Object.keys(command.decisao ?? {}).length > 0 || (command.pendentes ?? []).length > 0;
  if (from === STATUS.cancelada && command.flStatus === from && addsFacts && (await withdrawnAt(tx, request.cd_solicitacao))) {
    throw new BackofficeUsageError(
      'O beneficiário desistiu desta solicitação pelo portal: ela está cancelada a pedido dele, e o portal diz só isso. ' +
        'Um motivo ou fato da operadora não se aplica a ela; para outra decisão, reabra-a primeiro (--reabrir).',
    );
  }
  // A refusal stands until the person or the operator answers again (or the conditions change in
  // 6): 3 would send the person to sign and 7 make the contract they refused active (found by a
  // regression walk: 'Não aceito', then 3, then 'Finalizar' gave 'Seu contrato está ativo').
  if (
    (command.flStatus === STATUS.aceita || command.flStatus === STATUS.contratoAtivo) &&
    typeAfter(request, command) === 1 &&
    (command.concordo ?? request.fl_concordo) === 'N'
  ) {
    throw new BackofficeError(
      `O beneficiário respondeu 'Não aceito' às condições da decisão: a solicitação não vai a ${command.flStatus} ` +
        `(${describeStatus(command.flStatus)}) com essa resposta. Ofereça outras condições (set-status 6 com os novos fatos) para ele ` +
        "responder de novo, espere que ele responda 'Estou de acordo' no portal, registre a resposta que ele deu à operadora " +
        '(--concordo S), ou encerre a solicitação (4 ou 5).',
    );
  }
  if (from === STATUS.aceita && command.flStatus === STATUS.contratoAtivo) {
    const unsigned = (await listDocumentsToSign(tx, request.cd_solicitacao)).filter((document) => document.dt_assinatura === null);
    if (unsigned.length) {
      throw new BackofficeError(
        `A solicitação só passa de 3 (${describeStatus(STATUS.aceita)}) a 7 (${describeStatus(STATUS.contratoAtivo)}) ` +
          `depois que o beneficiário assinar todos os documentos; falta assinar: ${unsigned.map((document) => document.nm_documento).join(', ')}.`,
      );
    }
  }
}

/** What the beneficiary reads besides the state: the facts of the decision and the documents still awaited. */
async function visibleFacts(tx: Queryable, cdSolicitacao: number) {
  return { decisao: await findDecision(tx, cdSolicitacao), pendentes: await openPendingDocuments(tx, cdSolicitacao) };
}

function decisionChange(flags: DecisionFlags, flStatus: number) {
  try {
    return parseDecisionFlags(flags, flStatus);
  } catch (error) {
    if (error instanceof DecisionError) throw new BackofficeError(error.message);
    throw error;
  }
}

function pendingChange(values: readonly string[], flStatus: number) {
  try {
    return parsePendingFlags(values, flStatus);
  } catch (error) {
    if (error instanceof PendingDocumentsError) throw new BackofficeError(error.message);
    throw error;
  }
}

async function listPlans(db: Database) {
  return db.query<{ registroAns: string; nmPlano: string }>(
    'SELECT registro_ans AS "registroAns", nm_plano AS "nmPlano" FROM destination_plans ORDER BY registro_ans',
  );
}

export interface OutboxEntry {
  cdMensagem: number;
  nuProtocolo: string;
  /** 'email', or 'sms' (a text message to the mobile number, issue 26). */
  canal: 'email' | 'sms';
  destinatario: string;
  /** enviado | pendente | desistido (every retry failed). */
  situacao: 'enviado' | 'pendente' | 'desistido';
  tentativas: number;
  /** When it was sent, or when the next attempt is due. */
  quando: string;
  entrega: string | null;
  erro: string | null;
}

/** The messages queued (e-mails and text messages), newest first (at most 200): sent where, or why not yet. */
async function listOutbox(db: Database): Promise<OutboxEntry[]> {
  const rows = await db.query<{
    cd_mensagem: number;
    nu_protocolo: string;
    tp_canal: 'email' | 'sms';
    ds_destinatario: string;
    nu_tentativas: number;
    dt_proxima: Date;
    dt_enviado: Date | null;
    dt_desistencia: Date | null;
    ds_entrega: string | null;
    ds_erro: string | null;
  }>(
    `SELECT o.cd_mensagem, r.nu_protocolo, o.tp_canal, o.ds_destinatario, o.nu_tentativas, o.dt_proxima, o.dt_enviado, o.dt_desistencia, o.ds_entrega, o.ds_erro
     FROM outbox_emails o JOIN requests r USING (cd_solicitacao) ORDER BY o.cd_mensagem DESC LIMIT 200`,
  );
  return rows.map((row) => ({
    cdMensagem: row.cd_mensagem,
    nuProtocolo: row.nu_protocolo,
    canal: row.tp_canal,
    destinatario: row.ds_destinatario,
    situacao: row.dt_enviado ? 'enviado' : row.dt_desistencia ? 'desistido' : 'pendente',
    tentativas: row.nu_tentativas,
    quando: formatDateTime(row.dt_enviado ?? row.dt_desistencia ?? row.dt_proxima),
    entrega: row.ds_entrega,
    erro: row.ds_erro,
  }));
}

/** The LGPD purge now (services/purge.ts), with this process's RETENTION_DAYS. */
function purge(deps: BackofficeDeps): Promise<PurgeReport> {
  return purgeExpired({
    db: deps.db,
    files: deps.files,
    clock: deps.clock,
    retentionDays: deps.retentionDays ?? DEFAULT_RETENTION_DAYS,
    outboxDir: deps.dataDir ? join(deps.dataDir, 'outbox') : undefined,
  });
}

export async function runBackofficeCommand(deps: BackofficeDeps, command: BackofficeCommand): Promise<unknown> {
  switch (command.cmd) {
    case 'list':
      return listRequests(deps.db);
    case 'show':
      return showRequest(deps, command.protocolo);
    case 'set-status':
      return setStatus(deps, command);
    case 'plans':
      return listPlans(deps.db);
    case 'outbox':
      return listOutbox(deps.db);
    case 'purge':
      return purge(deps);
    case 'contato':
      return operatorContact(deps, command.cdEmpresaPlano, command.contato);
  }
}

async function operatorContact(deps: BackofficeDeps, cdEmpresaPlano: number, flags: ContactFlags | undefined) {
  try {
    const contact = flags
      ? await saveOperatorContact(deps.db, cdEmpresaPlano, flags, deps.clock())
      : await findOperatorContact(deps.db, cdEmpresaPlano);
    if (!contact) throw new BackofficeError(`Plano ${cdEmpresaPlano} não encontrado.`);
    return contact;
  } catch (error) {
    if (error instanceof ContactError) throw new BackofficeError(error.message);
    throw error;
  }
}

/** Validates a command that arrived as JSON (over loopback). */
export function parseBackofficeCommand(value: unknown): BackofficeCommand | null {
  if (typeof value !== 'object' || value === null) return null;
  const input = value as Record<string, unknown>;
  const protocolo = typeof input.protocolo === 'string' && /^\d{1,30}$/.test(input.protocolo) ? input.protocolo : null;
  switch (input.cmd) {
    case 'list':
    case 'plans':
    case 'outbox':
    case 'purge':
      return { cmd: input.cmd };
    case 'show':
      return protocolo ? { cmd: 'show', protocolo } : null;
    case 'contato': {
      const cd = input.cdEmpresaPlano;
      if (typeof cd !== 'number' || !Number.isInteger(cd) || cd < 1 || cd > 2_147_483_647) return null;
      if (input.contato === undefined) return { cmd: 'contato', cdEmpresaPlano: cd };
      if (typeof input.contato !== 'object' || input.contato === null) return null;
      const given = input.contato as Record<string, unknown>;
      const contato: ContactFlags = {};
      for (const key of CONTACT_FIELDS) {
        const value = given[key];
        if (value === undefined) continue;
        if (typeof value !== 'string' || value.length > 1000) return null;
        contato[key] = value;
      }
      return { cmd: 'contato', cdEmpresaPlano: cd, contato };
    }
    case 'set-status': {
      const flStatus = input.flStatus;
      if (!protocolo || typeof flStatus !== 'number' || !Number.isInteger(flStatus)) return null;
      if (input.tipo !== undefined && input.tipo !== 1 && input.tipo !== 2) return null;
      if (input.concordo !== undefined && input.concordo !== 'S' && input.concordo !== 'N') return null;
      if (input.reabrir !== undefined && typeof input.reabrir !== 'boolean') return null;
      const decisao = decisionFlagsOf(input.decisao);
      if (decisao === null) return null;
      const pendentes = pendingFlagsOf(input.pendentes);
      if (pendentes === null) return null;
      return {
        cmd: 'set-status',
        protocolo,
        flStatus,
        tipo: input.tipo,
        concordo: input.concordo,
        ...(input.reabrir ? { reabrir: true } : {}),
        ...(decisao ? { decisao } : {}),
        ...(pendentes ? { pendentes } : {}),
      };
    }
    default:
      return null;
  }
}

const DECISION_FLAGS = ['plano', 'inicio', 'valor', 'cancelarAte', 'motivo'] as const;

/** The decision flags of a JSON command: absent, or an object of short strings (checked again by set-status). */
function decisionFlagsOf(value: unknown): DecisionFlags | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) return null;
  const input = value as Record<string, unknown>;
  const flags: DecisionFlags = {};
  for (const key of DECISION_FLAGS) {
    const flag = input[key];
    if (flag === undefined) continue;
    if (typeof flag !== 'string' || flag.length > 1000) return null;
    flags[key] = flag;
  }
  return flags;
}

/** The `--pendente` values of a JSON command: absent, or a short list of short strings (checked again by set-status). */
function pendingFlagsOf(value: unknown): string[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_PENDING_TYPES) return null;
  return value.every((flag): flag is string => typeof flag === 'string' && flag.length <= 1000) ? value : null;
}

export type { OperatorDecision };
