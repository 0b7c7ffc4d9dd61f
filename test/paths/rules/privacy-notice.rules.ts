/**
 * Issue 14 item 1 as rules over the privacy notice: its texts show only once read, and a
 * notice that could not be read says so with a way to ask again.
 */
import type { privacyNoticeMachine } from '../../../machines/privacy-notice.machine';
import type { Invariant } from '../framework/invariants';

type M = typeof privacyNoticeMachine;

export const privacyNoticeRules: readonly Invariant<M>[] = [
  {
    rule: 'the notice names a controller only once the operator’s texts were read (issue 14)',
    holds: ({ snapshot }) => !snapshot.matches('shown') || (snapshot.context.notice?.controlador ?? '') !== '' || 'shown without texts',
  },
  {
    rule: 'a notice that could not be read can be asked for again (issue 14)',
    holds: ({ snapshot }) => !snapshot.matches('unavailable') || snapshot.can({ type: 'RETRY' }) || 'no retry',
    seen: (page, { snapshot }) =>
      snapshot.matches('unavailable') ? { visible: page.getByRole('button', { name: 'Tentar novamente', exact: true }) } : null,
  },
];
