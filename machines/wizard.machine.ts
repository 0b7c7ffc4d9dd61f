/**
 * The new-request wizard (SPEC §2 "nova-solicitacao", §4 "Wizard" and "Submit sequence",
 * §5 steps 1–5). Five steps; NEXT validates the step with its schema (steps 4 and 5 always
 * pass), PREVIOUS never validates; NEXT on step 5 runs the submit sequence: save → upload
 * each document → acceptance document → clear the stored protocol → protocol modal.
 *
 * Pure: network calls are the placeholder actors below, navigation/storage/focus/file bytes
 * are placeholder actions; the app provides them (src/flows/wizard/), tests provide fakes.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { dropLostAttachments, markUploaded, pendingUploads, removeAttachment, toAttachment } from './attachments';
import { confirmDependent, draftNeedsFixing, emptyDependentDraft, removeDependent, settleDependentDraft } from './dependents';
import { DEFAULT_CD_EMPRESA_PLANO, toPortabilityPayload } from './wizard.payload';
import {
  INDIVIDUAL_CONTRACT_TYPE, DEPENDENT_FIELDS, extensionOf, fileRejection, firstInvalidField,
  isDependentValid, isStepValid, validateDependent,
} from './wizard.schemas';
import type {
  AcceptanceInput, DocumentTypeOption, SaveRequestInput, SaveResult, SelectOption, StepId,
  UploadDocumentInput, WizardContext, WizardEvent, WizardForm, WizardInput,
} from './wizard.types';

export const EMPTY_FORM: WizardForm = {
  nome: '', nm_mae: '', dt_nascimento: '', sem_cpf: false, cpf: '', celular: '', email: '',
  fl_aceita_email: false, cd_cep: '', ds_uf: '', ds_cidade: '', ds_endereco: '', nu_endereco: '',
  ds_bairro: '', ds_complemento: '',
  ops_origem: '', nu_ans_ops_origem: '', plano_origem: '', nu_ans_plano_origem: '', area_plano: '',
  dt_inicio: '', tp_contrato_origem: '',
  nu_ans_plano_destino: '', plano_destino: '', tp_contrato_destino: '', tp_port_destino: '',
};

/** Focus the dependent row's first field with a message. */
const focusFirstInvalidDependentField = {
  type: 'focusField',
  params: ({ context }: { context: WizardContext }) => {
    const errors = context.draft ? validateDependent(context.draft, context.today) : {};
    return { scope: 'dependent' as const, field: DEPENDENT_FIELDS.find((field) => errors[field]) ?? '' };
  },
} as const;

const notProvided = (name: string) => () => Promise.reject(new Error(`${name}: not provided`));

/** Tag of the states worth keeping per tab (a reload restores them). */
export const PERSIST_TAG = 'persist';

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    tags: {} as typeof PERSIST_TAG,
  },
  actors: {
    contractTypes: fromPromise<SelectOption[], void>(notProvided('contractTypes')),
    documentTypes: fromPromise<DocumentTypeOption[], void>(notProvided('documentTypes')),
    destinationPlan: fromPromise<string, { registroAns: string }>(notProvided('destinationPlan')),
    saveRequest: fromPromise<SaveResult, SaveRequestInput>(notProvided('saveRequest')),
    uploadDocument: fromPromise<string, UploadDocumentInput>(notProvided('uploadDocument')),
    acceptance: fromPromise<string, AcceptanceInput>(notProvided('acceptance')),
  },
  delays: {
    /** Wait for the typing to pause before looking the destination registry up. */
    lookupDebounce: 400,
  },
  guards: {
    stepIsValid: ({ context }, params: { step: StepId }) => isStepValid(params.step, context.form, context.today),
    isNotSaved: ({ context }) => context.saved === null,
    isLookupableRegistry: ({ event }) => event.type === 'DESTINATION_REGISTRY_CHANGED' && /^\d+$/.test(event.value),
    isAcceptedContractType: ({ event }) =>
      event.type === 'CONTRACT_TYPE_CHOSEN' && (event.value === '' || event.value === INDIVIDUAL_CONTRACT_TYPE),
    draftIsValid: ({ context }) => context.draft !== null && isDependentValid(context.draft, context.today),
    draftNeedsFixing: ({ context }) => draftNeedsFixing(context.draft, context.today),
    hasDraft: ({ context }) => context.draft !== null,
    hasNoDocumentType: ({ context }) => context.documentType === '',
    fileIsAcceptable: ({ context, event }) =>
      event.type === 'FILE_CHOSEN' &&
      !context.attachments.some((attachment) => attachment.id === event.file.id) &&
      fileRejection({ size: event.file.size, extension: extensionOf(event.file.name) }) === null,
    isPendingAttachment: ({ context, event }) =>
      event.type === 'ATTACHMENT_REMOVE' && context.attachments.some((a) => a.id === event.id && !a.uploaded),
    isSavedWithPendingUploads: ({ context }) => context.saved !== null && pendingUploads(context.attachments).length > 0,
    isSaved: ({ context }) => context.saved !== null,
    hasPendingUploads: ({ context }) => pendingUploads(context.attachments).length > 0,
    hasMorePendingUploads: ({ context }) => pendingUploads(context.attachments).length > 1,
    hasAcceptanceLink: ({ context }) => Boolean(context.acceptanceLink),
  },
  actions: {
    // ---- form
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD_CHANGED' || (event.field === 'cpf' && context.form.sem_cpf)) return {};
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    setNoCpf: assign(({ context, event }) =>
      event.type === 'NO_CPF_TOGGLED'
        ? { form: { ...context.form, sem_cpf: event.checked, cpf: event.checked ? '' : context.form.cpf } }
        : {}),
    setEmailReplies: assign(({ context, event }) =>
      event.type === 'EMAIL_REPLIES_TOGGLED' ? { form: { ...context.form, fl_aceita_email: event.checked } } : {}),
    markAttempted: assign(({ context }, params: { step: StepId }) => ({
      attempted: { ...context.attempted, [params.step]: true },
    })),
    /** The app moves focus to the element of that field (a failed NEXT focuses the first invalid field). */
    focusField: (_, _params: { scope: 'form' | 'dependent'; field: string }) => {},
    // ---- step 3
    setDestinationRegistry: assign(({ context, event }) =>
      event.type === 'DESTINATION_REGISTRY_CHANGED'
        ? { form: { ...context.form, nu_ans_plano_destino: event.value, plano_destino: '' }, destinationLookup: null }
        : {}),
    setDestinationPlanName: assign(({ context }, params: { name: string }) => ({
      form: { ...context.form, plano_destino: params.name.trim() },
      // An empty answer is the server saying no plan has this registry: the view says so at once.
      destinationLookup: params.name.trim() ? 'found' as const : 'notFound' as const,
    })),
    clearDestinationPlanName: assign(({ context }) => ({ form: { ...context.form, plano_destino: '' }, destinationLookup: 'failed' as const })),
    setContractType: assign(({ context, event }) =>
      event.type === 'CONTRACT_TYPE_CHOSEN' ? { form: { ...context.form, tp_port_destino: event.value } } : {}),
    clearContractType: assign(({ context }) => ({ form: { ...context.form, tp_port_destino: '' } })),
    storeContractTypes: assign((_, params: { options: SelectOption[] }) => ({ contractTypes: params.options })),
    storeDocumentTypes: assign((_, params: { options: DocumentTypeOption[] }) => ({ documentTypes: params.options })),
    // ---- step 4
    openDependentDraft: assign({ draft: () => emptyDependentDraft(), draftAttempted: false }),
    setDependentField: assign(({ context, event }) =>
      event.type === 'DEPENDENT_CHANGED' && context.draft
        ? { draft: { ...context.draft, [event.field]: event.value } }
        : {}),
    confirmDependentDraft: assign(({ context }) => ({
      dependents: context.draft ? confirmDependent(context.dependents, context.draft) : context.dependents,
      draft: null,
      draftAttempted: false,
    })),
    markDraftAttempted: assign({ draftAttempted: true }),
    discardDependentDraft: assign({ draft: null, draftAttempted: false }),
    settleDependentDraft: assign(({ context }) => {
      const settled = settleDependentDraft(context.dependents, context.draft, context.today);
      return { ...settled, draftAttempted: settled.draft !== null && context.draftAttempted };
    }),
    removeDependent: assign(({ context, event }) =>
      event.type === 'DEPENDENT_REMOVE' ? { dependents: removeDependent(context.dependents, event.id) } : {}),
    // ---- step 5
    chooseDocumentType: assign(({ event }) =>
      event.type === 'DOCUMENT_TYPE_CHOSEN' ? { documentType: event.cdTipoDocumento, fileAlert: null } : {}),
    addAttachment: assign(({ context, event }) =>
      event.type === 'FILE_CHOSEN'
        ? {
            attachments: [...context.attachments, toAttachment(event.file, context.documentType, context.documentTypes)],
            fileAlert: null,
            lostAttachments: [],
          }
        : {}),
    rejectFile: assign(({ event }) =>
      event.type === 'FILE_CHOSEN'
        ? { fileAlert: fileRejection({ size: event.file.size, extension: extensionOf(event.file.name) }) }
        : {}),
    /** The app drops the bytes it holds for that attachment id. */
    releaseFile: (_, _params: { id: string }) => {},
    removeAttachment: assign(({ context, event }) =>
      event.type === 'ATTACHMENT_REMOVE' ? { attachments: removeAttachment(context.attachments, event.id) } : {}),
    openPreview: assign(({ event }) => (event.type === 'ATTACHMENT_PREVIEW' ? { previewId: event.id } : {})),
    closePreview: assign({ previewId: null }),
    dropLostAttachments: assign(({ context, event }) => {
      if (event.type !== 'ATTACHMENTS_LOST') return {};
      const { attachments, lostNames } = dropLostAttachments(context.attachments, event.ids);
      return { attachments, lostAttachments: [...context.lostAttachments, ...lostNames] };
    }),
    // ---- submit
    /**
     * One key per request content: a retry of the same data reuses it (the server replays the
     * first answer, so no second request); data changed after a failed save needs a new key
     * (the server refuses a key reused with other data).
     */
    ensureIdempotencyKey: assign(({ context }) => {
      if (context.saved) return { fileAlert: null };
      const payload = JSON.stringify(toPortabilityPayload(context));
      const reuse = context.idempotencyKey !== null && context.keyedPayload === payload;
      return {
        idempotencyKey: reuse ? context.idempotencyKey : globalThis.crypto.randomUUID(),
        keyedPayload: payload,
        fileAlert: null,
      };
    }),
    storeSaveResult: assign((_, params: { result: SaveResult }) => ({ saved: params.result })),
    markNextUploaded: assign(({ context }) => {
      const next = pendingUploads(context.attachments)[0];
      return next ? { attachments: markUploaded(context.attachments, next.id) } : {};
    }),
    storeAcceptanceLink: assign((_, params: { link: string }) => ({ acceptanceLink: params.link })),
    /** Storage: forget the stored protocolo (SPEC §4 submit sequence). */
    clearStoredProtocol: () => {},
    /** Storage: forget this tab's snapshot and the files kept for it. */
    clearSavedWork: () => {},
    /** Opens the acceptance document in a new tab (http(s) only). */
    openAcceptanceLink: (_, _params: { link: string }) => {},
    /** Navigation: back to home/{cdEmpresaPlano}. */
    goHome: (_, _params: { cdEmpresaPlano: string }) => {},
  },
}).createMachine({
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
    contractTypes: [],
    documentTypes: [],
    documentType: '',
    attachments: [],
    fileAlert: null,
    lostAttachments: [],
    previewId: null,
    idempotencyKey: null,
    keyedPayload: null,
    saved: null,
    acceptanceLink: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The user fills the wizard, one step at a time.',
      tags: [PERSIST_TAG],
      initial: 'dadosPessoais',
      on: {
        // Once the request is saved, the data sent is final: only the documents may still change.
        FIELD_CHANGED: { guard: 'isNotSaved', actions: 'setField' },
        NO_CPF_TOGGLED: { guard: 'isNotSaved', actions: 'setNoCpf' },
        EMAIL_REPLIES_TOGGLED: { guard: 'isNotSaved', actions: 'setEmailReplies' },
      },
      states: {
        dadosPessoais: {
          description: 'Step 1, Dados Pessoais: identity, contacts and address.',
          on: {
            NEXT: [
              { guard: { type: 'stepIsValid', params: { step: 'dadosPessoais' } }, target: 'planoOrigem' },
              {
                actions: [
                  { type: 'markAttempted', params: { step: 'dadosPessoais' } },
                  { type: 'focusField', params: ({ context }) => ({ scope: 'form' as const, field: firstInvalidField('dadosPessoais', context.form, context.today) ?? '' }) },
                ],
              },
            ],
          },
        },
        planoOrigem: {
          description: 'Step 2, Dados do Plano de Origem: the plan the beneficiary leaves.',
          on: {
            PREVIOUS: { target: 'dadosPessoais' },
            NEXT: [
              { guard: { type: 'stepIsValid', params: { step: 'planoOrigem' } }, target: 'planoDestino' },
              {
                actions: [
                  { type: 'markAttempted', params: { step: 'planoOrigem' } },
                  { type: 'focusField', params: ({ context }) => ({ scope: 'form' as const, field: firstInvalidField('planoOrigem', context.form, context.today) ?? '' }) },
                ],
              },
            ],
          },
        },
        planoDestino: {
          description: 'Step 3, Dados do Plano de Destino: registry (plan name looked up), ownership and contract type.',
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
              { guard: { type: 'stepIsValid', params: { step: 'planoDestino' } }, target: 'dependentes' },
              {
                actions: [
                  { type: 'markAttempted', params: { step: 'planoDestino' } },
                  { type: 'focusField', params: ({ context }) => ({ scope: 'form' as const, field: firstInvalidField('planoDestino', context.form, context.today) ?? '' }) },
                ],
              },
            ],
            DESTINATION_REGISTRY_CHANGED: [
              {
                guard: and(['isNotSaved', 'isLookupableRegistry']),
                target: '.debouncing',
                reenter: true,
                actions: 'setDestinationRegistry',
              },
              // Blank (or not digits): nothing to look up, the plan name is cleared.
              { guard: 'isNotSaved', target: '.idle', actions: 'setDestinationRegistry' },
            ],
            CONTRACT_TYPE_CHOSEN: [
              { guard: 'isAcceptedContractType', target: '.idle', actions: 'setContractType' },
              { target: '.hrModal', actions: 'clearContractType' },
            ],
          },
          states: {
            idle: {
              description: 'Step 3 as typed; the plan name shows what the last lookup found.',
            },
            debouncing: {
              description: 'The registry is being typed: the lookup waits for a pause.',
              after: { lookupDebounce: { target: 'lookingUp' } },
            },
            lookingUp: {
              description: 'Looking the destination plan registry up to fill the plan name.',
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
              description: "Modal 'Prezado Cliente': a collective contract is handled by the company's HR; OK returns home.",
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
          description: 'Step 4, Dependentes: confirmed rows are locked; only the last row is editable.',
          // Leaving the step confirms a valid row and drops a blank one (SPEC §2); a row with
          // data that is not valid yet is kept open (issue 13: never dropped silently).
          exit: 'settleDependentDraft',
          initial: 'listing',
          on: {
            PREVIOUS: { target: 'planoDestino' },
            NEXT: [
              // The row's data would be lost or sent wrong: show its messages, stay.
              { guard: 'draftNeedsFixing', actions: ['markDraftAttempted', focusFirstInvalidDependentField] },
              { target: 'documentos' },
            ],
            DEPENDENT_REMOVE: { guard: 'isNotSaved', actions: 'removeDependent' },
          },
          states: {
            listing: {
              description: 'The confirmed dependents, each with a remove button, and the add button.',
              // Back on the step with a row kept open: it is shown open again.
              always: { guard: 'hasDraft', target: 'editingRow' },
              on: { DEPENDENT_ADD: { guard: 'isNotSaved', target: 'editingRow', actions: 'openDependentDraft' } },
            },
            editingRow: {
              description: "A blank row in editing mode; 'Adicionar' confirms it only when valid.",
              on: {
                DEPENDENT_CHANGED: { actions: 'setDependentField' },
                DEPENDENT_CONFIRM: [
                  { guard: 'draftIsValid', target: 'listing', actions: 'confirmDependentDraft' },
                  { actions: ['markDraftAttempted', focusFirstInvalidDependentField] },
                ],
                DEPENDENT_DISCARD: { target: 'listing', actions: 'discardDependentDraft' },
              },
            },
          },
        },
        documentos: {
          description: 'Step 5, Documentos: choose a document type, then attach, preview or remove files.',
          invoke: {
            id: 'documentTypes',
            src: 'documentTypes',
            input: () => undefined,
            onDone: { actions: { type: 'storeDocumentTypes', params: ({ event }) => ({ options: event.output }) } },
            onError: { actions: { type: 'storeDocumentTypes', params: () => ({ options: [] }) } },
          },
          initial: 'idle',
          on: {
            PREVIOUS: { target: 'dependentes' },
            NEXT: [
              { guard: 'isSavedWithPendingUploads', target: '#wizard.submitting.uploading', actions: 'ensureIdempotencyKey' },
              { guard: 'isSaved', target: '#wizard.submitting.generatingAcceptance', actions: 'ensureIdempotencyKey' },
              { target: '#wizard.submitting.saving', actions: 'ensureIdempotencyKey' },
            ],
            DOCUMENT_TYPE_CHOSEN: { actions: 'chooseDocumentType' },
            FILE_CHOSEN: [
              // The attach button is disabled until a type is chosen; a stray file is let go.
              { guard: 'hasNoDocumentType', actions: { type: 'releaseFile', params: ({ event }) => ({ id: event.file.id }) } },
              { guard: 'fileIsAcceptable', actions: 'addAttachment' },
              { actions: ['rejectFile', { type: 'releaseFile', params: ({ event }) => ({ id: event.file.id }) }] },
            ],
            ATTACHMENT_REMOVE: {
              guard: 'isPendingAttachment',
              actions: [{ type: 'releaseFile', params: ({ event }) => ({ id: event.id }) }, 'removeAttachment'],
            },
            ATTACHMENTS_LOST: { actions: 'dropLostAttachments' },
          },
          states: {
            idle: {
              description: 'The attachments list with the type select and the attach button.',
              on: { ATTACHMENT_PREVIEW: { target: 'previewing', actions: 'openPreview' } },
            },
            previewing: {
              description: 'An attached image or PDF shown in a preview.',
              on: { PREVIEW_CLOSED: { target: 'idle', actions: 'closePreview' } },
            },
          },
        },
      },
    },
    submitting: {
      description: 'Sending the request: every button is disabled and a second click sends nothing.',
      tags: [PERSIST_TAG],
      initial: 'saving',
      states: {
        saving: {
          description: 'Saving the request, with the idempotency key made at the first attempt.',
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
                actions: { type: 'storeSaveResult', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: 'generatingAcceptance',
                actions: { type: 'storeSaveResult', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            // Errors on submitting are not shown beyond the global handler (SPEC §8): back on step 5, intact.
            onError: { target: '#wizard.editing.documentos' },
          },
        },
        uploading: {
          description: 'Uploading the attached documents one by one with the returned protocol.',
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
              { guard: 'hasMorePendingUploads', target: 'uploading', reenter: true, actions: 'markNextUploaded' },
              { target: 'generatingAcceptance', actions: 'markNextUploaded' },
            ],
            onError: { target: '#wizard.editing.documentos' },
          },
        },
        generatingAcceptance: {
          description: 'Generating the acceptance document (aceite, fl_tipo N).',
          invoke: {
            id: 'acceptance',
            src: 'acceptance',
            input: ({ context }) => ({
              cdSolicitacao: context.saved?.cdSolicitacao ?? 0,
              idempotencyKey: `${context.idempotencyKey ?? ''}:aceite`,
              token: context.saved?.token,
            }),
            onDone: {
              target: '#wizard.protocolModal',
              actions: { type: 'storeAcceptanceLink', params: ({ event }) => ({ link: event.output }) },
            },
            // The request is filed: the protocol is still shown; the toast said the document failed.
            onError: { target: '#wizard.protocolModal' },
          },
        },
      },
    },
    protocolModal: {
      description: "Modal 'O número do protocolo da sua solicitação é' with the protocol; OK opens the acceptance document.",
      entry: ['clearStoredProtocol', 'clearSavedWork'],
      on: {
        PROTOCOL_MODAL_CONFIRMED: [
          {
            guard: 'hasAcceptanceLink',
            target: 'finished',
            actions: [
              { type: 'openAcceptanceLink', params: ({ context }) => ({ link: context.acceptanceLink ?? '' }) },
              { type: 'goHome', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) },
            ],
          },
          {
            target: 'finished',
            actions: { type: 'goHome', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) },
          },
        ],
      },
    },
    finished: {
      description: 'The request is filed and the user went back home.',
      type: 'final',
    },
  },
});

export type WizardMachine = typeof wizardMachine;
