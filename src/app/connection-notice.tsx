/**
 * Says when the phone has no connection. react-query holds a call while the browser reports
 * it offline (its default network mode) and sends it when the connection is back: nothing
 * typed or chosen is lost, but a lookup or a sending would otherwise wait in silence, its
 * button disabled. The notice follows react-query's own view of the connection (the one that
 * holds the calls), so it shows exactly while they wait. Fixed at the bottom of the screen,
 * where it is seen whatever the scroll; a spacer lets the page's end scroll above it.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export const OFFLINE_TEXT = 'Sem conexão com a internet. Quando a conexão voltar, o portal continua sozinho de onde parou.';

const subscribe = (notify: () => void) => onlineManager.subscribe(notify);
const online = () => onlineManager.isOnline();
/** The prerendered page and its hydration assume a connection (the page just arrived). */
const onlineOnServer = () => true;

export function ConnectionNotice() {
  const isOnline = useSyncExternalStore(subscribe, online, onlineOnServer);
  return (
    <>
      {!isOnline && <div aria-hidden="true" className="h-24" />}
      {/* Always in the page, so what it says is announced when it changes. */}
      <div role="status" className="fixed inset-x-0 bottom-0 z-40 empty:hidden" data-testid="connection-notice">
        {!isOnline && <p className="bg-slate-900 px-4 py-3 text-center font-medium text-white">{OFFLINE_TEXT}</p>}
      </div>
    </>
  );
}
