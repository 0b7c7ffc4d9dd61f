/**
 * Leaving the wizard (issue 27 item 3): the browser's Back on step 1 or a menu item. With
 * data typed the machine asks first; with nothing typed it simply goes.
 */
import type { WizardContext, WizardForm } from './wizard.types';

/** How the person asked to leave: the browser's Back, or the side menu (both end at home). */
export type LeaveVia = 'back' | 'menu';

const isTyped = (value: WizardForm[keyof WizardForm]) => (typeof value === 'string' ? value.trim() !== '' : value);

/** Anything the person would lose by leaving: a field, a dependent (even one being typed) or a file. */
export function hasTypedData(context: Pick<WizardContext, 'form' | 'dependents' | 'draft' | 'attachments'>): boolean {
  return (
    Object.values(context.form).some(isTyped) ||
    context.dependents.length > 0 ||
    (context.draft !== null && Object.values(context.draft).some((value) => (value ?? '').trim() !== '')) ||
    context.attachments.length > 0
  );
}
