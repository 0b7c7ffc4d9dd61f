import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App, screenAt } from './app/app';
import { preloadBriefly } from './app/lazy-screen';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** Opened straight on a lazy screen, wait (briefly) for its code, already on its way, so the
 * screen is the first paint rather than the loading overlay. */
const OWN_CODE_WAIT_MS = 1000;

void preloadBriefly(screenAt(location.hash), OWN_CODE_WAIT_MS).then(() => {
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task (a cheap phone stays responsive while it boots).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
