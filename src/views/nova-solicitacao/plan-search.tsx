/**
 * Step 3's plan picker (issue 27 item 5): the operator's destination plans, searched by name
 * or by the 9-digit ANS registry, with Headless UI's Combobox (a maintained, accessible
 * combobox: the arrows move through the list, Enter, a click or a tap chooses, Escape
 * leaves the choice as it was). A choice sends DESTINATION_PLAN_CHOSEN; the registry can
 * still be typed in its own field below.
 *
 * In the step from its first paint, waiting (disabled) until the list arrives, and saying so:
 * shown only once the list arrived, it pushed every field below it down under a finger already
 * on its way to them (a tap on a dropdown's option then chose nothing). A list that cannot be
 * read, or is empty, leaves the search disabled and says to type the registry below.
 */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useState } from 'react';
import type { DestinationPlanOption } from '../../../contract/api';
import { useDestinationPlans, type DestinationPlansRead } from '../../flows/wizard/wizard-help-reads';
import { inputClass } from '../../ui/text-field';
import { PLAN_SEARCH_LABEL, matchPlans } from './plan-matches';
import { useStepForm } from './use-step-form';

const NO_PLANS: readonly DestinationPlanOption[] = [];

/** Everything the line under the search can say. */
const PLAN_SEARCH_STATUS = {
  loading: 'Carregando a lista de planos...',
  failed: 'Não foi possível carregar a lista de planos. Digite o registro ANS no campo abaixo.',
  empty: 'Nenhum plano na lista. Digite o registro ANS no campo abaixo.',
  notFound: 'Nenhum plano encontrado. Confira o nome ou digite o registro ANS no campo abaixo.',
} as const;
const STATUS_TEXTS = Object.values(PLAN_SEARCH_STATUS);

/** What the line under the search says: where the list is, or that a search found nothing. */
function planSearchStatus(read: DestinationPlansRead, query: string, shown: readonly DestinationPlanOption[]): string {
  if (read.state === 'loading') return PLAN_SEARCH_STATUS.loading;
  if (read.state === 'failed') return PLAN_SEARCH_STATUS.failed;
  if (read.plans.length === 0) return PLAN_SEARCH_STATUS.empty;
  if (query !== '' && shown.length === 0) return PLAN_SEARCH_STATUS.notFound;
  return '';
}

export function PlanSearch() {
  const { actor, form, locked } = useStepForm('planoDestino');
  const read = useDestinationPlans();
  const [query, setQuery] = useState('');
  const plans = read.state === 'ready' ? read.plans : NO_PLANS;
  // The machine's plan, when it is one of the list (picked here, or its registry typed below).
  const chosen = plans.find((plan) => plan.registroAns === form.nu_ans_plano_destino) ?? null;
  const shown = matchPlans(plans, query);
  const status = planSearchStatus(read, query, shown);
  const choose = (plan: DestinationPlanOption | null) => {
    if (plan) actor.send({ type: 'DESTINATION_PLAN_CHOSEN', registroAns: plan.registroAns, nmPlano: plan.nmPlano });
  };
  return (
    <Field disabled={locked || plans.length === 0} className="min-w-0 desktop:col-span-2">
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
      {/* Always in the page, so what it says is announced when it changes. Every text it can say
          is laid in the same cell, the others invisible: the line is as tall as the longest at
          any width and text size, so the fields below never move when it changes (a failed
          read, said a second after the step appeared, moved them 20–40 px on a phone). */}
      <p role="status" className="mt-1 grid text-sm text-slate-700">
        {STATUS_TEXTS.map((text) => {
          const said = text === status;
          return (
            <span key={text} aria-hidden={said ? undefined : true} className={`col-start-1 row-start-1 ${said ? '' : 'invisible'}`}>
              {text}
            </span>
          );
        })}
      </p>
    </Field>
  );
}
