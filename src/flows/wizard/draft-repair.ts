/**
 * A restored draft (this tab's, or the one kept on the device) made to fit this version's
 * wizard before the machine gets it. A draft kept from an older version lacked fields (found
 * by an exploratory run: without `form.nome` the send crashed the page, and 'Tentar novamente'
 * restored the same draft; without a dependent's `ds_parentesco` the server refused the
 * request while the row stayed locked).
 *
 * - Whatever the context or the form lacks (or holds as another type) takes the machine's own
 *   initial value (read from the machine, not a copied list).
 * - A confirmed dependent the current schema refuses is opened again for editing (the machine
 *   edits one row at a time: the first such row; any other is taken out, to be added again).
 * - A required field left blank by this, or a dependent opened or taken out, is said once
 *   (`revise`), and the wizard goes back to the first step to revise.
 */
import { createActor, type Snapshot } from 'xstate';
import { emptyDependentDraft, isDependentBlank } from '../../../machines/dependents';
import { wizardMachine } from '../../../machines/wizard.machine';
import { STEP_FIELDS, fieldRequirement, isDependentValid } from '../../../machines/wizard.schemas';
import { STEPS, type DependentDraft, type StepId, type WizardContext, type WizardInput } from '../../../machines/wizard.types';

/** What the person must look at again. */
export interface DraftRevision {
  /** The steps with a required field the draft lacked, in the wizard's order. */
  steps: StepId[];
  /** The dependent (its name) opened again for editing, if any. */
  reopened: string | null;
  /** The dependents (their names) taken out, to be added again. */
  removed: string[];
}

export interface RepairedDraft {
  snapshot: Snapshot<unknown>;
  /** Null when the draft fit as it was (or only gained fields nobody has to fill). */
  revise: DraftRevision | null;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

function initialContext(input: WizardInput): WizardContext {
  return createActor(wizardMachine, { input }).getSnapshot().context;
}

/** A persisted row in the current dependent's shape: a field it lacks (or holds as another type) is blank. */
function dependentOf(value: unknown): DependentDraft & { id?: unknown } {
  const row = isObject(value) ? value : {};
  const fitted: Loose = { ...row };
  for (const [field, initial] of Object.entries(emptyDependentDraft())) {
    if (typeof row[field] !== typeof initial) fitted[field] = initial;
  }
  return fitted as unknown as DependentDraft & { id?: unknown };
}

/** The step whose fields hold `field`, when the field is required there. */
function stepRequiring(field: string): StepId | null {
  if (fieldRequirement(field) !== 'required') return null;
  return STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(field)) ?? null;
}

/**
 * The draft made to fit, or null when it cannot be read at all (not an object, no context).
 * `input` is what the wizard starts with now (its `today` checks the dependents' dates).
 */
export function repairWizardDraft(draft: unknown, input: WizardInput): RepairedDraft | null {
  if (!isObject(draft) || !isObject(draft.context)) return null;
  const initial = initialContext(input);
  const persisted = draft.context;
  const context: Loose = { ...persisted };
  for (const [key, value] of Object.entries(initial)) {
    if (persisted[key] === undefined) context[key] = value;
  }
  context.attempted = { ...initial.attempted, ...(isObject(persisted.attempted) ? persisted.attempted : {}) };

  const steps = new Set<StepId>();
  const persistedForm = isObject(persisted.form) ? persisted.form : {};
  const form: Loose = { ...persistedForm };
  for (const [field, value] of Object.entries(initial.form)) {
    if (typeof persistedForm[field] === typeof value) continue;
    form[field] = value;
    const step = stepRequiring(field);
    if (step) steps.add(step);
  }
  context.form = form;

  const rows = Array.isArray(persisted.dependents) ? persisted.dependents.map(dependentOf) : [];
  const openRow = persisted.draft === null || persisted.draft === undefined ? null : dependentOf(persisted.draft);
  const saved = persisted.saved !== null && persisted.saved !== undefined;
  let reopened: string | null = null;
  const removed: string[] = [];
  // Once saved, what was sent is final: its rows are left as they are.
  const kept = saved
    ? rows
    : rows.filter((row) => {
        if (isDependentValid(row, input.today)) return true;
        const { id: _id, ...fields } = row;
        if (reopened === null && (openRow === null || isDependentBlank(openRow))) {
          reopened = fields.nome.trim();
          context.draft = fields;
          context.draftAttempted = true;
        } else {
          removed.push(fields.nome.trim());
        }
        return false;
      });
  context.dependents = kept;
  if (reopened === null && openRow) context.draft = openRow;
  if (reopened !== null || removed.length > 0) steps.add('dependentes');

  const revise = !saved && steps.size > 0 ? { steps: STEPS.filter((step) => steps.has(step)), reopened, removed } : null;
  return { snapshot: { ...draft, context } as unknown as Snapshot<unknown>, revise };
}
