/**
 * Says when the browser blocks the site's data (found by an exploratory run): the session and
 * the wizard's draft live there, so without it 'Prosseguir' led nowhere, in silence. The
 * notice says why and what to do, at the top of every screen; nothing is blocked by it.
 */
import { useSyncExternalStore } from 'react';
import { browserStorageWorks } from '../storage';

export const STORAGE_BLOCKED_TEXT =
  'Este navegador está bloqueando os dados deste site, e sem eles o portal não consegue abrir a sua solicitação. ' +
  'Permita cookies e dados de sites para este endereço nas configurações do navegador (ou saia da navegação anônima) e recarregue a página.';

const never = () => () => {};
/** Probed once per page: a probe writes, and every write wakes the portal's other tabs. */
let probed: boolean | undefined;
const worksHere = () => (probed ??= browserStorageWorks());
/** The prerendered page assumes storage works: the notice appears once the page runs. */
const worksOnServer = () => true;

export function StorageNotice() {
  const works = useSyncExternalStore(never, worksHere, worksOnServer);
  if (works) return null;
  return (
    <p role="alert" className="bg-amber-100 px-4 py-3 text-center font-medium text-amber-950" data-testid="storage-notice">
      {STORAGE_BLOCKED_TEXT}
    </p>
  );
}
