/**
 * The wizard machine with its real actors and actions (DESIGN §2): reads through
 * `fetchApi`, writes through `mutateApi` with the machine's idempotency keys, storage and
 * navigation through the app's adapters. Errors are reported once by the query client's
 * global handler (SPEC §8); the machine models them with its onError transitions.
 */
import { fromPromise } from 'xstate';
import type { CepFound } from '../../../machines/cep-address';
import { wizardMachine } from '../../../machines/wizard.machine';
import type {
  AcceptanceInput,
  ChosenFile,
  DocumentTypeOption,
  PreparedFile,
  SaveRequestInput,
  SaveResult,
  SelectOption,
  WizardContext,
} from '../../../machines/wizard.types';
import { FREE_TOKEN, TIPO_PORTABILIDADE } from '../../../contract/api';
import { fetchApi, mutateApi } from '../../api/query-client';
import { revokeToken } from '../../api/revoke-token';
import { notify } from '../../app/notify';
import { openServerLink } from '../../app/open-link';
import { queryClient } from '../../app/services';
import { protocolToTrack, storage } from '../../storage';
import { fileRegistry } from './file-registry';
import { preparePhoto } from './prepare-photo';
import { screenAwake } from './screen-awake';
import { uploadDocument } from './upload-document';
import { ERROR_SUMMARY_ID } from './focus-targets';
import { clearWizardSnapshot } from './wizard-persistence';

const REFERENCE_DATA_STALE_MS = 60 * 60_000;

export interface WizardDeps {
  navigate(path: string): void;
}

/**
 * Moves focus after React has rendered the messages, so the element is announced with them;
 * an element the render has yet to add (the error summary, on the first refusal) is looked
 * for again for a few frames.
 */
function focusLater(id: string, frames = 10): void {
  setTimeout(() => {
    const element = document.getElementById(id);
    if (element) element.focus();
    else if (frames > 0) requestAnimationFrame(() => focusLater(id, frames - 1));
  }, 0);
}

export const wizardActors = {
  contractTypes: fromPromise<SelectOption[], void>(() => fetchApi(queryClient, 'contractTypes', {}, REFERENCE_DATA_STALE_MS)),
  documentTypes: fromPromise<DocumentTypeOption[], void>(() =>
    fetchApi(queryClient, 'documentTypes', { solicitacao: TIPO_PORTABILIDADE }, REFERENCE_DATA_STALE_MS),
  ),
  destinationPlan: fromPromise<string, { registroAns: string }>(({ input }) =>
    fetchApi(queryClient, 'destinationPlan', { registroAns: input.registroAns }, REFERENCE_DATA_STALE_MS),
  ),
  // ViaCEP's `{ erro: true }` is an ordinary answer: no address has this CEP.
  cepAddress: fromPromise<CepFound | null, { cep: string }>(async ({ input }) => {
    const answer = await fetchApi(queryClient, 'cepAddress', { cep: input.cep });
    return 'erro' in answer ? null : { logradouro: answer.logradouro, bairro: answer.bairro, localidade: answer.localidade, uf: answer.uf };
  }),
  prepareFile: fromPromise<PreparedFile, { file: ChosenFile }>(({ input, signal }) => preparePhoto(input.file, signal)),
  // Under the new request's placeholder: the one stored session may name a request another tab
  // follows, whose token must not travel with this person's data (found by an exploratory run).
  saveRequest: fromPromise<SaveResult, SaveRequestInput>(({ input }) =>
    mutateApi(queryClient, 'saveRequest', input.payload, { idempotencyKey: input.idempotencyKey, token: FREE_TOKEN }),
  ),
  uploadDocument,
  // The answer as it came ('ERRO' included): the chart decides what it means (SPEC §8).
  acceptance: fromPromise<string, AcceptanceInput>(({ input }) =>
    mutateApi(
      queryClient,
      'acceptance',
      { tipo: TIPO_PORTABILIDADE, fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: input.cdSolicitacao },
      { idempotencyKey: input.idempotencyKey, ...(input.token ? { token: input.token } : {}) },
    ),
  ),
};

/**
 * How long the acceptance document's tab has to fetch it after 'OK' before the save's session
 * ends on the server (its link with it). A phone that closes the page sooner leaves the token
 * to its 2-hour lifetime, as before.
 */
export const FILING_LINK_GRACE_MS = 15_000;

/**
 * The draft (this tab's and the device's) and the files it attached, gone from the browser; a
 * photo still being prepared too (found by a regression walk: it stayed until the next visit).
 */
function clearSavedWork({ protocoloAns, attachments, preparing }: Pick<WizardContext, 'protocoloAns' | 'attachments' | 'preparing'>): void {
  clearWizardSnapshot(protocoloAns);
  for (const file of preparing ? [...attachments, preparing] : attachments) fileRegistry.remove(file.id);
}

/** Home opens in track mode with this protocol typed (this tab only: its last 6 digits are the password). */
function handOverToTracking(protocolo: string): void {
  storage.set('type', 'track');
  protocolToTrack.give(protocolo);
}

export function createWizardLogic(deps: WizardDeps) {
  return wizardMachine.provide({
    actors: wizardActors,
    actions: {
      // A refused step: focus goes to its error summary, whose links lead to each field (issue
      // 27 item 5, the gov.br pattern); a dependent's row: to its first invalid field.
      focusField: (_, params) => {
        if (!params.field) return;
        focusLater(params.scope === 'form' ? ERROR_SUMMARY_ID : `dependente-${params.field}`);
      },
      releaseFile: (_, params) => fileRegistry.remove(params.id),
      notify: (_, params) => notify[params.level](params.message),
      keepScreenAwake: () => screenAwake.keep(),
      letScreenSleep: () => screenAwake.release(),
      // This request's session only: another tab's request started since keeps its own, and
      // with it the draft living on it (found by an exploratory run: filing here erased it).
      clearStoredProtocol: ({ context }) => storage.clearFiledProtocol(context.protocoloAns),
      clearSavedWork: ({ context }) => clearSavedWork(context),
      discardRequestHere: ({ context }) => {
        clearSavedWork(context);
        storage.endSession(context.protocoloAns);
      },
      openAcceptanceLink: (_, params) => {
        openServerLink(params.link);
      },
      // The new tab fetches the acceptance document first; then its link (and the token) end.
      endFilingSession: (_, params) => {
        setTimeout(() => revokeToken(params.token), FILING_LINK_GRACE_MS);
      },
      goHome: (_, params) => deps.navigate(`/home/${params.cdEmpresaPlano}`),
      // Back from step 1 lands on home too: the step's entry was put back (wizard-history.ts), home goes on top.
      leaveWizard: (_, params) => deps.navigate(`/home/${params.cdEmpresaPlano}`),
      // Issue 27 item 6: home's tracking with the field empty; no protocol is handed over.
      goTrackMode: (_, params) => {
        storage.set('type', 'track');
        deps.navigate(`/home/${params.cdEmpresaPlano}`);
      },
      keepProtocolForTracking: (_, params) => handOverToTracking(params.protocolo),
      goTrackProtocol: (_, params) => {
        handOverToTracking(params.protocolo);
        deps.navigate(`/home/${params.cdEmpresaPlano}`);
      },
    },
  });
}

export type WizardLogic = ReturnType<typeof createWizardLogic>;
