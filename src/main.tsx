import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { loadShellCode } from './app/shell-code';
import { SHELL_ATTRIBUTE, shellPath } from './app/shells';
import { dropExpiredDeviceDrafts } from './app/device-draft';
import { pruneOrphanFilesSoon } from './app/draft-files';
import { dropDraftWithoutSession } from './storage';
import { notePaintedControls } from './ui/changed-before-takeover';

// Wizard drafts kept on this device past their time, and one kept in this tab past its session,
// are deleted before anything reads it; so are the files no draft needs any more (issue 27 item 4).
dropExpiredDeviceDrafts();
dropDraftWithoutSession();
if (!location.hash.startsWith('#/nova-solicitacao')) pruneOrphanFilesSoon();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// index.html's inline script put the prerendered screen for this route in #root (and named
// it) when there was one: React takes it over as it is. Otherwise React renders from nothing.
const shell = root.getAttribute(SHELL_ATTRIBUTE);

// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task (a cheap phone stays responsive while it boots).
function takeOver(container: HTMLElement, shell: string | null) {
  // What is typed, ticked or chosen on the painted screen until each control is taken over is
  // kept: the control takes it once mounted (src/ui/changed-before-takeover.ts).
  if (shell) notePaintedControls(container);
  startTransition(() => {
    if (shell) {
      hydrateRoot(
        container,
        <StrictMode>
          <App ssrPath={shellPath(location.hash)} />
        </StrictMode>,
      );
    } else {
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }
  });
}

// A painted screen is taken over whole, once its lazy parts' code is here (src/app/shell-code.ts).
if (shell) void loadShellCode(shell).then(() => takeOver(root, shell));
else takeOver(root, null);
