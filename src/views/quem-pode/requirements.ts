/**
 * The requirements of ANS RN 438/2018 as the eligibility check asks them: the question, one
 * line that explains it, and, when the answer is "não", why portability may be refused and
 * what the person can do.
 */
import type { EligibilityQuestion } from '../../../machines/eligibility.machine';

export interface Requirement {
  question: string;
  explanation: string;
  whenNot: string;
}

export const REQUIREMENTS: Record<EligibilityQuestion, Requirement> = {
  planoAtivo: {
    question: 'O seu plano de saúde atual está ativo?',
    explanation: 'A portabilidade leva as carências de um plano que continua ativo até o novo começar.',
    whenNot:
      'Plano ativo: sem ele não há portabilidade comum. Se o plano acabou por morte do titular, demissão ou fim do contrato coletivo, pode haver portabilidade especial: fale com a nossa central antes de pedir.',
  },
  pagamentosEmDia: {
    question: 'As mensalidades do plano atual estão em dia?',
    explanation: 'A ANS exige que o plano de origem esteja pago; a operadora pede os comprovantes dos últimos pagamentos.',
    whenNot:
      'Mensalidades em dia: quite o que estiver em atraso e guarde os comprovantes dos 3 últimos pagamentos; depois faça a solicitação.',
  },
  permanenciaMinima: {
    question: 'Você está no plano atual há pelo menos 2 anos?',
    explanation:
      'São 3 anos se você cumpriu cobertura parcial temporária (CPT) por doença preexistente, e 1 ano se já fez portabilidade para este plano.',
    whenNot:
      'Prazo mínimo de permanência: faça a solicitação quando ele se completar. A data de início do plano está no contrato ou na carteirinha.',
  },
  faixaDePreco: {
    question: 'O plano que você quer tem faixa de preço igual ou menor que a do seu plano atual?',
    explanation: 'A ANS compara as faixas de preço no Guia ANS de Planos de Saúde (guiadeplanos.ans.gov.br).',
    whenNot:
      'Faixa de preço compatível: consulte o Guia ANS de Planos de Saúde para achar um plano de destino compatível, ou fale com a nossa central.',
  },
  planoRegulamentado: {
    question: 'O seu plano atual foi contratado a partir de 1999 ou foi adaptado à Lei 9.656/98?',
    explanation: 'Planos anteriores a 1999 que não foram adaptados à lei dos planos de saúde não permitem portabilidade.',
    whenNot: 'Plano regulamentado: peça à sua operadora a adaptação ou a migração do plano antigo; depois faça a solicitação.',
  },
};
