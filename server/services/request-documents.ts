/**
 * What the generated PDFs say: the terms a request's beneficiary signs at status 3 and
 * the acceptance term of `aceite`. Each is built from the request as it is stored, with the
 * operator's decision (services/operator-decision.ts) where it decided something and the
 * wizard's answers where it did not, and every person the request covers.
 */
// A fact the operator has not sent is said as the tracking screen says it.
import { NOT_INFORMED } from '../../machines/tracking.decision.ts';
import type { PdfBlock, PdfContent } from './pdf.ts';
import type { RequestRow } from '../db/rows.ts';
import type { OperatorRow } from './operators.ts';
import { formatDate, formatDateTime } from './dates.ts';
import { maskCpf } from './masks.ts';
import { formatCents, type OperatorDecision } from './operator-decision.ts';

export const DOCUMENTS_TO_SIGN = ['Proposta de Adesão', 'Declaração de Portabilidade', 'Carta de Orientação ao Beneficiário'] as const;
export type DocumentToSignName = (typeof DOCUMENTS_TO_SIGN)[number];

/** A dependent as the documents name them. */
export interface DependentFacts {
  nome: string;
  /** Saved before issue 27 (migration 016): none was asked. */
  ds_parentesco: string | null;
  /** 'dd/mm/aaaa', as the wizard sends it. */
  dt_nasc: string;
  cpf: string | null;
}

/** Everything a document about a request says, as stored. */
export interface RequestFacts {
  request: RequestRow;
  operator: OperatorRow;
  decision: OperatorDecision;
  dependents: readonly DependentFacts[];
}

function holder(request: RequestRow): PdfBlock {
  return {
    kind: 'fields',
    heading: 'Titular',
    fields: [
      ['Nome', request.nome],
      ['CPF', maskCpf(request.cpf)],
      ['Data de nascimento', request.dt_nascimento],
      ['Cidade/UF', `${request.ds_cidade}/${request.ds_uf}`],
    ],
  };
}

/** Every dependent: name, relationship, birth date and, when given, the CPF masked as the holder's. */
function dependents(list: readonly DependentFacts[]): PdfBlock {
  const lines = list.map((dependent) =>
    [
      `• ${dependent.nome}`,
      `parentesco: ${dependent.ds_parentesco ?? 'não informado'}`,
      `nascimento: ${dependent.dt_nasc}`,
      ...(dependent.cpf ? [`CPF: ${maskCpf(dependent.cpf)}`] : []),
    ].join(' — '),
  );
  return { kind: 'text', heading: `Dependentes (${list.length})`, text: lines.length ? lines.join('\n') : 'Nenhum dependente incluído.' };
}

function protocols(request: RequestRow): PdfBlock {
  return {
    kind: 'fields',
    heading: 'Solicitação',
    fields: [
      ['Protocolo da portabilidade', request.nu_protocolo],
      ['Protocolo ANS', request.nu_protocolo_ans],
      ['Data da solicitação', formatDate(request.dt_cadastramento)],
    ],
  };
}

/** The destination plan: the operator's when it decided one, else the one chosen in the wizard. */
export function destinationPlan({
  request,
  decision,
}: {
  request: Pick<RequestRow, 'plano_destino' | 'nu_ans_plano_destino'>;
  decision: Pick<OperatorDecision, 'nmPlano' | 'nuRegistroPlano'>;
}): string {
  if (decision.nuRegistroPlano !== null) {
    return decision.nmPlano ? `${decision.nmPlano} (registro ANS ${decision.nuRegistroPlano})` : `Registro ANS ${decision.nuRegistroPlano}`;
  }
  return `${request.plano_destino} (registro ANS ${request.nu_ans_plano_destino})`;
}

export function originPlan(request: Pick<RequestRow, 'plano_origem' | 'nu_ans_plano_origem'>): string {
  return `${request.plano_origem} (registro ANS ${request.nu_ans_plano_origem})`;
}

function plans(facts: RequestFacts): PdfBlock {
  const { request, operator } = facts;
  return {
    kind: 'fields',
    heading: 'Planos',
    fields: [
      ['Operadora de origem', `${request.ops_origem} (registro ANS ${request.nu_ans_ops_origem})`],
      ['Plano de origem', originPlan(request)],
      ['Operadora de destino', `${operator.nm_operadora} (registro ANS ${operator.nu_registro_ans})`],
      ['Plano de destino', destinationPlan(facts)],
      ['Tipo de contratação', 'Individual/Familiar'],
    ],
  };
}

/** The rest of the decision, with the tracking screen's labels ('Condições da portabilidade'). */
function conditions({ decision }: RequestFacts): PdfBlock {
  return {
    kind: 'fields',
    heading: 'Condições da portabilidade',
    fields: [
      ['Início da cobertura', decision.dtInicioCobertura ?? NOT_INFORMED],
      ['Mensalidade', decision.vlMensalidadeCentavos !== null ? formatCents(decision.vlMensalidadeCentavos) : NOT_INFORMED],
      ['Cancelar o plano anterior até', decision.dtLimiteCancelamento ?? NOT_INFORMED],
    ],
  };
}

const SIGN_TEXT: Record<DocumentToSignName, string> = {
  'Proposta de Adesão':
    'Pela presente proposta, o titular acima identificado solicita, para si e para os dependentes relacionados, a adesão ao plano de destino indicado, nas condições acima, ' +
    'por portabilidade de carências, nos termos da Resolução Normativa ANS nº 438/2018, declarando estar ciente ' +
    'das condições gerais do contrato, da área de abrangência e da rede credenciada do plano.',
  'Declaração de Portabilidade':
    'Declaro que cumpro os requisitos da portabilidade de carências: vínculo ativo com o plano de origem, ' +
    'adimplência, prazo de permanência mínimo e compatibilidade de preço entre os planos, e que o plano de origem ' +
    'deverá ser cancelado em até 5 dias após o início da vigência do plano de destino.',
  'Carta de Orientação ao Beneficiário':
    'Declaro ter recebido as orientações sobre a portabilidade, inclusive sobre as coberturas, os prazos de ' +
    'carência já cumpridos que serão aproveitados e o início da vigência do novo contrato.',
};

export function documentToSignPdf(name: DocumentToSignName, facts: RequestFacts, now: Date): PdfContent {
  const { request, operator } = facts;
  return {
    title: name,
    operator: operator.nm_operadora,
    blocks: [
      holder(request),
      dependents(facts.dependents),
      protocols(request),
      plans(facts),
      conditions(facts),
      { kind: 'text', heading: 'Termos', text: SIGN_TEXT[name] },
    ],
    footer: `${name} — protocolo ${request.nu_protocolo} — gerado em ${formatDateTime(now)}`,
  };
}

export type AcceptanceKind = 'D' | 'I' | 'N';

const ACCEPTANCE_TITLE: Record<AcceptanceKind, string> = {
  N: 'Termo de Aceite da Solicitação de Portabilidade',
  D: 'Termo de Concordância com a Portabilidade',
  I: 'Termo de Ciência da Portabilidade',
};

/**
 * The title says what was recorded (issue 25): a 'Não aceito' is a refusal, not a
 * "Termo de Concordância"; an awareness not confirmed is not a "Termo de Ciência".
 */
export function acceptanceTitle(kind: AcceptanceKind, ciente: 'S' | 'N'): string {
  if (ciente === 'N' && kind === 'D') return 'Termo de Recusa da Portabilidade';
  if (ciente === 'N' && kind === 'I') return 'Registro de Ciência Não Confirmada';
  return ACCEPTANCE_TITLE[kind];
}

function acknowledgement(kind: AcceptanceKind, ciente: 'S' | 'N'): string {
  if (kind === 'N') {
    return ciente === 'S'
      ? 'O beneficiário declara que as informações prestadas são verdadeiras e concorda com os termos da solicitação de portabilidade.'
      : 'O beneficiário registrou a solicitação de portabilidade sem manifestar concordância com os termos.';
  }
  if (kind === 'D') {
    return ciente === 'S'
      ? 'Estou de acordo: o beneficiário concorda com as condições da portabilidade apresentadas pela operadora.'
      : 'Não aceito: o beneficiário não concorda com as condições da portabilidade apresentadas pela operadora.';
  }
  return ciente === 'S'
    ? 'Estou ciente: o beneficiário declara estar ciente das condições da portabilidade.'
    : 'O beneficiário não confirmou a ciência das condições da portabilidade.';
}

export function acceptancePdf(kind: AcceptanceKind, ciente: 'S' | 'N', facts: RequestFacts, now: Date): PdfContent {
  const { request, operator } = facts;
  const title = acceptanceTitle(kind, ciente);
  return {
    title,
    operator: operator.nm_operadora,
    blocks: [
      holder(request),
      dependents(facts.dependents),
      protocols(request),
      plans(facts),
      // What a tracking answer (6) agrees to or acknowledges; a new request's term has no decision yet.
      ...(kind === 'N' ? [] : [conditions(facts)]),
      {
        kind: 'text',
        heading: 'Manifestação',
        text: `${acknowledgement(kind, ciente)}\nRegistrada em ${formatDateTime(now)} (horário de Brasília).`,
      },
    ],
    footer: `${title} — protocolo ${request.nu_protocolo}`,
  };
}
