/** The running wizard actor, for the step components of this screen. */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { WizardActor } from '../../flows/wizard/use-wizard-actor';

export const WizardActorContext = createContext<WizardActor | null>(null);

export function useWizardActorRef(): WizardActor {
  const actor = useContext(WizardActorContext);
  if (!actor) throw new Error('WizardActorContext ausente');
  return actor;
}

/** A narrow slice of the wizard's snapshot (re-renders only when it changes). */
export function useWizard<T>(selector: (snapshot: SnapshotFrom<WizardActor>) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useWizardActorRef(), selector, compare);
}
