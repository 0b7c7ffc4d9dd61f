/**
 * Issue 27 item 3: each wizard step is an entry of the browser's history, so the phone's
 * Back is 'Anterior' (the machine's PREVIOUS, never a re-mount) and Forward is 'Próximo'
 * (NEXT, which validates: an invalid step keeps the browser where the machine is). Back from
 * step 1 is the machine's LEAVE_REQUESTED, which asks first when data was typed; and the tab
 * asks before closing ('beforeunload') while typed data would be lost with it.
 *
 * The entries share the wizard's URL (only their state differs), so the router sees no
 * change: the first one is a guard (what Back from step 1 lands on), then one per step.
 */
import { STEPS, type StepId } from '../../../machines/wizard.types';
import { hasTypedData } from '../../../machines/wizard.leave';
import type { WizardContext } from '../../../machines/wizard.types';
import { createUnloadWarning } from '../tracking/unload-warning';

const MARK = 'portabilidadeWizardStep';
/** The guard entry, below step 1. */
const GUARD = -1;

interface WizardSnapshotLike {
  value: unknown;
  context: WizardContext;
  matches(state: 'editing'): boolean;
}
interface WizardActorLike {
  getSnapshot(): WizardSnapshotLike;
  send(event: { type: 'PREVIOUS' } | { type: 'NEXT' } | { type: 'LEAVE_REQUESTED'; via: 'back' }): void;
  subscribe(listener: () => void): { unsubscribe(): void };
}

/** The step the machine shows, as an index (null outside the steps: sending, a leave question). */
export function stepIndexOf(snapshot: Pick<WizardSnapshotLike, 'value'>): number | null {
  const value = snapshot.value;
  if (typeof value !== 'object' || value === null || !('editing' in value)) return null;
  const editing = (value as { editing: unknown }).editing;
  const step = (typeof editing === 'string' ? editing : Object.keys(editing as object)[0]) as StepId;
  const index = STEPS.indexOf(step);
  return index < 0 ? null : index;
}

function entryOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !(MARK in state)) return null;
  const step = (state as Record<string, unknown>)[MARK];
  return typeof step === 'number' ? step : null;
}

/**
 * Binds the actor to the browser's history; answers the function that unbinds it.
 * `keepsOnDevice`: whether the draft outlives the tab (closing it then loses nothing), and
 * `keepChanges` subscribes to its changes (the device refusing a draft).
 */
export function bindWizardHistory(
  actor: WizardActorLike,
  keepsOnDevice: () => boolean = () => false,
  keepChanges: (listener: () => void) => () => void = () => () => {},
): () => void {
  const unload = createUnloadWarning();
  // The step's heading takes focus, and so the view, on every step change. Left to itself
  // the browser put back the scroll of the entry it returned to after that (found by an
  // exploratory run): 'Anterior' and Back showed the previous step scrolled to its end, its
  // focused heading out of sight, and the button row under a second tap's finger.
  const scrollRestoration = window.history.scrollRestoration;
  window.history.scrollRestoration = 'manual';
  /** The entry a history.go() of ours is heading to: its popstate is ours, not the person's. */
  let heading: number | null = null;
  let headingTimer: ReturnType<typeof setTimeout> | undefined;
  /** The entry the browser is on, as far as this binding knows. */
  let at = GUARD;
  const go = (from: number, to: number) => {
    at = to;
    if (from === to) return;
    heading = to;
    clearTimeout(headingTimer);
    // A go() past the ends of the history does nothing: do not wait for it forever.
    headingTimer = setTimeout(() => (heading = null), 1000);
    window.history.go(to - from);
  };
  const push = (step: number) => {
    at = step;
    window.history.pushState({ [MARK]: step }, '');
  };

  const start = stepIndexOf(actor.getSnapshot()) ?? 0;
  const current = entryOf(window.history.state);
  if (current === null || current === GUARD) {
    // First visit (or a reload on the guard): the guard, then the step shown.
    if (current === null) window.history.replaceState({ ...(window.history.state ?? {}), [MARK]: GUARD }, '');
    push(start);
  } else {
    at = start;
    if (current !== start) window.history.replaceState({ [MARK]: start }, '');
  }

  // 'Anterior' / 'Próximo' and the machine's own moves: the browser follows the machine.
  const follow = () => {
    const snapshot = actor.getSnapshot();
    const armed = snapshot.matches('editing') && hasTypedData(snapshot.context) && !keepsOnDevice();
    if (armed) unload.arm();
    else unload.disarm();
    const step = stepIndexOf(snapshot);
    const entry = entryOf(window.history.state);
    if (step === null || entry === null || heading !== null) return;
    // One entry per step up to the one shown, even when the machine jumps ahead (the review's
    // 'Alterar' returns from step 1 to step 5): an entry's number stays its distance from the guard.
    if (entry === GUARD || step > entry) for (let each = entry === GUARD ? 0 : entry + 1; each <= step; each += 1) push(each);
    else if (step < entry) go(entry, step);
  };
  const subscription = actor.subscribe(follow);
  const stopKeepChanges = keepChanges(follow);
  follow();

  // The browser's Back and Forward: the machine decides, the browser follows it.
  const onPopState = (event: PopStateEvent) => {
    const target = entryOf(event.state);
    if (heading !== null) {
      if (target === heading) {
        heading = null;
        clearTimeout(headingTimer);
      }
      return;
    }
    if (target === null) return;
    const shown = stepIndexOf(actor.getSnapshot());
    if (target === GUARD) {
      // Back from step 1: the step's entry again at once (a second Back must not slip out),
      // then the machine leaves, or asks first.
      push(shown ?? 0);
      actor.send({ type: 'LEAVE_REQUESTED', via: 'back' });
      return;
    }
    if (shown === null) {
      // Sending, or a question open: the browser goes back to where it was.
      go(target, at);
      return;
    }
    let reached = shown;
    while (reached !== target) {
      actor.send({ type: reached > target ? 'PREVIOUS' : 'NEXT' });
      const now = stepIndexOf(actor.getSnapshot());
      if (now === null || now === reached) break;
      reached = now;
    }
    // Forward over a step that does not validate (or Back refused): the browser stays with the
    // machine (unless following the machine's own change already sent it there).
    if (reached !== target && heading === null) go(target, reached);
    else if (reached === target) at = target;
  };
  window.addEventListener('popstate', onPopState);

  return () => {
    subscription.unsubscribe();
    stopKeepChanges();
    window.removeEventListener('popstate', onPopState);
    clearTimeout(headingTimer);
    unload.disarm();
    window.history.scrollRestoration = scrollRestoration;
  };
}
