/**
 * A painted screen (its prerendered HTML) takes keystrokes, ticks and choices before its code
 * has taken it over: on a slow phone a person may have typed a whole name by then. React
 * hydrates a control as it finds it, text and tick and all, but without telling the flow, and
 * watches the control only from then on: the flow keeps it empty, and its next render empties it.
 *
 * Right before React takes the screen over, each painted control is noted with what was painted
 * in it. When the control mounts, it reads what the painted element holds at that moment (input
 * keeps landing while React works, until the control is taken over) and takes it once, as if
 * the person had made that change just then.
 */
import { useLayoutEffect } from 'react';

type ControlState = string | boolean;
type Control = HTMLInputElement | HTMLSelectElement;

const NOTED_TYPES = new Set(['text', 'email', 'password', 'tel', 'search', 'checkbox']);
const painted = new Map<string, { control: Control; state: ControlState }>();

const stateOf = (control: Control): ControlState =>
  control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;

function paintedStateOf(control: Control): ControlState {
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
  }
  return control.type === 'checkbox' ? control.defaultChecked : control.defaultValue;
}

export function notePaintedControls(root: HTMLElement): void {
  for (const control of root.querySelectorAll<Control>('input, select')) {
    if (!control.id || (control instanceof HTMLInputElement && !NOTED_TYPES.has(control.type))) continue;
    painted.set(control.id, { control, state: paintedStateOf(control) });
  }
  // Left for another screen, what was painted is no one's: a control there with the same id
  // (React's ids repeat by position) must not take what was typed on this one.
  window.addEventListener('hashchange', () => painted.clear(), { once: true });
}

/** What the person changed on the painted control `id` before its code took it over (once; undefined when nothing). */
export function takeChangedBeforeTakeover(id: string): ControlState | undefined {
  const noted = painted.get(id);
  painted.delete(id);
  if (!noted) return undefined;
  // The painted element itself is read: it is the control React kept, or the one it replaced.
  const now = stateOf(noted.control);
  return now === noted.state ? undefined : now;
}

/** As the control `id` mounts, hands `apply` what was changed on its painted element, if anything. */
export function useChangedBeforeTakeover(id: string, apply: (state: ControlState) => void): void {
  useLayoutEffect(() => {
    const early = takeChangedBeforeTakeover(id);
    if (early !== undefined) apply(early);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the control is mounted
  }, []);
}
