/**
 * The wizard's implementations, named for its chart (machines/wizard.machine.ts): types,
 * placeholder actions and actors the app provides, guards and delays. Kept apart so the
 * chart reads as a chart.
 */
import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from './not-provided';
import { ERROR_CODES, hasErrorCode, isAcceptanceRefused, isCep, refusalOf } from '../contract/rules';
import { fillFromCep, type CepFound } from './cep-address';
import {
  alreadyListedMessage,
  attachmentRefusal,
  dropLostAttachments,
  hasRoomForAttachment,
  markNextRefused,
  markUploaded,
  needsPreparing,
  pendingUploads,
  preparationAlert,
  refusedUploads,
  removeAttachment,
  sameFileListed,
  toAttachment,
  toPreparedAttachment,
} from './attachments';
import {
  confirmDependent,
  draftNeedsFixing,
  emptyDependentDraft,
  hasRoomForDependent,
  removeDependent,
  settleDependentDraft,
} from './dependents';
import { hasTypedData, type LeaveVia } from './wizard.leave';
import { toPortabilityPayload } from './wizard.payload';
import { INDIVIDUAL_CONTRACT_TYPE, DEPENDENT_FIELDS, isDependentValid, isStepValid, validateDependent } from './wizard.schemas';
import type {
  AcceptanceInput,
  ChosenFile,
  DocumentTypeOption,
  PreparedFile,
  SaveRequestInput,
  SaveResult,
  SelectOption,
  StepId,
  UploadDocumentInput,
  WizardContext,
  WizardEvent,
  WizardForm,
  WizardInput,
} from './wizard.types';

export const EMPTY_FORM: WizardForm = {
  nome: '',
  nm_mae: '',
  dt_nascimento: '',
  sem_cpf: false,
  cpf: '',
  celular: '',
  email: '',
  fl_aceita_email: false,
  fl_aceita_sms: false,
  cd_cep: '',
  ds_uf: '',
  ds_cidade: '',
  ds_endereco: '',
  nu_endereco: '',
  ds_bairro: '',
  ds_complemento: '',
  ops_origem: '',
  nu_ans_ops_origem: '',
  plano_origem: '',
  nu_ans_plano_origem: '',
  area_plano: '',
  dt_inicio: '',
  tp_contrato_origem: '',
  nu_ans_plano_destino: '',
  plano_destino: '',
  tp_contrato_destino: '',
  tp_port_destino: '',
};

/** Focus the dependent row's first field with a message. */
export const focusFirstInvalidDependentField = {
  type: 'focusField',
  params: ({ context }: { context: WizardContext }) => {
    const errors = context.draft ? validateDependent(context.draft, context.today) : {};
    return { scope: 'dependent' as const, field: DEPENDENT_FIELDS.find((field) => errors[field]) ?? '' };
  },
} as const;

/** Tag of the states worth keeping per tab (a reload restores them). */
export const PERSIST_TAG = 'persist';

export const wizardSetup = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    tags: {} as typeof PERSIST_TAG,
  },
  actors: {
    contractTypes: notProvided<SelectOption[], void>('contractTypes'),
    documentTypes: notProvided<DocumentTypeOption[], void>('documentTypes'),
    destinationPlan: notProvided<string, { registroAns: string }>('destinationPlan'),
    /** The address of a CEP; null when no address has that CEP. */
    cepAddress: notProvided<CepFound | null, { cep: string }>('cepAddress'),
    saveRequest: notProvided<SaveResult, SaveRequestInput>('saveRequest'),
    /** Makes a chosen photo ready to send (HEIC decoded, shrunk) under the same id; fails with a `reason` (attachments.ts). */
    prepareFile: notProvided<PreparedFile, { file: ChosenFile }>('prepareFile'),
    uploadDocument: notProvided<string, UploadDocumentInput>('uploadDocument'),
    acceptance: notProvided<string, AcceptanceInput>('acceptance'),
  },
  delays: {
    /** Wait for the typing to pause before looking the destination registry up. */
    lookupDebounce: 400,
  },
  guards: {
    stepIsValid: ({ context }, params: { step: StepId }) => isStepValid(params.step, context.form, context.today),
    isNotSaved: ({ context }) => context.saved === null,
    hasRoomForDependent: ({ context }) => hasRoomForDependent(context.dependents),
    isCepChange: ({ event }) => event.type === 'FIELD_CHANGED' && event.field === 'cd_cep',
    isCompleteCep: ({ event }) => event.type === 'FIELD_CHANGED' && event.field === 'cd_cep' && isCep(event.value),
    cepWasFound: (_, params: { address: CepFound | null }) => params.address !== null,
    isLookupableRegistry: ({ event }) => event.type === 'DESTINATION_REGISTRY_CHANGED' && /^\d+$/.test(event.value),
    isAcceptedContractType: ({ event }) =>
      event.type === 'CONTRACT_TYPE_CHOSEN' && (event.value === '' || event.value === INDIVIDUAL_CONTRACT_TYPE),
    draftIsValid: ({ context }) => context.draft !== null && isDependentValid(context.draft, context.today),
    draftNeedsFixing: ({ context }) => draftNeedsFixing(context.draft, context.today),
    hasDraft: ({ context }) => context.draft !== null,
    hasNoDocumentType: ({ context }) => context.documentType === '',
    isFileAlreadyListed: ({ context, event }) =>
      event.type === 'FILE_CHOSEN' && sameFileListed(context.attachments, event.file, context.documentType) !== null,
    needsPreparing: ({ context, event }) =>
      event.type === 'FILE_CHOSEN' &&
      !context.attachments.some((attachment) => attachment.id === event.file.id) &&
      hasRoomForAttachment(context.attachments) &&
      needsPreparing(event.file),
    // A photo being prepared is not in the list yet: the step waits for it (nothing is lost).
    isNotPreparingFile: ({ context }) => !context.preparing,
    pageIsHidden: ({ context }) => context.pageHidden === true,
    fileIsAcceptable: ({ context, event }) =>
      event.type === 'FILE_CHOSEN' &&
      !context.attachments.some((attachment) => attachment.id === event.file.id) &&
      attachmentRefusal(context.attachments, event.file) === null,
    isPendingAttachment: ({ context, event }) =>
      event.type === 'ATTACHMENT_REMOVE' && context.attachments.some((a) => a.id === event.id && !a.uploaded),
    isSavedWithPendingUploads: ({ context }) => context.saved !== null && pendingUploads(context.attachments).length > 0,
    isSaved: ({ context }) => context.saved !== null,
    hasNoAttachments: ({ context }) => context.attachments.length === 0,
    hasPendingUploads: ({ context }) => pendingUploads(context.attachments).length > 0,
    hasMorePendingUploads: ({ context }) => pendingUploads(context.attachments).length > 1,
    /** The server refused the file being sent for the file itself (its reason is in the answer). */
    isFileRefused: (_, params: { error: unknown }) => refusalOf(params.error) !== undefined,
    /** The same, and other files wait after it. */
    isFileRefusedWithMoreToSend: ({ context }, params: { error: unknown }) =>
      refusalOf(params.error) !== undefined && pendingUploads(context.attachments).length > 1,
    /** A file the server refused since the last 'Próximo' is still in the list (the person replaces it, or goes on without it). */
    hasRefusalSinceNext: ({ context }) => context.refusedSinceNext && refusedUploads(context.attachments).length > 0,
    hasAcceptanceLink: ({ context }) => Boolean(context.acceptanceLink),
    hasTypedData: ({ context }) => hasTypedData(context),
    // Issue 27 item 7: 'Alterar' on the review was chosen; the step's 'Próximo' goes back to it.
    isEditingFromReview: ({ context }) => context.returnToReview,
    isReviewSection: ({ event }, params: { step: StepId }) => event.type === 'REVIEW_EDIT_REQUESTED' && event.step === params.step,
    // Issue 27 item 6: the server holds an open request for this CPF and ANS protocol.
    isOpenRequestDuplicate: (_, params: { error: unknown }) => hasErrorCode(params.error, ERROR_CODES.openRequestExists),
    /** SPEC §8: the acceptance service answers 'ERRO' when it could not make the document (the shared rule). */
    isAcceptanceRefused: (_, params: { answer: string }) => isAcceptanceRefused(params.answer),
  },
  actions: {
    // ---- form
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      // SPEC §5: with 'Beneficiário não possui CPF' ticked the CPF stays empty.
      if (event.field === 'cpf' && context.form.sem_cpf) return {};
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    setNoCpf: assign(({ context, event }) => {
      assertEvent(event, 'NO_CPF_TOGGLED');
      return { form: { ...context.form, sem_cpf: event.checked, cpf: event.checked ? '' : context.form.cpf } };
    }),
    setEmailReplies: assign(({ context, event }) => {
      assertEvent(event, 'EMAIL_REPLIES_TOGGLED');
      return { form: { ...context.form, fl_aceita_email: event.checked } };
    }),
    setSmsReplies: assign(({ context, event }) => {
      assertEvent(event, 'SMS_REPLIES_TOGGLED');
      return { form: { ...context.form, fl_aceita_sms: event.checked } };
    }),
    markAttempted: assign(({ context }, params: { step: StepId }) => ({
      attempted: { ...context.attempted, [params.step]: true },
    })),
    /** The app moves focus after a refused NEXT: a step's error summary (the field is the first it lists), a dependent row's first invalid field. */
    focusField: (_, _params: { scope: 'form' | 'dependent'; field: string }) => {},
    // ---- step 1: the address from the CEP
    setCep: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { form: { ...context.form, cd_cep: event.value }, cepLookup: null };
    }),
    fillAddressFromCep: assign(({ context }, params: { address: CepFound }) =>
      fillFromCep(context.form, context.cepFilled, params.address),
    ),
    noteCepUnknown: assign({ cepLookup: 'notFound' as const }),
    noteCepLookupFailed: assign({ cepLookup: 'failed' as const }),
    // ---- step 3
    setDestinationRegistry: assign(({ context, event }) => {
      assertEvent(event, 'DESTINATION_REGISTRY_CHANGED');
      return { form: { ...context.form, nu_ans_plano_destino: event.value, plano_destino: '' }, destinationLookup: null };
    }),
    setDestinationPlan: assign(({ context, event }) => {
      assertEvent(event, 'DESTINATION_PLAN_CHOSEN');
      return {
        form: { ...context.form, nu_ans_plano_destino: event.registroAns, plano_destino: event.nmPlano.trim() },
        destinationLookup: 'found' as const,
      };
    }),
    setDestinationPlanName: assign(({ context }, params: { name: string }) => ({
      form: { ...context.form, plano_destino: params.name.trim() },
      // An empty answer is the server saying no plan has this registry: the view says so at once.
      destinationLookup: params.name.trim() ? ('found' as const) : ('notFound' as const),
    })),
    clearDestinationPlanName: assign(({ context }) => ({
      form: { ...context.form, plano_destino: '' },
      destinationLookup: 'failed' as const,
    })),
    setContractType: assign(({ context, event }) => {
      assertEvent(event, 'CONTRACT_TYPE_CHOSEN');
      return { form: { ...context.form, tp_port_destino: event.value } };
    }),
    clearContractType: assign(({ context }) => ({ form: { ...context.form, tp_port_destino: '' } })),
    storeContractTypes: assign((_, params: { options: SelectOption[] }) => ({ contractTypes: params.options })),
    storeDocumentTypes: assign((_, params: { options: DocumentTypeOption[] }) => ({ documentTypes: params.options })),
    // ---- step 4
    openDependentDraft: assign({ draft: () => emptyDependentDraft(), draftAttempted: false }),
    setDependentField: assign(({ context, event }) => {
      assertEvent(event, 'DEPENDENT_CHANGED');
      return context.draft ? { draft: { ...context.draft, [event.field]: event.value } } : {};
    }),
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
    removeDependent: assign(({ context, event }) => {
      assertEvent(event, 'DEPENDENT_REMOVE');
      return { dependents: removeDependent(context.dependents, event.id) };
    }),
    // ---- step 5
    chooseDocumentType: assign(({ event }) => {
      assertEvent(event, 'DOCUMENT_TYPE_CHOSEN');
      return { documentType: event.cdTipoDocumento, fileAlert: null };
    }),
    addAttachment: assign(({ context, event }) => {
      assertEvent(event, 'FILE_CHOSEN');
      return {
        attachments: [...context.attachments, toAttachment(event.file, context.documentType, context.documentTypes)],
        fileAlert: null,
        lostAttachments: [],
      };
    }),
    rejectFile: assign(({ context, event }) => {
      assertEvent(event, 'FILE_CHOSEN');
      return { fileAlert: attachmentRefusal(context.attachments, event.file) };
    }),
    rejectListedFile: assign(({ context, event }) => {
      assertEvent(event, 'FILE_CHOSEN');
      const listed = sameFileListed(context.attachments, event.file, context.documentType);
      return { fileAlert: listed ? alreadyListedMessage(listed) : null };
    }),
    holdChosenFile: assign(({ event }) => {
      assertEvent(event, 'FILE_CHOSEN');
      return { preparing: event.file, fileAlert: null };
    }),
    addPreparedAttachment: assign(({ context }, params: { prepared: PreparedFile }) => ({
      // Listed under the id of the file that was being prepared (one row per file chosen).
      attachments: [
        ...context.attachments,
        {
          ...toPreparedAttachment(
            { ...params.prepared, id: context.preparing?.id ?? params.prepared.id },
            context.documentType,
            context.documentTypes,
          ),
          // Known by its name as chosen too: choosing it again is seen as the same file.
          originalName: context.preparing?.name ?? params.prepared.name,
        },
      ],
      preparing: null,
      fileAlert: null,
      lostAttachments: [],
    })),
    rejectUnpreparedFile: assign(({ context }, params: { error: unknown }) => ({
      fileAlert: preparationAlert(params.error, context.preparing),
      preparing: null,
    })),
    dropPreparingFile: assign({ preparing: null, fileAlert: null }),
    notePageHidden: assign({ pageHidden: true }),
    notePageVisible: assign({ pageHidden: false }),
    /** The app keeps the screen on while the request is sent (Screen Wake Lock where the browser has it). */
    keepScreenAwake: () => {},
    /** The app lets the screen sleep again. */
    letScreenSleep: () => {},
    /** The app drops the bytes it holds for that attachment id. */
    releaseFile: (_, _params: { id: string }) => {},
    removeAttachment: assign(({ context, event }) => {
      assertEvent(event, 'ATTACHMENT_REMOVE');
      return { attachments: removeAttachment(context.attachments, event.id) };
    }),
    openPreview: assign(({ event }) => {
      assertEvent(event, 'ATTACHMENT_PREVIEW');
      return { previewId: event.id };
    }),
    closePreview: assign({ previewId: null }),
    dropLostAttachments: assign(({ context, event }) => {
      assertEvent(event, 'ATTACHMENTS_LOST');
      const { attachments, lostNames } = dropLostAttachments(context.attachments, event.ids);
      // A photo that was being prepared when the page reloaded is gone with it.
      const lostPhoto = context.preparing ? [context.preparing.name] : [];
      return { attachments, lostAttachments: [...context.lostAttachments, ...lostNames, ...lostPhoto], preparing: null };
    }),
    // ---- submit
    /**
     * One key per request content: a retry of the same data reuses it (the server replays the
     * first answer, so no second request); data changed after a failed save takes the fresh key
     * the gesture brought (the server refuses a key reused with other data). The machine makes
     * no id: the app makes it with the event ('Enviar solicitação').
     */
    keyTheRequest: assign(({ context }, params: { freshKey: string }) => {
      if (context.saved) return { fileAlert: null };
      const payload = JSON.stringify(toPortabilityPayload(context));
      const reuse = context.idempotencyKey !== null && context.keyedPayload === payload;
      return { idempotencyKey: reuse ? context.idempotencyKey : params.freshKey, keyedPayload: payload, fileAlert: null };
    }),
    /** Going on with a saved request: its key stays; only an old file alert goes. */
    clearFileAlert: assign({ fileAlert: null }),
    storeSaveResult: assign((_, params: { result: SaveResult }) => ({ saved: params.result })),
    /** A refused save's key is not reused: once the open request is closed, the same data may be sent again. */
    forgetIdempotencyKey: assign({ idempotencyKey: null, keyedPayload: null }),
    // ---- the review's 'Alterar' (issue 27 item 7)
    rememberReviewReturn: assign({ returnToReview: true }),
    forgetReviewReturn: assign({ returnToReview: false }),
    /** An upload the server refused for the file itself: kept with its reason, not sent again. */
    noteRefusedUpload: assign(({ context, event }) => {
      const reason = refusalOf((event as { error?: unknown }).error);
      return reason ? { attachments: markNextRefused(context.attachments, reason), refusedSinceNext: true } : {};
    }),
    /** 'Próximo' after step 5 named the refused files: the sending goes on without them. */
    goOnWithoutRefused: assign({ refusedSinceNext: false }),
    markNextUploaded: assign(({ context }) => {
      const next = pendingUploads(context.attachments)[0];
      return next ? { attachments: markUploaded(context.attachments, next.id) } : {};
    }),
    storeAcceptanceLink: assign((_, params: { link: string }) => ({ acceptanceLink: params.link.trim() })),
    /** The app shows a toast (SPEC §8: 'Erro ao gerar o documento'). */
    notify: (_, _params: { level: 'error'; message: string }) => {},
    /** Storage: forget the stored protocolo (SPEC §4 submit sequence). */
    clearStoredProtocol: () => {},
    /** Storage: forget this tab's snapshot and the files kept for it. */
    clearSavedWork: () => {},
    /** Opens the acceptance document in a new tab (http(s) only). */
    openAcceptanceLink: (_, _params: { link: string }) => {},
    /**
     * The save's session ends on the server once the filing is done: the acceptance link (bound
     * to it) stops opening, so the copy in the browser's history shows nothing to the next person
     * on a shared phone. The app gives the new tab a moment to fetch the document first.
     */
    endFilingSession: (_, _params: { token: string | null }) => {},
    /** Navigation: back to home/{cdEmpresaPlano}. */
    goHome: (_, _params: { cdEmpresaPlano: string }) => {},
    // ---- the draft on this device (issue 27 item 4)
    setKeepOnDevice: assign(({ event }) => {
      assertEvent(event, 'KEEP_ON_DEVICE_TOGGLED');
      return { keepOnDevice: event.checked };
    }),
    // ---- leaving (issue 27 item 3)
    noteLeaveVia: assign(({ event }) => {
      assertEvent(event, 'LEAVE_REQUESTED');
      return { leaveVia: event.via };
    }),
    forgetLeaveVia: assign({ leaveVia: null }),
    /**
     * Storage: nothing of this request stays in the browser ('Sair e apagar os dados', a shared
     * phone): the draft of the tab and of the device, its files, and the stored session.
     */
    discardRequestHere: () => {},
    /** Navigation: out of the wizard, home/{cdEmpresaPlano}; 'back' steps back through the browser's history. */
    leaveWizard: (_, _params: { via: LeaveVia; cdEmpresaPlano: string }) => {},
    /** Navigation: home/{cdEmpresaPlano} in track mode, the new protocol already typed. */
    goTrackProtocol: (_, _params: TrackingHandOver) => {},
    /** The protocol handed to home's track mode as soon as it is shown: a reload of the modal lands there with it. */
    keepProtocolForTracking: (_, _params: TrackingHandOver) => {},
    /**
     * Navigation: home/{cdEmpresaPlano} in track mode with the field empty (issue 27 item 6): the
     * holder tracks the open request by the protocol they received; none is handed over.
     */
    goTrackMode: (_, _params: { cdEmpresaPlano: string }) => {},
  },
});

/** What home needs to open in track mode on the protocol just filed. */
export interface TrackingHandOver {
  cdEmpresaPlano: string;
  protocolo: string;
}

export function trackingHandOver(context: WizardContext): TrackingHandOver {
  return { cdEmpresaPlano: context.cdEmpresaPlano, protocolo: context.saved?.nuProtocolo ?? '' };
}
