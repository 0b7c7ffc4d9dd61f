/** Step 1 — Dados Pessoais (SPEC §5 step 1); a complete CEP fills the address (issue 14). */
import { UFS } from '../../../contract/rules';
import { CepNote } from './cep-note';
import { Checkbox, MaskedInput, NativeSelectInput, TextInput } from './fields';
import { useStepForm } from './use-step-form';

const UF_OPTIONS = Object.entries(UFS).map(([code, name]) => ({ value: code, label: `${code} – ${name}` }));

export function StepDadosPessoais() {
  const { actor, form, errors, change, locked } = useStepForm('dadosPessoais');
  return (
    <fieldset disabled={locked} className="grid min-w-0 grid-cols-1 gap-4 desktop:grid-cols-2">
      <legend className="sr-only">Dados Pessoais</legend>
      <TextInput
        id="wizard-nome"
        label="Nome do beneficiário"
        value={form.nome}
        onChange={change('nome')}
        error={errors.nome}
        autoComplete="name"
        className="desktop:col-span-2"
      />
      <TextInput
        id="wizard-nm_mae"
        label="Nome da mãe"
        value={form.nm_mae}
        onChange={change('nm_mae')}
        error={errors.nm_mae}
        className="desktop:col-span-2"
      />
      <MaskedInput
        id="wizard-dt_nascimento"
        label="Data de nascimento"
        mask="date"
        value={form.dt_nascimento}
        onChange={change('dt_nascimento')}
        error={errors.dt_nascimento}
        autoComplete="bday"
      />
      <div>
        <MaskedInput
          id="wizard-cpf"
          label="CPF"
          mask="cpf"
          value={form.cpf}
          onChange={change('cpf')}
          error={errors.cpf}
          disabled={form.sem_cpf}
        />
        <Checkbox
          id="wizard-sem_cpf"
          label="Beneficiário não possui CPF"
          checked={form.sem_cpf}
          onChange={(checked) => actor.send({ type: 'NO_CPF_TOGGLED', checked })}
        />
      </div>
      <MaskedInput
        id="wizard-celular"
        label="Celular"
        mask="mobile"
        value={form.celular}
        onChange={change('celular')}
        error={errors.celular}
        autoComplete="tel-national"
      />
      <TextInput
        id="wizard-email"
        label="Email"
        type="email"
        inputMode="email"
        keepCase
        value={form.email}
        onChange={change('email')}
        error={errors.email}
        autoComplete="email"
      />
      <div className="desktop:col-span-2">
        <Checkbox
          id="wizard-fl_aceita_email"
          label="Desejo receber as respostas por e-mail"
          checked={form.fl_aceita_email}
          onChange={(checked) => actor.send({ type: 'EMAIL_REPLIES_TOGGLED', checked })}
        />
        <Checkbox
          id="wizard-fl_aceita_sms"
          label="Desejo receber avisos por SMS no celular"
          checked={form.fl_aceita_sms}
          onChange={(checked) => actor.send({ type: 'SMS_REPLIES_TOGGLED', checked })}
        />
      </div>
      <div>
        <MaskedInput
          id="wizard-cd_cep"
          label="CEP"
          mask="cep"
          value={form.cd_cep}
          onChange={change('cd_cep')}
          error={errors.cd_cep}
          autoComplete="postal-code"
        />
        <CepNote />
      </div>
      <NativeSelectInput
        id="wizard-ds_uf"
        label="UF"
        options={UF_OPTIONS}
        value={form.ds_uf}
        onChange={change('ds_uf')}
        error={errors.ds_uf}
        autoComplete="address-level1"
      />
      <TextInput
        id="wizard-ds_cidade"
        label="Cidade"
        value={form.ds_cidade}
        onChange={change('ds_cidade')}
        error={errors.ds_cidade}
        autoComplete="address-level2"
      />
      <TextInput
        id="wizard-ds_endereco"
        label="Endereço"
        value={form.ds_endereco}
        onChange={change('ds_endereco')}
        error={errors.ds_endereco}
        autoComplete="address-line1"
      />
      <TextInput
        id="wizard-nu_endereco"
        label="Número"
        value={form.nu_endereco}
        onChange={change('nu_endereco')}
        error={errors.nu_endereco}
      />
      <TextInput
        id="wizard-ds_bairro"
        label="Bairro"
        value={form.ds_bairro}
        onChange={change('ds_bairro')}
        error={errors.ds_bairro}
        // The district, in the browsers' address book ("dependent locality").
        autoComplete="address-level3"
      />
      <TextInput
        id="wizard-ds_complemento"
        label="Complemento"
        value={form.ds_complemento}
        onChange={change('ds_complemento')}
        error={errors.ds_complemento}
        autoComplete="address-line2"
        className="desktop:col-span-2"
      />
    </fieldset>
  );
}
