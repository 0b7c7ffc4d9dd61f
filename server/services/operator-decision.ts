/**
 * What the operator decided about a request (issue 25): the destination plan, the start of
 * coverage, the monthly price, the last day to cancel the old plan, and the reason of a
 * refusal or cancellation. The backoffice sets them (`set-status … --plano --inicio --valor
 * --cancelar-ate --motivo`); the tracking answer carries the ones that were set. Nothing is
 * derived: a fact never set is absent, and the portal says it is not informed.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { REQUEST_STATE_COLUMNS, type RequestState } from '../db/rows.ts';
import { STATUS } from './status.ts';

/** The flags as the operator typed them (CLI) or as the loopback door received them. */
export interface DecisionFlags {
  plano?: string;
  inicio?: string;
  valor?: string;
  cancelarAte?: string;
  motivo?: string;
}

/** The flags once checked: dates as ISO `yyyy-mm-dd`, the price in cents. */
export interface DecisionChange {
  registroPlano?: string;
  inicio?: string;
  valorCentavos?: number;
  cancelarAte?: string;
  motivo?: string;
}

/** The facts as the API and the backoffice show them (dates `dd/mm/yyyy`); null = never set. */
export interface OperatorDecision {
  nuRegistroPlano: string | null;
  nmPlano: string | null;
  dtInicioCobertura: string | null;
  vlMensalidadeCentavos: number | null;
  dtLimiteCancelamento: string | null;
  dsMotivo: string | null;
}

export class DecisionError extends Error {}

/** The statuses whose facts are a decision to take the request (3 aceita, 6 aguardando, 7 ativo). */
const DECIDED = new Set<number>([STATUS.aceita, STATUS.aguardandoCiencia, STATUS.contratoAtivo]);
/** The statuses that end the request without it (4 recusada, 5 cancelada): they have a reason. */
const CLOSED = new Set<number>([STATUS.recusada, STATUS.cancelada]);

export const MAX_REASON_LENGTH = 500;
/** R$ 100.000,00: far above any individual plan's monthly price, so a typo of magnitude is caught. */
export const MAX_PRICE_CENTS = 10_000_000;

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** 123 · 123,4 · 123,45 · 1.234,56 (pt-BR: comma for cents, dots between thousands). */
const BR_MONEY = /^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what a reason may not hold
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** 'dd/mm/aaaa' → 'yyyy-mm-dd', or null when it is not a real calendar day of 2000–2099. */
export function isoDateOf(text: string): string | null {
  const match = BR_DATE.exec(text.trim());
  if (!match) return null;
  const [, dd = '', mm = '', yyyy = ''] = match;
  const year = Number(yyyy);
  const month = Number(mm);
  const day = Number(dd);
  if (year < 2000 || year > 2099) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** '1.234,56' → 123456 cents, or null when it is not a pt-BR amount above zero and at most MAX_PRICE_CENTS. */
export function centsOf(text: string): number | null {
  const value = text.trim().replace(/^R\$\s*/, '');
  const match = BR_MONEY.exec(value);
  if (!match) return null;
  const [whole = '', fraction = ''] = value.split(',');
  const cents = Number(whole.replaceAll('.', '')) * 100 + Number(fraction.padEnd(2, '0') || '0');
  return cents > 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}

export function formatCents(cents: number): string {
  const reais = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${String(cents % 100).padStart(2, '0')}`;
}

const formatIso = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Checks every flag given, each with its own pt-BR message, and that it belongs to the
 * status the request is moving to. What needs the database (a known plan, a cancellation
 * date not before a start date stored earlier) is checked by `saveDecision`.
 */
export function parseDecisionFlags(flags: DecisionFlags, flStatus: number): DecisionChange {
  const change: DecisionChange = {};
  if (flags.plano !== undefined) {
    if (!/^\d{1,20}$/.test(flags.plano.trim())) {
      throw new DecisionError(
        '--plano deve ser o registro ANS do plano de destino: só dígitos, até 20 (veja os planos com o comando plans).',
      );
    }
    change.registroPlano = flags.plano.trim();
  }
  if (flags.inicio !== undefined) {
    const iso = isoDateOf(flags.inicio);
    if (!iso)
      throw new DecisionError(
        '--inicio deve ser a data de início da cobertura no formato dd/mm/aaaa, uma data que existe (ex.: 01/05/2025).',
      );
    change.inicio = iso;
  }
  if (flags.valor !== undefined) {
    const cents = centsOf(flags.valor);
    if (cents === null) {
      throw new DecisionError(
        `--valor deve ser a mensalidade em reais, maior que zero e até ${formatCents(MAX_PRICE_CENTS)}, escrita como 123,45 ou 1.234,56.`,
      );
    }
    change.valorCentavos = cents;
  }
  if (flags.cancelarAte !== undefined) {
    const iso = isoDateOf(flags.cancelarAte);
    if (!iso) {
      throw new DecisionError(
        '--cancelar-ate deve ser o último dia para cancelar o plano anterior, no formato dd/mm/aaaa, uma data que existe (ex.: 06/05/2025).',
      );
    }
    change.cancelarAte = iso;
  }
  if (flags.motivo !== undefined) {
    const reason = flags.motivo.trim();
    // A reason must say something: spaces or invisible marks alone (U+200B) showed a blank reason.
    if (reason.length < 1 || reason.length > MAX_REASON_LENGTH || CONTROL.test(reason) || !/[\p{L}\p{N}]/u.test(reason)) {
      throw new DecisionError(
        `--motivo deve ter de 1 a ${MAX_REASON_LENGTH} caracteres, com ao menos uma letra ou um número, sem quebras de linha nem caracteres de controle.`,
      );
    }
    change.motivo = reason;
  }
  const facts = ['registroPlano', 'inicio', 'valorCentavos', 'cancelarAte'] as const;
  if (facts.some((key) => change[key] !== undefined) && !DECIDED.has(flStatus)) {
    throw new DecisionError(
      '--plano, --inicio, --valor e --cancelar-ate valem só com os status 3, 6 e 7 (a operadora aceitou a portabilidade).',
    );
  }
  if (change.motivo !== undefined && !CLOSED.has(flStatus)) {
    throw new DecisionError('--motivo vale só com os status 4 (Recusada) e 5 (Cancelada).');
  }
  return change;
}

export function hasDecision(change: DecisionChange): boolean {
  return Object.values(change).some((value) => value !== undefined);
}

interface DecisionRow {
  nu_registro_plano: string | null;
  nm_plano: string | null;
  /** Read as ISO text (`to_char`), so neither driver turns a calendar day into an instant. */
  dt_inicio_cobertura: string | null;
  vl_mensalidade_centavos: number | null;
  dt_limite_cancelamento: string | null;
  ds_motivo: string | null;
}

const DECISION_COLUMNS = `d.nu_registro_plano, d.nm_plano,
  to_char(d.dt_inicio_cobertura, 'YYYY-MM-DD') AS dt_inicio_cobertura, d.vl_mensalidade_centavos,
  to_char(d.dt_limite_cancelamento, 'YYYY-MM-DD') AS dt_limite_cancelamento, d.ds_motivo`;

function decisionOf(row: DecisionRow): OperatorDecision {
  return {
    nuRegistroPlano: row.nu_registro_plano,
    nmPlano: row.nm_plano,
    dtInicioCobertura: row.dt_inicio_cobertura ? formatIso(row.dt_inicio_cobertura) : null,
    vlMensalidadeCentavos: row.vl_mensalidade_centavos,
    dtLimiteCancelamento: row.dt_limite_cancelamento ? formatIso(row.dt_limite_cancelamento) : null,
    dsMotivo: row.ds_motivo,
  };
}

/** A request the operator decided nothing about yet. */
export const NOTHING_DECIDED: OperatorDecision = {
  nuRegistroPlano: null,
  nmPlano: null,
  dtInicioCobertura: null,
  vlMensalidadeCentavos: null,
  dtLimiteCancelamento: null,
  dsMotivo: null,
};

export async function findDecision(db: Queryable, cdSolicitacao: number): Promise<OperatorDecision> {
  const [row] = await db.query<DecisionRow>(`SELECT ${DECISION_COLUMNS} FROM operator_decisions d WHERE d.cd_solicitacao = $1`, [
    cdSolicitacao,
  ]);
  return row ? decisionOf(row) : NOTHING_DECIDED;
}

/** The tracking lookup: the request's state and the operator's decision, in one query. */
export async function findTrackingByProtocol(
  db: Queryable,
  nuProtocolo: string,
): Promise<{ request: RequestState; decision: OperatorDecision } | null> {
  const state = REQUEST_STATE_COLUMNS.split(', ')
    .map((column) => `r.${column}`)
    .join(', ');
  const [row] = await db.query<RequestState & DecisionRow>(
    `SELECT ${state}, ${DECISION_COLUMNS} FROM requests r LEFT JOIN operator_decisions d ON d.cd_solicitacao = r.cd_solicitacao WHERE r.nu_protocolo = $1`,
    [nuProtocolo],
    { prepared: 'tracking-by-protocol' },
  );
  if (!row) return null;
  return { request: row, decision: decisionOf(row) };
}

/**
 * Records the facts given, keeping those not given; call in the status change's transaction
 * (the request's row is locked by it). The plan's name comes from the plan table, as it is now.
 * `forgetReason`: the request left the status its reason was given for (a refusal's reason is
 * not a later cancellation's), so it goes unless a new one is given.
 */
export async function saveDecision(
  tx: Queryable,
  cdSolicitacao: number,
  change: DecisionChange,
  now: Date,
  { forgetReason = false }: { forgetReason?: boolean } = {},
): Promise<void> {
  if (forgetReason && change.motivo === undefined) {
    await tx.query(
      'UPDATE operator_decisions SET ds_motivo = NULL, dt_atualizacao = $2 WHERE cd_solicitacao = $1 AND ds_motivo IS NOT NULL',
      [cdSolicitacao, now],
    );
  }
  if (!hasDecision(change)) return;
  let planName: string | undefined;
  if (change.registroPlano !== undefined) {
    const [plan] = await tx.query<{ nm_plano: string }>('SELECT nm_plano FROM destination_plans WHERE registro_ans = $1', [
      change.registroPlano,
    ]);
    if (!plan) throw new DecisionError(`Plano de destino ${change.registroPlano} não cadastrado. Veja os planos com o comando plans.`);
    planName = plan.nm_plano;
  }
  const [current] = await tx.query<DecisionRow>(`SELECT ${DECISION_COLUMNS} FROM operator_decisions d WHERE d.cd_solicitacao = $1`, [
    cdSolicitacao,
  ]);
  const start = change.inicio ?? current?.dt_inicio_cobertura ?? null;
  const cancelBy = change.cancelarAte ?? current?.dt_limite_cancelamento ?? null;
  // ISO dates compare as text.
  if (start && cancelBy && cancelBy < start) {
    throw new DecisionError(
      `--cancelar-ate (${formatIso(cancelBy)}) não pode ser antes do início da cobertura (${formatIso(start)}): o plano anterior só é cancelado depois que o novo começa.`,
    );
  }
  await tx.query(
    `INSERT INTO operator_decisions (cd_solicitacao, nu_registro_plano, nm_plano, dt_inicio_cobertura, vl_mensalidade_centavos,
       dt_limite_cancelamento, ds_motivo, dt_atualizacao)
     VALUES ($1, $2, $3, $4::date, $5, $6::date, $7, $8)
     ON CONFLICT (cd_solicitacao) DO UPDATE SET
       nu_registro_plano = EXCLUDED.nu_registro_plano, nm_plano = EXCLUDED.nm_plano,
       dt_inicio_cobertura = EXCLUDED.dt_inicio_cobertura, vl_mensalidade_centavos = EXCLUDED.vl_mensalidade_centavos,
       dt_limite_cancelamento = EXCLUDED.dt_limite_cancelamento, ds_motivo = EXCLUDED.ds_motivo,
       dt_atualizacao = EXCLUDED.dt_atualizacao`,
    [
      cdSolicitacao,
      change.registroPlano ?? current?.nu_registro_plano ?? null,
      planName ?? current?.nm_plano ?? null,
      start,
      change.valorCentavos ?? current?.vl_mensalidade_centavos ?? null,
      cancelBy,
      change.motivo ?? current?.ds_motivo ?? null,
      now,
    ],
  );
}

/** The API's optional tracking fields (contract/api.ts `trackingData`): only the facts that were set. */
export function decisionFields(decision: OperatorDecision) {
  return {
    ...(decision.nmPlano !== null ? { nmPlanoDestino: decision.nmPlano } : {}),
    ...(decision.nuRegistroPlano !== null ? { nuRegistroPlanoDestino: decision.nuRegistroPlano } : {}),
    ...(decision.dtInicioCobertura !== null ? { dtInicioCobertura: decision.dtInicioCobertura } : {}),
    ...(decision.vlMensalidadeCentavos !== null ? { vlMensalidadeCentavos: decision.vlMensalidadeCentavos } : {}),
    ...(decision.dtLimiteCancelamento !== null ? { dtLimiteCancelamentoPlanoAnterior: decision.dtLimiteCancelamento } : {}),
    ...(decision.dsMotivo !== null ? { dsMotivo: decision.dsMotivo } : {}),
  };
}

/**
 * The conditions a status-6 answer is given to, as a short fingerprint: the kind of answer
 * asked (type code 1 or 2) and the facts shown. The tracking answer carries it and the answer
 * sends it back, so an answer to conditions the operator has changed since is not recorded
 * against the new ones (a screen left open, or an answer racing the change).
 */
export function conditionsVersion(cdStatusPort: number, decision: OperatorDecision): string {
  return createHash('sha256')
    .update(JSON.stringify([cdStatusPort, decisionFields(decision)]))
    .digest('base64url')
    .slice(0, 16);
}

/** Keeps the conditions a recorded answer was given to (null: no answer stands); under the request's lock. */
export async function recordAnswerConditions(tx: Queryable, cdSolicitacao: number, version: string | null): Promise<void> {
  await tx.query('UPDATE requests SET ds_versao_resposta = $2 WHERE cd_solicitacao = $1', [cdSolicitacao, version]);
}

/** One line for the backoffice's `show` and `set-status`. */
export function describeDecision(decision: OperatorDecision): string {
  const parts = [
    decision.nmPlano ? `plano ${decision.nmPlano} (${decision.nuRegistroPlano})` : null,
    decision.dtInicioCobertura ? `início ${decision.dtInicioCobertura}` : null,
    decision.vlMensalidadeCentavos !== null ? `mensalidade ${formatCents(decision.vlMensalidadeCentavos)}` : null,
    decision.dtLimiteCancelamento ? `cancelar o plano anterior até ${decision.dtLimiteCancelamento}` : null,
    decision.dsMotivo ? `motivo: ${decision.dsMotivo}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join('  ') : 'nada informado';
}
