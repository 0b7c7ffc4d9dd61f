/**
 * "Leave the page?" when the tab is closed or reloaded while the tracking screen holds a
 * choice that was not sent, or a status 2 file not yet on the server (the machine's
 * `armUnloadWarning` / `disarmUnloadWarning`). The
 * browser shows its own words; a page may only ask for the prompt (`beforeunload`).
 */
export interface UnloadWarning {
  arm(): void;
  disarm(): void;
}

type UnloadTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export function createUnloadWarning(target: UnloadTarget = window): UnloadWarning {
  const ask = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers ask only when returnValue is set (deprecated, still honoured).
    event.returnValue = '';
  };
  let armed = false;
  return {
    arm() {
      if (armed) return;
      armed = true;
      target.addEventListener('beforeunload', ask);
    },
    disarm() {
      if (!armed) return;
      armed = false;
      target.removeEventListener('beforeunload', ask);
    },
  };
}
