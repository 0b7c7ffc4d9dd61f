/**
 * Build time only (scripts/vite-prerender.ts): each shell of src/app/shells.ts rendered to
 * HTML by React's own static renderer, the same <App> the browser then hydrates. The storage
 * a shell assumes (its values, and a session started now when it needs one) is what
 * `window.localStorage` holds while it renders (the app reads storage only through
 * src/storage.ts, which tolerates any failure).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { queryClient } from './app/services';
import { PRERENDERED_SESSION, SHELLS, type ShellName } from './app/shells';
import { storage } from './storage';

function memoryStorage(entries: Record<string, string>): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

export { SHELLS };

export async function renderShell(name: ShellName): Promise<string> {
  const shell = SHELLS[name];
  const scope = globalThis as { window?: unknown };
  scope.window = { localStorage: memoryStorage(shell.stored), sessionStorage: memoryStorage({}) };
  // Stored as the portal stores one, so the guard's rule (a live session) holds as it renders.
  if (shell.session) storage.startSession(PRERENDERED_SESSION);
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <App ssrPath={shell.path} />
      </StrictMode>,
    );
    return await new Response(prelude).text();
  } finally {
    delete scope.window;
    // Each shell starts from an empty cache; and a cached query's 5-minute collection timer
    // would otherwise keep the build's process alive that long.
    queryClient.clear();
  }
}
