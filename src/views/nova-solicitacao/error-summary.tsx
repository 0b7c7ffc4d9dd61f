/**
 * What a refused 'Próximo' left to fix (issue 27 item 5), at the top of the step, as the
 * gov.br Design System's error summary: a heading, then each message as a link that moves
 * focus to its field (the field keeps its own message too). The app moves focus here on a
 * refused 'Próximo' (src/flows/wizard/wizard-actors.ts), so a screen reader reads the list
 * first. A link focuses its field itself: the portal's routes live in the URL's hash, so a
 * plain '#field' link would change the screen.
 */
import type { MouseEvent } from 'react';
import { STEP_FIELDS, type StepField } from '../../../machines/wizard.schemas';
import type { StepId } from '../../../machines/wizard.types';
import { ERROR_SUMMARY_ID } from '../../flows/wizard/focus-targets';
import { useStepForm } from './use-step-form';

/** The field's message without SPEC's leading "* " (a list item needs no mark). */
const plain = (message: string) => message.replace(/^\*\s*/, '');

function goToField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  event.preventDefault();
  const field = document.getElementById(fieldId);
  field?.scrollIntoView({ block: 'center' });
  field?.focus();
}

export function ErrorSummary({ step }: { step: StepId }) {
  const { errors } = useStepForm(step);
  const fields = (STEP_FIELDS[step] as readonly StepField[]).filter((field) => errors[field]);
  if (fields.length === 0) return null;
  const titleId = `${ERROR_SUMMARY_ID}-titulo`;
  return (
    <div
      id={ERROR_SUMMARY_ID}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-md border-2 border-red-700 bg-red-50 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <h3 id={titleId} className="font-semibold text-red-800">
        {fields.length === 1 ? 'Há 1 campo para corrigir nesta etapa' : `Há ${fields.length} campos para corrigir nesta etapa`}
      </h3>
      <ul className="mt-2 space-y-1">
        {fields.map((field) => (
          <li key={field}>
            <a
              href={`#wizard-${field}`}
              onClick={(event) => goToField(event, `wizard-${field}`)}
              className="inline-flex min-h-6 items-center text-red-800 underline"
            >
              {plain(errors[field] ?? '')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
