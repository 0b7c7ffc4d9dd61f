/**
 * The wizard's one way to its actor (DESIGN §2): the page starts it under
 * `WizardActorContext.Provider` (src/views/nova-solicitacao/nova-solicitacao-page.tsx) and
 * every step reaches it here.
 */
import { createActorContext } from '@xstate/react';
import { wizardMachine } from '../../../machines/wizard.machine';

export const WizardActorContext = createActorContext(wizardMachine);

export const useWizardActorRef = WizardActorContext.useActorRef;

/** A narrow slice of the wizard's snapshot (re-renders only when it changes). */
export const useWizard = WizardActorContext.useSelector;
