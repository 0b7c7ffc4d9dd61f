/**
 * Whether focus was lost: on nothing, on the page itself, or on a control just disabled (a
 * button that started a request or a photo's preparation; the browser soon moves focus from
 * it to the page). Screens then put it back where the person goes on.
 */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.matches(':disabled');
}
