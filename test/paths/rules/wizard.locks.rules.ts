/**
 * SPEC's wizard rules that a shortest path reaches without seeing (issue 29), computed from
 * what happened:
 *  - the submit sequence ends by clearing the stored protocol (SPEC §4): the protocol modal
 *    comes only after the clear, and in the browser `protocolo` is gone from storage;
 *  - 'Beneficiário não possui CPF' clears the CPF and keeps it empty (SPEC §5 step 1);
 *  - confirmed dependents leave the list only by their own removal (SPEC §2: confirmed rows
 *    are locked), whichever way the person moves between steps;
 *  - a photo cancelled while it is prepared is let go at once and never listed, judged from
 *    the file chosen before 'Cancelar';
 *  - a file is listed only within SPEC's bounds, at the byte: more than 0 and at most
 *    10,485,760 bytes (SPEC §5, §9), judged from the file the event carried;
 *  - a file chosen again for the document it is already listed as is not listed twice, and
 *    the alert says so, judged from the files the events carried.
 */
import type { wizardMachine } from '../../../machines/wizard.machine';
import type { Invariant, ReceivedEvent } from '../framework/invariants';

type M = typeof wizardMachine;

/** SPEC §9: "Maximum file size 10485760 bytes (10MB)" — stated here, not read from the code under test. */
export const SPEC_MAX_FILE_BYTES = 10_485_760;
const ACCEPTANCE_ANSWERED = ['event:xstate.done.actor.acceptance', 'event:xstate.error.actor.acceptance'];

/**
 * Whether 'Beneficiário não possui CPF' is ticked, by what happened: the last toggle the
 * machine received, else the form it started with (a draft kept on the device).
 */
export function noCpfTicked(events: readonly ReceivedEvent[]): boolean {
  const toggle = [...events].reverse().find((event) => event.type === 'NO_CPF_TOGGLED');
  if (toggle) return toggle.checked === true;
  const init = events.find((event) => event.type === 'xstate.init') as { input?: { form?: { sem_cpf?: boolean } } } | undefined;
  return init?.input?.form?.sem_cpf === true;
}

/**
 * Whether a photo may be being prepared (issue 27), by the events: a file other than a PDF
 * chosen since the last preparation answered (or the files were lost). Conservative: the rule
 * below judges only where none can be.
 */
function photoMayBePrepared(events: readonly ReceivedEvent[]): boolean {
  const ends = [...PREPARATION_ENDS, 'ATTACHMENTS_LOST'];
  const since = events.map((e) => ends.includes(e.type)).lastIndexOf(true) + 1;
  return events.slice(since).some((e) => e.type === 'FILE_CHOSEN' && !/\.pdf$/i.test((e as unknown as ChosenFileEvent).file.name));
}

interface ChosenFileEvent {
  type: 'FILE_CHOSEN';
  file: { id: string; name: string; size: number };
}

/** What ends a photo's preparation: its answer, or 'Cancelar'. */
const PREPARATION_ENDS = ['xstate.done.actor.prepareFile', 'xstate.error.actor.prepareFile', 'PREPARATION_CANCELLED'];

/**
 * The photo the last 'Cancelar' let go, by the events: the file chosen last before it, when no
 * preparation answer came in between (null: no cancel, or nothing was being prepared).
 */
function cancelledPhoto(events: readonly ReceivedEvent[]): { at: number; file: ChosenFileEvent['file'] } | null {
  const at = events.map((e) => e.type).lastIndexOf('PREPARATION_CANCELLED');
  if (at < 0) return null;
  const before = events.slice(0, at);
  const picked = before.map((e) => e.type).lastIndexOf('FILE_CHOSEN');
  if (picked < 0 || before.slice(picked + 1).some((e) => PREPARATION_ENDS.includes(e.type))) return null;
  return { at, file: (before[picked] as unknown as ChosenFileEvent).file };
}

/** The document type chosen last before `events` ended ('' when none). */
function typeChosen(events: readonly ReceivedEvent[]): string {
  const last = events.findLast((e) => e.type === 'DOCUMENT_TYPE_CHOSEN');
  return typeof last?.cdTipoDocumento === 'string' ? last.cdTipoDocumento : '';
}

/** A document type's name, from the types the step's call answered with. */
function documentName(events: readonly ReceivedEvent[], cdTipoDocumento: string): string | undefined {
  const answer = events.findLast((e) => e.type === 'xstate.done.actor.documentTypes');
  const types = (answer?.output ?? []) as Array<{ cdTipoDocumento: number; nmDocumento: string }>;
  return types.find((type) => String(type.cdTipoDocumento) === cdTipoDocumento)?.nmDocumento;
}

/**
 * When the last event chose a file already in the list under the same document type (another
 * pick of a file of the same name and size, under that type, its row still listed before this
 * pick): the file and what the alert must say. Judged only where the step takes a pick (a type
 * chosen, no photo being prepared) and the types were known at the first pick (the page offers
 * none before). Null otherwise.
 */
function listedTwin(
  events: readonly ReceivedEvent[],
  previous: { snapshot: { context: { attachments: ReadonlyArray<{ id: string }> } }; events: number } | undefined,
): { name: string; alert: string } | null {
  const last = events.at(-1) as ChosenFileEvent | undefined;
  if (!previous || last?.type !== 'FILE_CHOSEN' || events.length !== previous.events + 1) return null;
  const earlier = events.slice(0, -1);
  const type = typeChosen(earlier);
  if (type === '' || photoMayBePrepared(earlier)) return null;
  const listedIds = new Set(previous.snapshot.context.attachments.map((a) => a.id));
  // The same pick received again is no new file (the page gives every pick its own id).
  if (listedIds.has(last.file.id)) return null;
  const twin = earlier.find((e, at) => {
    if (e.type !== 'FILE_CHOSEN') return false;
    const { id, name, size } = (e as unknown as ChosenFileEvent).file;
    const before = earlier.slice(0, at);
    return (
      listedIds.has(id) &&
      name === last.file.name &&
      size === last.file.size &&
      typeChosen(before) === type &&
      documentName(before, type) !== undefined
    );
  });
  return twin ? { name: last.file.name, alert: `O arquivo ${last.file.name} já está na lista como ${documentName(events, type)}.` } : null;
}

/** The name a photo has in the list once prepared ('iphone.heic' is listed as 'iphone.jpg'). */
const stemOf = (name: string) => name.replace(/\.[^.]*$/, '');

export const wizardLockRules: readonly Invariant<M>[] = [
  {
    rule: 'the protocol modal opens only once the stored protocol was cleared, after the acceptance document answered (SPEC §4 submit sequence)',
    holds: ({ snapshot, trace }) => {
      if (!snapshot.matches('protocolModal') && !snapshot.matches('finished')) return true;
      const answered = Math.max(...ACCEPTANCE_ANSWERED.map((entry) => trace.lastIndexOf(entry)));
      const cleared = trace.lastIndexOf('action:clearStoredProtocol');
      return (answered >= 0 && cleared > answered) || 'the protocol modal without the stored protocol cleared';
    },
    seen: (page, { snapshot }) => (snapshot.matches('protocolModal') ? { storage: 'protocolo', present: false } : null),
  },
  {
    rule: "with 'Beneficiário não possui CPF' ticked the CPF is empty (SPEC §5 step 1)",
    holds: ({ snapshot, events }) => !noCpfTicked(events) || snapshot.context.form.cpf === '' || 'a CPF kept beside the ticked box',
    seen: (page, { snapshot, events }) =>
      snapshot.matches({ editing: 'dadosPessoais' }) && noCpfTicked(events)
        ? { all: [{ disabled: page.locator('#wizard-cpf') }, { value: page.locator('#wizard-cpf'), is: '' }] }
        : null,
  },
  {
    rule: 'confirmed dependents leave the list only by their own removal (SPEC §2: confirmed rows are locked)',
    holds: ({ snapshot, events, previous }) => {
      if (!previous) return true;
      const removedNow = new Set(events.slice(previous.events).flatMap((e) => (e.type === 'DEPENDENT_REMOVE' ? [e.id] : [])));
      const now = new Map(snapshot.context.dependents.map((d) => [d.id, JSON.stringify(d)]));
      const lost = previous.snapshot.context.dependents.filter((d) => !removedNow.has(d.id) && now.get(d.id) !== JSON.stringify(d));
      return lost.length === 0 || `dependent(s) ${lost.map((d) => d.nome || d.id).join(', ')} lost or changed without a removal`;
    },
  },
  {
    rule: "a photo cancelled while it is prepared is let go at once: never listed, its bytes released, the step free again (issue 27 item 1, 'Cancelar')",
    holds: ({ snapshot, events, trace }) => {
      const cancelled = cancelledPhoto(events);
      if (!cancelled) return true;
      const pickedAgain = events
        .slice(cancelled.at + 1)
        .some((e) => e.type === 'FILE_CHOSEN' && (e as unknown as ChosenFileEvent).file.id === cancelled.file.id);
      if (!pickedAgain && snapshot.context.attachments.some((a) => a.id === cancelled.file.id))
        return `the cancelled ${cancelled.file.name} listed`;
      if (cancelled.at !== events.length - 1) return true;
      if (snapshot.matches({ editing: { documentos: 'preparing' } }) || snapshot.context.preparing !== null)
        return `the step still waits for the cancelled ${cancelled.file.name}`;
      const sinceCancel = trace.slice(trace.lastIndexOf('event:PREPARATION_CANCELLED'));
      return sinceCancel.includes('action:releaseFile') || `the cancelled ${cancelled.file.name} kept in the tab`;
    },
    seen: (page, { events }) => {
      const cancelled = cancelledPhoto(events);
      if (!cancelled || cancelled.at !== events.length - 1) return null;
      return {
        all: [
          { hidden: page.getByText(`Preparando ${cancelled.file.name}`) },
          { hidden: page.getByRole('table').getByText(stemOf(cancelled.file.name)) },
          { enabled: page.getByRole('button', { name: 'Anexar arquivo', exact: true }) },
        ],
      };
    },
  },
  {
    rule: 'a file is listed exactly when SPEC allows its size: more than 0 and at most 10,485,760 bytes (SPEC §5, §9)',
    holds: ({ snapshot, events, previous }) => {
      const last = events.at(-1) as ChosenFileEvent | undefined;
      // Judged where it is plain, by what happened before: a PDF (photos are prepared first), chosen for the
      // first time, after a document type was chosen, with no photo being prepared.
      if (!previous || last?.type !== 'FILE_CHOSEN' || events.length !== previous.events + 1 || !/\.pdf$/i.test(last.file.name))
        return true;
      const earlier = events.slice(0, -1);
      const withType = typeChosen(earlier) !== '';
      const chosenBefore = earlier.some((e) => e.type === 'FILE_CHOSEN' && (e as unknown as ChosenFileEvent).file.id === last.file.id);
      if (!withType || chosenBefore || photoMayBePrepared(earlier) || listedTwin(events, previous)) return true;
      const listed = snapshot.context.attachments.some((a) => a.id === last.file.id);
      const allowed = last.file.size > 0 && last.file.size <= SPEC_MAX_FILE_BYTES;
      return listed === allowed || `a file of ${last.file.size} bytes ${listed ? 'listed' : 'refused'}`;
    },
  },
  {
    rule: 'a file chosen again for the document it is listed as is not listed twice: the list stays as it was, and the alert names the file and the document',
    holds: ({ snapshot, events, previous }) => {
      const twin = listedTwin(events, previous);
      if (!twin || !previous) return true;
      const ids = (attachments: ReadonlyArray<{ id: string }>) => attachments.map((a) => a.id).join();
      if (ids(snapshot.context.attachments) !== ids(previous.snapshot.context.attachments)) return `${twin.name} listed twice`;
      return snapshot.context.fileAlert === twin.alert || `the alert said ${JSON.stringify(snapshot.context.fileAlert)}`;
    },
    seen: (page, { events, previous }) => {
      const twin = listedTwin(events, previous);
      return twin ? { visible: page.getByRole('alert').filter({ hasText: twin.alert }) } : null;
    },
  },
];
