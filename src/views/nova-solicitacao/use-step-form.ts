/** Form slice, visible messages and the change senders for one step. */
import { shallowEqual } from '@xstate/react';
import { validateStep, type FieldErrors, type StepField } from '../../../machines/wizard.schemas';
import type { StepId, TextField, WizardForm } from '../../../machines/wizard.types';
import { useWizard, useWizardActorRef } from '../../flows/wizard/wizard-context';

export function useStepForm(step: StepId) {
  const actor = useWizardActorRef();
  const form = useWizard((s) => s.context.form, shallowEqual) as WizardForm;
  const attempted = useWizard((s) => s.context.attempted[step]);
  const locked = useWizard((s) => s.context.saved !== null);
  const today = useWizard((s) => s.context.today);
  // Messages show only after a NEXT was tried on this step (SPEC §5).
  const errors: FieldErrors<StepField> = attempted ? validateStep(step, form, today) : {};
  const change = (field: TextField) => (value: string) => actor.send({ type: 'FIELD_CHANGED', field, value });
  return { actor, form, errors, change, locked };
}
