/**
 * Acompanhamento (SPEC §2 "acompanhamento", §4 "Request status" and "Finalizing on the
 * tracking screen", §5 "Tracking", §8): load a request by protocol, show the panel its
 * flStatus asks for, take the acknowledgement, sign the terms and finish.
 *
 * Every side effect is named in machines/tracking.setup.ts: the network actors are placeholders
 * the app replaces with `trackingMachine.provide({ actors, actions })` (src/flows/tracking/),
 * tests with fakes. This file is the chart.
 */
import { and, not } from 'xstate';
import { acceptanceKind, acceptanceRecordedMessage, recordedChoice } from './tracking.helpers';
import { TIPO_PORTABILIDADE } from '../contract/rules';
import { MESSAGES, TEXT } from './tracking.types';
import { endSession, leave, linkOf, nameOf, trackingSetup } from './tracking.setup';
import { pendingDocumentsState } from './tracking.pending.states';
import { READING, WITHDRAWAL } from './tracking.terms-and-withdrawal';

export * from './tracking.types';

export const trackingMachine = trackingSetup.createMachine({
  id: 'tracking',
  description: 'Tela "Acompanhar Solicitação": mostra a solicitação pelo protocolo e conduz assinatura, ciência e finalização.',
  context: ({ input }) => ({
    protocolo: input.protocolo,
    cdEmpresaPlano: input.cdEmpresaPlano,
    tracking: null,
    attachedDocuments: [],
    documentsToSign: [],
    history: null,
    choice: null,
    leaving: null,
    signing: null,
    openedTerms: [],
    acceptanceLink: null,
    operatorName: '',
    pendingFile: null,
    pendingPreparing: null,
    pendingFileAlert: null,
    pendingSent: null,
    unreadLists: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'Overlay "Carregando...": as quatro buscas da tela (a solicitação, os documentos anexados, os termos a assinar e o histórico) correm juntas, uma espera na rede em vez de duas; a tela fica pronta quando todas responderam.',
      type: 'parallel',
      onDone: '#tracking.ready',
      // The overlay does not stop the keyboard: the menu and 'Encerrar sessão' still answer.
      on: {
        RETURN: leave,
        END_SESSION: endSession,
      },
      states: {
        trackingData: {
          description: 'Busca dos dados de acompanhamento (status, protocolos, datas).',
          initial: 'loading',
          states: {
            loading: {
              description: 'Busca os dados de acompanhamento; sem eles não há o que mostrar.',
              invoke: {
                id: 'loadTrackingData',
                src: 'loadTrackingData',
                input: ({ context }) => ({ protocolo: context.protocolo }),
                onDone: [
                  {
                    // The stored token has expired: the server answered the state, not the data.
                    guard: { type: 'isRestrictedAnswer', params: ({ event }) => ({ tracking: event.output }) },
                    target: '#tracking.loginRequired',
                    actions: { type: 'rememberTracking', params: ({ event }) => ({ tracking: event.output }) },
                    description:
                      'SPEC §6: o servidor respondeu só o estado (o token não vale mais): é preciso entrar de novo com CPF e Senha.',
                  },
                  {
                    description: 'Os dados de acompanhamento chegaram (SPEC §7, acompanhamento).',
                    target: 'settled',
                    actions: { type: 'rememberTracking', params: ({ event }) => ({ tracking: event.output }) },
                  },
                ],
                // Without the request there is nothing to show: the global handler already toasted.
                onError: '#tracking.failed',
              },
            },
            settled: { type: 'final', description: 'Respondida: espera as outras buscas.' },
          },
        },
        attachedDocuments: {
          description: 'Busca dos documentos anexados.',
          initial: 'loading',
          states: {
            loading: {
              description: 'Busca a tabela de documentos anexados; se falhar, a tela diz que não a carregou e oferece "Carregar de novo".',
              invoke: {
                id: 'loadAttachedDocuments',
                src: 'loadAttachedDocuments',
                input: ({ context }) => ({ protocolo: context.protocolo }),
                onDone: {
                  target: 'settled',
                  actions: { type: 'rememberAttachedDocuments', params: ({ event }) => ({ documents: event.output }) },
                },
                onError: { target: 'settled', actions: 'forgetAttachedDocuments' },
              },
            },
            settled: { type: 'final', description: 'Respondida (ou falhou): espera as outras buscas.' },
          },
        },
        documentsToSign: {
          description: 'Busca dos termos a assinar.',
          initial: 'loading',
          states: {
            loading: {
              description:
                'Busca os termos e declarações a assinar; se falhar, a tela diz que não os carregou e oferece "Carregar de novo".',
              invoke: {
                id: 'loadDocumentsToSign',
                src: 'loadDocumentsToSign',
                input: ({ context }) => ({ protocolo: context.protocolo }),
                onDone: {
                  target: 'settled',
                  actions: { type: 'rememberDocumentsToSign', params: ({ event }) => ({ documents: event.output }) },
                },
                onError: { target: 'settled', actions: 'forgetDocumentsToSign' },
              },
            },
            settled: { type: 'final', description: 'Respondida (ou falhou): espera as outras buscas.' },
          },
        },
        history: {
          description: 'Busca do histórico.',
          initial: 'loading',
          states: {
            loading: {
              description:
                'Busca o histórico de status e o prazo da ANS; se falhar, a tela diz que não o carregou e oferece "Carregar de novo".',
              invoke: {
                id: 'loadHistory',
                src: 'loadHistory',
                input: ({ context }) => ({ protocolo: context.protocolo }),
                onDone: {
                  target: 'settled',
                  actions: { type: 'rememberHistory', params: ({ event }) => ({ history: event.output }) },
                },
                onError: { target: 'settled', actions: 'forgetHistory' },
              },
            },
            settled: { type: 'final', description: 'Respondida (ou falhou): espera as outras buscas.' },
          },
        },
      },
    },
    failed: {
      description: 'A solicitação não pôde ser carregada: campos vazios, "Tentar novamente" e "Retornar".',
      // Armed only when a send's read-back failed (checkingSend): the choice's fate is unknown and 'Tentar novamente' keeps it.
      exit: 'disarmUnloadWarning',
      on: {
        RETRY: '#tracking.loading',
        RETURN: leave,
        END_SESSION: endSession,
      },
    },
    loginRequired: {
      description: 'A solicitação exige login e o acesso expirou: aviso, "Fazer login" (home em modo acompanhar) e "Retornar".',
      on: {
        LOG_IN_AGAIN: {
          target: 'exited',
          actions: [
            'clearTrackingSession',
            { type: 'navigateHome', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) },
          ],
        },
        RETURN: leave,
        END_SESSION: endSession,
      },
    },
    ready: {
      description:
        'Os quatro campos (protocolo ANS, protocolo, data, status), a tabela de documentos, o histórico e o painel do status; "Encerrar sessão" no cabeçalho.',
      initial: 'choosingPanel',
      on: {
        // The table's view action and the terms' links: a new tab, only for http(s) links.
        VIEW_DOCUMENT: {
          actions: { type: 'openDocument', params: ({ event }) => ({ linkUrl: event.linkUrl }) },
        },
        // 'Retornar', 'Sair' (status 6) and the menu items: back to /home/{cdEmpresaPlano}.
        RETURN: leave,
        END_SESSION: endSession,
        // A list that failed to load is said so, never shown empty: 'Carregar de novo' reads the screen again.
        // Never over a choice not sent: a read that failed would leave it behind unasked (the oracle found it).
        RELOAD_LISTS: {
          guard: and(['hasUnreadLists', 'isPanelAtRest', not('hasUnsentChoice')]),
          target: '#tracking.loading',
          description:
            "'Carregar de novo': uma lista não carregou (documentos, termos ou histórico); com o painel em repouso, nada em envio, nenhum arquivo em mãos nem escolha por enviar (uma leitura que falhasse a deixaria para trás sem perguntar), a tela relê tudo.",
        },
        // Back to a screen left for a while: what it shows may be stale (another tab signed, the operator moved on).
        SCREEN_SHOWN_AGAIN: {
          guard: and(['wasAwayLong', 'isPanelAtRest', not('hasUnsentChoice')]),
          target: '#tracking.loading',
          description:
            'A tela volta a ser vista depois de um minuto ou mais escondida (outra aba ou outro aplicativo): com o painel em repouso e nenhuma escolha por enviar (o envio já relê o que o servidor tem), ela relê a solicitação, que pode ter mudado (a operadora, outra aba).',
        },
        // 'Desistir da solicitação': only under analysis (1, 2), whichever panel shows it, and
        // with the panel at rest: leaving status 2's panel lets go of a file in hand, which a
        // refused withdrawal or 'Voltar' would then have lost without a word (found by a regression walk).
        WITHDRAW: {
          guard: and(['canWithdraw', 'isPanelAtRest']),
          target: '#tracking.withdrawal',
          description:
            "'Desistir da solicitação' só com a solicitação em análise (status 1 ou 2) e o painel em repouso: com um arquivo escolhido, em preparo ou em envio, ele é enviado, removido ou cancelado antes (sair do painel o descartaria).",
        },
      },
      states: {
        choosingPanel: {
          description: 'Passagem: escolhe o painel pelo flStatus (3, 6, 4, 5, 7, 2 ou qualquer outro).',
          always: [
            { guard: 'isAccepted', target: 'accepted', description: "SPEC §2/§4: status 3, painel 'Sua solicitação foi aceita'." },
            {
              guard: 'isAwaitingAcknowledgement',
              target: 'awaitingAcknowledgement',
              description: "SPEC §2/§4: status 6, painel 'Finalize sua solicitação'.",
            },
            { guard: 'isRefused', target: 'refused', description: 'Status 4: a operadora recusou a solicitação.' },
            {
              guard: 'isWithdrawn',
              target: 'withdrawn',
              description: 'A pessoa desistiu da solicitação (status 5 com a desistência registrada).',
            },
            { guard: 'isCancelled', target: 'cancelled', description: 'Status 5: a solicitação foi cancelada.' },
            { guard: 'isContractActive', target: 'contractActive', description: 'Status 7: o contrato no plano de destino está ativo.' },
            { guard: 'isAwaitingDocuments', target: 'pendingDocuments', description: 'Status 2: a operadora aguarda documentos.' },
            { target: 'analysis', description: "SPEC §2/§4: qualquer outro status, painel 'Sua solicitação está em análise'." },
          ],
        },
        // SPEC §4 says finalizing in any other status reloads, but SPEC §2 gives this panel
        // 'Retornar' instead of 'Finalizar': nothing can send FINALIZE here, so no such transition.
        analysis: {
          description: 'Painel "Sua solicitação está em análise"; em 1 e 2, o prazo de 10 dias da operadora; o botão "Retornar".',
        },
        // Status 2: the documents the operator waits for, sent from here (machines/tracking.pending.states.ts).
        pendingDocuments: pendingDocumentsState,
        // Statuses SPEC would title 'em análise' although nothing is being analysed any more.
        refused: {
          description:
            'Status 4, painel "Sua solicitação foi recusada": não segue adiante; o motivo da operadora (ou que não o informou) e o que fazer: nova solicitação, falar com a operadora ou reclamar na ANS (NIP, Disque ANS). "Retornar".',
        },
        cancelled: {
          description:
            'Status 5, painel "Sua solicitação foi cancelada": não segue adiante; o motivo da operadora (ou que não o informou) e o que fazer: nova solicitação, falar com a operadora ou reclamar na ANS (NIP, Disque ANS). "Retornar".',
        },
        withdrawn: {
          description:
            'Status 5 a pedido do titular (dtDesistencia), painel "Sua solicitação foi cancelada a seu pedido": quando desistiu, que não se desfaz e que pode fazer uma nova solicitação; não é um cancelamento da operadora. "Retornar".',
        },
        contractActive: {
          description:
            'Status 7, painel "Seu contrato está ativo": a portabilidade terminou; as condições da operadora e, se ainda não o fez, cancelar o plano anterior até a data informada; sem prazo da operadora. "Retornar".',
        },
        awaitingAcknowledgement: {
          description:
            'Status 6, painel "Finalize sua solicitação": as condições da operadora (plano, início, mensalidade, data para cancelar o plano anterior; as que faltam, "Ainda não informado"), a ciência final, "Finalizar" e "Sair". A escolha é um rascunho até "Finalizar" enviá-la.',
          initial: 'choosingOptions',
          on: {
            // Leaving with a choice the server does not hold asks first (not while it is being
            // sent: then it is no longer a draft, and asking would stop the sending).
            RETURN: {
              guard: and(['hasUnsentChoice', not('isSendingChoice')]),
              target: '.confirmingLeave',
              actions: { type: 'rememberLeaving', params: { via: 'RETURN' } },
              description: "Sair com uma escolha não enviada pede confirmação ('Sua escolha ainda não foi enviada').",
            },
            END_SESSION: {
              guard: and(['hasUnsentChoice', not('isSendingChoice')]),
              target: '.confirmingLeave',
              actions: { type: 'rememberLeaving', params: { via: 'END_SESSION' } },
              description: "Encerrar a sessão com uma escolha não enviada pede confirmação ('Sua escolha ainda não foi enviada').",
            },
          },
          states: {
            choosingOptions: {
              description: 'Passagem: opções do tipo 1 (de acordo / não aceito) ou do tipo 2 (ciente).',
              always: [
                { guard: 'isTypeOne', target: 'typeOne', description: "SPEC §2: tipo 1, as opções 'Estou de acordo' e 'Não aceito'." },
                { target: 'typeTwo', description: "SPEC §2: tipo 2, a caixa única 'Estou ciente'." },
              ],
            },
            typeOne: {
              description: 'Tipo 1: "Estou de acordo" e "Não aceito".',
              initial: 'restoring',
              states: {
                restoring: {
                  description: 'Passagem: retoma a escolha já feita (registrada no servidor, ou nesta visita e ainda não enviada).',
                  always: [
                    {
                      guard: 'isAgreementRecorded',
                      target: 'agreementRecorded',
                      description: "SPEC §4: flConcordo 'S' no servidor: o acordo está registrado e a escolha travada.",
                    },
                    // Agreeing after a recorded 'Não aceito' is allowed: that choice, unsent, wins.
                    { guard: 'hasAgreed', target: 'agreed', description: "'Estou de acordo' escolhido nesta visita, ainda não enviado." },
                    {
                      guard: 'isDeclineRecorded',
                      target: 'declineRecorded',
                      description: "SPEC §4: 'Não aceito' já registrado: não se escolhe de novo.",
                    },
                    { guard: 'hasDeclined', target: 'declined', description: "'Não aceito' escolhido nesta visita, ainda não enviado." },
                    { target: 'undecided', description: "SPEC §5: nenhuma escolha: 'Finalizar' desabilitado." },
                  ],
                },
                undecided: {
                  description:
                    'Nenhuma opção marcada (as setas só movem o foco; Enter, Espaço ou clique escolhem): "Finalizar" desabilitado.',
                  on: {
                    AGREE: {
                      target: 'agreed',
                      actions: ['chooseAgreement', { type: 'announce', params: { message: MESSAGES.agreeChosen } }],
                    },
                    DECLINE: {
                      target: 'declined',
                      actions: ['chooseDecline', { type: 'announce', params: { message: MESSAGES.declineChosen } }],
                    },
                  },
                },
                declined: {
                  description:
                    '"Não aceito" escolhido e ainda não enviado (o painel diz isso): pode-se trocar por "Estou de acordo"; "Finalizar" pede a confirmação do envio.',
                  tags: 'unsentChoice',
                  entry: 'armUnloadWarning',
                  exit: 'disarmUnloadWarning',
                  on: {
                    AGREE: {
                      target: 'agreed',
                      actions: ['chooseAgreement', { type: 'announce', params: { message: MESSAGES.agreeChosen } }],
                    },
                    FINALIZE: '#tracking.ready.awaitingAcknowledgement.confirmingSend',
                  },
                },
                agreed: {
                  description:
                    '"Estou de acordo" escolhido e ainda não enviado (o painel diz isso): pode-se trocar por "Não aceito", se ainda não foi registrado; "Finalizar" pede a confirmação do envio.',
                  tags: 'unsentChoice',
                  entry: 'armUnloadWarning',
                  exit: 'disarmUnloadWarning',
                  on: {
                    // 'Não aceito' is sent once (SPEC §4): once recorded, it cannot be chosen again.
                    DECLINE: {
                      guard: not('isDeclineRecorded'),
                      target: 'declined',
                      description: "SPEC §4: trocar por 'Não aceito' só enquanto ele não foi registrado (é permitido uma vez).",
                      actions: ['chooseDecline', { type: 'announce', params: { message: MESSAGES.declineChosen } }],
                    },
                    FINALIZE: '#tracking.ready.awaitingAcknowledgement.confirmingSend',
                  },
                },
                declineRecorded: {
                  description:
                    '"Não aceito" já registrado no servidor: não pode ser escolhido de novo, "Finalizar" desabilitado; ainda se pode concordar.',
                  on: {
                    AGREE: {
                      target: 'agreed',
                      actions: ['chooseAgreement', { type: 'announce', params: { message: MESSAGES.agreeChosen } }],
                    },
                  },
                },
                agreementRecorded: {
                  description:
                    '"Estou de acordo" já registrado no servidor: opções travadas, "Finalizar" desabilitado; a operadora segue com a portabilidade.',
                },
              },
            },
            typeTwo: {
              description: 'Tipo 2: uma única caixa "Estou ciente".',
              initial: 'restoring',
              states: {
                restoring: {
                  description: 'Passagem: retoma a ciência já dada (registrada no servidor, ou nesta visita e ainda não enviada).',
                  always: [
                    {
                      guard: 'isAgreementRecorded',
                      target: 'awarenessRecorded',
                      description: "SPEC §4: flConcordo 'S' no servidor: a ciência está registrada e travada.",
                    },
                    { guard: 'hasAgreed', target: 'aware', description: "'Estou ciente' marcado nesta visita, ainda não enviado." },
                    { target: 'unaware', description: "SPEC §5: sem ciência: 'Finalizar' desabilitado." },
                  ],
                },
                unaware: {
                  description: '"Estou ciente" desmarcado: "Finalizar" desabilitado.',
                  on: {
                    ACKNOWLEDGE: {
                      target: 'aware',
                      actions: ['chooseAgreement', { type: 'announce', params: { message: MESSAGES.awareChosen } }],
                    },
                  },
                },
                aware: {
                  description:
                    '"Estou ciente" marcado e ainda não enviado (o painel diz isso): pode-se desmarcar; "Finalizar" pede a confirmação do envio.',
                  tags: 'unsentChoice',
                  entry: 'armUnloadWarning',
                  exit: 'disarmUnloadWarning',
                  on: {
                    UNACKNOWLEDGE: {
                      target: 'unaware',
                      actions: ['clearChoice', { type: 'announce', params: { message: MESSAGES.awareUnchosen } }],
                    },
                    FINALIZE: '#tracking.ready.awaitingAcknowledgement.confirmingSend',
                  },
                },
                awarenessRecorded: {
                  description:
                    '"Estou ciente" já registrado no servidor: "Finalizar" desabilitado (um segundo clique não gera outro termo).',
                },
              },
            },
            confirmingSend: {
              description:
                'Modal "Enviar \'{escolha}\'?": o que a escolha compromete e que, enviada, não se desfaz ("Não aceito": não se envia de novo). "Enviar" envia; "Voltar" (ou Esc) deixa a escolha como estava, sem enviar.',
              tags: 'unsentChoice',
              entry: 'armUnloadWarning',
              exit: 'disarmUnloadWarning',
              on: {
                SEND_CONFIRMED: 'generatingAcceptance',
                SEND_CANCELLED: 'choosingOptions',
              },
            },
            confirmingLeave: {
              description:
                'Modal "Sua escolha ainda não foi enviada": sair agora perde a escolha, que não foi registrada. "Continuar aqui" (ou Esc) volta à escolha; "Sair sem enviar" / "Encerrar sem enviar" sai como pedido.',
              tags: 'unsentChoice',
              entry: 'armUnloadWarning',
              exit: 'disarmUnloadWarning',
              on: {
                LEAVE_CANCELLED: { target: 'choosingOptions', actions: 'forgetLeaving' },
                LEAVE_CONFIRMED: [
                  {
                    guard: 'isEndingSession',
                    ...endSession,
                    description: "'Encerrar sem enviar': a sessão é encerrada e a escolha, perdida.",
                  },
                  { ...leave, description: "'Sair sem enviar': volta à home do plano e a escolha é perdida." },
                ],
              },
            },
            generatingAcceptance: {
              description:
                'Envia a escolha: gera o documento de aceite (tipo 9, fl_tipo D no tipo 1 e I no tipo 2, fl_ciente da escolha). Só a resposta do servidor a torna registrada.',
              // Closing the tab now could cut the sending short: it still asks.
              entry: 'armUnloadWarning',
              exit: 'disarmUnloadWarning',
              invoke: {
                id: 'generateAcceptance',
                src: 'generateAcceptance',
                input: ({ context }) => ({
                  tipo: TIPO_PORTABILIDADE,
                  fl_ciente: context.choice === 'S' ? ('S' as const) : ('N' as const),
                  fl_tipo: acceptanceKind(context.tracking),
                  // A request in status 6 always has one; 0 makes the server refuse rather than guess.
                  cd_solicitacao: context.tracking?.cdSolicitacao ?? 0,
                  // The conditions this answer was given to: changed since, the server records nothing.
                  ...(context.tracking?.dsVersaoCondicoes ? { versao_condicoes: context.tracking.dsVersaoCondicoes } : {}),
                }),
                onDone: [
                  {
                    // 'ERRO' may mean the server already holds an answer (sent from another tab
                    // or device): the screen reads it back before saying the choice is unsent.
                    guard: { type: 'isAcceptanceRefused', params: ({ event }) => ({ answer: event.output }) },
                    target: 'checkingSend',
                    description:
                      "SPEC §8: a geração do aceite respondeu 'ERRO': aviso 'Erro ao gerar o documento'; a tela relê a solicitação, que pode já ter uma resposta registrada (de outra aba ou aparelho).",
                    actions: { type: 'notify', params: { level: 'error', message: TEXT.acceptanceError } },
                  },
                  {
                    guard: and(['isTypeOne', 'hasAgreed']),
                    target: '#tracking.avisoModal',
                    description: "SPEC §4: status 6, tipo 1 e de acordo: depois do aceite abre o 'avisoModal'.",
                    actions: { type: 'rememberAcceptanceLink', params: ({ event }) => ({ link: event.output }) },
                  },
                  {
                    // Declined, or type 2: the server now holds the answer; say so, and show its
                    // new state (the reload finds flConcordo set: the choice is locked as recorded).
                    target: '#tracking.loading',
                    description: 'SPEC §4: escolha registrada (não aceito, ou tipo 2): a tela recarrega e a escolha fica travada.',
                    actions: [
                      { type: 'rememberAcceptanceLink', params: ({ event }) => ({ link: event.output }) },
                      {
                        type: 'notify',
                        params: ({ context }) => ({
                          level: 'success',
                          message: acceptanceRecordedMessage(context.tracking, context.choice),
                        }),
                      },
                      {
                        type: 'announce',
                        params: ({ context }) => ({ message: acceptanceRecordedMessage(context.tracking, context.choice) }),
                      },
                    ],
                  },
                ],
                // No answer (the connection fell, the server did not answer): the choice may
                // have been recorded or not, and the screen says neither before it knows.
                onError: {
                  target: 'checkingSend',
                  actions: { type: 'notify', params: { level: 'error', message: TEXT.acceptanceError } },
                  description:
                    "SPEC §8: a geração do aceite falhou sem resposta: aviso 'Erro ao gerar o documento'; a tela relê a solicitação antes de dizer se a escolha foi registrada.",
                },
              },
            },
            checkingSend: {
              description:
                'O envio ficou sem resposta, ou o servidor o recusou: a escolha (ou outra, enviada de outra aba) pode estar registrada ou não. A tela relê a solicitação e só então diz: registrada, ou ainda não enviada. Opções e "Finalizar" esperam.',
              // Closing the tab now could leave a choice unsent: it still asks.
              entry: 'armUnloadWarning',
              exit: 'disarmUnloadWarning',
              invoke: {
                id: 'loadTrackingData',
                src: 'loadTrackingData',
                input: ({ context }) => ({ protocolo: context.protocolo }),
                onDone: [
                  {
                    guard: { type: 'isRecordedAnswerChanged', params: ({ event }) => ({ tracking: event.output }) },
                    target: '#tracking.loading',
                    description:
                      'O servidor tem registrada uma resposta que a tela não mostrava (a do envio cuja resposta se perdeu): a tela diz qual foi registrada e recarrega, com a escolha travada como registrada.',
                    actions: [
                      {
                        type: 'notify',
                        params: ({ event }) => ({
                          level: 'success',
                          message: acceptanceRecordedMessage(event.output, recordedChoice(event.output)),
                        }),
                      },
                      {
                        type: 'announce',
                        params: ({ event }) => ({ message: acceptanceRecordedMessage(event.output, recordedChoice(event.output)) }),
                      },
                    ],
                  },
                  {
                    guard: { type: 'areConditionsChanged', params: ({ event }) => ({ tracking: event.output }) },
                    target: '#tracking.loading',
                    description:
                      'A operadora mudou as condições depois de a tela mostrá-las: a escolha, dada às anteriores, não foi registrada e é desfeita; a tela diz isso e recarrega com as novas condições.',
                    actions: [
                      'clearChoice',
                      { type: 'notify', params: { level: 'warning', message: MESSAGES.conditionsChanged } },
                      { type: 'announce', params: { message: MESSAGES.conditionsChanged } },
                    ],
                  },
                  {
                    target: 'choosingOptions',
                    description:
                      'O servidor não tem a escolha: ela continua como rascunho não enviado (o painel diz isso) e "Finalizar" a envia de novo.',
                  },
                ],
                // Not even the read answered: nothing is said of the choice; 'Tentar novamente' reads again (the draft
                // is kept), and closing the tab still asks (found by a regression walk: the error screen let it go unasked).
                onError: {
                  target: '#tracking.failed',
                  actions: 'armUnloadWarning',
                  description:
                    'Nem a releitura respondeu: nada se diz da escolha, que fica guardada para "Tentar novamente"; fechar a aba ainda pergunta.',
                },
              },
            },
          },
        },
        accepted: {
          description:
            'Status 3, painel "Sua solicitação foi aceita": as condições da operadora, termos a assinar, ciência já dada (flConcordo) e "Finalizar".',
          initial: 'signing',
          states: {
            signing: {
              description:
                'Termos com "Abrir" (nova aba) e "Li e aceito": a caixa só se marca depois de o termo ser aberto (nesta visita, ou já lido segundo o servidor); marcá-la registra a assinatura.',
              on: {
                // Sign after reading (issue 25): opening comes first, and opening never signs.
                OPEN_TERM: [
                  {
                    guard: { type: 'canOpenUnreadTerm', params: ({ event }) => ({ cdFileDocumento: event.cdFileDocumento }) },
                    description: 'SPEC §2: um termo ainda não lido abre em nova aba e passa a poder ser assinado.',
                    actions: [
                      { type: 'openTerm', params: ({ context, event }) => ({ linkUrl: linkOf(context, event.cdFileDocumento) }) },
                      { type: 'markTermOpened', params: ({ event }) => ({ cdFileDocumento: event.cdFileDocumento }) },
                      {
                        type: 'announce',
                        params: ({ context, event }) => ({ message: READING.opened(nameOf(context, event.cdFileDocumento)) }),
                      },
                    ],
                  },
                  {
                    // Read already, or a link that is not http(s): the app opens it again, or
                    // refuses it (toast, log) and, unseen, it stays unread.
                    guard: { type: 'isKnownTerm', params: ({ event }) => ({ cdFileDocumento: event.cdFileDocumento }) },
                    description: 'Um termo já lido abre de novo em nova aba (abrir nunca assina).',
                    actions: {
                      type: 'openDocument',
                      params: ({ context, event }) => ({ linkUrl: linkOf(context, event.cdFileDocumento) }),
                    },
                  },
                ],
                SIGN_DOCUMENT: {
                  guard: { type: 'canSignDocument', params: ({ event }) => ({ cdFileDocumento: event.cdFileDocumento }) },
                  target: 'recordingSignature',
                  description:
                    'SPEC §2: marcar a caixa de um termo aberto e não assinado registra a assinatura; um termo assinado não se assina de novo.',
                  actions: { type: 'rememberSigning', params: ({ event }) => ({ cdFileDocumento: event.cdFileDocumento }) },
                },
                FINALIZE: [
                  {
                    // Not knowing the terms is not knowing them signed: no finalize, no false warning.
                    guard: 'areTermsUnread',
                    actions: { type: 'notify', params: { level: 'warning', message: MESSAGES.termsUnreadOnFinalize } },
                    description:
                      "Os termos a assinar não carregaram: não se finaliza sem saber se estão assinados; o aviso pede 'Carregar de novo'.",
                  },
                  {
                    guard: 'allDocumentsSigned',
                    target: 'finalizing',
                    description: "SPEC §4: status 3 com todos os documentos assinados: conclui a solicitação e abre o 'bemvindoModal'.",
                  },
                  {
                    actions: { type: 'notify', params: { level: 'warning', message: TEXT.unsignedDocuments } },
                    description: "SPEC §5/§8: documento sem assinatura: aviso 'Ainda há documento(s) que precisa(m) ser assinado(s).'",
                  },
                ],
              },
            },
            recordingSignature: {
              description: 'Registra a assinatura do termo (cdFileDocumento).',
              invoke: {
                id: 'recordSignature',
                src: 'recordSignature',
                input: ({ context }) => ({ cdFileDocumento: context.signing ?? 0 }),
                onDone: {
                  target: 'refreshingDocuments',
                  actions: [
                    {
                      type: 'announce',
                      params: ({ context }) => ({ message: MESSAGES.signatureRecorded(nameOf(context, context.signing)) }),
                    },
                    'markSigned',
                  ],
                },
                // Refused or unanswered: another tab may have signed it, or the request moved on
                // (the operator, a finalize elsewhere). The screen reads the server again.
                onError: {
                  target: '#tracking.loading',
                  actions: 'forgetSigning',
                  description:
                    'A assinatura foi recusada ou ficou sem resposta (o termo pode estar assinado por outra aba, ou a solicitação mudou): a tela relê a solicitação e mostra o que o servidor tem.',
                },
              },
            },
            refreshingDocuments: {
              description: 'Recarrega a tabela para mostrar a data da assinatura.',
              invoke: {
                id: 'loadAttachedDocuments',
                src: 'loadAttachedDocuments',
                input: ({ context }) => ({ protocolo: context.protocolo }),
                onDone: {
                  target: 'signing',
                  actions: { type: 'rememberAttachedDocuments', params: ({ event }) => ({ documents: event.output }) },
                },
                // The old table is still right apart from one date: keep it.
                onError: 'signing',
              },
            },
            finalizing: {
              description: 'Todos os termos assinados: conclui a solicitação (finaliza, tipo 9).',
              invoke: {
                id: 'finalizeRequest',
                src: 'finalizeRequest',
                input: ({ context }) => ({ tipo: TIPO_PORTABILIDADE, cd_solicitacao: context.tracking?.cdSolicitacao ?? 0 }),
                onDone: 'loadingOperatorName',
                // Refused (a term the screen did not list, a request finalized in another tab) or
                // unanswered: the screen reads the server again rather than keep a stale panel.
                onError: {
                  target: '#tracking.loading',
                  description:
                    'A finalização foi recusada ou ficou sem resposta (um termo por assinar, ou já finalizada em outra aba): a tela relê a solicitação e mostra o que o servidor tem.',
                },
              },
            },
            loadingOperatorName: {
              description: 'Busca o nome da operadora (chave 65) para as boas-vindas.',
              invoke: {
                id: 'loadOperatorName',
                src: 'loadOperatorName',
                input: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }),
                onDone: {
                  target: '#tracking.bemvindoModal',
                  actions: { type: 'rememberOperatorName', params: ({ event }) => ({ name: event.output }) },
                },
                // The contract is active all the same: welcome without the name.
                onError: '#tracking.bemvindoModal',
              },
            },
          },
        },
      },
    },
    withdrawal: {
      description:
        'Desistência (status 1 e 2): a confirmação diz o que significa, e só a resposta do servidor a torna feita; o painel da análise continua atrás.',
      initial: 'confirming',
      states: {
        confirming: {
          description:
            'Modal "Desistir desta solicitação?": a solicitação é cancelada a seu pedido, não se desfaz, e pode-se fazer uma nova. "Sim, desistir" envia; "Voltar" (ou Esc) volta ao painel sem enviar nada.',
          on: {
            WITHDRAW_CONFIRMED: 'withdrawing',
            WITHDRAW_CANCELLED: '#tracking.ready',
          },
        },
        withdrawing: {
          description: 'Envia a desistência (portabilidade/desistencia, pelo protocolo); a tela nada diz de feito antes da resposta.',
          invoke: {
            id: 'withdrawRequest',
            src: 'withdrawRequest',
            input: ({ context }) => ({ protocolo: context.protocolo }),
            onDone: {
              // The server holds it: say so, and show its new state (the reload finds status 5 by the holder).
              target: '#tracking.loading',
              actions: [
                { type: 'notify', params: { level: 'success', message: WITHDRAWAL.done } },
                { type: 'announce', params: { message: WITHDRAWAL.done } },
              ],
            },
            // Refused or unanswered (the global handler said why): it may have arrived all the
            // same (an answer lost on the way back), so the screen reads the server again.
            onError: {
              target: '#tracking.loading',
              description:
                'A desistência foi recusada ou ficou sem resposta (pode ter chegado mesmo assim): a tela relê a solicitação e mostra o que o servidor tem.',
            },
          },
        },
      },
    },
    avisoModal: {
      description: 'Modal "Você está quase lá" (não fecha por Esc nem pelo fundo): "Minha Portabilidade" leva à home em modo acompanhar.',
      on: {
        CLOSE_MODAL: {
          target: 'exited',
          actions: [
            'clearTrackingSession',
            { type: 'navigateHome', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) },
          ],
        },
      },
    },
    bemvindoModal: {
      description:
        'Modal "Seja bem-vindo à {operadora}!" com "Seu contrato está ativo e apto para utilização.", a data para cancelar o plano anterior (ou que ainda não foi informada) e "OK".',
      on: {
        CLOSE_MODAL: {
          target: 'exited',
          actions: [
            'clearTrackingSession',
            { type: 'navigateHome', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) },
          ],
        },
      },
    },
    exited: {
      description: 'A tela foi deixada (home do plano).',
      type: 'final',
    },
  },
});

export type TrackingMachine = typeof trackingMachine;
