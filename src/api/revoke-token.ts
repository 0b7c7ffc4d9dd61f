/**
 * 'Encerrar sessão' on the server too (`auth/sair`, issue 24): the token the portal just
 * forgot stops opening the request, so a copy of it (a log, another tab) is worth nothing.
 * Fire and forget: leaving never waits for it, and a failure (no network, an older server)
 * shows nothing — the session is already gone from this device, and the token still ends at
 * its lifetime. So it bypasses react-query (no retries, no error toast) and the overlay, and
 * goes as `keepalive`, so closing the tab right after does not cancel it.
 */
import { FREE_TOKEN } from '../../contract/api';
import { callApi } from './client';

export function revokeToken(token: string | null): void {
  // 'free' is no one's token: there is nothing to revoke.
  if (!token || token === FREE_TOKEN) return;
  callApi('logout', {}, { token, quiet: true, keepalive: true }).catch(() => {
    // Nothing to tell the user: see above.
  });
}
