/** Step 2 — Dados do Plano de Origem (SPEC §5 step 2). */
import { OWNERSHIP_OPTIONS } from '../../../contract/rules';
import { MaskedInput, SelectInput, TextInput } from './fields';
import { useStepForm } from './use-step-form';

export const OWNERSHIP_SELECT = OWNERSHIP_OPTIONS.map((value) => ({ label: value, value }));

export function StepPlanoOrigem() {
  const { form, errors, change, locked } = useStepForm('planoOrigem');
  return (
    <fieldset disabled={locked} className="grid min-w-0 grid-cols-1 gap-4 desktop:grid-cols-2">
      <legend className="sr-only">Dados do Plano de Origem</legend>
      <TextInput
        id="wizard-ops_origem"
        label="Nome da operadora"
        value={form.ops_origem}
        onChange={change('ops_origem')}
        error={errors.ops_origem}
      />
      <TextInput
        id="wizard-nu_ans_ops_origem"
        label="Registro ANS da operadora"
        digitsOnly
        maxLength={20}
        value={form.nu_ans_ops_origem}
        onChange={change('nu_ans_ops_origem')}
        error={errors.nu_ans_ops_origem}
      />
      <TextInput
        id="wizard-plano_origem"
        label="Nome do plano"
        value={form.plano_origem}
        onChange={change('plano_origem')}
        error={errors.plano_origem}
      />
      <TextInput
        id="wizard-nu_ans_plano_origem"
        label="Registro ANS do plano"
        digitsOnly
        maxLength={20}
        value={form.nu_ans_plano_origem}
        onChange={change('nu_ans_plano_origem')}
        error={errors.nu_ans_plano_origem}
      />
      <TextInput
        id="wizard-area_plano"
        label="Abrangência"
        value={form.area_plano}
        onChange={change('area_plano')}
        error={errors.area_plano}
      />
      <MaskedInput
        id="wizard-dt_inicio"
        label="Data de início"
        mask="date"
        value={form.dt_inicio}
        onChange={change('dt_inicio')}
        error={errors.dt_inicio}
      />
      <SelectInput
        id="wizard-tp_contrato_origem"
        label="Titularidade"
        options={OWNERSHIP_SELECT}
        value={form.tp_contrato_origem}
        onChange={change('tp_contrato_origem')}
        error={errors.tp_contrato_origem}
      />
    </fieldset>
  );
}
