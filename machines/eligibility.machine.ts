/**
 * "Quem pode fazer a portabilidade?" (issue 14 item 2): before the wizard, the requirements of
 * ANS RN 438/2018 asked one at a time as yes/no questions. Every "não" rules portability out
 * for a reason the screen explains with what to do; nothing blocks: the person may go on to
 * the request from any question or from the result.
 *
 * Pure: leaving for the request is a placeholder action (`goToNewRequest`) the app provides.
 */
import { assign, setup } from 'xstate';

/** The requirements, in the order they are asked. */
export const ELIGIBILITY_QUESTIONS = ['planoAtivo', 'pagamentosEmDia', 'permanenciaMinima', 'faixaDePreco', 'planoRegulamentado'] as const;
export type EligibilityQuestion = (typeof ELIGIBILITY_QUESTIONS)[number];
/** true: "Sim" (the requirement is met). */
export type EligibilityAnswers = Partial<Record<EligibilityQuestion, boolean>>;

export type EligibilityEvent = { type: 'ANSWERED'; answer: boolean } | { type: 'PREVIOUS' } | { type: 'RESTARTED' } | { type: 'CONTINUED' };

export interface EligibilityContext {
  answers: EligibilityAnswers;
}

/** The requirements answered "não": why portability may be refused. */
export function unmetRequirements(answers: EligibilityAnswers): EligibilityQuestion[] {
  return ELIGIBILITY_QUESTIONS.filter((question) => answers[question] === false);
}

export const eligibilityMachine = setup({
  types: {
    context: {} as EligibilityContext,
    events: {} as EligibilityEvent,
  },
  actions: {
    recordAnswer: assign(({ context, event }, params: { question: EligibilityQuestion }) =>
      event.type === 'ANSWERED' ? { answers: { ...context.answers, [params.question]: event.answer } } : {},
    ),
    forgetAnswers: assign({ answers: {} }),
    /** The app opens home in its "Realizar Solicitação" mode. */
    goToNewRequest: () => {},
  },
  guards: {
    /** With this answer to that question (an earlier one to it replaced), every requirement is met. */
    meetsEveryRequirement: ({ context, event }, params: { question: EligibilityQuestion }) =>
      event.type === 'ANSWERED' && unmetRequirements({ ...context.answers, [params.question]: event.answer }).length === 0,
  },
}).createMachine({
  id: 'eligibility',
  description: 'Quem pode fazer a portabilidade? Os requisitos da RN 438 da ANS, um por vez, e o que cada resposta significa.',
  context: { answers: {} },
  initial: 'asking',
  on: {
    // Never blocked: the request can be made whatever the answers.
    CONTINUED: { target: '.leftForNewRequest', actions: 'goToNewRequest' },
  },
  states: {
    asking: {
      description: 'Uma pergunta de sim ou não por vez, com uma linha que a explica.',
      initial: 'planoAtivo',
      states: {
        planoAtivo: {
          description: 'O plano atual está ativo?',
          on: { ANSWERED: { target: 'pagamentosEmDia', actions: { type: 'recordAnswer', params: { question: 'planoAtivo' } } } },
        },
        pagamentosEmDia: {
          description: 'As mensalidades do plano atual estão em dia?',
          on: {
            ANSWERED: { target: 'permanenciaMinima', actions: { type: 'recordAnswer', params: { question: 'pagamentosEmDia' } } },
            PREVIOUS: { target: 'planoAtivo' },
          },
        },
        permanenciaMinima: {
          description: 'O prazo mínimo de permanência no plano atual foi cumprido (2 anos; 3 com CPT; 1 após uma portabilidade)?',
          on: {
            ANSWERED: { target: 'faixaDePreco', actions: { type: 'recordAnswer', params: { question: 'permanenciaMinima' } } },
            PREVIOUS: { target: 'pagamentosEmDia' },
          },
        },
        faixaDePreco: {
          description: 'O plano desejado está em faixa de preço compatível com a do plano atual?',
          on: {
            ANSWERED: { target: 'planoRegulamentado', actions: { type: 'recordAnswer', params: { question: 'faixaDePreco' } } },
            PREVIOUS: { target: 'permanenciaMinima' },
          },
        },
        planoRegulamentado: {
          description: 'O plano atual foi contratado a partir de 1999 ou adaptado à Lei 9.656/98?',
          on: {
            ANSWERED: [
              {
                guard: { type: 'meetsEveryRequirement', params: { question: 'planoRegulamentado' } },
                target: '#eligibility.mayPort',
                actions: { type: 'recordAnswer', params: { question: 'planoRegulamentado' } },
                description: 'Com esta última resposta, todos os requisitos da portabilidade (regras da ANS) estão atendidos.',
              },
              {
                target: '#eligibility.mayBeRefused',
                actions: { type: 'recordAnswer', params: { question: 'planoRegulamentado' } },
                description: 'Algum requisito não foi atendido: a tela diz qual e o que fazer.',
              },
            ],
            PREVIOUS: { target: 'faixaDePreco' },
          },
        },
      },
    },
    mayPort: {
      description: 'Todos os requisitos atendidos: a pessoa pode seguir para a solicitação.',
      on: { PREVIOUS: { target: 'asking.planoRegulamentado' }, RESTARTED: { target: 'asking', actions: 'forgetAnswers' } },
    },
    mayBeRefused: {
      description: 'Algum requisito não atendido: cada um diz por que e o que fazer; a solicitação continua possível.',
      on: { PREVIOUS: { target: 'asking.planoRegulamentado' }, RESTARTED: { target: 'asking', actions: 'forgetAnswers' } },
    },
    leftForNewRequest: {
      description: 'Seguindo para a home no modo "Realizar Solicitação".',
      type: 'final',
    },
  },
});

export type EligibilityMachine = typeof eligibilityMachine;
