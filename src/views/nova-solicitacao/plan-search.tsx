/**
 * Step 3's plan picker (issue 27 item 5): the operator's destination plans, searched by name
 * or by the 9-digit ANS registry, with Headless UI's Combobox (a maintained, accessible
 * combobox: the arrows move through the list, Enter, a click or a tap chooses, Escape
 * leaves the choice as it was). A choice sends DESTINATION_PLAN_CHOSEN; the registry can
 * still be typed in its own field below. Shown only once the list arrived: without it the
 * step works as before.
 */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useState } from 'react';
import type { DestinationPlanOption } from '../../../contract/api';
import { useDestinationPlans } from '../../flows/wizard/wizard-help-reads';
import { inputClass } from '../../ui/text-field';
import { PLAN_SEARCH_LABEL, matchPlans } from './plan-matches';
import { useStepForm } from './use-step-form';

export function PlanSearch() {
  const { actor, form, locked } = useStepForm('planoDestino');
  const plans = useDestinationPlans();
  const [query, setQuery] = useState('');
  if (plans.length === 0) return null;
  // The machine's plan, when it is one of the list (picked here, or its registry typed below).
  const chosen = plans.find((plan) => plan.registroAns === form.nu_ans_plano_destino) ?? null;
  const shown = matchPlans(plans, query);
  const choose = (plan: DestinationPlanOption | null) => {
    if (plan) actor.send({ type: 'DESTINATION_PLAN_CHOSEN', registroAns: plan.registroAns, nmPlano: plan.nmPlano });
  };
  return (
    <Field disabled={locked} className="min-w-0 desktop:col-span-2">
      <Label className="block text-sm font-medium text-slate-800">{PLAN_SEARCH_LABEL}</Label>
      <Description className="text-sm text-slate-700">Digite parte do nome ou o registro ANS e escolha o plano na lista.</Description>
      <Combobox value={chosen} onChange={choose} onClose={() => setQuery('')} by="registroAns">
        <ComboboxInput
          autoComplete="off"
          displayValue={(plan: DestinationPlanOption | null) => plan?.nmPlano ?? ''}
          onChange={(event) => setQuery(event.target.value)}
          className={inputClass(false)}
        />
        {/* Not modal: a combobox's list leaves the page as it is (its label stays read, the page scrolls). */}
        <ComboboxOptions
          modal={false}
          anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
          className="z-20 w-(--input-width) max-w-[calc(100vw-1rem)] rounded-md border border-slate-300 bg-white py-1 text-base shadow-lg empty:invisible focus:outline-none"
        >
          {shown.map((plan) => (
            <ComboboxOption
              key={plan.registroAns}
              value={plan}
              className="flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1 text-slate-900 data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-semibold"
            >
              <span>{plan.nmPlano}</span>
              <span className="text-sm text-slate-700">Registro ANS {plan.registroAns}</span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {/* Always in the page, so what it says is announced when it changes. */}
      <p role="status" className="mt-1 text-sm text-slate-700 empty:hidden">
        {query !== '' && shown.length === 0 ? 'Nenhum plano encontrado. Confira o nome ou digite o registro ANS no campo abaixo.' : ''}
      </p>
    </Field>
  );
}
