/**
 * The new-request wizard (SPEC §2 "nova-solicitacao", §4 "Wizard" and "Submit sequence",
 * §5 steps 1–5). Five steps; NEXT validates the step with its schema (steps 4 and 5 always
 * pass), PREVIOUS never validates; NEXT on step 5 runs the submit sequence: save → upload
 * each document → acceptance document → clear the stored protocol → protocol modal.
 *
 * Pure: network calls are placeholder actors, navigation/storage/focus/file bytes placeholder
 * actions, all named in machines/wizard.setup.ts; the app provides them (src/flows/wizard/),
 * tests provide fakes. This file is the chart.
 */
import { and, not, or } from 'xstate';
import { ACCEPTANCE_ERROR_MESSAGE } from '../contract/rules';
import { pendingUploads } from './attachments';
import { DEFAULT_CD_EMPRESA_PLANO, toPortabilityPayload } from './wizard.payload';
import { firstInvalidField } from './wizard.schemas';
import { EMPTY_FORM, PERSIST_TAG, focusFirstInvalidDependentField, trackingHandOver, wizardSetup } from './wizard.setup';

export { EMPTY_FORM, PERSIST_TAG };

export const wizardMachine = wizardSetup.createMachine({
  id: 'wizard',
  description: 'Nova Solicitação: assistente de cinco etapas e envio da solicitação de portabilidade.',
  context: ({ input }) => ({
    protocoloAns: input.protocoloAns,
    cdEmpresaPlano: input.cdEmpresaPlano || DEFAULT_CD_EMPRESA_PLANO,
    today: input.today,
    form: { ...EMPTY_FORM, ...input.form },
    attempted: { dadosPessoais: false, planoOrigem: false, planoDestino: false, dependentes: false, documentos: false },
    dependents: [],
    draft: null,
    draftAttempted: false,
    destinationLookup: null,
    cepLookup: null,
    cepFilled: {},
    contractTypes: [],
    documentTypes: [],
    documentType: '',
    attachments: [],
    fileAlert: null,
    refusedSinceNext: false,
    preparing: null,
    pageHidden: false,
    lostAttachments: [],
    previewId: null,
    idempotencyKey: null,
    keyedPayload: null,
    saved: null,
    acceptanceLink: null,
    leaveVia: null,
    keepOnDevice: false,
    returnToReview: false,
  }),
  initial: 'editing',
  // The app says when the page is hidden or shown again (visibilitychange): an upload that
  // fails while it is hidden is sent again once it is visible (issue 27).
  on: {
    PAGE_HIDDEN: { actions: 'notePageHidden' },
    PAGE_VISIBLE: { actions: 'notePageVisible' },
  },
  states: {
    editing: {
      description: 'A pessoa preenche a solicitação, um passo de cada vez.',
      tags: [PERSIST_TAG],
      initial: 'dadosPessoais',
      on: {
        // Once the request is saved, the data sent is final: only the documents may still change.
        FIELD_CHANGED: {
          guard: 'isNotSaved',
          actions: 'setField',
          description:
            'Um campo muda enquanto a solicitação não foi gravada; depois que a solicitação foi gravada, os dados enviados não mudam mais.',
        },
        NO_CPF_TOGGLED: {
          guard: 'isNotSaved',
          actions: 'setNoCpf',
          description: "SPEC §5: 'Beneficiário não possui CPF' desabilita e limpa o CPF e tira sua obrigatoriedade (só antes de gravar).",
        },
        EMAIL_REPLIES_TOGGLED: {
          guard: 'isNotSaved',
          actions: 'setEmailReplies',
          description: 'SPEC §3: fl_aceita_email, a escolha de respostas por e-mail (só antes de gravar).',
        },
        SMS_REPLIES_TOGGLED: {
          guard: 'isNotSaved',
          actions: 'setSmsReplies',
          description: 'A escolha de respostas por SMS (só antes de gravar).',
        },
        // Issue 27 item 4: the holder's choice to keep the draft on this device (the app stores it).
        KEEP_ON_DEVICE_TOGGLED: { actions: 'setKeepOnDevice' },
        // Issue 27 item 3: the browser's Back on step 1 or a menu item; with data typed, ask first.
        LEAVE_REQUESTED: [
          {
            guard: 'hasTypedData',
            target: '#wizard.leaveConfirm',
            actions: 'noteLeaveVia',
            description: 'Sair com dados digitados pede confirmação antes.',
          },
          {
            description: 'Sem nada digitado, sai direto.',
            target: '#wizard.left',
            actions: { type: 'leaveWizard', params: ({ context, event }) => ({ via: event.via, cdEmpresaPlano: context.cdEmpresaPlano }) },
          },
        ],
      },
      states: {
        resumed: {
          type: 'history',
          history: 'deep',
          description: 'O passo (e o ponto dentro dele) em que a pessoa estava antes da pergunta se quer sair.',
        },
        dadosPessoais: {
          description: 'Passo 1, Dados Pessoais: identificação, contatos e endereço; um CEP completo preenche o endereço.',
          initial: 'idle',
          on: {
            // Other fields go to the wizard's FIELD_CHANGED; a CEP of 8 digits is looked up at once.
            FIELD_CHANGED: [
              {
                guard: and(['isNotSaved', 'isCompleteCep']),
                target: '.lookingUpCep',
                reenter: true,
                actions: 'setCep',
                description: 'Um CEP de 8 dígitos é consultado na hora para preencher o endereço.',
              },
              {
                guard: and(['isNotSaved', 'isCepChange']),
                target: '.idle',
                actions: 'setCep',
                description: 'Um CEP incompleto: nada a consultar (a consulta anterior é esquecida).',
              },
            ],
            NEXT: [
              // Corrected from the review (issue 27 item 7): back to it.
              {
                guard: and([{ type: 'stepIsValid', params: { step: 'dadosPessoais' as const } }, 'isEditingFromReview']),
                target: '#wizard.editing.documentos.reviewing',
                description: 'Corrigindo a partir da conferência (issue 27): passo válido volta a ela.',
              },
              {
                guard: { type: 'stepIsValid', params: { step: 'dadosPessoais' } },
                target: 'planoOrigem',
                description: "SPEC §4/§5: 'Próximo' valida o passo 1; válido, segue para o passo 2.",
              },
              {
                description:
                  'SPEC §5: passo 1 inválido: as mensagens aparecem (só depois desta tentativa) e o foco vai ao primeiro campo errado.',
                actions: [
                  { type: 'markAttempted', params: { step: 'dadosPessoais' } },
                  {
                    type: 'focusField',
                    params: ({ context }) => ({
                      scope: 'form' as const,
                      field: firstInvalidField('dadosPessoais', context.form, context.today) ?? '',
                    }),
                  },
                ],
              },
            ],
          },
          states: {
            idle: {
              description: 'Passo 1 como digitado; sob o CEP, o resultado da última consulta.',
            },
            lookingUpCep: {
              description: 'Consultando o CEP; os campos continuam editáveis e a pessoa pode seguir.',
              invoke: {
                id: 'cepAddress',
                src: 'cepAddress',
                input: ({ context }) => ({ cep: context.form.cd_cep }),
                onDone: [
                  {
                    guard: { type: 'cepWasFound', params: ({ event }) => ({ address: event.output }) },
                    target: 'idle',
                    description: 'CEP encontrado: o endereço é preenchido.',
                    actions: { type: 'fillAddressFromCep', params: ({ event }) => ({ address: event.output! }) },
                  },
                  { target: 'idle', actions: 'noteCepUnknown', description: 'CEP não encontrado: o endereço fica para digitar.' },
                ],
                onError: { target: 'idle', actions: 'noteCepLookupFailed' },
              },
            },
          },
        },
        planoOrigem: {
          description: 'Passo 2, Dados do Plano de Origem: o plano que o beneficiário deixa.',
          on: {
            PREVIOUS: { target: 'dadosPessoais' },
            NEXT: [
              // Corrected from the review (issue 27 item 7): back to it.
              {
                guard: and([{ type: 'stepIsValid', params: { step: 'planoOrigem' as const } }, 'isEditingFromReview']),
                target: '#wizard.editing.documentos.reviewing',
                description: 'Corrigindo a partir da conferência (issue 27): passo válido volta a ela.',
              },
              {
                guard: { type: 'stepIsValid', params: { step: 'planoOrigem' } },
                target: 'planoDestino',
                description: "SPEC §4/§5: 'Próximo' valida o passo 2; válido, segue para o passo 3.",
              },
              {
                description: 'SPEC §5: passo 2 inválido: as mensagens aparecem e o foco vai ao primeiro campo errado.',
                actions: [
                  { type: 'markAttempted', params: { step: 'planoOrigem' } },
                  {
                    type: 'focusField',
                    params: ({ context }) => ({
                      scope: 'form' as const,
                      field: firstInvalidField('planoOrigem', context.form, context.today) ?? '',
                    }),
                  },
                ],
              },
            ],
          },
        },
        planoDestino: {
          description:
            'Passo 3, Dados do Plano de Destino: um plano escolhido na lista ou seu registro digitado (o nome do plano é consultado), titularidade e tipo de contratação.',
          invoke: {
            id: 'contractTypes',
            src: 'contractTypes',
            input: () => undefined,
            onDone: { actions: { type: 'storeContractTypes', params: ({ event }) => ({ options: event.output }) } },
            // The caller gets an empty result (SPEC §8): the select stays empty, the user may come back.
            onError: { actions: { type: 'storeContractTypes', params: () => ({ options: [] }) } },
          },
          initial: 'idle',
          on: {
            PREVIOUS: { target: 'planoOrigem' },
            NEXT: [
              // Corrected from the review (issue 27 item 7): back to it.
              {
                guard: and([{ type: 'stepIsValid', params: { step: 'planoDestino' as const } }, 'isEditingFromReview']),
                target: '#wizard.editing.documentos.reviewing',
                description: 'Corrigindo a partir da conferência (issue 27): passo válido volta a ela.',
              },
              {
                guard: { type: 'stepIsValid', params: { step: 'planoDestino' } },
                target: 'dependentes',
                description: "SPEC §4/§5: 'Próximo' valida o passo 3; válido, segue para o passo 4.",
              },
              {
                description: 'SPEC §5: passo 3 inválido: as mensagens aparecem e o foco vai ao primeiro campo errado.',
                actions: [
                  { type: 'markAttempted', params: { step: 'planoDestino' } },
                  {
                    type: 'focusField',
                    params: ({ context }) => ({
                      scope: 'form' as const,
                      field: firstInvalidField('planoDestino', context.form, context.today) ?? '',
                    }),
                  },
                ],
              },
            ],
            DESTINATION_REGISTRY_CHANGED: [
              {
                guard: and(['isNotSaved', 'isLookupableRegistry']),
                target: '.debouncing',
                description: 'SPEC §5: o registro ANS de destino mudou: o nome do plano é consultado (depois de uma pausa na digitação).',
                reenter: true,
                actions: 'setDestinationRegistry',
              },
              // Blank (or not digits): nothing to look up, the plan name is cleared.
              {
                guard: 'isNotSaved',
                target: '.idle',
                actions: 'setDestinationRegistry',
                description: 'SPEC §5: registro vazio ou inválido: nada a consultar, o nome do plano é limpo.',
              },
            ],
            // Issue 27 item 5: a plan picked from the operator's list brings its registry and name; nothing to look up.
            DESTINATION_PLAN_CHOSEN: {
              guard: 'isNotSaved',
              target: '.idle',
              actions: 'setDestinationPlan',
              description: 'Plano escolhido na lista da operadora: registro e nome juntos, nada a consultar.',
            },
            // Once saved, the data sent is final (as for every field): the view's disabled select is not the rule.
            CONTRACT_TYPE_CHOSEN: [
              {
                // No target: a plan lookup waiting for a pause in the typing, or on its way, goes on.
                guard: and(['isNotSaved', 'isAcceptedContractType']),
                actions: 'setContractType',
                description:
                  'SPEC §5/§9: só o tipo de contratação 3 (individual) é aceito (só antes de gravar); a consulta do plano em curso continua.',
              },
              {
                guard: 'isNotSaved',
                target: '.hrModal',
                actions: 'clearContractType',
                description: 'SPEC §5/§8: outro tipo de contratação abre o modal do RH e limpa o campo (só antes de gravar).',
              },
            ],
          },
          states: {
            idle: {
              description: 'Passo 3 como digitado; o nome do plano mostra o que a última consulta encontrou.',
            },
            debouncing: {
              description: 'O registro está sendo digitado: a consulta espera uma pausa.',
              after: { lookupDebounce: { target: 'lookingUp' } },
            },
            lookingUp: {
              description: 'Consultando o registro do plano de destino para preencher o nome do plano.',
              invoke: {
                id: 'destinationPlan',
                src: 'destinationPlan',
                input: ({ context }) => ({ registroAns: context.form.nu_ans_plano_destino }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setDestinationPlanName', params: ({ event }) => ({ name: event.output }) },
                },
                onError: { target: 'idle', actions: 'clearDestinationPlanName' },
              },
            },
            hrModal: {
              description: "Modal 'Prezado Cliente': contrato coletivo é tratado pelo RH da empresa; OK volta à home.",
              on: {
                HR_MODAL_CONFIRMED: {
                  target: 'idle',
                  actions: { type: 'goHome', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) },
                },
              },
            },
          },
        },
        dependentes: {
          description: 'Passo 4, Dependentes: as linhas confirmadas ficam travadas; só a última é editável.',
          // Leaving the step confirms a valid row and drops a blank one (SPEC §2); a row with
          // data that is not valid yet is kept open (issue 13: never dropped silently).
          exit: 'settleDependentDraft',
          initial: 'listing',
          on: {
            PREVIOUS: { target: 'planoDestino' },
            NEXT: [
              // The row's data would be lost or sent wrong: show its messages, stay.
              {
                guard: 'draftNeedsFixing',
                actions: ['markDraftAttempted', focusFirstInvalidDependentField],
                description: 'Uma linha com dados ainda inválidos seria perdida: mostra as mensagens e fica no passo 4.',
              },
              {
                guard: 'isEditingFromReview',
                target: '#wizard.editing.documentos.reviewing',
                description: "Corrigindo a partir da conferência (issue 27): 'Próximo' volta a ela.",
              },
              { target: 'documentos', description: "SPEC §4: o passo 4 sempre passa; 'Próximo' segue para o passo 5." },
            ],
            DEPENDENT_REMOVE: {
              guard: 'isNotSaved',
              actions: 'removeDependent',
              description: 'SPEC §2: as linhas confirmadas mostram o botão de remover (só antes de gravar).',
            },
          },
          states: {
            listing: {
              description: 'Os dependentes confirmados, cada um com o botão de remover, e o botão de adicionar.',
              // Back on the step with a row kept open: it is shown open again.
              always: {
                guard: 'hasDraft',
                target: 'editingRow',
                description: 'De volta ao passo com uma linha aberta: ela aparece aberta de novo.',
              },
              on: {
                DEPENDENT_ADD: {
                  guard: and(['isNotSaved', 'hasRoomForDependent']),
                  target: 'editingRow',
                  actions: 'openDependentDraft',
                  description: 'SPEC §2: adicionar abre uma linha em branco em edição, até 20 dependentes (o limite do servidor).',
                },
              },
            },
            editingRow: {
              description: "Uma linha em branco em edição; 'Adicionar' só a confirma quando válida.",
              on: {
                DEPENDENT_CHANGED: { actions: 'setDependentField' },
                DEPENDENT_CONFIRM: [
                  {
                    guard: 'draftIsValid',
                    target: 'listing',
                    actions: 'confirmDependentDraft',
                    description: "SPEC §2/§5: 'Adicionar' confirma a linha válida, que fica travada.",
                  },
                  {
                    actions: ['markDraftAttempted', focusFirstInvalidDependentField],
                    description: 'SPEC §5: linha inválida: as mensagens do dependente aparecem.',
                  },
                ],
                DEPENDENT_DISCARD: { target: 'listing', actions: 'discardDependentDraft' },
              },
            },
          },
        },
        documentos: {
          description: 'Passo 5, Documentos: escolher o tipo de documento e então anexar, visualizar ou remover arquivos.',
          invoke: {
            id: 'documentTypes',
            src: 'documentTypes',
            input: () => undefined,
            onDone: { actions: { type: 'storeDocumentTypes', params: ({ event }) => ({ options: event.output }) } },
            onError: { actions: { type: 'storeDocumentTypes', params: () => ({ options: [] }) } },
          },
          initial: 'idle',
          on: {
            // A photo being prepared is not listed yet: the step waits for it (nothing is lost).
            PREVIOUS: {
              guard: 'isNotPreparingFile',
              target: 'dependentes',
              description: "SPEC §4: 'Anterior' nunca valida; espera só a foto em preparo.",
            },
            NEXT: [
              // Once saved, what was reviewed is final: 'Próximo' goes on with the rest of the sequence.
              {
                guard: and(['isNotPreparingFile', 'isSavedWithPendingUploads']),
                target: '#wizard.submitting.uploading',
                description:
                  'SPEC §4: já gravada e com documento não enviado: retoma o envio dos documentos; um arquivo já recusado fica de fora.',
                actions: ['clearFileAlert', 'goOnWithoutRefused'],
              },
              {
                guard: and(['isNotPreparingFile', 'isSaved']),
                target: '#wizard.submitting.generatingAcceptance',
                description: 'SPEC §4: já gravada e com tudo enviado: retoma na geração do aceite.',
                actions: 'clearFileAlert',
              },
              // Issue 14: nothing is sent before a review, and no documents only after a warning.
              {
                guard: and(['isNotPreparingFile', 'hasNoAttachments']),
                target: '.noDocumentsWarning',
                description: 'Sem documentos anexados: um aviso antes da revisão.',
              },
              {
                guard: 'isNotPreparingFile',
                target: '.reviewing',
                description: 'SPEC §4: antes de enviar, a revisão do que será enviado.',
              },
            ],
            DOCUMENT_TYPE_CHOSEN: { actions: 'chooseDocumentType' },
            FILE_CHOSEN: [
              // The attach button is disabled until a type is chosen and while a photo is
              // prepared; a stray file is let go.
              {
                guard: or(['hasNoDocumentType', not('isNotPreparingFile')]),
                actions: { type: 'releaseFile', params: ({ event }) => ({ id: event.file.id }) },
                description: 'SPEC §2: sem tipo de documento escolhido (ou com uma foto em preparo) não se anexa: o arquivo é descartado.',
              },
              // Before any preparing: a photo already listed is not shrunk again for nothing.
              {
                guard: 'isFileAlreadyListed',
                actions: ['rejectListedFile', { type: 'releaseFile', params: ({ event }) => ({ id: event.file.id }) }],
                description:
                  "O mesmo arquivo (nome e tamanho) já está na lista com este tipo de documento: não entra duas vezes, e o alerta diz com que tipo ele já está ('O arquivo … já está na lista como …').",
              },
              // A large photo is shrunk, an iPhone photo (HEIC) decoded, before it is listed (issue 27).
              {
                guard: 'needsPreparing',
                target: '.preparing',
                actions: 'holdChosenFile',
                description: 'Uma foto grande é reduzida, uma foto HEIC convertida, antes de entrar na lista (se a lista ainda tem lugar).',
              },
              {
                guard: 'fileIsAcceptable',
                actions: 'addAttachment',
                description:
                  'SPEC §5/§9: arquivo não vazio e de até 10485760 bytes, com a lista abaixo de 30 (o limite do servidor): entra na lista.',
              },
              {
                actions: ['rejectFile', { type: 'releaseFile', params: ({ event }) => ({ id: event.file.id }) }],
                description:
                  "SPEC §5/§8: arquivo vazio ou acima de 10MB, ou a lista já com 30: recusado com o alerta ('O arquivo está vazio…' / 'O arquivo excede…' / 'Limite de 30 documentos…').",
              },
            ],
            // A reload that lost files shows the step with its alert, whatever was open.
            ATTACHMENTS_LOST: { target: '.idle', actions: 'dropLostAttachments' },
          },
          states: {
            idle: {
              description: 'A lista de anexos com a escolha do tipo e o botão de anexar.',
              on: {
                ATTACHMENT_PREVIEW: { target: 'previewing', actions: 'openPreview' },
                ATTACHMENT_REMOVE: {
                  guard: 'isPendingAttachment',
                  description: 'SPEC §2: um anexo ainda não enviado pode ser removido.',
                  actions: [{ type: 'releaseFile', params: ({ event }) => ({ id: event.id }) }, 'removeAttachment'],
                },
              },
            },
            preparing: {
              description:
                "Uma foto escolhida é preparada para envio no navegador: foto de iPhone (HEIC) convertida em JPEG, foto acima de 1 MB redesenhada em 2.000 px como JPEG; listada com os tamanhos antes e depois, ou recusada dizendo como enviá-la; 'Cancelar' a deixa de lado.",
              invoke: {
                id: 'prepareFile',
                src: 'prepareFile',
                input: ({ context }) => ({ file: context.preparing! }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'addPreparedAttachment', params: ({ event }) => ({ prepared: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'releaseFile', params: ({ context }) => ({ id: context.preparing?.id ?? '' }) },
                    { type: 'rejectUnpreparedFile', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
              on: {
                // A cheap phone may take long (the iPhone decoder alone is megabytes to download):
                // the person may give up on this photo; leaving the state stops the work.
                PREPARATION_CANCELLED: {
                  target: 'idle',
                  actions: [{ type: 'releaseFile', params: ({ context }) => ({ id: context.preparing?.id ?? '' }) }, 'dropPreparingFile'],
                  description: "'Cancelar' deixa de lado a foto em preparo: ela não entra na lista e nada dela é enviado.",
                },
              },
            },
            awaitingVisibility: {
              description:
                'Um arquivo não saiu enquanto a página estava oculta (tela bloqueada, outro app na frente): é enviado de novo sozinho assim que a página volta a ficar visível.',
              on: {
                PAGE_VISIBLE: { target: '#wizard.submitting.uploading', actions: ['notePageVisible', 'clearFileAlert'] },
              },
            },
            previewing: {
              description: 'Uma imagem ou PDF anexado mostrado em visualização.',
              on: { PREVIEW_CLOSED: { target: 'idle', actions: 'closePreview' } },
            },
            noDocumentsWarning: {
              description:
                "Modal 'Nenhum documento anexado': os documentos que a operadora pede (RN 438); 'Anexar documentos' volta, 'Continuar sem documentos' segue para a conferência.",
              on: { DOCUMENTS_SKIPPED: { target: 'reviewing' }, NO_DOCUMENTS_CANCELLED: { target: 'idle' } },
            },
            reviewing: {
              description:
                "Modal 'Confira sua solicitação': todos os dados do titular, os planos, os dependentes e os documentos a enviar, cada seção com 'Alterar'; 'Enviar solicitação' envia, 'Voltar e corrigir' volta.",
              // Back on the review: the steps' 'Próximo' goes on as usual again.
              entry: 'forgetReviewReturn',
              on: {
                SUBMIT_CONFIRMED: {
                  target: '#wizard.submitting.saving',
                  actions: { type: 'keyTheRequest', params: ({ event }) => ({ freshKey: event.idempotencyKey }) },
                },
                REVIEW_CANCELLED: { target: 'idle' },
                // Issue 27 item 7: 'Alterar' opens that section's step; its 'Próximo' comes back here.
                REVIEW_EDIT_REQUESTED: [
                  {
                    guard: { type: 'isReviewSection', params: { step: 'dadosPessoais' } },
                    target: '#wizard.editing.dadosPessoais',
                    actions: 'rememberReviewReturn',
                    description: "'Alterar' na conferência (issue 27): abre o passo 1; o próximo 'Próximo' válido volta à conferência.",
                  },
                  {
                    guard: { type: 'isReviewSection', params: { step: 'planoOrigem' } },
                    target: '#wizard.editing.planoOrigem',
                    actions: 'rememberReviewReturn',
                    description: "'Alterar' na conferência (issue 27): abre o passo 2; o próximo 'Próximo' válido volta à conferência.",
                  },
                  {
                    guard: { type: 'isReviewSection', params: { step: 'planoDestino' } },
                    target: '#wizard.editing.planoDestino',
                    actions: 'rememberReviewReturn',
                    description: "'Alterar' na conferência (issue 27): abre o passo 3; o próximo 'Próximo' válido volta à conferência.",
                  },
                  {
                    guard: { type: 'isReviewSection', params: { step: 'dependentes' } },
                    target: '#wizard.editing.dependentes',
                    actions: 'rememberReviewReturn',
                    description: "'Alterar' na conferência (issue 27): abre o passo 4; o próximo 'Próximo' válido volta à conferência.",
                  },
                  {
                    target: 'idle',
                    actions: 'rememberReviewReturn',
                    description: "'Alterar' dos documentos (issue 27): volta ao passo 5; o próximo 'Próximo' volta à conferência.",
                  },
                ],
              },
            },
            duplicateWarning: {
              description:
                "Modal 'Você já tem uma solicitação em andamento' (issue 27 item 6): o servidor tem uma solicitação aberta para este CPF e protocolo ANS; 'Acompanhar minha solicitação' abre o acompanhamento da home (sem entregar protocolo), 'Voltar' retorna ao passo com tudo mantido.",
              on: {
                DUPLICATE_TRACK: {
                  target: '#wizard.left',
                  actions: { type: 'goTrackMode', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) },
                },
                DUPLICATE_BACK: { target: 'idle' },
              },
            },
          },
        },
      },
    },
    submitting: {
      description:
        "Enviando a solicitação: todos os botões ficam desabilitados e um segundo clique não envia nada; a tela diz 'mantenha esta tela aberta' e é mantida acesa.",
      tags: [PERSIST_TAG],
      entry: 'keepScreenAwake',
      exit: 'letScreenSleep',
      initial: 'saving',
      states: {
        saving: {
          description: "Gravando a solicitação, com a chave de idempotência trazida pelo 'Enviar solicitação' da primeira tentativa.",
          invoke: {
            id: 'saveRequest',
            src: 'saveRequest',
            input: ({ context }) => ({
              payload: toPortabilityPayload(context),
              idempotencyKey: context.idempotencyKey ?? '',
            }),
            onDone: [
              {
                guard: 'hasPendingUploads',
                target: 'uploading',
                description: 'SPEC §4: gravada a solicitação, envia cada documento anexado com o protocolo devolvido.',
                actions: { type: 'storeSaveResult', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: 'generatingAcceptance',
                actions: { type: 'storeSaveResult', params: ({ event }) => ({ result: event.output }) },
                description: 'SPEC §4: gravada a solicitação sem documentos a enviar: gera o documento de aceite.',
              },
            ],
            onError: [
              // Issue 27 item 6: an open request for this CPF and ANS protocol already exists.
              {
                guard: { type: 'isOpenRequestDuplicate', params: ({ event }) => ({ error: event.error }) },
                target: '#wizard.editing.documentos.duplicateWarning',
                actions: 'forgetIdempotencyKey',
                description:
                  'Já existe uma solicitação em andamento para este CPF e protocolo ANS (issue 27): o aviso oferece acompanhá-la, sem mostrar o protocolo.',
              },
              // Errors on submitting are not shown beyond the global handler (SPEC §8): back on step 5, intact.
              {
                target: '#wizard.editing.documentos',
                description: 'SPEC §8: outro erro ao gravar aparece só pelo tratamento global; volta ao passo 5 com tudo preservado.',
              },
            ],
          },
        },
        uploading: {
          description: 'Enviando os documentos anexados, um a um, com o protocolo devolvido.',
          invoke: {
            id: 'uploadDocument',
            src: 'uploadDocument',
            input: ({ context }) => {
              const attachment = pendingUploads(context.attachments)[0]!;
              return {
                attachment,
                nuProtocolo: context.saved?.nuProtocolo ?? '',
                idempotencyKey: `${context.idempotencyKey ?? ''}:${attachment.id}`,
              };
            },
            onDone: [
              {
                guard: 'hasMorePendingUploads',
                target: 'uploading',
                reenter: true,
                actions: 'markNextUploaded',
                description: 'SPEC §4: um documento enviado; ainda há outros: envia o próximo.',
              },
              // A file refused on the way is not given up for the person: step 5 names it and
              // why; they attach another, or 'Próximo' concludes without it. Once they went on
              // from it, one 'Próximo' is enough.
              {
                guard: 'hasRefusalSinceNext',
                target: '#wizard.editing.documentos',
                actions: 'markNextUploaded',
                description:
                  "O último documento a enviar foi enviado, mas o servidor recusou um arquivo neste envio: de volta ao passo 5, que diz qual e por quê; anexar outro, ou 'Próximo' conclui sem ele.",
              },
              {
                target: 'generatingAcceptance',
                actions: 'markNextUploaded',
                description: 'SPEC §4: o último documento foi enviado: gera o aceite.',
              },
            ],
            onError: [
              // A refusal judges the file, not the link: it is not sent again, and the files
              // after it go out at once (found by a regression walk: one refused file kept the
              // others unsent until a click).
              {
                guard: { type: 'isFileRefusedWithMoreToSend', params: ({ event }) => ({ error: event.error }) },
                target: 'uploading',
                reenter: true,
                actions: 'noteRefusedUpload',
                description: 'O servidor recusou este arquivo e há outros a enviar: ele fica de fora, com o motivo, e o próximo é enviado.',
              },
              {
                guard: { type: 'isFileRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#wizard.editing.documentos',
                actions: 'noteRefusedUpload',
                description:
                  "O servidor recusou o último arquivo a enviar: de volta ao passo 5, que diz qual e por quê; anexar outro, ou 'Próximo' conclui sem ele.",
              },
              {
                guard: 'pageIsHidden',
                target: '#wizard.editing.documentos.awaitingVisibility',
                description: 'O envio falhou com a página escondida: espera a pessoa voltar à página.',
              },
              // Back on step 5: the banner says a file was not sent and 'Próximo' sends it again.
              {
                target: '#wizard.editing.documentos',
                description: "SPEC §8: o envio falhou: de volta ao passo 5, intacto; 'Próximo' envia de novo.",
              },
            ],
          },
        },
        generatingAcceptance: {
          description: 'Gerando o documento de aceite (aceite, fl_tipo N).',
          invoke: {
            id: 'acceptance',
            src: 'acceptance',
            input: ({ context }) => ({
              cdSolicitacao: context.saved?.cdSolicitacao ?? 0,
              idempotencyKey: `${context.idempotencyKey ?? ''}:aceite`,
              token: context.saved?.token,
            }),
            // The request is filed either way: the protocol is shown; a toast says when the document failed.
            onDone: [
              {
                guard: { type: 'isAcceptanceRefused', params: ({ event }) => ({ answer: event.output }) },
                target: '#wizard.protocolModal',
                actions: { type: 'notify', params: { level: 'error', message: ACCEPTANCE_ERROR_MESSAGE } },
                description:
                  "SPEC §8: a geração do aceite respondeu 'ERRO': aviso 'Erro ao gerar o documento'; o protocolo é mostrado sem o documento.",
              },
              {
                target: '#wizard.protocolModal',
                actions: { type: 'storeAcceptanceLink', params: ({ event }) => ({ link: event.output }) },
                description: 'SPEC §4: o documento de aceite foi gerado: o OK do protocolo o abre.',
              },
            ],
            onError: {
              target: '#wizard.protocolModal',
              actions: { type: 'notify', params: { level: 'error', message: ACCEPTANCE_ERROR_MESSAGE } },
              description:
                "SPEC §8: a geração do aceite falhou: aviso 'Erro ao gerar o documento'; o protocolo é mostrado sem o documento.",
            },
          },
        },
      },
    },
    protocolModal: {
      description:
        "Modal 'O número do protocolo da sua solicitação é' com o protocolo, 'Copiar' e 'Imprimir/Salvar PDF'; OK abre o documento de aceite e a home no modo acompanhar com o protocolo digitado.",
      // The protocol is shown only here: handed to home's track mode at once, so a reload (or a
      // phone discarding the tab) lands there with it instead of losing it (found by an exploratory run).
      entry: [
        'clearStoredProtocol',
        'clearSavedWork',
        { type: 'keepProtocolForTracking', params: ({ context }) => trackingHandOver(context) },
      ],
      on: {
        PROTOCOL_MODAL_CONFIRMED: [
          {
            guard: 'hasAcceptanceLink',
            target: 'finished',
            description: 'SPEC §2: OK abre o documento de aceite em nova aba e volta à home do plano.',
            actions: [
              { type: 'openAcceptanceLink', params: ({ context }) => ({ link: context.acceptanceLink ?? '' }) },
              { type: 'endFilingSession', params: ({ context }) => ({ token: context.saved?.token ?? null }) },
              { type: 'goTrackProtocol', params: ({ context }) => trackingHandOver(context) },
            ],
          },
          {
            target: 'finished',
            actions: [
              { type: 'endFilingSession', params: ({ context }) => ({ token: context.saved?.token ?? null }) },
              { type: 'goTrackProtocol', params: ({ context }) => trackingHandOver(context) },
            ],
            description: 'SPEC §2: sem documento de aceite (a geração falhou), OK só volta à home do plano.',
          },
        ],
      },
    },
    finished: {
      description: 'A solicitação está registrada e a pessoa voltou à home.',
      type: 'final',
    },
    leaveConfirm: {
      description:
        "Modal 'Sair da solicitação?': o que foi digitado fica guardado onde o rascunho é guardado; 'Sair' sai, 'Sair e apagar os dados' sai sem deixar nada neste navegador (rascunho, arquivos, protocolo), 'Continuar preenchendo' volta ao passo.",
      on: {
        LEAVE_CONFIRMED: {
          target: 'left',
          actions: {
            type: 'leaveWizard',
            params: ({ context }) => ({ via: context.leaveVia ?? 'menu', cdEmpresaPlano: context.cdEmpresaPlano }),
          },
        },
        // A shared phone: nothing of this request stays behind (draft, files, the stored protocol).
        LEAVE_DISCARDED: {
          target: 'left',
          actions: [
            'discardRequestHere',
            {
              type: 'leaveWizard',
              params: ({ context }) => ({ via: context.leaveVia ?? 'menu', cdEmpresaPlano: context.cdEmpresaPlano }),
            },
          ],
        },
        LEAVE_CANCELLED: { target: '#wizard.editing.resumed', actions: 'forgetLeaveVia' },
      },
    },
    left: {
      description:
        "A pessoa saiu da solicitação para a home; o rascunho fica onde estava guardado, ou foi apagado ('Sair e apagar os dados').",
      type: 'final',
    },
  },
});

export type WizardMachine = typeof wizardMachine;
