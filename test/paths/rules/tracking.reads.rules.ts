/**
 * The lists beside the request (attached documents, terms to sign, history) as the trace tells
 * them, never as the machine's context believes: a list whose last read failed is said so on
 * screen, not shown empty, and 'Carregar de novo' is offered exactly then (where the panel is at
 * rest); status 3 finalizes only with every term known and signed.
 */
import { MESSAGES, type UnreadList, type trackingMachine } from '../../../machines/tracking.machine';
import type { Invariant, ReceivedEvent, Step } from '../framework/invariants';

type M = typeof trackingMachine;

const READ_OF: Record<string, UnreadList> = {
  loadAttachedDocuments: 'attachedDocuments',
  loadDocumentsToSign: 'documentsToSign',
  loadHistory: 'history',
};

/**
 * The lists whose last read failed. The table read again after a signature is a refresh of
 * a table already shown: its failure keeps that table (one date short), it does not unread it.
 */
export function unreadLists(events: readonly ReceivedEvent[]): UnreadList[] {
  const unread = new Set<UnreadList>();
  let refreshing = false;
  for (const event of events) {
    if (event.type === 'xstate.done.actor.recordSignature') refreshing = true;
    const [, outcome, , actor] = event.type.split('.');
    const list = actor ? READ_OF[actor] : undefined;
    if (!list) continue;
    const isRefresh = refreshing && list === 'attachedDocuments';
    if (isRefresh) refreshing = false;
    if (outcome === 'done') unread.delete(list);
    else if (outcome === 'error' && !isRefresh) unread.add(list);
  }
  return [...unread];
}

/**
 * Status 3's terms by the trace: the last list the server answered, with the signatures
 * recorded since; null when the last read of the list failed (nothing is known of them).
 */
export function termsByTrace(events: readonly ReceivedEvent[]): Map<number, boolean> | null {
  let terms: Map<number, boolean> | null = new Map();
  let signing: number | null = null;
  for (const event of events) {
    if (event.type === 'xstate.done.actor.loadDocumentsToSign' && Array.isArray(event.output))
      terms = new Map(
        (event.output as Array<{ cdFileDocumento: number; flAssinado: boolean }>).map((t) => [t.cdFileDocumento, t.flAssinado]),
      );
    else if (event.type === 'xstate.error.actor.loadDocumentsToSign') terms = null;
    else if (event.type === 'SIGN_DOCUMENT') signing = event.cdFileDocumento as number;
    else if (event.type === 'xstate.done.actor.recordSignature' && signing !== null) terms?.set(signing, true);
  }
  return terms;
}

/** The panel is on screen (no closing modal, not loading): where a list is shown or said unread. */
const panelShown = (snapshot: Step<M>['snapshot']) => snapshot.matches('ready');

export const readRules: readonly Invariant<M>[] = [
  {
    rule: 'a list whose last read failed is said so where it would be, never shown as an empty list (SPEC §8: the failed call returns nothing)',
    holds: () => true,
    seen: (page, { snapshot, events }) => {
      if (!panelShown(snapshot)) return null;
      const unread = unreadLists(events);
      const notices = page.getByTestId('unread-list');
      // The terms are listed only in status 3: elsewhere their failed read has no place on screen.
      const shown = unread.filter((list) => list !== 'documentsToSign' || snapshot.matches({ ready: 'accepted' }));
      return {
        all: [
          { count: notices, is: shown.length },
          ...shown.map((list) => ({ visible: notices.getByText(MESSAGES.unreadList(MESSAGES.unreadLists[list]), { exact: true }) })),
          ...(unread.includes('attachedDocuments') ? [{ hidden: page.getByText('Nenhum documento encontrado.') }] : []),
        ],
      };
    },
  },
  {
    rule: 'status 3: the request is finalized only with every term known and signed (SPEC §5)',
    holds: ({ snapshot, events }) => {
      if (!snapshot.matches({ ready: { accepted: 'finalizing' } })) return true;
      const terms = termsByTrace(events);
      if (terms === null) return 'finalizing with the terms unread';
      return [...terms.values()].every(Boolean) || 'finalizing with an unsigned term';
    },
  },
];
