/**
 * A list beside the request whose read failed (the attached documents, the terms, the
 * history): said where the list would be, never shown as empty, with 'Carregar de novo'
 * while the machine can read the screen again (nothing on its way, nothing in hand).
 */
import { useSelector } from '@xstate/react';
import { MESSAGES, type UnreadList } from '../../../machines/tracking.types';
import { Button } from '../../ui/button';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';

/** Whether the screen's last read of `list` failed. */
export function useUnread(list: UnreadList): boolean {
  const actor = TrackingActorContext.useActorRef();
  return useSelector(actor, (s) => s.context.unreadLists.includes(list));
}

export function UnreadListNotice({ list }: { list: UnreadList }) {
  const actor = TrackingActorContext.useActorRef();
  const canReload = useSelector(actor, (s) => s.can({ type: 'RELOAD_LISTS' }));
  const what = MESSAGES.unreadLists[list];
  return (
    <div
      data-testid="unread-list"
      data-list={list}
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-800"
    >
      <p className="grow">{MESSAGES.unreadList(what)}</p>
      {canReload && (
        <Button variant="secondary" onClick={() => actor.send({ type: 'RELOAD_LISTS' })}>
          {MESSAGES.reloadLists}
          <span className="sr-only"> {what}</span>
        </Button>
      )}
    </div>
  );
}
