/**
 * SPEC §4 "Submit sequence" as rules over the wizard: save → upload each document →
 * acceptance document → clear the stored protocol → protocol modal; nothing uploads before
 * the save answered, nothing is cleared before the acceptance document answered, and a
 * second click on 'Próximo' while sending sends nothing. And the address from the CEP
 * (issue 14): looked up only for all 8 digits, and what a lookup said stands only for the CEP
 * it was asked for. And the review (issue 14): nothing saved before it is confirmed, no
 * documents only after the warning.
 */
import type { wizardMachine } from '../../../machines/wizard.machine';
import { isCep, refusalOf } from '../../../contract/rules';
import { ERROR_SUMMARY_ID } from '../../../src/flows/wizard/focus-targets';
import { DEVICE_DRAFT_PREFIX } from '../../../src/storage';
import { PICKED_PLAN, PICKED_REGISTRY } from '../../machines/wizard.fixtures';
import { traced, type Invariant, type ReceivedEvent } from '../framework/invariants';
import { wizardLockRules } from './wizard.locks.rules';

type M = typeof wizardMachine;

/** Events that put data in the wizard (from a blank start, nothing else does). */
const TYPING = [
  'event:FIELD_CHANGED',
  'event:DEPENDENT_CHANGED',
  'event:DESTINATION_REGISTRY_CHANGED',
  'event:DESTINATION_PLAN_CHOSEN',
  'event:FILE_CHOSEN',
];
/** The two ways of naming the destination plan (issue 27 item 5): picked from the list, or its registry typed. */
const PLAN_PICKED = 'event:DESTINATION_PLAN_CHOSEN';
const REGISTRY_TYPED = 'event:DESTINATION_REGISTRY_CHANGED';

const ACCEPTANCE_ANSWERED = ['event:xstate.done.actor.acceptance', 'event:xstate.error.actor.acceptance'];
/** The save's answer with the request's protocol: from then on the request exists on the server. */
const SAVED = 'event:xstate.done.actor.saveRequest';
const UPLOAD_FAILED = 'event:xstate.error.actor.uploadDocument';
const UPLOAD_DONE = 'event:xstate.done.actor.uploadDocument';
/** The banner of a request registered with a document still to send (issue 27). */
const CLICK_NEXT = "Clique em 'Próximo' para concluir o envio";

/** The banner of a request registered with a file the server refused (found by a regression walk). */
const REFUSED_BANNER = "foi recusado (o motivo está na lista). Remova-o e anexe outro, ou clique em 'Próximo' para concluir sem ele.";

/** Whether the last upload failure was the server refusing the file itself, as its answer says (contract/rules.ts). */
function lastUploadRefused(events: readonly ReceivedEvent[]): boolean {
  const last = events.findLast((event) => event.type === 'xstate.error.actor.uploadDocument');
  return last !== undefined && refusalOf(last.error) !== undefined;
}

/** The upload failures since the person last chose to go on ('Próximo'): this sending's. */
function uploadFailuresSinceNext(events: readonly ReceivedEvent[]): ReceivedEvent[] {
  const lastNext = events.findLastIndex((event) => event.type === 'NEXT');
  return events.slice(lastNext + 1).filter((event) => event.type === 'xstate.error.actor.uploadDocument');
}

/** The events of the trace after its last entry `entry` (null: never happened). */
function eventsAfterLast(trace: readonly string[], entry: string): string[] | null {
  const at = trace.lastIndexOf(entry);
  return at < 0 ? null : trace.slice(at + 1).filter((e) => e.startsWith('event:'));
}

/** Whether the page was hidden (by the last visibility event) when the trace's last `entry` happened. */
function hiddenAtLast(trace: readonly string[], entry: string): boolean {
  const at = trace.lastIndexOf(entry);
  return at >= 0 && traced.lastOf(trace.slice(0, at), 'event:PAGE_HIDDEN', 'event:PAGE_VISIBLE') === 'event:PAGE_HIDDEN';
}

/** The last event was a 'Próximo' the step refused (its messages now show). */
function nextJustRefused(trace: readonly string[]): boolean {
  const at = trace.lastIndexOf('event:NEXT');
  const after = at < 0 ? [] : trace.slice(at + 1);
  return at >= 0 && after.includes('action:markAttempted') && after.every((entry) => !entry.startsWith('event:'));
}
const FIELD_STEPS = ['dadosPessoais', 'planoOrigem', 'planoDestino'] as const;

/** What a step's refused 'Próximo' does (focus on the first field with a message): the NEXT did not leave the step. */
const NEXT_REFUSED = ['action:focusField'];

/**
 * The 'Próximo's since the review's last 'Alterar' (issue 27 item 7), each with whether the
 * step refused it (from the actions it ran before the next event); null without an 'Alterar'.
 */
function nextsSinceEdit(trace: readonly string[]): boolean[] | null {
  const at = trace.lastIndexOf('event:REVIEW_EDIT_REQUESTED');
  if (at < 0) return null;
  const refused: boolean[] = [];
  for (let index = at + 1; index < trace.length; index += 1) {
    if (trace[index] !== 'event:NEXT') continue;
    let end = index + 1;
    while (end < trace.length && !trace[end]!.startsWith('event:')) end += 1;
    refused.push(trace.slice(index + 1, end).some((entry) => NEXT_REFUSED.includes(entry)));
  }
  return refused;
}

const SAVE_ANSWERS = [
  'event:xstate.error.actor.saveRequest',
  'event:xstate.done.actor.saveRequest',
  'event:SUBMIT_CONFIRMED',
  'event:DUPLICATE_BACK',
];

export const wizardRules: readonly Invariant<M>[] = [
  {
    rule: "a refused 'Próximo' stays on its step and lists what to fix at the top, each message a link to its field (issue 27 item 5)",
    holds: ({ snapshot, trace }) =>
      !nextJustRefused(trace) || FIELD_STEPS.some((step) => snapshot.matches({ editing: step })) || 'refused, yet the step changed',
    seen: (page, { trace }) =>
      nextJustRefused(trace) ? { visible: page.locator(`#${ERROR_SUMMARY_ID}`).getByRole('link').first() } : null,
  },
  {
    rule: 'the warning of an open request for the same CPF and ANS protocol shows only when the save was refused, and names no protocol (issue 27 item 6)',
    holds: ({ snapshot, trace }) =>
      !snapshot.matches({ editing: { documentos: 'duplicateWarning' } }) ||
      traced.lastOf(trace, ...SAVE_ANSWERS) === 'event:xstate.error.actor.saveRequest' ||
      'the warning without a refused save',
    seen: (page, { snapshot }) =>
      snapshot.matches({ editing: { documentos: 'duplicateWarning' } })
        ? {
            all: [
              { visible: page.getByRole('dialog', { name: 'Você já tem uma solicitação em andamento' }) },
              // Knowing a CPF and an ANS protocol is no proof of access: no protocol, grouped or not.
              { hidden: page.getByTestId('duplicate-modal').getByText(/\d{20}|\d{4} \d{4} \d{4}/) },
            ],
          }
        : null,
  },
  {
    rule: "'Acompanhar minha solicitação' opens the tracking with no protocol handed over, and nothing was saved (issue 27 item 6)",
    holds: ({ trace }) => {
      const at = trace.lastIndexOf('event:DUPLICATE_TRACK');
      if (at < 0) return true;
      const after = trace.slice(at);
      if (after.includes('action:goTrackProtocol')) return 'a protocol handed over to the tracking';
      if (trace.includes('event:xstate.done.actor.saveRequest')) return 'tracking offered for a request this wizard saved';
      return after.includes('action:goTrackMode') || 'the tracking not opened';
    },
    seen: (page, { trace }) =>
      trace.includes('event:DUPLICATE_TRACK') ? { value: page.getByLabel('Digite o protocolo', { exact: true }), is: '' } : null,
  },
  {
    rule: "after the review's 'Alterar', the first 'Próximo' the step accepts goes back to the review, never on to the next step (issue 27 item 7)",
    holds: ({ snapshot, trace }) => {
      const nexts = nextsSinceEdit(trace);
      if (nexts === null || nexts.length === 0 || trace.filter((e) => e.startsWith('event:')).at(-1) !== 'event:NEXT') return true;
      const accepted = nexts.filter((refused) => !refused).length;
      if (nexts.at(-1) === true || accepted !== 1) return true;
      return (
        snapshot.matches({ editing: { documentos: 'reviewing' } }) ||
        snapshot.matches({ editing: { documentos: 'noDocumentsWarning' } }) ||
        'an accepted NEXT did not go back to the review'
      );
    },
    seen: (page, { snapshot, trace }) => {
      const nexts = nextsSinceEdit(trace);
      const correcting = nexts !== null && nexts.every((refused) => refused);
      return correcting &&
        snapshot.matches('editing') &&
        !snapshot.matches({ editing: { documentos: 'reviewing' } }) &&
        !trace.at(-1)?.startsWith('event:LEAVE')
        ? { visible: page.getByRole('status').filter({ hasText: 'Você está corrigindo a partir da conferência' }) }
        : null;
    },
  },
  {
    rule: "nothing is saved before the review's 'Enviar solicitação' (issue 14)",
    holds: ({ snapshot, trace }) =>
      !snapshot.matches({ submitting: 'saving' }) || trace.includes('event:SUBMIT_CONFIRMED') || 'saving unreviewed',
  },
  {
    rule: 'a request is saved with no documents only after the warning naming them (issue 14)',
    holds: ({ snapshot, trace }) =>
      !snapshot.matches({ submitting: 'saving' }) ||
      snapshot.context.attachments.length > 0 ||
      trace.includes('event:DOCUMENTS_SKIPPED') ||
      'sent without documents, unwarned',
  },
  {
    rule: 'the CEP is looked up only once it has all 8 digits (issue 14)',
    holds: ({ snapshot }) =>
      !snapshot.matches({ editing: { dadosPessoais: 'lookingUpCep' } }) || isCep(snapshot.context.form.cd_cep) || 'lookup of a partial CEP',
  },
  {
    rule: "a CEP lookup's outcome is shown only for the complete CEP it was asked for (issue 14)",
    holds: ({ snapshot }) =>
      snapshot.context.cepLookup === null || isCep(snapshot.context.form.cd_cep) || 'an outcome beside a partial CEP',
  },
  {
    rule: 'the submit sequence never uploads a document before the request was saved (SPEC §4)',
    holds: ({ snapshot, trace }) => !snapshot.matches({ submitting: 'uploading' }) || trace.includes(SAVED) || 'uploading unsaved',
  },
  {
    rule: 'the submit sequence asks for the acceptance document only once every attached document is uploaded (SPEC §4)',
    holds: ({ snapshot, trace, events }) => {
      if (!snapshot.matches({ submitting: 'generatingAcceptance' })) return true;
      if (!trace.includes(SAVED)) return 'acceptance before the save';
      // A file the server refused goes without it only once the person went on ('Próximo' after the refusal).
      const refused = uploadFailuresSinceNext(events).some((event) => refusalOf(event.error) !== undefined);
      const unsent = snapshot.context.attachments.some((a) => !a.uploaded && a.refused === undefined);
      return (!refused && !unsent) || 'acceptance before the uploads';
    },
  },
  {
    rule: 'the stored protocol is cleared only after the acceptance document answered (SPEC §4)',
    holds: ({ trace }) =>
      traced.alwaysAfter(trace, 'action:clearStoredProtocol', ...ACCEPTANCE_ANSWERED) || 'cleared before the acceptance document',
    seen: (page, { snapshot }) => (snapshot.matches('submitting') ? { storage: 'protocolo', present: true } : null),
  },
  {
    rule: 'the protocol modal shows a saved request, after the acceptance document answered (SPEC §4)',
    holds: ({ snapshot, trace }) =>
      !snapshot.matches('protocolModal') ||
      (trace.includes(SAVED) && ACCEPTANCE_ANSWERED.some((e) => trace.includes(e))) ||
      'protocol modal too early',
  },
  {
    rule: 'the screen is kept awake from the start of the sending to its end, and let sleep after (issue 27)',
    holds: ({ snapshot, trace }) => {
      const last = traced.lastOf(trace, 'action:keepScreenAwake', 'action:letScreenSleep');
      if (snapshot.matches('submitting')) return last === 'action:keepScreenAwake' || 'sending with the screen let sleep';
      return last !== 'action:keepScreenAwake' || 'the screen kept awake after the sending';
    },
  },
  {
    rule: 'an upload that failed while the page was hidden is sent again as soon as the page is visible, without a click (issue 27)',
    holds: ({ snapshot, trace, events }) => {
      const after = eventsAfterLast(trace, UPLOAD_FAILED);
      // A file refused is not sent again, hidden or not (the next rule).
      if (after === null || !hiddenAtLast(trace, UPLOAD_FAILED) || lastUploadRefused(events)) return true;
      if (after.length === 0)
        return snapshot.matches({ editing: { documentos: 'awaitingVisibility' } }) || 'a hidden failure not waiting for the page';
      if (after.length === 1 && after[0] === 'event:PAGE_VISIBLE')
        return snapshot.matches({ submitting: 'uploading' }) || 'visible again, and the file not sent again';
      return true;
    },
  },
  {
    rule: "while sending, the screen says to keep it open and asks for no click; after a file failed in view, it asks for 'Próximo' (issue 27)",
    holds: () => true,
    seen: (page, { snapshot, trace, events }) => {
      const banner = page.getByRole('status').filter({ hasText: CLICK_NEXT });
      if (snapshot.matches('submitting'))
        return { all: [{ visible: page.getByRole('status').filter({ hasText: 'mantenha esta tela aberta' }) }, { hidden: banner }] };
      const justFailed = eventsAfterLast(trace, UPLOAD_FAILED)?.length === 0;
      // A refused file is named, with the way on; any other failure asks for 'Próximo' to send again.
      if (justFailed && lastUploadRefused(events)) return { visible: page.getByRole('status').filter({ hasText: REFUSED_BANNER }) };
      return justFailed && !hiddenAtLast(trace, UPLOAD_FAILED) ? { visible: banner } : null;
    },
  },
  {
    rule: 'a file the server refused is not waited on: the sending goes on at once, or step 5 names it (found by a regression walk)',
    holds: ({ snapshot, trace, events }) => {
      if (eventsAfterLast(trace, UPLOAD_FAILED)?.length !== 0 || !lastUploadRefused(events)) return true;
      if (snapshot.matches({ submitting: 'uploading' }) || snapshot.matches({ editing: { documentos: 'idle' } })) return true;
      return 'a refused file waited on, or the sending stopped elsewhere';
    },
  },
  {
    rule: "one 'Próximo' after a failed sending is enough: with no file failing since, the last file sent leads on to the acceptance document (found by a regression walk)",
    holds: ({ snapshot, trace, events }) => {
      if (eventsAfterLast(trace, UPLOAD_DONE)?.length !== 0 || uploadFailuresSinceNext(events).length > 0) return true;
      return snapshot.matches('submitting') || 'every file of this sending went out, and it stopped on step 5';
    },
  },
  {
    rule: "while the request is being sent, 'Próximo' sends nothing more (SPEC §4)",
    holds: ({ snapshot }) => !snapshot.matches('submitting') || !snapshot.can({ type: 'NEXT' }) || 'NEXT still answers',
    seen: (page, { snapshot }) =>
      snapshot.matches('submitting') ? { disabled: page.getByRole('button', { name: 'Próximo', exact: true }) } : null,
  },
  {
    rule: 'once something was typed, the wizard is left only after the person confirmed it (issue 27 item 3)',
    holds: ({ trace }) => {
      const typed = trace.findIndex((entry) => TYPING.includes(entry));
      const left = trace.lastIndexOf('action:leaveWizard');
      const confirmed = trace.lastIndexOf('event:LEAVE_CONFIRMED');
      const discarded = trace.lastIndexOf('event:LEAVE_DISCARDED');
      const answered = Math.max(confirmed, discarded);
      return (
        typed < 0 ||
        left < typed ||
        (answered >= 0 && answered < left && !trace.slice(answered + 1, left).some((e) => e.startsWith('event:'))) ||
        'left with typed data, unasked'
      );
    },
  },
  {
    rule: "'Sair e apagar os dados' leaves nothing of the request in the browser: the saved draft, its files and the stored session go before the wizard is left (found by an exploratory run)",
    holds: ({ trace }) => {
      const discarded = trace.lastIndexOf('event:LEAVE_DISCARDED');
      if (discarded < 0) return true;
      const after = trace.slice(discarded);
      const left = after.indexOf('action:leaveWizard');
      if (left < 0) return true;
      const before = after.slice(0, left);
      return before.includes('action:discardRequestHere') || 'left with the draft, its files or the session kept';
    },
  },
  {
    rule: 'the draft outlives the tab only when the holder asked for it, and not after unchecking (issue 27 item 4)',
    holds: ({ snapshot, trace }) =>
      !snapshot.context.keepOnDevice || trace.includes('event:KEEP_ON_DEVICE_TOGGLED') || 'kept on the device unasked',
    seen: (page, { snapshot }) =>
      // Each path runs in its own browser context with its own protocol: the only draft kept there is this one.
      snapshot.matches('editing') ? { storage: DEVICE_DRAFT_PREFIX, prefix: true, present: snapshot.context.keepOnDevice } : null,
  },
  // Issue 29: the locks and bounds a shortest path reaches without seeing.
  ...wizardLockRules,
  {
    rule: 'a plan picked from the list is the plan of the request, registry and name together, with no lookup, until a registry is typed (issue 27 item 5)',
    holds: ({ snapshot, trace }) => {
      if (traced.lastOf(trace, PLAN_PICKED, REGISTRY_TYPED) !== PLAN_PICKED || trace.includes(SAVED)) return true;
      const { form } = snapshot.context;
      if (form.nu_ans_plano_destino !== PICKED_REGISTRY || form.plano_destino !== PICKED_PLAN) return 'the picked plan is not the one kept';
      const looking =
        snapshot.matches({ editing: { planoDestino: 'debouncing' } }) || snapshot.matches({ editing: { planoDestino: 'lookingUp' } });
      return !looking || 'a picked plan looked up again';
    },
    seen: (page, { snapshot, trace }) =>
      snapshot.matches({ editing: { planoDestino: 'idle' } }) && traced.lastOf(trace, PLAN_PICKED, REGISTRY_TYPED) === PLAN_PICKED
        ? {
            all: [
              { value: page.getByLabel('Registro ANS do plano de destino', { exact: true }), is: PICKED_REGISTRY },
              { value: page.getByLabel('Nome do plano de destino', { exact: true }), is: PICKED_PLAN },
            ],
          }
        : null,
  },
  {
    rule: "'Continuar preenchendo' returns to the step the person asked to leave from (issue 27 item 3)",
    holds: ({ snapshot, trace }) =>
      trace.at(-1) !== 'event:LEAVE_CANCELLED' || snapshot.matches('editing') || 'not back on a step after cancelling',
  },
];
