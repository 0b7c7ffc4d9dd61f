/**
 * The help the operator keeps for each field (the tooltip call, SPEC §7), shown in the wizard
 * beside the field's label (issue 27 item 5) with the portal's help button: a real button
 * (tap, keyboard) opens it, and its text is tied to the field by aria-describedby, so a
 * screen reader says it without opening anything. The required mark comes from the step's
 * schema (machines/wizard.schemas.ts), never decided here.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { fieldRequirement } from '../../../machines/wizard.schemas';
import type { Requirement } from '../../ui/field-label';
import { FieldTooltip } from '../home/field-tooltip';

/** Field help by field name; provided by the wizard screen once it arrives. */
export const FieldHelpContext = createContext<Readonly<Record<string, string>>>({});

/** The wizard field an element id names ('wizard-nome' → 'nome'); other ids name none. */
export function wizardFieldOf(id: string): string | null {
  return id.startsWith('wizard-') ? id.slice('wizard-'.length) : null;
}

export interface FieldHelp {
  labelAddon?: ReactNode;
  describedBy?: string;
  requirement?: Requirement;
}

/** The help button, its description id and the required mark of the wizard field with this id. */
export function useFieldHelp(id: string, label: string, readOnly = false): FieldHelp {
  const texts = useContext(FieldHelpContext);
  const field = wizardFieldOf(id);
  const text = field ? texts[field] : undefined;
  // A read-only field is filled for the person: nothing to ask of them.
  const requirement = field && !readOnly ? fieldRequirement(field) : null;
  const helpId = `${id}-ajuda`;
  return {
    // A wizard field keeps the help button's room (null) until its text arrives: the label row
    // has its final height at the first paint, and nothing moves when the help comes.
    ...(text
      ? { labelAddon: <FieldTooltip id={helpId} text={text} fieldLabel={label} />, describedBy: helpId }
      : field
        ? { labelAddon: null }
        : {}),
    ...(requirement ? { requirement } : {}),
  };
}
