/**
 * The placeholder behind every actor a machine names: the machines stay pure (no fetch, no
 * storage), and the app gives the real one with `machine.provide({ actors })`. A path or
 * unit test that forgot to give one fails with the actor's name instead of hanging.
 */
import { fromPromise } from 'xstate';

export const notProvided = <Output, Input = void>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} not provided`);
  });
