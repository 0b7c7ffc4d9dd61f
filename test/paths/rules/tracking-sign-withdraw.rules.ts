/**
 * Issue 25 items 5 and 7 as rules over the tracking machine, judged from the trace of what
 * happened: a term's signature is sent only for a term opened first (this visit, or read on
 * the server already), the withdrawal is sent only once the holder confirmed it, and the
 * screen says the request is withdrawn only after the server answered the withdrawal.
 */
import { READING, WITHDRAWAL } from '../../../machines/tracking.terms-and-withdrawal';
import { STATUS_PENDING_DOCUMENTS, STATUS_UNDER_ANALYSIS, type trackingMachine } from '../../../machines/tracking.machine';
import { traced, type Invariant, type Step } from '../framework/invariants';

type M = typeof trackingMachine;
type S = Step<M>['snapshot'];

const recording = (snapshot: S) => snapshot.matches({ ready: { accepted: 'recordingSignature' } });
const inWithdrawal = (snapshot: S) => snapshot.matches('withdrawal');

/** The events after the last occurrence of `entry` (the whole trace when it never happened). */
function after(trace: readonly string[], entry: string): readonly string[] {
  const index = trace.lastIndexOf(entry);
  return index < 0 ? trace : trace.slice(index + 1);
}

export const signAndWithdrawRules: readonly Invariant<M>[] = [
  {
    rule: "status 3: a term's 'Li e aceito' is sent only for a term opened first — signatures never outnumber the terms opened (issue 25)",
    holds: ({ snapshot, trace }) => {
      const sent = traced.count(trace, 'event:xstate.done.actor.recordSignature') + (recording(snapshot) ? 1 : 0);
      // Opened in this visit (one entry per term: opening again records nothing), or read on the server before it.
      const readBefore = snapshot.context.documentsToSign.filter((term) => term.dtLeitura).length;
      const opened = traced.count(trace, 'action:openTerm') + readBefore;
      return sent <= opened || `${sent} signature(s) sent with ${opened} term(s) opened`;
    },
    // Before any term was opened, no unsigned term's box can be ticked.
    seen: (page, { snapshot, trace }) => {
      if (!snapshot.matches({ ready: { accepted: 'signing' } })) return null;
      if (trace.includes('action:openTerm') || snapshot.context.documentsToSign.some((term) => term.dtLeitura)) return null;
      return { count: page.getByRole('checkbox', { name: new RegExp(`^${READING.accept}`), disabled: false, checked: false }), is: 0 };
    },
  },
  {
    rule: 'the withdrawal is sent only after the holder confirmed it, from a request under analysis (issue 25)',
    holds: ({ snapshot, trace }) => {
      if (!inWithdrawal(snapshot)) return true;
      const status = snapshot.context.tracking?.flStatus;
      if (status !== STATUS_UNDER_ANALYSIS && status !== STATUS_PENDING_DOCUMENTS) return `withdrawal offered in status ${status}`;
      if (!snapshot.matches({ withdrawal: 'withdrawing' })) return true;
      const last = traced.lastOf(trace, 'event:WITHDRAW', 'event:WITHDRAW_CONFIRMED', 'event:WITHDRAW_CANCELLED');
      return last === 'event:WITHDRAW_CONFIRMED' || `withdrawing after ${last ?? 'no confirmation'}`;
    },
  },
  {
    rule: 'the screen says the request is withdrawn only after the server answered the withdrawal (issue 25)',
    holds: ({ snapshot, trace }) => {
      if (!snapshot.matches({ ready: 'withdrawn' }) || !trace.includes('event:WITHDRAW_CONFIRMED')) return true;
      const since = after(trace, 'event:WITHDRAW_CONFIRMED');
      const answered = since.indexOf('event:xstate.done.actor.withdrawRequest');
      return (
        (answered >= 0 && since.slice(answered).includes('event:xstate.done.actor.loadTrackingData')) ||
        'withdrawn panel without the server having answered the withdrawal and the request'
      );
    },
    // While the withdrawal is asked or on its way, nothing says it is done.
    seen: (page, { snapshot }) =>
      inWithdrawal(snapshot)
        ? {
            all: [{ hidden: page.getByRole('heading', { level: 2, name: WITHDRAWAL.panel }) }, { hidden: page.getByText(WITHDRAWAL.done) }],
          }
        : null,
  },
];
