/**
 * Mutation testing of the path tests: a mutant is one SPEC-breaking edit of a machine,
 * made in memory — an implementation swapped with `machine.provide()`, or one transition of
 * the chart replaced — never in machines/. `PATHS_MUTANT=<name>` makes `underTest` hand the
 * mutant to the models instead of the machine, so the whole unit tier (paths generated from
 * the mutant, expected states included) runs on it; only the rules can tell it from the
 * intended chart. `npm run test:paths -- --mutants` runs the tier once per mutant and
 * expects a broken rule each time.
 */
import { createMachine, type AnyStateMachine } from 'xstate';

export interface Mutant {
  name: string;
  /** The id of the machine it edits, and its flow (the unit path test file `<flow>.paths.test.ts`). */
  machineId: string;
  flow: string;
  /** The edit, in a sentence. */
  edit: string;
  apply: (machine: AnyStateMachine) => AnyStateMachine;
}

/** The machine with the value at `path` of its chart (its config) replaced; implementations kept. */
export function patchChart(machine: AnyStateMachine, path: readonly string[], value: unknown): AnyStateMachine {
  const replace = (node: unknown, depth: number): unknown => {
    if (depth === path.length) return value;
    const record = node as Record<string, unknown>;
    const key = path[depth]!;
    if (!(key in record)) throw new Error(`mutant: no ${path.slice(0, depth + 1).join('.')} in machine ${machine.id}`);
    return Array.isArray(record)
      ? record.map((item, index) => (String(index) === key ? replace(item, depth + 1) : item))
      : { ...record, [key]: replace(record[key], depth + 1) };
  };
  return createMachine(replace(machine.config, 0) as never, machine.implementations as never) as unknown as AnyStateMachine;
}

/** Machines made by `mutate`: a journey that no longer fits them is played as far as it goes. */
export const mutated = new WeakSet<AnyStateMachine>();

export function mutate<M extends AnyStateMachine>(mutant: Mutant, machine: M): M {
  const edited = mutant.apply(machine) as M;
  mutated.add(edited);
  return edited;
}

/** The mutant named by PATHS_MUTANT, if any. */
export function activeMutant(mutants: readonly Mutant[]): Mutant | undefined {
  const name = process.env.PATHS_MUTANT;
  if (!name) return undefined;
  const mutant = mutants.find((m) => m.name === name);
  if (!mutant) throw new Error(`PATHS_MUTANT=${name}: no such mutant (${mutants.map((m) => m.name).join(', ')})`);
  return mutant;
}
