/**
 * A stored session, put in the page before its scripts run, as the portal stores one
 * (src/storage.ts `startSession`): protocolo and token with the session's times, counted
 * from the page's own clock (a test's fake clock included), and the tab's note that it typed
 * the protocol (a new request's session opens the wizard only in that tab). The route guard and index.html's
 * inline script accept a pair only with live times, so seeding the two keys alone opens nothing.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { SESSION_TIMES_KEY, TAB_SESSION_KEY } from '../../../src/storage';

export interface SeededSession {
  protocolo: string;
  token: string;
  cdEmpresaPlano?: string;
}

export interface SeedOptions {
  /**
   * Only at the tab's first load: a reload then finds what the page left (a session it
   * ended stays ended). Without it every load of the page starts the session again.
   */
  once?: boolean;
}

const SEEDED_FLAG = 'e2e.sessionSeeded';

export async function seedSession(target: Page | BrowserContext, session: SeededSession, options: SeedOptions = {}) {
  await target.addInitScript(
    ({ session, timesKey, tabKey, once, flag }) => {
      if (once) {
        if (window.sessionStorage.getItem(flag)) return;
        window.sessionStorage.setItem(flag, '1');
      }
      const now = Date.now();
      window.localStorage.setItem('protocolo', session.protocolo);
      window.localStorage.setItem('token', session.token);
      if (session.cdEmpresaPlano) window.localStorage.setItem('cdEmpresaPlano', session.cdEmpresaPlano);
      window.localStorage.setItem(timesKey, JSON.stringify({ desde: now, ultimaAtividade: now }));
      window.sessionStorage.setItem(tabKey, session.protocolo);
    },
    { session, timesKey: SESSION_TIMES_KEY, tabKey: TAB_SESSION_KEY, once: options.once ?? false, flag: SEEDED_FLAG },
  );
}
