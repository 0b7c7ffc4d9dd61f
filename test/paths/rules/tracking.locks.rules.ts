/**
 * SPEC §4's locks on the tracking screen, computed from what happened (the events the machine
 * received, with the server's answers), never from what its context believes:
 *  - "Agreeing locks the choice": once an agreement is recorded — answered by the acceptance
 *    call in this visit, or held by the server when the request loaded — no option and no
 *    'Finalizar' answers on the status 6 panel (and the page offers none);
 *  - a signed term is never signed again: a signature goes out only for a term neither the
 *    server's list nor this visit's recorded signatures say is signed.
 */
import { TEXT, type trackingMachine } from '../../../machines/tracking.machine';
import { type Invariant, type ReceivedEvent, type Step } from '../framework/invariants';

type M = typeof trackingMachine;
type S = Step<M>['snapshot'];

const CHOICES = new Set(['AGREE', 'DECLINE', 'ACKNOWLEDGE', 'UNACKNOWLEDGE']);
/** SPEC §8: 'ERRO' (or nothing) from the acceptance call means no document was generated. */
const isLink = (output: unknown) => typeof output === 'string' && output.trim() !== '' && output.trim() !== 'ERRO';

interface Answered {
  flStatus?: number;
  cdStatusPort?: number;
  flConcordo?: string | null;
}

/**
 * Whether an agreement is recorded, by the events: the last load of the request says 'S'
 * (status 6 or 3, SPEC §3), or an 'Enviar' of an agreement ('Estou de acordo' / 'Estou
 * ciente', the last choice before it) was answered with a document after that load.
 */
export function agreementRecorded(events: readonly ReceivedEvent[]): boolean {
  let recorded = false;
  let choice: string | null = null;
  let sent: string | null = null;
  for (const event of events) {
    if (event.type === 'xstate.done.actor.loadTrackingData') {
      const answer = event.output as Answered | null;
      recorded = answer?.flConcordo === 'S' && (answer.flStatus === 6 || answer.flStatus === 3);
    } else if (CHOICES.has(event.type)) choice = event.type;
    else if (event.type === 'SEND_CONFIRMED') sent = choice;
    else if (event.type === 'xstate.done.actor.generateAcceptance' && isLink(event.output) && (sent === 'AGREE' || sent === 'ACKNOWLEDGE'))
      recorded = true;
  }
  return recorded;
}

/** The status 6 panel, at rest, with its options and 'Finalizar'. */
const choosing = (snapshot: S) =>
  snapshot.matches({ ready: { awaitingAcknowledgement: 'typeOne' } }) ||
  snapshot.matches({ ready: { awaitingAcknowledgement: 'typeTwo' } });

/** The terms signed before the last SIGN_DOCUMENT: the server's list, plus this visit's recorded signatures. */
export function signedBeforeLastSign(events: readonly ReceivedEvent[]): { term: number | null; signed: Set<number> } {
  const signed = new Set<number>();
  let pending: number | null = null;
  let last: { term: number | null; signed: Set<number> } = { term: null, signed: new Set() };
  for (const event of events) {
    if (event.type === 'xstate.done.actor.loadDocumentsToSign' && Array.isArray(event.output)) {
      signed.clear();
      for (const term of event.output as Array<{ cdFileDocumento: number; flAssinado: boolean }>)
        if (term.flAssinado) signed.add(term.cdFileDocumento);
    } else if (event.type === 'SIGN_DOCUMENT') {
      pending = event.cdFileDocumento as number;
      last = { term: pending, signed: new Set(signed) };
    } else if (event.type === 'xstate.done.actor.recordSignature' && pending !== null) {
      signed.add(pending);
      pending = null;
    }
  }
  return last;
}

export const lockRules: readonly Invariant<M>[] = [
  {
    rule: "status 6: an agreement recorded — in this visit or before it — locks the choice: no option, no 'Finalizar' (SPEC §4 'Agreeing locks the choice')",
    holds: ({ snapshot, events }) => {
      if (!choosing(snapshot) || !agreementRecorded(events)) return true;
      const open = (['AGREE', 'DECLINE', 'ACKNOWLEDGE', 'UNACKNOWLEDGE', 'FINALIZE'] as const).filter((type) => snapshot.can({ type }));
      return open.length === 0 || `after the agreement, ${open.join(', ')} still answer(s)`;
    },
    seen: (page, { snapshot, events }) =>
      choosing(snapshot) && agreementRecorded(events)
        ? {
            all: [
              { disabled: page.getByRole('button', { name: TEXT.finalize, exact: true }) },
              { count: page.getByLabel(TEXT.decline, { exact: true }).and(page.locator(':enabled:not([aria-disabled="true"])')), is: 0 },
            ],
          }
        : null,
  },
  {
    rule: 'status 3: a signed term is never signed again — a signature goes out only for a term not yet signed (SPEC §4, §5)',
    holds: ({ snapshot, events }) => {
      if (!snapshot.matches({ ready: { accepted: 'recordingSignature' } })) return true;
      const { term, signed } = signedBeforeLastSign(events);
      return term === null || !signed.has(term) || `term ${term} signed again`;
    },
  },
];
