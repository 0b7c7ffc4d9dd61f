/**
 * Step 3 — Dados do Plano de Destino (SPEC §5 step 3): the plan picked from the operator's
 * list (issue 27 item 5) or its registry typed and looked up, and the contract type.
 * A registry no plan has is said at once, on the plan name (not only after 'Próximo').
 */
import { shallowEqual } from '@xstate/react';
import { MESSAGES } from '../../../machines/wizard.schemas';
import { ReadOnlyField } from '../../ui/read-only-field';
import { useFieldHelp } from './field-help';
import { SelectInput, TextInput } from './fields';
import { PlanSearch } from './plan-search';
import { OWNERSHIP_SELECT } from './step-plano-origem';
import { useStepForm } from './use-step-form';
import { useWizard } from '../../flows/wizard/wizard-context';

const [NAME_ID, NAME_LABEL] = ['wizard-plano_destino', 'Nome do plano de destino'];

export function StepPlanoDestino() {
  const { actor, form, errors, change, locked } = useStepForm('planoDestino');
  const contractTypes = useWizard((s) => s.context.contractTypes, shallowEqual);
  const searching = useWizard(
    (s) => s.matches({ editing: { planoDestino: 'debouncing' } }) || s.matches({ editing: { planoDestino: 'lookingUp' } }),
  );
  const lookup = useWizard((s) => s.context.destinationLookup);
  const nameHelp = useFieldHelp(NAME_ID, NAME_LABEL, true);
  const nameError = errors.plano_destino ?? (!searching && lookup === 'notFound' ? MESSAGES.planNotFound : undefined);
  const status = searching
    ? 'Buscando o plano...'
    : lookup === 'failed'
      ? 'Não foi possível buscar o plano agora. Digite o registro de novo para tentar outra vez.'
      : '';
  return (
    <fieldset disabled={locked} className="grid min-w-0 grid-cols-1 gap-4 desktop:grid-cols-2">
      <legend className="sr-only">Dados do Plano de Destino</legend>
      <PlanSearch />
      <TextInput
        id="wizard-nu_ans_plano_destino"
        label="Registro ANS do plano de destino"
        digitsOnly
        maxLength={20}
        value={form.nu_ans_plano_destino}
        onChange={(value) => actor.send({ type: 'DESTINATION_REGISTRY_CHANGED', value })}
        error={errors.nu_ans_plano_destino}
      />
      <div>
        <ReadOnlyField {...nameHelp} id={NAME_ID} label={NAME_LABEL} value={form.plano_destino} error={nameError} />
        <p className="mt-1 min-h-5 text-sm text-slate-700" role="status">
          {status}
        </p>
      </div>
      <SelectInput
        id="wizard-tp_contrato_destino"
        label="Titularidade"
        options={OWNERSHIP_SELECT}
        value={form.tp_contrato_destino}
        onChange={change('tp_contrato_destino')}
        error={errors.tp_contrato_destino}
      />
      <SelectInput
        id="wizard-tp_port_destino"
        label="Tipo de contratação"
        options={contractTypes}
        value={form.tp_port_destino}
        onChange={(value) => actor.send({ type: 'CONTRACT_TYPE_CHOSEN', value })}
        error={errors.tp_port_destino}
      />
    </fieldset>
  );
}
