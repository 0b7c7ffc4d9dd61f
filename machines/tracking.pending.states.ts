/**
 * Status 2, 'Pendente de documentação' (issue 25 item 3): the panel of the tracking chart that
 * lists the documents the operator still waits for and sends each one from the tracking
 * screen, with the wizard's checks, upload (SPEC §7, by protocol), progress and retry. Its own
 * file so the chart (tracking.machine.ts) only names it; the rules are in tracking.pending.ts.
 */
import { PENDING_TEXT, heldPendingFileIds, pendingUploadKey } from './tracking.pending';
import { trackingSetup } from './tracking.setup';

/** Lets go of a file the checks refused (SPEC §5): its bytes are dropped, the alert says why. */
const dropRefused = {
  type: 'dropRefusedFile',
  params: ({ event }: { event: { type: string; file?: { id: string } } }) => ({ id: event.file?.id ?? '' }),
} as const;
/** Releases the bytes of the photo being prepared (refused or cancelled). */
const releasePreparing = {
  type: 'releaseFile',
  params: ({ context }: { context: { pendingPreparing: { file: { id: string } } | null } }) => ({
    id: context.pendingPreparing?.file.id ?? '',
  }),
} as const;
/** A photo chosen for a type the list holds is made ready first, as in the wizard (issue 27). */
const preparedFirst = (description: string) =>
  ({
    guard: 'isPendingPhotoToPrepare',
    target: 'preparing',
    actions: 'holdPendingPhoto',
    description,
  }) as const;
/** Releases the bytes of the file kept (replaced, removed or sent). */
const releaseKept = {
  type: 'releaseFile',
  params: ({ context }: { context: { pendingFile: { id: string } | null } }) => ({ id: context.pendingFile?.id ?? '' }),
} as const;

export const pendingDocumentsState = trackingSetup.createStateConfig({
  description:
    'Status 2, painel "Sua solicitação está em análise" com "Documentos pendentes": cada tipo que a operadora pediu e o motivo, o que acontece agora e o prazo da operadora; para cada um, escolher um arquivo e "Enviar". "Retornar".',
  initial: 'listing',
  entry: 'forgetStalePendingFiles',
  // Left any way (sent and read again, 'Retornar', the session ended): the bytes go with it. The
  // context keeps its names until the next visit's entry: a transition's own actions still read them.
  exit: { type: 'releasePendingFiles', params: ({ context }) => ({ ids: heldPendingFileIds(context) }) },
  states: {
    listing: {
      description:
        'A lista do servidor, cada tipo com "Escolher arquivo". Um arquivo vazio, acima de 10MB ou que não seja PDF, JPG ou PNG é recusado com o aviso da SPEC §5.',
      on: {
        PENDING_FILE_CHOSEN: [
          preparedFirst('Uma foto grande é reduzida, uma foto HEIC convertida, antes de ficar escolhida (como no assistente).'),
          {
            guard: 'isPendingFileAcceptable',
            target: 'fileChosen',
            actions: 'choosePendingFile',
            description: 'SPEC §5/§9: arquivo não vazio, de até 10485760 bytes e de tipo aceito: fica escolhido para envio.',
          },
          {
            actions: ['rejectPendingFile', dropRefused],
            description: 'SPEC §5: arquivo vazio, acima de 10MB ou de outro tipo: recusado com o aviso.',
          },
        ],
      },
    },
    fileChosen: {
      // A file in hand, not on the server: closing or reloading the tab asks first (as an unsent choice).
      entry: 'armUnloadWarning',
      exit: 'disarmUnloadWarning',
      description:
        'Um arquivo escolhido para um tipo, com nome e tamanho: "Enviar" o envia; "Remover" o descarta; outro arquivo aceito o substitui (um recusado o mantém, com o aviso). Depois de uma falha, "Tentar de novo" (recusado: "Não foi enviado" e o motivo; sem resposta: envio não confirmado).',
      on: {
        PENDING_FILE_CHOSEN: [
          // The file in hand is never dropped unsent for another document's (the other rows wait).
          {
            guard: 'isForAnotherPendingType',
            actions: ['refuseSecondPendingFile', dropRefused],
            description: 'Um arquivo para outro documento, com um escolhido e não enviado: recusado com o aviso; o escolhido fica.',
          },
          preparedFirst('Uma foto a preparar: o arquivo escolhido fica até ela estar pronta.'),
          {
            guard: 'isPendingFileAcceptable',
            target: 'fileChosen',
            reenter: true,
            actions: [releaseKept, 'choosePendingFile'],
            description: 'SPEC §5/§9: outro arquivo aceito substitui o escolhido.',
          },
          {
            actions: ['rejectPendingFile', dropRefused],
            description: 'SPEC §5: arquivo recusado (vazio, acima de 10MB ou de outro tipo): o escolhido fica, com o aviso.',
          },
        ],
        PENDING_FILE_REMOVED: { target: 'listing', actions: [releaseKept, 'forgetPendingFile'] },
        PENDING_FILE_SEND: 'sending',
      },
    },
    preparing: {
      entry: 'armUnloadWarning',
      exit: 'disarmUnloadWarning',
      description:
        'Uma foto escolhida para um tipo pendente é preparada no navegador como no assistente (HEIC convertida em JPEG, foto acima de 1 MB redesenhada em 2.000 px): pronta, passa a ser o arquivo escolhido, com os tamanhos antes e depois; recusada (dizendo como enviá-la) ou cancelada, o arquivo escolhido antes, se havia, fica.',
      invoke: {
        id: 'preparePendingPhoto',
        src: 'preparePendingPhoto',
        input: ({ context }) => ({ file: context.pendingPreparing!.file }),
        onDone: {
          target: 'fileChosen',
          actions: [releaseKept, { type: 'choosePreparedPendingFile', params: ({ event }) => ({ prepared: event.output }) }],
        },
        // Refused (the alert says how to send it): back to where it was chosen; a file chosen before stays.
        onError: [
          {
            guard: 'hasPendingFile',
            target: 'fileChosen',
            actions: [releasePreparing, { type: 'rejectUnpreparedPendingPhoto', params: ({ event }) => ({ error: event.error }) }],
            description: 'Foto recusada, com o aviso de como enviá-la: o arquivo escolhido antes fica.',
          },
          {
            target: 'listing',
            actions: [releasePreparing, { type: 'rejectUnpreparedPendingPhoto', params: ({ event }) => ({ error: event.error }) }],
            description: 'Foto recusada, com o aviso de como enviá-la.',
          },
        ],
      },
      on: {
        PENDING_PREPARATION_CANCELLED: [
          {
            guard: 'hasPendingFile',
            target: 'fileChosen',
            actions: [releasePreparing, 'forgetPendingPreparing'],
            description: "'Cancelar': a foto não fica escolhida; o arquivo escolhido antes fica.",
          },
          {
            target: 'listing',
            actions: [releasePreparing, 'forgetPendingPreparing'],
            description: "'Cancelar': a foto não fica escolhida.",
          },
        ],
      },
    },
    sending: {
      // Closing the tab now would cut the upload short: it still asks.
      entry: 'armUnloadWarning',
      exit: 'disarmUnloadWarning',
      description:
        'Envia o arquivo (upload da SPEC §7 pelo protocolo, tipoSolicitacao 9, o tipo pendente), com o progresso na linha. Respondido, a tela recarrega a solicitação: a lista é a que o servidor tem.',
      invoke: {
        id: 'uploadPendingDocument',
        src: 'uploadPendingDocument',
        input: ({ context }) => {
          const attachment = context.pendingFile!;
          return { attachment, nuProtocolo: context.protocolo, idempotencyKey: pendingUploadKey(attachment) };
        },
        onDone: {
          target: '#tracking.loading',
          actions: [
            'rememberPendingSent',
            {
              type: 'announce',
              params: ({ context }) => ({ message: PENDING_TEXT.sent(context.pendingFile?.nmDocumento ?? '') }),
            },
            // Its bytes were released as the panel was left (its exit, which runs first).
            'forgetPendingFile',
          ],
        },
        // Kept, with 'Tentar de novo' (the global handler said why): unanswered, that it is
        // unconfirmed (its retry cannot store it twice). Refused for the file itself: 'Não foi
        // enviado' and its reason, to remove or replace (the other rows say so too).
        onError: [
          // Not about the file: the operator moved the request out of status 2 meanwhile. The
          // toast says so (the server's words), and the screen reads the request again, to show
          // where it now is (found by a regression walk: the file was said to be refused).
          {
            guard: { type: 'takesNoDocumentsNow', params: ({ event }) => ({ error: event.error }) },
            target: '#tracking.loading',
            description:
              'A solicitação não aceita mais documentos (a operadora mudou o status): o aviso com as palavras do servidor, e a tela lê a solicitação de novo.',
          },
          {
            target: 'fileChosen',
            actions: 'notePendingRefusal',
            description:
              "Outra falha: o arquivo fica escolhido. Recusado pelo servidor, 'Não foi enviado' e o motivo, para remover ou trocar; sem resposta, envio não confirmado, com 'Tentar de novo'.",
          },
        ],
      },
      on: {
        // A big photo on a slow link takes minutes: the person may stop it and choose a smaller one (found by an exploratory run).
        PENDING_SEND_CANCELLED: {
          target: 'fileChosen',
          actions: {
            type: 'announce',
            params: ({ context }) => ({ message: PENDING_TEXT.sendCancelled(context.pendingFile?.nmDocumento ?? '') }),
          },
          description:
            "'Cancelar envio': o envio é interrompido e o arquivo continua escolhido, para 'Enviar' de novo (se ele já tinha chegado, não é guardado duas vezes) ou 'Remover'.",
        },
      },
    },
  },
});
