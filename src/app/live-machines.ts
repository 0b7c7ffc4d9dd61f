/**
 * Development only: the current state of every running machine of the page, for the
 * analysts' page of machines (#/maquinas). src/app/inspect.ts feeds it under
 * `import.meta.env.DEV`, so a production build holds neither this module nor any hook.
 */
import type { InspectionEvent } from 'xstate';

type Listener = () => void;

/** The last state value each machine (by its id) reported. */
const values = new Map<string, unknown>();
const listeners = new Set<Listener>();
let version = 0;

export function recordLiveSnapshot(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot') return;
  const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  const snapshot = event.snapshot as { value?: unknown; status?: unknown };
  if (!logic || typeof logic.id !== 'string' || !logic.root || snapshot.value === undefined) return;
  values.set(logic.id, snapshot.value);
  version += 1;
  for (const listener of listeners) listener();
}

export const liveMachines = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: () => version,
  valueOf: (machineId: string) => values.get(machineId),
};
