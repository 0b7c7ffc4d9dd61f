/** The form → request payload mapping is exactly SPEC §3's, and the contract accepts it. */
import { describe, expect, it } from 'vitest';
import { toPortabilityPayload } from '../../machines/wizard.payload';
import { portabilityRequest } from '../../contract/api';
import { FILLED_FORM } from './wizard.fixtures';

const base = {
  protocoloAns: '12345678901234567890',
  cdEmpresaPlano: '2',
  form: { ...FILLED_FORM, nome: 'maria da silva', ds_bairro: 'centro', ds_uf: 'ce', email: 'Maria@Example.com' },
  dependents: [{ id: 7, nome: 'joao', ds_parentesco: 'Filho(a)', nm_mae: 'maria', dt_nasc: '10/10/2015', cpf: '' }],
};

describe('request payload', () => {
  it('maps the form to SPEC §3: tipo 9, contacts, e-mail flag, dependents, plan code; text uppercased but not the e-mail', () => {
    expect(toPortabilityPayload(base)).toEqual({
      tipo: '9',
      nu_protocolo_ans: '12345678901234567890',
      nu_protocolo: '',
      nome: 'MARIA DA SILVA',
      nm_mae: 'ANA DA SILVA',
      cpf: '52998224725',
      dt_nascimento: '15/03/1985',
      cd_cep: '60000000',
      ds_endereco: 'RUA A',
      nu_endereco: '10',
      ds_bairro: 'CENTRO',
      ds_cidade: 'FORTALEZA',
      ds_uf: 'CE',
      ds_complemento: '',
      ops_origem: 'OPERADORA ORIGEM',
      plano_origem: 'PLANO ORIGEM',
      nu_ans_ops_origem: '123456',
      nu_ans_plano_origem: '654321',
      area_plano: 'NACIONAL',
      dt_inicio: '01/02/2020',
      tp_contrato_origem: 'TITULAR',
      nu_ans_plano_destino: '481234561',
      plano_destino: 'VIDA PLENA ESSENCIAL ENFERMARIA',
      tp_contrato_destino: 'TITULAR',
      tp_port_destino: '3',
      fl_aceita_email: '1',
      fl_aceita_sms: '0',
      contato: [
        { tp_contato: '1', ds_contato: '85988887777' },
        { tp_contato: '2', ds_contato: 'Maria@Example.com' },
      ],
      dependente: [{ id: 1, nome: 'JOAO', nm_mae: 'MARIA', dt_nasc: '10/10/2015', cpf: '', ds_parentesco: 'Filho(a)' }],
      cd_empresa_plano: '2',
    });
  });

  it("sends fl_aceita_email '0', an empty CPF without one, and plan code '1' by default", () => {
    const payload = toPortabilityPayload({
      ...base,
      cdEmpresaPlano: '',
      form: { ...base.form, fl_aceita_email: false, sem_cpf: true, cpf: '' },
    });
    expect(payload.fl_aceita_email).toBe('0');
    expect(payload.cpf).toBe('');
    expect(payload.cd_empresa_plano).toBe('1');
  });

  it("sends fl_aceita_sms '1' only when the SMS box was ticked (unticked by default)", () => {
    expect(toPortabilityPayload({ ...base, form: { ...base.form, fl_aceita_sms: true } }).fl_aceita_sms).toBe('1');
    expect(toPortabilityPayload(base).fl_aceita_sms).toBe('0');
  });

  it('sends text as the review shows it: accents composed, runs of spaces made one', () => {
    const form = { ...base.form, nome: '  maria   da\u00a0 silva ', nm_mae: 'jose\u0301 conceic\u0327a\u0303o' };
    const payload = toPortabilityPayload({ ...base, form });
    expect(payload.nome).toBe('MARIA DA SILVA');
    expect(payload.nm_mae).toBe('JOSÉ CONCEIÇÃO');
    expect(payload.nm_mae).toHaveLength('JOSÉ CONCEIÇÃO'.length);
  });

  it('is accepted by the contract the server validates with', () => {
    expect(portabilityRequest.safeParse(toPortabilityPayload(base)).success).toBe(true);
  });
});
