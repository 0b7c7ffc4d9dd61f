/**
 * The tracking machine with the app's real side effects: reads through react-query's
 * fetchQuery, writes through mutateApi (one idempotency key per logical write), server links
 * through openServerLink, toasts through notify, the session through the storage adapter (its
 * token revoked on the server when it ends), navigation through the router. The operator name
 * is the branding's read (cached when home asked for it first).
 */
import { fromPromise } from 'xstate';
import {
  trackingMachine,
  type AcceptanceInput,
  type AttachedDocumentInfo,
  type DocumentToSignInfo,
  type FinalizeInput,
  type HistoryInfo,
  type ProtocolInput,
  type SignatureInput,
  type TrackingInfo,
} from '../../../machines/tracking.machine';
import type { ChosenFile, PreparedFile } from '../../../machines/wizard.types';
import { fetchApi, mutateApi, writesSettled } from '../../api/query-client';
import { revokeToken } from '../../api/revoke-token';
import { notify } from '../../app/notify';
import { openServerLink } from '../../app/open-link';
import { queryClient } from '../../app/services';
import { storage } from '../../storage';
import { announce } from '../../ui/announcer';
import { operatorNameQuery } from '../branding/branding-queries';
import { fileRegistry } from '../wizard/file-registry';
import { preparePhoto } from '../wizard/prepare-photo';
import { cancellableUploadDocument } from '../wizard/upload-document';
import { uploadProgress } from '../wizard/upload-progress';
import { createUnloadWarning, type UnloadWarning } from './unload-warning';

/** Status 2: a file's bytes (in this tab's memory only) and its upload progress are let go. */
export function releasePendingFile(id: string): void {
  fileRegistry.remove(id);
  uploadProgress.forget(id);
}

/**
 * The screen's four reads run together (machines/tracking.machine.ts, `loading`), so they fail
 * together too (an unknown protocol, no network): one toast says so. When the request's own
 * read ends the wait (a login needed, no such request), the others are cancelled unreported.
 */
const SCREEN_EVENT = 'tracking-screen';
const screenRead = (signal: AbortSignal) => ({ reportAs: SCREEN_EVENT, signal });
/**
 * A write that fails is followed by a read of the screen (which may fail too, with the same
 * news): one event, one toast (found by a regression walk: 'Ocorreu um erro inesperado!' twice).
 */
const screenWrite = { reportAs: SCREEN_EVENT };

export const trackingActors = {
  loadTrackingData: fromPromise<TrackingInfo, ProtocolInput>(async ({ input, signal }) => {
    const data = await fetchApi(queryClient, 'tracking', { protocolo: input.protocolo }, 0, screenRead(signal));
    // A fresh token of this protocol (requests that need no login): a session in use past the
    // token's 2 hours still finalizes and signs. Only a live session of this very protocol is
    // renewed: an ended one (idle, or past its token) stays ended (src/storage.ts).
    if (data.token) storage.renewToken(input.protocolo, data.token);
    return data;
  }),
  loadAttachedDocuments: fromPromise<AttachedDocumentInfo[], ProtocolInput>(({ input, signal }) =>
    fetchApi(queryClient, 'attachedDocuments', { protocolo: input.protocolo }, 0, screenRead(signal)),
  ),
  loadDocumentsToSign: fromPromise<DocumentToSignInfo[], ProtocolInput>(({ input, signal }) =>
    fetchApi(queryClient, 'documentsToSign', { protocolo: input.protocolo }, 0, screenRead(signal)),
  ),
  loadHistory: fromPromise<HistoryInfo, ProtocolInput>(({ input, signal }) =>
    fetchApi(queryClient, 'history', { protocolo: input.protocolo }, 0, screenRead(signal)),
  ),
  recordSignature: fromPromise<string, SignatureInput>(({ input }) =>
    mutateApi(queryClient, 'recordSignature', { cdFileDocumento: input.cdFileDocumento }, screenWrite),
  ),
  // SPEC §8 names its failure 'Erro ao gerar o documento' (the chart says it): not 'Ocorreu um erro inesperado!' beside it.
  generateAcceptance: fromPromise<string, AcceptanceInput>(({ input }) =>
    mutateApi(queryClient, 'acceptance', input, { ...screenWrite, saysOwnFailure: true }),
  ),
  finalizeRequest: fromPromise<string, FinalizeInput>(({ input }) => mutateApi(queryClient, 'finalize', input, screenWrite)),
  loadOperatorName: fromPromise<string, { cdEmpresaPlano: string }>(async ({ input }) =>
    (await queryClient.fetchQuery(operatorNameQuery(input.cdEmpresaPlano))).trim(),
  ),
  // Status 2: the wizard's own upload, by protocol, with the session's token (issue 25).
  uploadPendingDocument: cancellableUploadDocument,
  // Status 2: the wizard's own preparation of a photo; its bytes stay in this tab's memory only.
  preparePendingPhoto: fromPromise<PreparedFile, { file: ChosenFile }>(({ input, signal }) =>
    preparePhoto(input.file, signal, { survivesReload: false }),
  ),
  // The protocol's own token travels with the call (the server refuses any other).
  withdrawRequest: fromPromise<string, ProtocolInput>(({ input }) =>
    mutateApi(queryClient, 'withdraw', { protocolo: input.protocolo }, screenWrite),
  ),
};

/**
 * Leaving the screen, 'Encerrar sessão': forget this request (the route guard then refuses it)
 * and revoke its token on the server, without waiting for the answer. Only this request's
 * session: a new request another tab started since keeps its own (src/storage.ts).
 */
export function endTrackingSession(protocolo: string): void {
  revokeToken(storage.endSession(protocolo));
}

/**
 * Leaving by the browser's Back: the session leaves the device at once, and the server's copy
 * of it once a write already on its way (a confirmed answer, a signature) has arrived. Revoked
 * at once, that write was refused as from an ended session and the confirmed choice was lost
 * without a word (found by an exploratory run).
 */
export function endTrackingSessionAfterWrites(protocolo: string): void {
  const token = storage.endSession(protocolo);
  void writesSettled(queryClient).then(() => revokeToken(token));
}

/** 'Minha Portabilidade' and 'OK': forget this request and open home in track mode. */
export function clearTrackingSession(protocolo: string): void {
  endTrackingSession(protocolo);
  storage.set('type', 'track');
}

export interface TrackingNavigation {
  navigate(to: string): void;
  /** The tab's "leave the page?" prompt while a choice is unsent (default: this window's). */
  unloadWarning?: UnloadWarning;
}

export function createTrackingLogic({ navigate, unloadWarning = createUnloadWarning() }: TrackingNavigation) {
  return trackingMachine.provide({
    actors: trackingActors,
    actions: {
      // Runs inside the click's own send(), so popup blockers let the new tab open.
      openDocument: (_, params) => {
        openServerLink(params.linkUrl);
      },
      // A term's first opening: the server records the reading when its link is served.
      openTerm: (_, params) => {
        openServerLink(params.linkUrl);
      },
      navigateHome: (_, params) => navigate(`/home/${params.cdEmpresaPlano}`),
      clearTrackingSession: ({ context }) => clearTrackingSession(context.protocolo),
      endSession: ({ context }) => endTrackingSession(context.protocolo),
      notify: (_, params) => {
        notify[params.level](params.message);
      },
      announce: (_, params) => {
        announce(params.message);
      },
      releaseFile: (_, params) => releasePendingFile(params.id),
      releasePendingFiles: (_, params) => params.ids.forEach(releasePendingFile),
      dropRefusedFile: (_, params) => {
        fileRegistry.remove(params.id);
      },
      armUnloadWarning: () => unloadWarning.arm(),
      disarmUnloadWarning: () => unloadWarning.disarm(),
    },
  });
}
