/**
 * The tracking screen's implementations, named for its chart (machines/tracking.machine.ts):
 * types, placeholder actions and actors the app provides, guards. Kept apart so the chart
 * reads as a chart.
 */
import { assertEvent, assign, or, setup, stateIn } from 'xstate';
import { notProvided } from './not-provided';
import { canOpenUnreadTerm, canSignAfterReading, canWithdraw, isWithdrawn } from './tracking.terms-and-withdrawal';
import {
  allSigned,
  isAcceptanceRefused,
  isRestrictedAnswer,
  isUnsigned,
  panelOf,
  recordedChoice,
  seedChoice,
  typeCodeOf,
  unsentChoice,
} from './tracking.helpers';
import { ERROR_CODES, hasErrorCode, refusalOf } from '../contract/rules';
import { needsPreparing, preparationAlert } from './attachments';
import {
  heldFileHint,
  isAwaitingDocuments,
  isPendingType,
  pendingAttachment,
  pendingFileRejection,
  fileHeldForAnother,
} from './tracking.pending';
import {
  MESSAGES,
  STALE_AFTER_MS,
  TYPE_CODE_AGREEMENT,
  type AcceptanceInput,
  type AttachedDocumentInfo,
  type DocumentToSignInfo,
  type FinalizeInput,
  type HistoryInfo,
  type Leaving,
  type OperatorInput,
  type ProtocolInput,
  type SignatureInput,
  type ToastLevel,
  type TrackingContext,
  type TrackingEvent,
  type TrackingInfo,
  type TrackingInput,
  type UnreadList,
  type UploadDocumentInput,
} from './tracking.types';
import type { ChosenFile, PreparedFile } from './wizard.types';

export const linkOf = (context: TrackingContext, cdFileDocumento: number) =>
  context.documentsToSign.find((document) => document.cdFileDocumento === cdFileDocumento)?.linkUrl ?? '';
export const nameOf = (context: TrackingContext, cdFileDocumento: number | null) =>
  context.documentsToSign.find((document) => document.cdFileDocumento === cdFileDocumento)?.documento ?? '';
const home = ({ context }: { context: TrackingContext }) => ({ cdEmpresaPlano: context.cdEmpresaPlano });
/** A list read, or failed to read: `unreadLists` without it, or with it once. */
const read = (context: TrackingContext, list: UnreadList) => context.unreadLists.filter((other) => other !== list);
const unread = (context: TrackingContext, list: UnreadList) => [...read(context, list), list];

/**
 * The panel at rest, nothing on its way and no file in hand: reading the screen again cuts
 * nothing short (the chart also keeps it from a status 6 choice not sent).
 */
const PANEL_AT_REST = [
  '#tracking.ready.analysis',
  '#tracking.ready.refused',
  '#tracking.ready.cancelled',
  '#tracking.ready.withdrawn',
  '#tracking.ready.contractActive',
  '#tracking.ready.pendingDocuments.listing',
  '#tracking.ready.accepted.signing',
  '#tracking.ready.awaitingAcknowledgement.typeOne',
  '#tracking.ready.awaitingAcknowledgement.typeTwo',
] as const;

/**
 * Leaving the screen ends its session, whichever way the user leaves ('Retornar', 'Sair', a
 * menu item): otherwise anyone on the same browser could open #/acompanhamento again and see
 * the request (after a login, with its terms offered for signing). The route guard needs both
 * the stored protocolo and token, so once they are gone the back button cannot show it either.
 */
export const leave = {
  target: '#tracking.exited',
  actions: ['endSession', { type: 'navigateHome', params: home }],
} as const;
/** 'Encerrar sessão': the same, said out loud. */
export const endSession = {
  target: '#tracking.exited',
  actions: [
    'endSession',
    { type: 'notify', params: { level: 'info', message: MESSAGES.sessionEnded } },
    { type: 'navigateHome', params: home },
  ],
} as const;

export const trackingSetup = setup({
  types: {
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
    input: {} as TrackingInput,
    /** `unsentChoice`: a choice is made and not sent (nor being sent); the panel says so beside the options. */
    tags: {} as 'unsentChoice',
  },
  actors: {
    loadTrackingData: notProvided<TrackingInfo, ProtocolInput>('loadTrackingData'),
    loadAttachedDocuments: notProvided<AttachedDocumentInfo[], ProtocolInput>('loadAttachedDocuments'),
    loadDocumentsToSign: notProvided<DocumentToSignInfo[], ProtocolInput>('loadDocumentsToSign'),
    loadHistory: notProvided<HistoryInfo, ProtocolInput>('loadHistory'),
    recordSignature: notProvided<string, SignatureInput>('recordSignature'),
    generateAcceptance: notProvided<string, AcceptanceInput>('generateAcceptance'),
    finalizeRequest: notProvided<string, FinalizeInput>('finalizeRequest'),
    loadOperatorName: notProvided<string, OperatorInput>('loadOperatorName'),
    /** Status 2: the wizard's upload (SPEC §7), by protocol, with its progress. */
    uploadPendingDocument: notProvided<string, UploadDocumentInput>('uploadPendingDocument'),
    /** The wizard's preparation of a photo (HEIC decoded, shrunk) under the same id; fails with a `reason` (attachments.ts). */
    preparePendingPhoto: notProvided<PreparedFile, { file: ChosenFile }>('preparePendingPhoto'),
    /** `portabilidade/desistencia` by protocol (the token bound to it travels with the call). */
    withdrawRequest: notProvided<string, ProtocolInput>('withdrawRequest'),
  },
  actions: {
    // --- provided by the app (no-ops here: the machine stays pure)
    /** Opens a server link in a new tab, safely (openServerLink). Must run inside the click. */
    openDocument: (_, _params: { linkUrl: string }) => {},
    /**
     * A term's first opening (sign after reading): opens it as openDocument does. A name of
     * its own, so what was opened shows in what the machine did, not only in its context.
     */
    openTerm: (_, _params: { linkUrl: string }) => {},
    navigateHome: (_, _params: { cdEmpresaPlano: string }) => {},
    /** Clears the stored protocolo and token and presets home to 'track' mode. */
    clearTrackingSession: () => {},
    /** Clears the stored protocolo and token: the route guard then refuses the screen. */
    endSession: () => {},
    notify: (_, _params: { level: ToastLevel; message: string }) => {},
    /** Says it in the polite live region (what was chosen or recorded), for screen readers. */
    announce: (_, _params: { message: string }) => {},
    /**
     * While a choice is unsent (chosen, being confirmed or sent): closing or reloading the tab
     * asks first (the app's `beforeunload`). Entry and exit of each such state, so it is on
     * exactly while one of them is active.
     */
    armUnloadWarning: () => {},
    disarmUnloadWarning: () => {},
    /** Status 2: the app drops the bytes it holds for a file chosen (and its upload progress). */
    releaseFile: (_, _params: { id: string }) => {},
    /** Status 2, leaving the panel: the app drops the bytes of every file it holds for it. */
    releasePendingFiles: (_, _params: { ids: string[] }) => {},
    /** Status 2: the same, for a file the checks refused (named apart: the trace shows a refusal). */
    dropRefusedFile: (_, _params: { id: string }) => {},
    // --- context
    rememberTracking: assign(({ context }, params: { tracking: TrackingInfo }) => ({
      tracking: params.tracking,
      choice: seedChoice(params.tracking, context.choice),
    })),
    rememberAttachedDocuments: assign(({ context }, params: { documents: AttachedDocumentInfo[] }) => ({
      attachedDocuments: params.documents,
      unreadLists: read(context, 'attachedDocuments'),
    })),
    forgetAttachedDocuments: assign(({ context }) => ({ attachedDocuments: [], unreadLists: unread(context, 'attachedDocuments') })),
    rememberDocumentsToSign: assign(({ context }, params: { documents: DocumentToSignInfo[] }) => ({
      documentsToSign: params.documents,
      unreadLists: read(context, 'documentsToSign'),
    })),
    forgetDocumentsToSign: assign(({ context }) => ({ documentsToSign: [], unreadLists: unread(context, 'documentsToSign') })),
    rememberHistory: assign(({ context }, params: { history: HistoryInfo }) => ({
      history: params.history,
      unreadLists: read(context, 'history'),
    })),
    forgetHistory: assign(({ context }) => ({ history: null, unreadLists: unread(context, 'history') })),
    chooseAgreement: assign({ choice: 'S' }),
    chooseDecline: assign({ choice: 'N' }),
    /** 'Estou ciente' unticked before it was sent: nothing is chosen. */
    clearChoice: assign({ choice: null }),
    rememberLeaving: assign({ leaving: (_, params: { via: Leaving }) => params.via }),
    forgetLeaving: assign({ leaving: null }),
    rememberSigning: assign({ signing: (_, params: { cdFileDocumento: number }) => params.cdFileDocumento }),
    markSigned: assign(({ context }) => ({
      documentsToSign: context.documentsToSign.map((document) =>
        document.cdFileDocumento === context.signing ? { ...document, flAssinado: true } : document,
      ),
      signing: null,
    })),
    forgetSigning: assign({ signing: null }),
    markTermOpened: assign({
      openedTerms: ({ context }, params: { cdFileDocumento: number }) => [...context.openedTerms, params.cdFileDocumento],
    }),
    rememberAcceptanceLink: assign({ acceptanceLink: (_, params: { link: string }) => params.link.trim() }),
    rememberOperatorName: assign({ operatorName: (_, params: { name: string }) => params.name.trim() }),
    // --- status 2 (machines/tracking.pending.states.ts)
    choosePendingFile: assign(({ context, event }) => {
      assertEvent(event, 'PENDING_FILE_CHOSEN');
      return {
        pendingFile: pendingAttachment(context.tracking, event.cdTipoDocumento, event.file),
        pendingFileAlert: null,
        pendingSent: null,
      };
    }),
    rejectPendingFile: assign(({ event }) => {
      assertEvent(event, 'PENDING_FILE_CHOSEN');
      return { pendingFileAlert: pendingFileRejection(event.file) };
    }),
    forgetPendingFile: assign({ pendingFile: null }),
    refuseSecondPendingFile: assign(({ context }) => ({
      pendingFileAlert: context.pendingFile ? heldFileHint(context.pendingFile) : null,
    })),
    /** The server refused the file in hand for the file itself: kept with its reason, never sent again as it is. */
    notePendingRefusal: assign(({ context, event }) => {
      const refused = refusalOf((event as { error?: unknown }).error);
      return refused && context.pendingFile ? { pendingFile: { ...context.pendingFile, refused } } : {};
    }),
    holdPendingPhoto: assign(({ event }) => {
      assertEvent(event, 'PENDING_FILE_CHOSEN');
      return { pendingPreparing: { cdTipoDocumento: event.cdTipoDocumento, file: event.file }, pendingFileAlert: null, pendingSent: null };
    }),
    // Ready: it becomes the file chosen for its type, under the id it was chosen with.
    choosePreparedPendingFile: assign(({ context }, params: { prepared: PreparedFile }) => ({
      pendingFile: context.pendingPreparing
        ? pendingAttachment(context.tracking, context.pendingPreparing.cdTipoDocumento, {
            ...params.prepared,
            id: context.pendingPreparing.file.id,
          })
        : context.pendingFile,
      pendingPreparing: null,
    })),
    rejectUnpreparedPendingPhoto: assign(({ context }, params: { error: unknown }) => ({
      pendingFileAlert: preparationAlert(params.error, context.pendingPreparing?.file ?? null),
      pendingPreparing: null,
    })),
    forgetPendingPreparing: assign({ pendingPreparing: null }),
    // A new visit of the panel (the request read again) starts with nothing in hand: a file left
    // from before (its bytes released when the panel was left) is neither shown as chosen nor sent by a later choice.
    forgetStalePendingFiles: assign({ pendingFile: null, pendingPreparing: null }),
    rememberPendingSent: assign(({ context }) => ({
      pendingSent: context.pendingFile
        ? { cdTipoDocumento: context.pendingFile.cdTipoDocumento, nmDocumento: context.pendingFile.nmDocumento }
        : null,
    })),
  },
  guards: {
    isAccepted: ({ context }) => panelOf(context.tracking) === 'accepted',
    isAwaitingAcknowledgement: ({ context }) => panelOf(context.tracking) === 'awaitingAcknowledgement',
    isRefused: ({ context }) => panelOf(context.tracking) === 'refused',
    isCancelled: ({ context }) => panelOf(context.tracking) === 'cancelled',
    isContractActive: ({ context }) => panelOf(context.tracking) === 'contractActive',
    isAgreementRecorded: ({ context }) => recordedChoice(context.tracking) === 'S',
    isDeclineRecorded: ({ context }) => recordedChoice(context.tracking) === 'N',
    isTypeOne: ({ context }) => typeCodeOf(context.tracking) === TYPE_CODE_AGREEMENT,
    hasAgreed: ({ context }) => context.choice === 'S',
    hasDeclined: ({ context }) => context.choice === 'N',
    /** A choice made in this visit that the server does not hold (yet). */
    hasUnsentChoice: ({ context }) => unsentChoice(context.tracking, context.choice),
    /** The choice is on its way to the server, or its fate is being read back: neither a draft nor recorded. */
    isSendingChoice: or([
      stateIn('#tracking.ready.awaitingAcknowledgement.generatingAcceptance'),
      stateIn('#tracking.ready.awaitingAcknowledgement.checkingSend'),
    ]),
    /** The server's answer holds a recorded answer the screen did not show (the lost answer's, or another tab's). */
    isRecordedAnswerChanged: ({ context }, params: { tracking: TrackingInfo }) =>
      recordedChoice(params.tracking) !== null && recordedChoice(params.tracking) !== recordedChoice(context.tracking),
    /** The conditions the server now shows are not the ones the screen showed (and the choice was given to). */
    areConditionsChanged: ({ context }, params: { tracking: TrackingInfo }) =>
      params.tracking.dsVersaoCondicoes !== context.tracking?.dsVersaoCondicoes,
    /** The holder left through 'Encerrar sessão' (else 'Sair', 'Retornar' or a menu item). */
    isEndingSession: ({ context }) => context.leaving === 'END_SESSION',
    hasUnreadLists: ({ context }) => context.unreadLists.length > 0,
    /** The screen was hidden long enough for what it shows to be stale. */
    wasAwayLong: ({ event }) => event.type === 'SCREEN_SHOWN_AGAIN' && event.awayMs >= STALE_AFTER_MS,
    areTermsUnread: ({ context }) => context.unreadLists.includes('documentsToSign'),
    isPanelAtRest: or(PANEL_AT_REST.map((id) => stateIn(id))),
    canSignDocument: ({ context }, params: { cdFileDocumento: number }) =>
      canSignAfterReading(context.documentsToSign, context.openedTerms, params.cdFileDocumento),
    canOpenUnreadTerm: ({ context }, params: { cdFileDocumento: number }) =>
      canOpenUnreadTerm(context.documentsToSign, context.openedTerms, params.cdFileDocumento),
    isKnownTerm: ({ context }, params: { cdFileDocumento: number }) =>
      context.documentsToSign.some((document) => document.cdFileDocumento === params.cdFileDocumento),
    canWithdraw: ({ context }) => canWithdraw(context.tracking),
    isWithdrawn: ({ context }) => isWithdrawn(context.tracking),
    isUnsignedDocument: ({ context }, params: { cdFileDocumento: number }) => isUnsigned(context.documentsToSign, params.cdFileDocumento),
    allDocumentsSigned: ({ context }) => allSigned(context.documentsToSign),
    isAcceptanceRefused: (_, params: { answer: string }) => isAcceptanceRefused(params.answer),
    isRestrictedAnswer: (_, params: { tracking: TrackingInfo }) => isRestrictedAnswer(params.tracking),
    isAwaitingDocuments: ({ context }) => isAwaitingDocuments(context.tracking),
    /** A photo for a type the list holds that is made ready first, as in the wizard (a large photo, an iPhone photo). */
    isPendingPhotoToPrepare: ({ context, event }) =>
      event.type === 'PENDING_FILE_CHOSEN' && isPendingType(context.tracking, event.cdTipoDocumento) && needsPreparing(event.file),
    hasPendingFile: ({ context }) => context.pendingFile !== null,
    isForAnotherPendingType: ({ context, event }) =>
      event.type === 'PENDING_FILE_CHOSEN' && fileHeldForAnother(context.pendingFile, event.cdTipoDocumento) !== null,
    /** A file for a type the list holds, that the wizard's checks accept (SPEC §5). */
    /** The upload was refused because the request no longer takes documents (the operator moved it meanwhile). */
    takesNoDocumentsNow: (_, params: { error: unknown }) => hasErrorCode(params.error, ERROR_CODES.takesNoDocuments),
    isPendingFileAcceptable: ({ context, event }) =>
      event.type === 'PENDING_FILE_CHOSEN' &&
      isPendingType(context.tracking, event.cdTipoDocumento) &&
      pendingFileRejection(event.file) === null,
  },
});
