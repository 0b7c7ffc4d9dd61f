/**
 * Path model of the tracking screen (machines/tracking.machine.ts) for the shared path
 * framework (test/paths/framework): the fixtures of tracking.machine.test.ts, with the three
 * status-3 terms the reference server creates, kept to what that server answers (`coherent`,
 * so the browser tier can replay every path against it), plus the SPEC journeys.
 */
import { trackingMachine, type DocumentToSignInfo, type TrackingContext, type TrackingInfo } from '../../machines/tracking.machine';
import { DOCUMENTS_TO_SIGN } from '../../server/services/request-documents.ts';
import { exploreSpace, type Keyed } from '../paths/framework/edges';
import { abstractKey, allFixtures, definePathModel, fixture, labelOf, makeStepper } from '../paths/framework/model';
import type { EventFixtures, PathEvent } from '../paths/framework/types';
import { underTest } from '../paths/mutants';
import { trackingRules } from '../paths/rules/tracking.rules';
import {
  ACCEPTANCE_LINK,
  ATTACHED,
  HISTORY,
  INPUT,
  OPERATOR_NAME,
  PENDING,
  PENDING_FILES,
  PREPARED_PHOTO,
  TRACKINGS,
  UNSAFE_TERM,
  recordedTracking,
  showsConditionsOf,
} from './tracking.fixtures';
import { isPendingType } from '../../machines/tracking.pending';
import { ERROR_CODES } from '../../contract/rules';

type M = typeof trackingMachine;
const failure = new Error('HTTP 500 (fixture)');
/** Status 2's upload refused because the operator moved the request out of 2 meanwhile (typed: not about the file). */
export const TAKES_NO_DOCUMENTS = Object.assign(new Error('HTTP 400 (fixture)'), {
  status: 400,
  serverMessage: 'Esta solicitação não aceita novos documentos no status atual (Recusada).',
  code: ERROR_CODES.takesNoDocuments,
});

/**
 * The terms a request gets at status 3, one per document the reference server creates then
 * (its names; the browser tier signs them by name), so that both tiers sign as many.
 */
export const TERMS: DocumentToSignInfo[] = DOCUMENTS_TO_SIGN.map((documento, index) => ({
  documento,
  linkUrl: `https://portal.test/f/termo-${index + 1}.pdf`,
  cdFileDocumento: 21 + index,
  flAssinado: false,
}));

const [signFirst, signSecond, signThird, signTampered] = [...TERMS, UNSAFE_TERM].map((term) => term.cdFileDocumento) as [
  number,
  number,
  number,
  number,
];

export const trackingFixtures = {
  RETRY: [{ type: 'RETRY' }],
  RETURN: [{ type: 'RETURN' }],
  END_SESSION: [{ type: 'END_SESSION' }],
  VIEW_DOCUMENT: [{ type: 'VIEW_DOCUMENT', linkUrl: ATTACHED[0]!.linkUrl }],
  AGREE: [{ type: 'AGREE' }],
  DECLINE: [{ type: 'DECLINE' }],
  ACKNOWLEDGE: [{ type: 'ACKNOWLEDGE' }],
  UNACKNOWLEDGE: [{ type: 'UNACKNOWLEDGE' }],
  SEND_CONFIRMED: [{ type: 'SEND_CONFIRMED' }],
  SEND_CANCELLED: [{ type: 'SEND_CANCELLED' }],
  LEAVE_CONFIRMED: [{ type: 'LEAVE_CONFIRMED' }],
  LEAVE_CANCELLED: [{ type: 'LEAVE_CANCELLED' }],
  OPEN_TERM: [
    { type: 'OPEN_TERM', cdFileDocumento: signFirst },
    { type: 'OPEN_TERM', cdFileDocumento: signSecond },
    { type: 'OPEN_TERM', cdFileDocumento: signThird },
    { type: 'OPEN_TERM', cdFileDocumento: signTampered },
  ],
  WITHDRAW: [{ type: 'WITHDRAW' }],
  WITHDRAW_CONFIRMED: [{ type: 'WITHDRAW_CONFIRMED' }],
  WITHDRAW_CANCELLED: [{ type: 'WITHDRAW_CANCELLED' }],
  SIGN_DOCUMENT: [
    { type: 'SIGN_DOCUMENT', cdFileDocumento: signFirst },
    { type: 'SIGN_DOCUMENT', cdFileDocumento: signSecond },
    { type: 'SIGN_DOCUMENT', cdFileDocumento: signThird },
    { type: 'SIGN_DOCUMENT', cdFileDocumento: signTampered },
  ],
  FINALIZE: [{ type: 'FINALIZE' }],
  RELOAD_LISTS: [{ type: 'RELOAD_LISTS' }],
  // Back after two minutes away (the screen is read again), and after a glance elsewhere (it is not).
  SCREEN_SHOWN_AGAIN: [
    { type: 'SCREEN_SHOWN_AGAIN', awayMs: 120_000 },
    { type: 'SCREEN_SHOWN_AGAIN', awayMs: 5_000 },
  ],
  CLOSE_MODAL: [{ type: 'CLOSE_MODAL' }],
  LOG_IN_AGAIN: [{ type: 'LOG_IN_AGAIN' }],
  PENDING_FILE_CHOSEN: [
    { type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[0].cdTipoDocumento, file: PENDING_FILES.pdf },
    { type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[1].cdTipoDocumento, file: PENDING_FILES.png },
    { type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[0].cdTipoDocumento, file: PENDING_FILES.empty },
    { type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[0].cdTipoDocumento, file: PENDING_FILES.photo },
    { type: 'PENDING_FILE_CHOSEN', cdTipoDocumento: PENDING[1].cdTipoDocumento, file: PENDING_FILES.heic },
  ],
  PENDING_FILE_SEND: [{ type: 'PENDING_FILE_SEND' }],
  PENDING_FILE_REMOVED: [{ type: 'PENDING_FILE_REMOVED' }],
  PENDING_PREPARATION_CANCELLED: [{ type: 'PENDING_PREPARATION_CANCELLED' }],
  PENDING_SEND_CANCELLED: [{ type: 'PENDING_SEND_CANCELLED' }],
  'xstate.done.actor.loadTrackingData': [
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.analysis },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.finalizeTypeOne },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.finalizeTypeTwo },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.acceptedTypeOne },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.acceptedTypeTwo },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.restricted },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.finalizeTypeOneDeclined },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.finalizeTypeOneAgreed },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.finalizeTypeTwoAware },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.refused },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.cancelled },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.contractActive },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.pendingDocuments },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.pendingDocumentsOne },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.withdrawn },
    { type: 'xstate.done.actor.loadTrackingData', actorId: 'loadTrackingData', output: TRACKINGS.finalizeTypeOneChanged },
  ],
  'xstate.error.actor.loadTrackingData': [{ type: 'xstate.error.actor.loadTrackingData', actorId: 'loadTrackingData', error: failure }],
  'xstate.done.actor.loadAttachedDocuments': [
    { type: 'xstate.done.actor.loadAttachedDocuments', actorId: 'loadAttachedDocuments', output: ATTACHED },
  ],
  'xstate.error.actor.loadAttachedDocuments': [
    { type: 'xstate.error.actor.loadAttachedDocuments', actorId: 'loadAttachedDocuments', error: failure },
  ],
  'xstate.done.actor.loadDocumentsToSign': [
    { type: 'xstate.done.actor.loadDocumentsToSign', actorId: 'loadDocumentsToSign', output: TERMS },
    { type: 'xstate.done.actor.loadDocumentsToSign', actorId: 'loadDocumentsToSign', output: [UNSAFE_TERM] },
  ],
  'xstate.error.actor.loadDocumentsToSign': [
    { type: 'xstate.error.actor.loadDocumentsToSign', actorId: 'loadDocumentsToSign', error: failure },
  ],
  'xstate.done.actor.loadHistory': [{ type: 'xstate.done.actor.loadHistory', actorId: 'loadHistory', output: HISTORY }],
  'xstate.error.actor.loadHistory': [{ type: 'xstate.error.actor.loadHistory', actorId: 'loadHistory', error: failure }],
  'xstate.done.actor.recordSignature': [{ type: 'xstate.done.actor.recordSignature', actorId: 'recordSignature', output: 'OK' }],
  'xstate.error.actor.recordSignature': [{ type: 'xstate.error.actor.recordSignature', actorId: 'recordSignature', error: failure }],
  'xstate.done.actor.generateAcceptance': [
    { type: 'xstate.done.actor.generateAcceptance', actorId: 'generateAcceptance', output: ACCEPTANCE_LINK },
    { type: 'xstate.done.actor.generateAcceptance', actorId: 'generateAcceptance', output: 'ERRO' },
  ],
  'xstate.error.actor.generateAcceptance': [
    { type: 'xstate.error.actor.generateAcceptance', actorId: 'generateAcceptance', error: failure },
  ],
  'xstate.done.actor.finalizeRequest': [{ type: 'xstate.done.actor.finalizeRequest', actorId: 'finalizeRequest', output: 'OK' }],
  'xstate.error.actor.finalizeRequest': [{ type: 'xstate.error.actor.finalizeRequest', actorId: 'finalizeRequest', error: failure }],
  'xstate.done.actor.loadOperatorName': [
    { type: 'xstate.done.actor.loadOperatorName', actorId: 'loadOperatorName', output: OPERATOR_NAME },
  ],
  'xstate.error.actor.loadOperatorName': [{ type: 'xstate.error.actor.loadOperatorName', actorId: 'loadOperatorName', error: failure }],
  'xstate.done.actor.uploadPendingDocument': [
    { type: 'xstate.done.actor.uploadPendingDocument', actorId: 'uploadPendingDocument', output: 'OK' },
  ],
  'xstate.error.actor.uploadPendingDocument': [
    { type: 'xstate.error.actor.uploadPendingDocument', actorId: 'uploadPendingDocument', error: failure },
    { type: 'xstate.error.actor.uploadPendingDocument', actorId: 'uploadPendingDocument', error: TAKES_NO_DOCUMENTS },
  ],
  // The phone photo shrunk; the iPhone photo the decoder could not read (issue 27's preparation, status 2).
  'xstate.done.actor.preparePendingPhoto': [
    { type: 'xstate.done.actor.preparePendingPhoto', actorId: 'preparePendingPhoto', output: PREPARED_PHOTO },
  ],
  'xstate.error.actor.preparePendingPhoto': [
    {
      type: 'xstate.error.actor.preparePendingPhoto',
      actorId: 'preparePendingPhoto',
      error: Object.assign(new Error('HEIC ilegível (fixture)'), { reason: 'heic' }),
    },
  ],
  'xstate.done.actor.withdrawRequest': [{ type: 'xstate.done.actor.withdrawRequest', actorId: 'withdrawRequest', output: 'OK' }],
  'xstate.error.actor.withdrawRequest': [{ type: 'xstate.error.actor.withdrawRequest', actorId: 'withdrawRequest', error: failure }],
} as const satisfies EventFixtures<M>;

type F = typeof trackingFixtures;
const f = <K extends keyof F>(type: K, variant = 0) => fixture<M, K>(trackingFixtures, type, variant);

/** The reads that run beside the request's own (machines/tracking.machine.ts, `loading`). */
const READS = ['attachedDocuments', 'documentsToSign', 'history'] as const;
const matches = (snapshot: unknown, value: unknown) => (snapshot as { matches: (v: unknown) => boolean }).matches(value);

/**
 * Answers the reference server would give: a reload (after an acknowledgement was generated)
 * finds that choice recorded, a secondary load fails only for a request under analysis (or
 * the table refresh after a signature), a request that needs a login answers before any of
 * the reads beside it, and the tampered term only comes with a request whose flConcordo is 'N'.
 */
function coherent(
  snapshot: {
    context: {
      tracking: TrackingInfo | null;
      choice: 'S' | 'N' | null;
      pendingFile: { cdTipoDocumento: number } | null;
      pendingPreparing: { file: { id: string; name: string } } | null;
      documentsToSign: Array<{ flAssinado: boolean }>;
    };
  },
  event: PathEvent<M>,
): boolean {
  const tracking = snapshot.context.tracking;
  const underAnalysis = tracking?.flStatus === TRACKINGS.analysis.flStatus;
  // Status 2, a photo being prepared: the page answers by itself (the phone photo shrunk, the
  // fake iPhone photo refused), and only 'Cancelar' can be clicked, on the iPhone photo, whose
  // decoder's download the browser tier holds (test/paths/ui/decoder-hold.ts).
  const preparing = snapshot.context.pendingPreparing?.file ?? null;
  if (preparing) {
    const iphone = /\.hei[cf]$/i.test(preparing.name);
    if (event.type === 'xstate.done.actor.preparePendingPhoto') return !iphone && event.output.id === preparing.id;
    if (event.type === 'xstate.error.actor.preparePendingPhoto' || event.type === 'PENDING_PREPARATION_CANCELLED') return iphone;
    return false;
  }
  const checkingSend = matches(snapshot, { ready: { awaitingAcknowledgement: 'checkingSend' } });
  switch (event.type) {
    case 'xstate.done.actor.loadTrackingData':
      // Conditions the operator changed while a decline was on its way, refused with 'ERRO':
      // only that read-back finds them (the browser tier changes them on the server then).
      if (event.output === TRACKINGS.finalizeTypeOneChanged)
        return checkingSend && showsConditionsOf(tracking, TRACKINGS.finalizeTypeOne) && snapshot.context.choice === 'N';
      // A send that had no answer, or was refused with 'ERRO', read back: an agreement (or
      // awareness) is on the server (its answer lost, or the same one sent from another tab
      // first); a decline is not (the browser tier plays both worlds so).
      if (tracking !== null && checkingSend)
        return event.output === (snapshot.context.choice === 'S' ? recordedTracking(tracking, 'S') : tracking);
      if (tracking !== null) return event.output === recordedTracking(tracking, snapshot.context.choice);
      // A request that needs a login the session no longer has answers its other reads 403:
      // none of them can have answered before it.
      return event.output !== TRACKINGS.restricted || !READS.some((read) => matches(snapshot, { loading: { [read]: 'settled' } }));
    case 'xstate.error.actor.loadAttachedDocuments':
      return underAnalysis || matches(snapshot, { ready: { accepted: 'refreshingDocuments' } });
    // The terms fail to load where they are listed too (status 3): 'Finalizar' must not go on without them.
    case 'xstate.error.actor.loadDocumentsToSign':
      return underAnalysis || tracking?.flStatus === TRACKINGS.acceptedTypeOne.flStatus;
    case 'xstate.error.actor.loadHistory':
      return underAnalysis;
    // The fixture's terms are all unsigned: a read after this visit signed one would list it signed.
    case 'xstate.done.actor.loadDocumentsToSign':
      return (event.output === TERMS && !snapshot.context.documentsToSign.some((term) => term.flAssinado)) || tracking?.flConcordo === 'N';
    // Status 2: a file is chosen in a row the list shows; only the first type is sent, so
    // the reload finds the list the server then holds (TRACKINGS.pendingDocumentsOne).
    case 'PENDING_FILE_CHOSEN':
      return isPendingType(tracking, event.cdTipoDocumento);
    case 'PENDING_FILE_SEND':
      return snapshot.context.pendingFile?.cdTipoDocumento === PENDING[0].cdTipoDocumento;
    default:
      return true;
  }
}

/** The index of each request among the fixtures of `loadTrackingData`. */
const REQUEST = Object.fromEntries(
  trackingFixtures['xstate.done.actor.loadTrackingData'].map((f, index) => [
    (Object.keys(TRACKINGS) as Array<keyof typeof TRACKINGS>).find((key) => TRACKINGS[key] === f.output)!,
    index,
  ]),
) as Record<keyof typeof TRACKINGS, number>;

const loaded = (variant: number) => [
  f('xstate.done.actor.loadTrackingData', variant),
  f('xstate.done.actor.loadAttachedDocuments'),
  f('xstate.done.actor.loadDocumentsToSign'),
  f('xstate.done.actor.loadHistory'),
];

/**
 * The abstract context of the edges (framework/edges.ts): what the guards and SPEC's rules
 * read — the request's status, type, recorded answer and pending list, the choice and the
 * way out asked for, each term signed or opened, the file in hand — not the loaded lists'
 * contents.
 */
export function trackingAbstraction(c: TrackingContext): unknown {
  const t = c.tracking;
  return {
    t: t && [
      t.flStatus,
      t.cdStatusPort,
      t.flConcordo,
      Boolean(t.dtDesistencia),
      t.cdSolicitacao === null,
      t.documentosPendentes?.length ?? 0,
    ],
    choice: c.choice,
    leaving: c.leaving,
    signing: c.signing !== null,
    // Each term: signed, opened (here or on the server), or neither.
    terms: c.documentsToSign.map((d) =>
      d.flAssinado ? 'signed' : Boolean(d.dtLeitura) || c.openedTerms.includes(d.cdFileDocumento) ? 'opened' : 'unread',
    ),
    link: c.acceptanceLink !== null,
    unread: [...c.unreadLists].sort(),
    operator: c.operatorName !== '',
    pending: [
      c.pendingFile?.id ?? null,
      c.pendingPreparing?.file.id ?? null,
      c.pendingFileAlert !== null,
      c.pendingSent?.cdTipoDocumento ?? null,
    ],
  };
}

/**
 * The edges' abstract state: while the screen loads, the request's answer only (which reads
 * answered is the state value); once it shows, `trackingAbstraction`.
 */
function edgeKey(snapshot: Keyed): string {
  const c = snapshot.context as TrackingContext;
  const loading = typeof snapshot.value === 'object' && snapshot.value !== null && 'loading' in snapshot.value;
  const t = c.tracking;
  return JSON.stringify(
    loading
      ? { v: snapshot.value, t: t && [t.flStatus, t.cdStatusPort, t.flConcordo, Boolean(t.dtDesistencia)], choice: c.choice }
      : { v: snapshot.value, c: trackingAbstraction(c) },
  );
}

/** The one edge space's name, as explored and as read back from the run's cache. */
const TRACKING_SPACE = 'tracking';

export const trackingModel = definePathModel({
  flow: 'tracking',
  machine: underTest(trackingMachine),
  invariants: trackingRules,
  abstractContext: trackingAbstraction,
  edgeSpaces: (model) => {
    const stepper = makeStepper(model.machine);
    return [
      exploreSpace(
        model.machine,
        {
          name: TRACKING_SPACE,
          start: 'stored protocol',
          prefix: [],
          key: edgeKey,
          // Explored by the finer abstraction: while loading, the edge's key forgets the other reads' answers.
          traverse: abstractKey(model),
          options: { events: allFixtures(model), input: INPUT, filterEvents: model.coherent },
        },
        labelOf(model),
        (snapshot, event) => stepper.step(snapshot, event).taken,
      ),
    ];
  },
  // The space's name and key without exploring: a browser worker reads its edges from the run's
  // cache by them (without these every Playwright process explored the space again).
  edgeKeys: () => [{ name: TRACKING_SPACE, key: edgeKey }],
  starts: [{ name: 'stored protocol', input: INPUT }],
  fixtures: trackingFixtures,
  coherent: coherent as never,
  journeys: [
    {
      name: 'the reads beside the request answer first: the screen waits for the request, then shows it under analysis',
      events: [
        f('xstate.done.actor.loadHistory'),
        f('xstate.done.actor.loadDocumentsToSign'),
        f('xstate.done.actor.loadAttachedDocuments'),
        f('xstate.done.actor.loadTrackingData', REQUEST.analysis),
      ],
    },
    {
      name: "status 6 type 1: agree, 'Finalizar' asks 'Enviar ...?', send, 'Você está quase lá', 'Minha Portabilidade'",
      events: [
        ...loaded(REQUEST.finalizeTypeOne),
        f('AGREE'),
        f('FINALIZE'),
        f('SEND_CONFIRMED'),
        f('xstate.done.actor.generateAcceptance'),
        f('CLOSE_MODAL'),
      ],
    },
    {
      name: "status 6 type 1: the choice changes until sent, 'Voltar' sends nothing, an 'ERRO' answer keeps it, 'Não aceito' sent and reloaded recorded; agreeing then, 'Sair' asks, stay, send",
      events: [
        ...loaded(REQUEST.finalizeTypeOne),
        f('DECLINE'),
        f('AGREE'),
        f('DECLINE'),
        f('FINALIZE'),
        f('SEND_CANCELLED'),
        f('FINALIZE'),
        f('SEND_CONFIRMED'),
        f('xstate.done.actor.generateAcceptance', 1),
        f('xstate.done.actor.loadTrackingData', REQUEST.finalizeTypeOne),
        f('FINALIZE'),
        f('SEND_CONFIRMED'),
        f('xstate.done.actor.generateAcceptance'),
        ...loaded(REQUEST.finalizeTypeOneDeclined),
        f('AGREE'),
        f('RETURN'),
        f('LEAVE_CANCELLED'),
        f('FINALIZE'),
        f('SEND_CONFIRMED'),
        f('xstate.done.actor.generateAcceptance'),
        f('CLOSE_MODAL'),
      ],
    },
    {
      name: "status 6 type 1: agree, then 'Sair' asks, and leaving anyway sends nothing",
      events: [...loaded(REQUEST.finalizeTypeOne), f('AGREE'), f('RETURN'), f('LEAVE_CONFIRMED')],
    },
    {
      name: "status 6 type 2: 'Estou ciente' ticked and unticked, ticked again; 'Encerrar sessão' asks, stay; send, the reload shows it recorded, 'Encerrar sessão'",
      events: [
        ...loaded(REQUEST.finalizeTypeTwo),
        f('ACKNOWLEDGE'),
        f('UNACKNOWLEDGE'),
        f('ACKNOWLEDGE'),
        f('END_SESSION'),
        f('LEAVE_CANCELLED'),
        f('FINALIZE'),
        f('SEND_CONFIRMED'),
        f('xstate.done.actor.generateAcceptance'),
        ...loaded(REQUEST.finalizeTypeTwoAware),
        f('END_SESSION'),
      ],
    },
    {
      name: "status 6 type 2: 'Estou ciente', then 'Encerrar sessão' asks, and ending it anyway sends nothing",
      events: [...loaded(REQUEST.finalizeTypeTwo), f('ACKNOWLEDGE'), f('END_SESSION'), f('LEAVE_CONFIRMED')],
    },
    {
      name: "status 2: both pending types listed; an empty file refused (SPEC §5), a PDF chosen and removed, a PNG chosen, a PDF for the other document waits until the PNG is removed, the upload fails, 'Tentar de novo' sends it, and the reload lists one type left",
      events: [
        ...loaded(REQUEST.pendingDocuments),
        f('PENDING_FILE_CHOSEN', 2),
        f('PENDING_FILE_CHOSEN', 0),
        f('PENDING_FILE_REMOVED'),
        f('PENDING_FILE_CHOSEN', 1),
        f('PENDING_FILE_CHOSEN', 0),
        f('PENDING_FILE_REMOVED'),
        f('PENDING_FILE_CHOSEN', 0),
        f('PENDING_FILE_SEND'),
        f('xstate.error.actor.uploadPendingDocument'),
        f('PENDING_FILE_SEND'),
        f('xstate.done.actor.uploadPendingDocument'),
        ...loaded(REQUEST.pendingDocumentsOne),
        f('RETURN'),
      ],
    },
    {
      name: "withdrawal under analysis: 'Voltar' sends nothing; confirmed, the server's answer, the reload shows it cancelled by the holder",
      events: [
        ...loaded(REQUEST.analysis),
        f('WITHDRAW'),
        f('WITHDRAW_CANCELLED'),
        f('WITHDRAW'),
        f('WITHDRAW_CONFIRMED'),
        f('xstate.done.actor.withdrawRequest'),
        ...loaded(REQUEST.withdrawn),
        f('RETURN'),
      ],
    },
    {
      name: 'status 3: the unsigned warning, open and sign the three terms, finish, welcome',
      events: [
        ...loaded(REQUEST.acceptedTypeOne),
        f('FINALIZE'),
        f('OPEN_TERM', 0),
        f('SIGN_DOCUMENT', 0),
        f('xstate.done.actor.recordSignature'),
        f('xstate.done.actor.loadAttachedDocuments'),
        f('OPEN_TERM', 1),
        f('SIGN_DOCUMENT', 1),
        f('xstate.done.actor.recordSignature'),
        f('xstate.done.actor.loadAttachedDocuments'),
        f('OPEN_TERM', 2),
        f('SIGN_DOCUMENT', 2),
        f('xstate.done.actor.recordSignature'),
        f('xstate.done.actor.loadAttachedDocuments'),
        f('FINALIZE'),
        f('xstate.done.actor.finalizeRequest'),
        f('xstate.done.actor.loadOperatorName'),
        f('CLOSE_MODAL'),
      ],
    },
  ],
});
