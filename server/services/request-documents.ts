/**
 * What the generated PDFs say: the terms a request's beneficiary signs at status 3 and
 * the acceptance term of `aceite`. Each is built from the request as it is stored.
 */
import type { PdfContent } from './pdf.ts';
import type { RequestRow } from '../db/rows.ts';
import type { OperatorRow } from './operators.ts';
import { formatDate, formatDateTime } from './dates.ts';
import { maskCpf } from './masks.ts';

export const DOCUMENTS_TO_SIGN = ['Proposta de Adesão', 'Declaração de Portabilidade', 'Carta de Orientação ao Beneficiário'] as const;
export type DocumentToSignName = (typeof DOCUMENTS_TO_SIGN)[number];

function beneficiary(request: RequestRow) {
  return {
    kind: 'fields' as const,
    heading: 'Beneficiário',
    fields: [
      ['Nome', request.nome],
      ['CPF', maskCpf(request.cpf)],
      ['Data de nascimento', request.dt_nascimento],
      ['Cidade/UF', `${request.ds_cidade}/${request.ds_uf}`],
    ] as const,
  };
}

function protocols(request: RequestRow) {
  return {
    kind: 'fields' as const,
    heading: 'Solicitação',
    fields: [
      ['Protocolo da portabilidade', request.nu_protocolo],
      ['Protocolo ANS', request.nu_protocolo_ans],
      ['Data da solicitação', formatDate(request.dt_cadastramento)],
    ] as const,
  };
}

function plans(request: RequestRow, operator: OperatorRow) {
  return {
    kind: 'fields' as const,
    heading: 'Planos',
    fields: [
      ['Operadora de origem', `${request.ops_origem} (registro ANS ${request.nu_ans_ops_origem})`],
      ['Plano de origem', `${request.plano_origem} (registro ANS ${request.nu_ans_plano_origem})`],
      ['Operadora de destino', `${operator.nm_operadora} (registro ANS ${operator.nu_registro_ans})`],
      ['Plano de destino', `${request.plano_destino} (registro ANS ${request.nu_ans_plano_destino})`],
      ['Tipo de contratação', 'Individual/Familiar'],
    ] as const,
  };
}

const SIGN_TEXT: Record<DocumentToSignName, string> = {
  'Proposta de Adesão':
    'Pela presente proposta, o beneficiário acima identificado solicita a adesão ao plano de destino indicado, ' +
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

export function documentToSignPdf(name: DocumentToSignName, request: RequestRow, operator: OperatorRow, now: Date): PdfContent {
  return {
    title: name,
    operator: operator.nm_operadora,
    blocks: [
      beneficiary(request),
      protocols(request),
      plans(request, operator),
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

export function acceptancePdf(kind: AcceptanceKind, ciente: 'S' | 'N', request: RequestRow, operator: OperatorRow, now: Date): PdfContent {
  const title = acceptanceTitle(kind, ciente);
  return {
    title,
    operator: operator.nm_operadora,
    blocks: [
      beneficiary(request),
      protocols(request),
      plans(request, operator),
      {
        kind: 'text',
        heading: 'Manifestação',
        text: `${acknowledgement(kind, ciente)}\nRegistrada em ${formatDateTime(now)} (horário de Brasília).`,
      },
    ],
    footer: `${title} — protocolo ${request.nu_protocolo}`,
  };
}
