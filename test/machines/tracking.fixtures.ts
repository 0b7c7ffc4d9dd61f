/**
 * Fixtures for the tracking machine's path tests: what each actor answers, the user events,
 * and a runner that drives a live actor (fake actors the test resolves by hand) along a
 * path produced by `xstate/graph`, recording the actions the app would have performed.
 */
import { createActor, fromPromise, type AnyEventObject, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { DOCUMENT_TYPES } from '../../server/seed/reference-data.ts';
import { ERROR_CODES } from '../../contract/rules';
import {
  trackingMachine,
  type AttachedDocumentInfo,
  type PendingDocumentInfo,
  type DocumentToSignInfo,
  type HistoryInfo,
  type ToastLevel,
  type TrackingEvent,
  type TrackingInfo,
  type TrackingInput,
} from '../../machines/tracking.machine';

export const INPUT: TrackingInput = { protocolo: '20250001000123', cdEmpresaPlano: '1' };

const base = {
  nuProtocolo: '20250001000123',
  nuProtocoloAnsHapvida: '12345678901234567890',
  dtCadastramento: '02/01/2025',
  dsStatus: 'Em análise',
  cdSolicitacao: 77,
  nuCpf: null,
} satisfies Partial<TrackingInfo>;

const typeName = (code: number) => DOCUMENT_TYPES.find(([cd]) => cd === code)![1];
/**
 * Status 2's list, as the reference server answers `set-status … 2 --pendente "3:…" --pendente 5`
 * (its type names): the first with the operator's reason, the second without.
 */
export const PENDING: [PendingDocumentInfo, PendingDocumentInfo] = [
  { cdTipoDocumento: 3, nmDocumento: typeName(3), dsMotivo: 'O comprovante enviado tem mais de 90 dias.' },
  { cdTipoDocumento: 5, nmDocumento: typeName(5) },
];

/** Real bytes for the files the pending paths choose (the server checks their first bytes). */
export const PENDING_BYTES = {
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
  empty: Buffer.alloc(0),
};
/**
 * The files chosen: a PDF for the first type, a PNG for the second, and an empty one SPEC §5
 * refuses; a phone photo over 1 MB for the first type and an iPhone photo (HEIC, not a real
 * one: the browser cannot read it) for the second, which are prepared first (issue 27).
 */
export const PENDING_FILES = {
  pdf: { id: 'f-comprovante', name: 'comprovante-de-residencia.pdf', size: PENDING_BYTES.pdf.length, mimeType: 'application/pdf' },
  png: { id: 'f-boletos', name: 'boletos.png', size: PENDING_BYTES.png.length, mimeType: 'image/png' },
  empty: { id: 'f-vazio', name: 'vazio.pdf', size: 0, mimeType: 'application/pdf' },
  photo: { id: 'f-foto-comprovante', name: 'foto-comprovante.jpg', size: 1_600_000, mimeType: 'image/jpeg' },
  heic: { id: 'f-boletos-iphone', name: 'boletos.heic', size: 4096, mimeType: 'image/heic' },
};
/** The photo made ready (its size as the browser makes it varies: only the branch matters). */
export const PREPARED_PHOTO = {
  id: PENDING_FILES.photo.id,
  name: 'foto-comprovante.jpg',
  size: 180_000,
  mimeType: 'image/jpeg',
  originalSize: PENDING_FILES.photo.size,
};

/** The conditions each status-6 request was shown (the server's `dsVersaoCondicoes`; the answer does not change them). */
const CONDITIONS = { typeOne: 'condicoes-tipo-1', typeTwo: 'condicoes-tipo-2', typeOneChanged: 'condicoes-tipo-1-novas' };
const awaitingTypeOne = {
  ...base,
  dsStatus: 'Aguardando sua confirmação',
  flStatus: 6,
  cdStatusPort: 1,
  flConcordo: null,
  dsVersaoCondicoes: CONDITIONS.typeOne,
};

/** One request per status and type code the screen distinguishes. */
export const TRACKINGS = {
  analysis: { ...base, flStatus: 1, cdStatusPort: 2, flConcordo: null },
  finalizeTypeOne: awaitingTypeOne,
  finalizeTypeTwo: {
    ...base,
    dsStatus: 'Aguardando sua confirmação',
    flStatus: 6,
    cdStatusPort: 2,
    flConcordo: null,
    dsVersaoCondicoes: CONDITIONS.typeTwo,
  },
  acceptedTypeOne: { ...base, dsStatus: 'Aceita', flStatus: 3, cdStatusPort: 1, flConcordo: 'S' },
  acceptedTypeTwo: { ...base, dsStatus: 'Aceita', flStatus: 3, cdStatusPort: 2, flConcordo: null },
  /** What an expired token gets for a request that requires login: its state, no data. */
  restricted: {
    nuProtocolo: base.nuProtocolo,
    nuProtocoloAnsHapvida: null,
    dtCadastramento: null,
    dsStatus: null,
    cdSolicitacao: null,
    flStatus: 3,
    cdStatusPort: 1,
    flConcordo: 'S',
  },
  /** Status 6 once the acknowledgement is recorded (aceite sets flConcordo). */
  finalizeTypeOneDeclined: { ...awaitingTypeOne, flConcordo: 'N' },
  finalizeTypeOneAgreed: { ...awaitingTypeOne, flConcordo: 'S' },
  finalizeTypeTwoAware: {
    ...base,
    dsStatus: 'Aguardando sua confirmação',
    flStatus: 6,
    cdStatusPort: 2,
    flConcordo: 'S',
    dsVersaoCondicoes: CONDITIONS.typeTwo,
  },
  /** The closing statuses (4, 5, 7). */
  refused: { ...base, dsStatus: 'Recusada', flStatus: 4, cdStatusPort: 1, flConcordo: null },
  cancelled: { ...base, dsStatus: 'Cancelada', flStatus: 5, cdStatusPort: 1, flConcordo: null },
  contractActive: { ...base, dsStatus: 'Contrato ativo', flStatus: 7, cdStatusPort: 2, flConcordo: 'S' },
  /** Status 2 with two types awaited, and once the first one's document was sent. */
  pendingDocuments: {
    ...base,
    dsStatus: 'Pendente de documentação',
    flStatus: 2,
    cdStatusPort: 1,
    flConcordo: null,
    documentosPendentes: PENDING,
  },
  pendingDocumentsOne: {
    ...base,
    dsStatus: 'Pendente de documentação',
    flStatus: 2,
    cdStatusPort: 1,
    flConcordo: null,
    documentosPendentes: [PENDING[1]],
  },
  /** The request under analysis once its holder withdrew it (issue 25): status 5 with the moment. */
  withdrawn: {
    ...base,
    dsStatus: 'Cancelada a seu pedido',
    flStatus: 5,
    cdStatusPort: 2,
    flConcordo: null,
    dtDesistencia: '03/01/2025 09:30',
  },
  /**
   * Status 6, type 1, once the operator changed the conditions (a new price) after the screen
   * showed them: what a read-back finds after an answer to the old ones was refused. Last, so
   * `recordedTracking` never picks it.
   */
  finalizeTypeOneChanged: { ...awaitingTypeOne, dsVersaoCondicoes: CONDITIONS.typeOneChanged },
} satisfies Record<string, TrackingInfo>;

/**
 * What a reload finds once this visit's acknowledgement was generated: the same request with
 * the choice recorded in flConcordo (the reference server's aceite), as one of the fixtures.
 */
export function recordedTracking(tracking: TrackingInfo, choice: 'S' | 'N' | null): TrackingInfo | undefined {
  // Status 2 reloads after a document was sent: the first type (the only one the paths send) is gone.
  if (tracking.flStatus === TRACKINGS.pendingDocuments.flStatus) return TRACKINGS.pendingDocumentsOne;
  // Under analysis, the only reload is the one after a withdrawal: the server then has it cancelled by the holder.
  if (tracking.flStatus === TRACKINGS.analysis.flStatus) return TRACKINGS.withdrawn;
  return Object.values(TRACKINGS).find(
    (t) =>
      t.flStatus === tracking.flStatus && t.cdStatusPort === tracking.cdStatusPort && t.flConcordo === choice && t.cdSolicitacao !== null,
  );
}

/** Status 6 with the same conditions and no answer recorded: what a changed-conditions read-back can follow. */
export function showsConditionsOf(tracking: TrackingInfo | null, of: TrackingInfo): boolean {
  return (
    tracking !== null &&
    tracking.flStatus === of.flStatus &&
    tracking.flConcordo === null &&
    tracking.dsVersaoCondicoes !== undefined &&
    tracking.dsVersaoCondicoes === of.dsVersaoCondicoes
  );
}

export const ATTACHED: AttachedDocumentInfo[] = [
  { nmArquivo: 'rg', nmExtensaoArquivo: 'pdf', nmDocumento: 'RG', dtAssinatura: null, linkUrl: 'https://portal.test/f/rg.pdf' },
];
export const TERMS: DocumentToSignInfo[] = [
  { documento: 'Proposta de adesão', linkUrl: 'https://portal.test/f/proposta.pdf', cdFileDocumento: 11, flAssinado: false },
  { documento: 'Declaração de portabilidade', linkUrl: 'https://portal.test/f/declaracao.pdf', cdFileDocumento: 12, flAssinado: false },
];
/** A term whose link must never be opened (nor signed). */
export const UNSAFE_TERM: DocumentToSignInfo = {
  documento: 'Termo adulterado',
  linkUrl: 'javascript:alert(1)',
  cdFileDocumento: 13,
  flAssinado: false,
};
export const HISTORY: HistoryInfo = {
  dtCadastramento: '02/01/2025',
  prazoRespostaDias: 10,
  dtLimiteResposta: '12/01/2025',
  eventos: [{ flStatus: 1, dsStatus: 'Em análise', dtEvento: '02/01/2025 10:00' }],
};
export const ACCEPTANCE_LINK = 'https://portal.test/f/aceite.pdf';
export const OPERATOR_NAME = 'Operadora Exemplo';

/** Every user event with the values the paths use; a new event fails to compile until listed. */
export const USER_EVENTS = {
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
  OPEN_TERM: [...TERMS, UNSAFE_TERM].map((term) => ({ type: 'OPEN_TERM' as const, cdFileDocumento: term.cdFileDocumento })),
  SIGN_DOCUMENT: [...TERMS, UNSAFE_TERM].map((term) => ({ type: 'SIGN_DOCUMENT' as const, cdFileDocumento: term.cdFileDocumento })),
  WITHDRAW: [{ type: 'WITHDRAW' }],
  WITHDRAW_CONFIRMED: [{ type: 'WITHDRAW_CONFIRMED' }],
  WITHDRAW_CANCELLED: [{ type: 'WITHDRAW_CANCELLED' }],
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
} satisfies { [K in TrackingEvent['type']]: Array<Extract<TrackingEvent, { type: K }>> };

export type ActorName =
  | 'loadTrackingData'
  | 'loadAttachedDocuments'
  | 'loadDocumentsToSign'
  | 'loadHistory'
  | 'recordSignature'
  | 'generateAcceptance'
  | 'finalizeRequest'
  | 'loadOperatorName'
  | 'uploadPendingDocument'
  | 'preparePendingPhoto'
  | 'withdrawRequest';

const done = (id: ActorName, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const failed = (id: ActorName) => ({ type: `xstate.error.actor.${id}`, error: { message: `${id} failed` }, actorId: id });
/** The iPhone photo the decoder could not read (its reason, as the app's preparation names it). */
const preparationRefused = () => ({
  type: 'xstate.error.actor.preparePendingPhoto',
  error: Object.assign(new Error('HEIC ilegível (fixture)'), { reason: 'heic' }),
  actorId: 'preparePendingPhoto',
});

/** What each actor may answer; every actor of the machine must be listed. */
export const ACTOR_ANSWERS = {
  loadTrackingData: [...Object.values(TRACKINGS).map((t) => done('loadTrackingData', t)), failed('loadTrackingData')],
  loadAttachedDocuments: [done('loadAttachedDocuments', ATTACHED), failed('loadAttachedDocuments')],
  loadDocumentsToSign: [done('loadDocumentsToSign', TERMS), failed('loadDocumentsToSign'), done('loadDocumentsToSign', [UNSAFE_TERM])],
  loadHistory: [done('loadHistory', HISTORY), failed('loadHistory')],
  recordSignature: [done('recordSignature', 'OK'), failed('recordSignature')],
  generateAcceptance: [done('generateAcceptance', ACCEPTANCE_LINK), done('generateAcceptance', 'ERRO'), failed('generateAcceptance')],
  finalizeRequest: [done('finalizeRequest', 'OK'), failed('finalizeRequest')],
  loadOperatorName: [done('loadOperatorName', OPERATOR_NAME), failed('loadOperatorName')],
  uploadPendingDocument: [
    done('uploadPendingDocument', 'OK'),
    failed('uploadPendingDocument'),
    // The operator moved the request out of status 2 meanwhile (a typed answer, not about the file).
    {
      type: 'xstate.error.actor.uploadPendingDocument',
      actorId: 'uploadPendingDocument',
      error: { status: 400, serverMessage: 'Esta solicitação não aceita novos documentos.', code: ERROR_CODES.takesNoDocuments },
    },
  ],
  preparePendingPhoto: [done('preparePendingPhoto', PREPARED_PHOTO), preparationRefused()],
  withdrawRequest: [done('withdrawRequest', 'OK'), failed('withdrawRequest')],
} satisfies Record<ActorName, AnyEventObject[]>;

type Snapshot = ReturnType<typeof trackingMachine.transition>;

/**
 * The events offered in each state. Kept small so the graph stays readable: a reload finds
 * the acknowledgement just generated recorded, and the secondary loads fail only on the first visit.
 */
export function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const tracking = snapshot.context.tracking;
  const firstVisit = tracking === null;
  const reloaded = tracking && recordedTracking(tracking, snapshot.context.choice);
  // A send without an answer is read back: the server may have recorded it, or not.
  const checking = snapshot.matches({ ready: { awaitingAcknowledgement: 'checkingSend' } });
  // The operator changed the conditions while the answer was on its way: only a read-back finds them.
  const changed = done('loadTrackingData', TRACKINGS.finalizeTypeOneChanged);
  const trackingAnswers = firstVisit
    ? ACTOR_ANSWERS.loadTrackingData.filter((answer) => !('output' in answer) || answer.output !== changed.output)
    : [
        ...(reloaded ? [done('loadTrackingData', reloaded)] : []),
        ...(checking ? [done('loadTrackingData', tracking), failed('loadTrackingData')] : []),
        ...(checking && showsConditionsOf(tracking, TRACKINGS.finalizeTypeOne) ? [changed] : []),
      ];
  const secondary = (answers: AnyEventObject[]) =>
    firstVisit || snapshot.context.tracking?.flStatus === 1 ? answers : answers.slice(0, 1);
  const all: AnyEventObject[] = [
    ...trackingAnswers,
    ...(snapshot.matches({ ready: { accepted: 'refreshingDocuments' } })
      ? ACTOR_ANSWERS.loadAttachedDocuments
      : secondary(ACTOR_ANSWERS.loadAttachedDocuments)),
    ...ACTOR_ANSWERS.loadDocumentsToSign.slice(0, 1),
    // The terms' read fails under analysis and where they are listed (status 3).
    ...([TRACKINGS.analysis.flStatus, TRACKINGS.acceptedTypeOne.flStatus].includes(snapshot.context.tracking?.flStatus ?? 0)
      ? [ACTOR_ANSWERS.loadDocumentsToSign[1]!]
      : []),
    ...(snapshot.context.tracking?.flConcordo === 'N' ? [ACTOR_ANSWERS.loadDocumentsToSign[2]!] : []),
    ...secondary(ACTOR_ANSWERS.loadHistory),
    ...ACTOR_ANSWERS.recordSignature,
    ...ACTOR_ANSWERS.generateAcceptance,
    ...ACTOR_ANSWERS.finalizeRequest,
    ...ACTOR_ANSWERS.loadOperatorName,
    ...ACTOR_ANSWERS.uploadPendingDocument,
    ...ACTOR_ANSWERS.preparePendingPhoto,
    ...ACTOR_ANSWERS.withdrawRequest,
    ...Object.values(USER_EVENTS).flat(),
  ];
  return all.filter((event) => snapshot.can(event as TrackingEvent));
}

// ---------------------------------------------------------------- transitions, by a stable key

/** `<state id>|<event>|<index>`: the same key for the model's and the live actor's transitions. */
export function transitionKey(transition: AnyTransitionDefinition): string | null {
  if (transition.eventType === null || transition.eventType === undefined) return null; // initial
  const list =
    transition.eventType === '' ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? []);
  return `${transition.source.id}|${transition.eventType || 'always'}|${list.indexOf(transition)}`;
}

export function allStateNodes(node: AnyStateNode = trackingMachine.root): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

export function allTransitionKeys(): string[] {
  return allStateNodes()
    .flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
    .map((t) => transitionKey(t))
    .filter((key): key is string => key !== null);
}

// ---------------------------------------------------------------- the live runner

export interface ActionCall {
  type:
    | 'openDocument'
    | 'openTerm'
    | 'navigateHome'
    | 'clearTrackingSession'
    | 'endSession'
    | 'notify'
    | 'announce'
    | 'armUnloadWarning'
    | 'disarmUnloadWarning'
    | 'releaseFile'
    | 'releasePendingFiles'
    | 'dropRefusedFile';
  params?: unknown;
}

interface Pending {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A live actor whose actors wait for the test, whose effects are recorded. */
export function startLiveTracking() {
  const pending = new Map<string, Pending>();
  const started: Array<{ id: string; input: unknown }> = [];
  const calls: ActionCall[] = [];
  const taken = new Set<string>();
  const visited = new Set<string>();

  const controlled = <Out, In>(id: ActorName) =>
    fromPromise<Out, In>(
      ({ input, signal }) =>
        new Promise<Out>((resolve, reject) => {
          started.push({ id, input });
          const waiting: Pending = { input, resolve: resolve as (value: unknown) => void, reject };
          pending.set(id, waiting);
          // Stopped by the machine (its state was left): no longer waiting for an answer.
          signal.addEventListener('abort', () => {
            if (pending.get(id) === waiting) pending.delete(id);
          });
        }),
    );

  const machine = trackingMachine.provide({
    actors: {
      loadTrackingData: controlled('loadTrackingData'),
      loadAttachedDocuments: controlled('loadAttachedDocuments'),
      loadDocumentsToSign: controlled('loadDocumentsToSign'),
      loadHistory: controlled('loadHistory'),
      recordSignature: controlled('recordSignature'),
      generateAcceptance: controlled('generateAcceptance'),
      finalizeRequest: controlled('finalizeRequest'),
      loadOperatorName: controlled('loadOperatorName'),
      uploadPendingDocument: controlled('uploadPendingDocument'),
      preparePendingPhoto: controlled('preparePendingPhoto'),
      withdrawRequest: controlled('withdrawRequest'),
    },
    actions: {
      openDocument: (_, params) => {
        calls.push({ type: 'openDocument', params });
      },
      openTerm: (_, params) => {
        calls.push({ type: 'openTerm', params });
      },
      navigateHome: (_, params) => {
        calls.push({ type: 'navigateHome', params });
      },
      clearTrackingSession: () => {
        calls.push({ type: 'clearTrackingSession' });
      },
      endSession: () => {
        calls.push({ type: 'endSession' });
      },
      notify: (_, params: { level: ToastLevel; message: string }) => {
        calls.push({ type: 'notify', params });
      },
      announce: (_, params: { message: string }) => {
        calls.push({ type: 'announce', params });
      },
      armUnloadWarning: () => {
        calls.push({ type: 'armUnloadWarning' });
      },
      disarmUnloadWarning: () => {
        calls.push({ type: 'disarmUnloadWarning' });
      },
      releaseFile: (_, params) => {
        calls.push({ type: 'releaseFile', params });
      },
      releasePendingFiles: (_, params) => {
        calls.push({ type: 'releasePendingFiles', params });
      },
      dropRefusedFile: (_, params) => {
        calls.push({ type: 'dropRefusedFile', params });
      },
    },
  });

  const actor = createActor(machine, {
    input: INPUT,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep') return;
      // Microsteps also show the pass-through states (those left at once by `always`).
      for (const node of (event.snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []) visited.add(node.id);
      for (const transition of event._transitions) {
        const key = transitionKey(transition);
        if (key) taken.add(key);
      }
    },
  });
  actor.subscribe((snapshot) => {
    for (const node of snapshot._nodes) visited.add(node.id);
  });
  actor.start();
  for (const node of actor.getSnapshot()._nodes) visited.add(node.id);

  /** Plays one event: an actor answer settles the waiting fake actor, a user event is sent. */
  async function play(event: AnyEventObject): Promise<void> {
    const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (answer) {
      const id = answer[2]!;
      const waiting = pending.get(id);
      if (!waiting) throw new Error(`${id} answered but was not running`);
      pending.delete(id);
      if (answer[1] === 'done') waiting.resolve((event as unknown as { output: unknown }).output);
      else waiting.reject((event as unknown as { error: unknown }).error);
      // Let the promise settle and its done/error event reach the machine.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } else {
      actor.send(event as TrackingEvent);
    }
  }

  return { actor, play, pending, started, calls, taken, visited };
}

export type LiveTracking = ReturnType<typeof startLiveTracking>;
