/**
 * The SPEC-breaking edits the path tests must catch (`npm run test:paths -- --mutants`),
 * each made in memory on the machine the models test (see framework/mutants.ts). The
 * models take their machine through `underTest`.
 */
import type { AnyStateMachine } from 'xstate';
import { activeMutant, mutate, patchChart, type Mutant } from './framework/mutants';

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
];

/** The machine the path tests run: the machine itself, or the mutant PATHS_MUTANT names for it. */
export function underTest<M extends AnyStateMachine>(machine: M): M {
  const mutant = activeMutant(mutants);
  return mutant && mutant.machineId === machine.id ? mutate(mutant, machine) : machine;
}
