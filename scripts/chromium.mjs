// The system Chromium (Debian's `chromium` package, and for tests its `chromium-headless-shell`);
// a test tool's own browser download is never used.
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);

export function chromiumPath() {
  return candidates.find((path) => existsSync(path)) ?? null;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the browser tests drive: Debian's `chromium-headless-shell` (the same Chromium
 * release and Blink, built without the desktop shell; what Playwright itself runs headless)
 * when it is installed, else the full `chromium`. On 2 cores it halves a test's CPU (home's
 * browser tests: 54 s of CPU against 106 s) and so a suite's time. It shows no PDF: a tab
 * opened on one saves the file instead, which the tests allow for. The benchmarks keep the
 * full browser a person uses (`chromiumPath`). CHROMIUM_PATH overrides both.
 */
export function testChromiumPath() {
  if (process.env.CHROMIUM_PATH) return chromiumPath();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
