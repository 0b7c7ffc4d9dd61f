/**
 * Keeps the phone's screen on while the request is being sent (issue 27): a locked screen
 * can freeze the upload. Screen Wake Lock where the browser has it; elsewhere nothing
 * happens, and nothing is said. The browser drops the lock when the page is hidden, so it is
 * asked for again when the page is visible while still wanted.
 */
interface WakeLockHandle {
  release(): Promise<void>;
}
interface WakeLockApi {
  request(type: 'screen'): Promise<WakeLockHandle>;
}

let wanted = false;
let handle: WakeLockHandle | null = null;
/** A request is out: a second one would leave a lock no one releases. */
let asking = false;

function wakeLockApi(): WakeLockApi | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
}

async function acquire(): Promise<void> {
  const api = wakeLockApi();
  if (!api || handle || asking || document.visibilityState !== 'visible') return;
  asking = true;
  try {
    const lock = await api.request('screen');
    // Let go in the meantime: give it back at once.
    if (!wanted) return void (await lock.release().catch(() => undefined));
    handle = lock;
  } catch {
    // Refused (battery saver, no permission): the upload goes on without it.
  } finally {
    asking = false;
  }
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'visible' && wanted) {
    // The browser released it when the page was hidden.
    handle = null;
    void acquire();
  }
}

export const screenAwake = {
  keep(): void {
    if (wanted) return;
    wanted = true;
    document.addEventListener('visibilitychange', onVisibilityChange);
    void acquire();
  },
  release(): void {
    wanted = false;
    document.removeEventListener('visibilitychange', onVisibilityChange);
    const lock = handle;
    handle = null;
    void lock?.release().catch(() => undefined);
  },
};
