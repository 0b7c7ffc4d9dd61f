/**
 * Form → request payload of SPEC §3, as a pure function (tested on its own).
 * Text is uppercased (SPEC §3: the app's inputs uppercase), except the e-mail, with its accents
 * composed and its runs of spaces made one (as the review shows it); masked values travel as
 * digits; dates keep dd/mm/yyyy.
 */
import { DEFAULT_CD_EMPRESA_PLANO, isPlanCode, type Ownership, type Parentesco } from '../contract/rules';
import type { Dependent, PortabilityPayload, WizardContext } from './wizard.types';

export { DEFAULT_CD_EMPRESA_PLANO };

/** Text as one writes it: accents composed (NFC), spaces as one, uppercased — what the review shows. */
const upper = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
const digits = (value: string) => value.replace(/\D/g, '');

export function toDependentPayload(dependents: readonly Dependent[]): PortabilityPayload['dependente'] {
  return dependents.map((dependent, index) => ({
    id: index + 1,
    nome: upper(dependent.nome),
    nm_mae: upper(dependent.nm_mae),
    dt_nasc: dependent.dt_nasc.trim(),
    cpf: digits(dependent.cpf),
    // Only a listed one gets here: the row is confirmed only when valid (wizard.schemas.ts).
    ds_parentesco: dependent.ds_parentesco as Parentesco,
  }));
}

export function toPortabilityPayload(
  context: Pick<WizardContext, 'form' | 'dependents' | 'protocoloAns' | 'cdEmpresaPlano'>,
): PortabilityPayload {
  const { form } = context;
  return {
    tipo: '9',
    nu_protocolo_ans: digits(context.protocoloAns),
    nu_protocolo: '',
    nome: upper(form.nome),
    nm_mae: upper(form.nm_mae),
    cpf: form.sem_cpf ? '' : digits(form.cpf),
    dt_nascimento: form.dt_nascimento.trim(),
    cd_cep: digits(form.cd_cep),
    ds_endereco: upper(form.ds_endereco),
    nu_endereco: upper(form.nu_endereco),
    ds_bairro: upper(form.ds_bairro),
    ds_cidade: upper(form.ds_cidade),
    ds_uf: upper(form.ds_uf),
    ds_complemento: upper(form.ds_complemento),
    ops_origem: upper(form.ops_origem),
    plano_origem: upper(form.plano_origem),
    nu_ans_ops_origem: digits(form.nu_ans_ops_origem),
    nu_ans_plano_origem: digits(form.nu_ans_plano_origem),
    area_plano: upper(form.area_plano),
    dt_inicio: form.dt_inicio.trim(),
    // The steps' selects offer only OWNERSHIP_OPTIONS; anything else the server refuses by name.
    tp_contrato_origem: upper(form.tp_contrato_origem) as Ownership,
    nu_ans_plano_destino: digits(form.nu_ans_plano_destino),
    plano_destino: upper(form.plano_destino),
    tp_contrato_destino: upper(form.tp_contrato_destino) as Ownership,
    // Only the individual contract (3) gets this far: any other choice was refused on step 3.
    tp_port_destino: '3',
    fl_aceita_email: form.fl_aceita_email ? '1' : '0',
    // A draft kept from before this consent existed has no value: no consent.
    fl_aceita_sms: form.fl_aceita_sms ? '1' : '0',
    contato: [
      { tp_contato: '1', ds_contato: digits(form.celular) },
      { tp_contato: '2', ds_contato: form.email.trim() },
    ],
    dependente: toDependentPayload(context.dependents),
    cd_empresa_plano: isPlanCode(context.cdEmpresaPlano) ? context.cdEmpresaPlano : DEFAULT_CD_EMPRESA_PLANO,
  };
}
