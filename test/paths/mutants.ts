/**
 * The SPEC-breaking edits the path tests must catch (`npm run test:paths -- --mutants`),
 * each made in memory on the machine the models test (see framework/mutants.ts). The
 * models take their machine through `underTest`.
 */
import { assign, type AnyStateMachine } from 'xstate';
import { isValidCpf } from '../../contract/rules';
import { activeMutant, mutate, patchChart, type Mutant } from './framework/mutants';

/* eslint-disable @typescript-eslint/no-explicit-any -- a mutant's implementation replaces one of any machine's */
type Loose = any;

/** A guard or an action swapped in by `provide` (typed loosely: it stands in for the machine's own). */
const provide = (machine: AnyStateMachine, implementations: Record<string, unknown>) => machine.provide(implementations as Loose);

/** The wizard's file check with SPEC's bound moved (the extension still checked). */
const fileCheck = (fits: (size: number) => boolean) => ({
  guards: {
    fileIsAcceptable: ({ context, event }: Loose) =>
      event.type === 'FILE_CHOSEN' &&
      !context.attachments.some((a: Loose) => a.id === event.file.id) &&
      event.file.size > 0 &&
      fits(event.file.size) &&
      /\.(pdf|jpe?g|png)$/i.test(event.file.name),
  },
});

/** Where status 2's 'Cancelar envio' is in the tracking chart. */
const SEND_CANCELLED = ['states', 'ready', 'states', 'pendingDocuments', 'states', 'sending', 'on', 'PENDING_SEND_CANCELLED'];

/** Where the wizard's 'Cancelar' on a photo being prepared is in the chart. */
const PREPARATION_CANCELLED = ['states', 'editing', 'states', 'documentos', 'states', 'preparing', 'on', 'PREPARATION_CANCELLED'];

/** The home lookup's login rule with one of SPEC's three conditions dropped. */
const loginRule = (rule: (r: { flStatus: number; cdStatusPort: number; flConcordo: string | null }) => boolean) => ({
  guards: { requiresLogin: (_: unknown, params: Loose) => rule(params.result) },
});
/* eslint-enable @typescript-eslint/no-explicit-any */

export const mutants: readonly Mutant[] = [
  {
    name: 'decline-twice',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 6 type 1: a 'Não aceito' the server already holds is not recognised (guard isDeclineRecorded always false), so it can be recorded again",
    apply: (machine) => machine.provide({ guards: { isDeclineRecorded: () => false } }),
  },
  {
    name: 'leave-without-asking',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 6: a choice made and not sent is not seen (guard hasUnsentChoice always false), so 'Sair' or 'Encerrar sessão' leaves without asking and the choice is lost",
    apply: (machine) => machine.provide({ guards: { hasUnsentChoice: () => false } }),
  },
  {
    name: 'final-before-sent',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 6: 'Enviar' in the confirmation opens 'Você está quase lá' at once, before (without) the acceptance call",
    apply: (machine) =>
      patchChart(machine, ['states', 'ready', 'states', 'awaitingAcknowledgement', 'states', 'confirmingSend', 'on', 'SEND_CONFIRMED'], {
        target: '#tracking.avisoModal',
      }),
  },
  {
    name: 'pending-list-not-reloaded',
    machineId: 'tracking',
    flow: 'tracking',
    edit: 'status 2: a sent document goes back to the list as it was, without reloading what the server holds',
    apply: (machine) =>
      patchChart(machine, ['states', 'ready', 'states', 'pendingDocuments', 'states', 'sending', 'invoke', 'onDone'], {
        target: 'listing',
        actions: ['rememberPendingSent', 'forgetPendingFile'],
      }),
  },
  {
    name: 'pending-sent-on-choice',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 2: a file is uploaded as soon as it is chosen, without 'Enviar'",
    apply: (machine) =>
      patchChart(
        machine,
        ['states', 'ready', 'states', 'pendingDocuments', 'states', 'listing', 'on', 'PENDING_FILE_CHOSEN'],
        [{ guard: 'isPendingFileAcceptable', target: 'sending', actions: 'choosePendingFile' }, { actions: 'rejectPendingFile' }],
      ),
  },
  {
    name: 'failure-keeps-overlay',
    machineId: 'requestActivity',
    flow: 'request-activity',
    edit: 'a failed request only counts down like a finished one: the overlay stays while others are pending',
    apply: (machine) =>
      patchChart(
        machine,
        ['states', 'busy', 'on', 'REQUEST_FAILED'],
        [{ guard: 'isLastPending', target: 'idle', actions: 'countFinished' }, { actions: 'countFinished' }],
      ),
  },
  {
    name: 'skip-acceptance',
    machineId: 'wizard',
    flow: 'wizard',
    edit: 'the submit sequence goes from the last upload (or the save, without attachments) straight to the protocol modal, without the acceptance document',
    apply: (machine) => {
      const config = machine.config as unknown as { states: { submitting: { states: Record<string, { invoke: { onDone: unknown[] } }> } } };
      const skip = (step: 'saving' | 'uploading') =>
        config.states.submitting.states[step]!.invoke.onDone.map((t, i, all) =>
          i === all.length - 1 ? { ...(t as object), target: '#wizard.protocolModal' } : t,
        );
      const saved = patchChart(machine, ['states', 'submitting', 'states', 'saving', 'invoke', 'onDone'], skip('saving'));
      return patchChart(saved, ['states', 'submitting', 'states', 'uploading', 'invoke', 'onDone'], skip('uploading'));
    },
  },
  // ---- issue 29: the survivors of the first mutation run, and the new rules' own mutants
  {
    name: 'protocol-never-cleared',
    machineId: 'wizard',
    flow: 'wizard',
    edit: 'the submit sequence never clears the stored protocol: the protocol modal opens with it still stored',
    apply: (machine) => patchChart(machine, ['states', 'protocolModal', 'entry'], ['clearSavedWork']),
  },
  {
    name: 'cpf-beside-no-cpf',
    machineId: 'wizard',
    flow: 'wizard',
    edit: "a CPF typed is kept while 'Beneficiário não possui CPF' is ticked",
    apply: (machine) =>
      provide(machine, {
        actions: {
          setField: assign(({ context, event }: { context: { form: object }; event: { type: string; field?: string; value?: string } }) =>
            event.type === 'FIELD_CHANGED' ? { form: { ...context.form, [event.field!]: event.value } } : {},
          ),
        },
      }),
  },
  {
    name: 'dependents-dropped-on-back',
    machineId: 'wizard',
    flow: 'wizard',
    edit: "going back from step 4 ('Anterior') drops the confirmed dependents",
    apply: (machine) =>
      patchChart(machine, ['states', 'editing', 'states', 'dependentes', 'on', 'PREVIOUS'], {
        target: 'planoDestino',
        actions: assign({ dependents: [] }),
      }),
  },
  {
    name: 'file-limit-one-byte-more',
    machineId: 'wizard',
    flow: 'wizard',
    edit: 'the 10 MB bound moved one byte up: a file of 10,485,761 bytes is listed',
    apply: (machine) =>
      provide(
        machine,
        fileCheck((size) => size <= 10_485_761),
      ),
  },
  {
    name: 'file-limit-one-byte-less',
    machineId: 'wizard',
    flow: 'wizard',
    edit: 'the 10 MB bound moved one byte down: a file of exactly 10,485,760 bytes is refused',
    apply: (machine) =>
      provide(
        machine,
        fileCheck((size) => size < 10_485_760),
      ),
  },
  {
    name: 'same-file-twice',
    machineId: 'wizard',
    flow: 'wizard',
    edit: 'step 5: a file already listed under the chosen document type is not recognised (guard isFileAlreadyListed always false), so it is listed and sent twice',
    apply: (machine) => machine.provide({ guards: { isFileAlreadyListed: () => false } }),
  },
  {
    name: 'cancel-ignored',
    machineId: 'wizard',
    flow: 'wizard',
    edit: "step 5: 'Cancelar' on a photo being prepared does nothing: the step still waits for it, and lists it when it is ready",
    apply: (machine) => patchChart(machine, PREPARATION_CANCELLED, {}),
  },
  {
    name: 'cancel-drops-file',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 2: 'Cancelar envio' also lets go of the file in hand: the person must choose it again",
    apply: (machine) => patchChart(machine, SEND_CANCELLED, { target: 'listing', actions: 'forgetPendingFile' }),
  },
  {
    name: 'refusal-shown-twice',
    machineId: 'wizard',
    flow: 'wizard',
    edit: "step 5: a refused file the person already went on from ('Próximo') brings the sending back to step 5 again: two clicks where the banner asked for one",
    apply: (machine) =>
      provide(machine, {
        guards: {
          hasRefusalSinceNext: ({ context }: Loose) => context.attachments.some((a: Loose) => !a.uploaded && a.refused !== undefined),
        },
      }),
  },
  {
    name: 'discard-keeps-draft',
    machineId: 'wizard',
    flow: 'wizard',
    edit: "'Sair e apagar os dados' leaves the wizard but keeps the saved draft and the stored protocol",
    apply: (machine) =>
      patchChart(machine, ['states', 'leaveConfirm', 'on', 'LEAVE_DISCARDED'], {
        target: 'left',
        actions: { type: 'leaveWizard', params: { via: 'menu', cdEmpresaPlano: '1' } },
      }),
  },
  {
    name: 'cancel-keeps-bytes',
    machineId: 'wizard',
    flow: 'wizard',
    edit: "step 5: 'Cancelar' lets the photo go from the step but keeps its bytes in the tab",
    apply: (machine) => patchChart(machine, PREPARATION_CANCELLED, { target: 'idle', actions: 'dropPreparingFile' }),
  },
  {
    name: 'pending-photo-unprepared',
    machineId: 'tracking',
    flow: 'tracking',
    edit: 'status 2: a large phone photo or an iPhone photo is taken as it is, unprepared (guard isPendingPhotoToPrepare always false)',
    apply: (machine) => machine.provide({ guards: { isPendingPhotoToPrepare: () => false } }),
  },
  {
    name: 'pending-cancel-drops-kept',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 2: 'Cancelar' on a photo being prepared also lets go of the file chosen before it",
    apply: (machine) =>
      patchChart(machine, ['states', 'ready', 'states', 'pendingDocuments', 'states', 'preparing', 'on', 'PENDING_PREPARATION_CANCELLED'], {
        target: 'listing',
        actions: ['forgetPendingPreparing', 'forgetPendingFile'],
      }),
  },
  {
    name: 'pending-second-drops-first',
    machineId: 'tracking',
    flow: 'tracking',
    edit: 'status 2: a file chosen for another document replaces the one in hand, unsent and unsaid (the refusal branch removed)',
    apply: (machine) => {
      const path = ['states', 'ready', 'states', 'pendingDocuments', 'states', 'fileChosen', 'on', 'PENDING_FILE_CHOSEN'];
      const config = machine.config as unknown as Record<string, unknown>;
      const branches = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], config) as unknown[];
      return patchChart(machine, path, branches.slice(1));
    },
  },
  {
    name: 'pending-leave-keeps-bytes',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 2: leaving the panel (a document sent, 'Retornar') keeps the bytes of the file in hand in the tab",
    apply: (machine) => patchChart(machine, ['states', 'ready', 'states', 'pendingDocuments', 'exit'], []),
  },
  {
    name: 'lost-answer-said-unsent',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 6: a send without an answer, read back, is always taken for unsent: the screen says 'nada foi registrado' although the server recorded it",
    apply: (machine) =>
      patchChart(
        machine,
        ['states', 'ready', 'states', 'awaitingAcknowledgement', 'states', 'checkingSend', 'invoke', 'onDone'],
        [{ target: 'choosingOptions' }],
      ),
  },
  {
    name: 'decline-taken-as-agreement',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 6 type 1: 'Não aceito' clicked is kept as an agreement, so 'Finalizar' offers to send what the person did not choose",
    apply: (machine) => provide(machine, { actions: { chooseDecline: assign({ choice: 'S' }) } }),
  },
  {
    name: 'decline-after-agreeing',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 6 type 1: after an agreement sent and answered in this visit the panel offers its options again ('Não aceito' clickable)",
    apply: (machine) =>
      patchChart(
        machine,
        ['states', 'ready', 'states', 'awaitingAcknowledgement', 'states', 'generatingAcceptance', 'invoke', 'onDone', '1', 'target'],
        'choosingOptions',
      ),
  },
  {
    name: 'sign-twice',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "status 3: a signed term's 'Li e aceito' can be ticked again (canSignDocument ignores flAssinado)",
    apply: (machine) =>
      provide(machine, {
        guards: {
          canSignDocument: (
            {
              context,
            }: {
              context: {
                documentsToSign: Array<{ cdFileDocumento: number; linkUrl: string; dtLeitura?: string | null }>;
                openedTerms: number[];
              };
            },
            params: { cdFileDocumento: number },
          ) =>
            context.documentsToSign.some(
              (term) =>
                term.cdFileDocumento === params.cdFileDocumento &&
                /^https?:/.test(term.linkUrl) &&
                (Boolean(term.dtLeitura) || context.openedTerms.includes(term.cdFileDocumento)),
            ),
        },
      }),
  },
  {
    name: 'withdraw-after-withdrawn',
    machineId: 'tracking',
    flow: 'tracking',
    edit: "a request already withdrawn (or closed) still offers 'Desistir' (guard canWithdraw always true)",
    apply: (machine) => provide(machine, { guards: { canWithdraw: () => true } }),
  },
  {
    name: 'eligibility-no-kept-as-yes',
    machineId: 'eligibility',
    flow: 'eligibility',
    edit: "an eligibility answer 'não' is recorded as 'sim', so a person with a requirement unmet is told they may port",
    apply: (machine) =>
      provide(machine, {
        actions: {
          recordAnswer: assign(({ context }: Loose, params: Loose) => ({ answers: { ...context.answers, [params.question]: true } })),
        },
      }),
  },
  {
    name: 'forgot-keeps-valid-cpf',
    machineId: 'forgotProtocol',
    flow: 'forgot-protocol',
    edit: "'Esqueci meu protocolo' keeps a valid CPF when another is typed over it, so what is sent is not what the field shows",
    apply: (machine) =>
      provide(machine, {
        actions: {
          setField: assign(({ context, event }: Loose) =>
            event.field === 'cpf' && isValidCpf(context.cpf) ? {} : { [event.field]: event.value },
          ),
        },
      }),
  },
  {
    name: 'track-empty-protocol',
    machineId: 'home',
    flow: 'home',
    edit: "track mode's 'Prosseguir' looks up whatever the field holds, an empty one too (guard hasProtocol always true), and leaves with no protocol",
    apply: (machine) => provide(machine, { guards: { hasProtocol: () => true } }),
  },
  {
    name: 'rate-limited-said-invalid',
    machineId: 'home',
    flow: 'home',
    edit: "a lookup refused with 429 ('aguarde') is taken for a failed one: 'Número de protocolo inválido ou não encontrado' (guard wasRateLimited always false)",
    apply: (machine) => provide(machine, { guards: { wasRateLimited: () => false } }),
  },
  {
    name: 'login-ignores-flConcordo',
    machineId: 'home',
    flow: 'home',
    edit: 'the lookup asks for a login at flStatus 3 and cdStatusPort 1 whatever flConcordo says',
    apply: (machine) =>
      provide(
        machine,
        loginRule((r) => r.flStatus === 3 && r.cdStatusPort === 1),
      ),
  },
  {
    name: 'login-ignores-type',
    machineId: 'home',
    flow: 'home',
    edit: "the lookup asks for a login at flStatus 3 with flConcordo 'S' whatever the type code",
    apply: (machine) =>
      provide(
        machine,
        loginRule((r) => r.flStatus === 3 && r.flConcordo === 'S'),
      ),
  },
  {
    name: 'login-ignores-status',
    machineId: 'home',
    flow: 'home',
    edit: "the lookup asks for a login at cdStatusPort 1 with flConcordo 'S' whatever the status",
    apply: (machine) =>
      provide(
        machine,
        loginRule((r) => r.cdStatusPort === 1 && r.flConcordo === 'S'),
      ),
  },
];

/** The machine the path tests run: the machine itself, or the mutant PATHS_MUTANT names for it. */
export function underTest<M extends AnyStateMachine>(machine: M): M {
  const mutant = activeMutant(mutants);
  return mutant && mutant.machineId === machine.id ? mutate(mutant, machine) : machine;
}
