/**
 * Whether focus was lost: on nothing, on the page itself, or on a control just disabled (a
 * button that started a request or a photo's preparation; the browser soon moves focus from
 * it to the page). Screens then put it back where the person goes on.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.matches(':disabled');
}

/**
 * When `busy` ends with focus lost meanwhile (the button that started the work was disabled or
 * hidden), focus goes to `target`: where the person goes on, e.g. the button that tries again.
 */
export function useRefocusWhenIdle(busy: boolean, target: RefObject<HTMLElement | null>): void {
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (ended && focusLost()) target.current?.focus();
  }, [busy, target]);
}
