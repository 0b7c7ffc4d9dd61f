import { describe, expect, it } from 'vitest';
import { inspectOption, maskSensitive } from '../../src/app/inspect';

describe('what the Stately inspector is sent', () => {
  it('masks CPF, names, password, tokens, contacts and address in a context', () => {
    const context = {
      cpf: '12345678901',
      senha: '123456',
      token: 'abc.def',
      operatorName: 'HAPVIDA',
      form: {
        nome: 'MARIA',
        nm_mae: 'ANA',
        dt_nascimento: '01/01/1990',
        email: 'm@x.br',
        celular: '85999999999',
        cd_cep: '60000000',
        ds_uf: 'CE',
      },
      dependents: [{ id: 1, nome: 'JOAO', cpf: '' }],
      keyedPayload: '{"nome":"MARIA"}',
    };
    expect(maskSensitive(context)).toEqual({
      cpf: '•••',
      senha: '•••',
      token: '•••',
      operatorName: 'HAPVIDA',
      form: { nome: '•••', nm_mae: '•••', dt_nascimento: '•••', email: '•••', celular: '•••', cd_cep: '•••', ds_uf: 'CE' },
      dependents: [{ id: 1, nome: '•••', cpf: '' }],
      keyedPayload: '•••',
    });
  });

  it('hides the last six digits of our protocol, which are the access password', () => {
    expect(maskSensitive({ protocolo: '20240000123456' })).toEqual({ protocolo: '20240000••••••' });
    expect(maskSensitive({ type: 'PROTOCOL_CHANGED', value: '20240000123456' })).toEqual({
      type: 'PROTOCOL_CHANGED',
      value: '20240000••••••',
    });
  });

  it('masks the typed value of credential events and of personal form fields, not of others', () => {
    expect(maskSensitive({ type: 'CPF_CHANGED', value: '123.456.789-01' })).toEqual({ type: 'CPF_CHANGED', value: '•••' });
    expect(maskSensitive({ type: 'PASSWORD_CHANGED', value: '123456' })).toEqual({ type: 'PASSWORD_CHANGED', value: '•••' });
    expect(maskSensitive({ type: 'FIELD_CHANGED', field: 'nome', value: 'MARIA' })).toEqual({
      type: 'FIELD_CHANGED',
      field: 'nome',
      value: '•••',
    });
    expect(maskSensitive({ type: 'FIELD_CHANGED', field: 'ds_uf', value: 'CE' })).toEqual({
      type: 'FIELD_CHANGED',
      field: 'ds_uf',
      value: 'CE',
    });
  });

  it('masks actor answers deep inside events (tracking data carries the CPF)', () => {
    const event = {
      type: 'xstate.done.actor.lookUpProtocol',
      output: { nuProtocolo: '20240000123456', nuCpf: '12345678901', flStatus: 3 },
    };
    expect(maskSensitive(event)).toEqual({
      type: 'xstate.done.actor.lookUpProtocol',
      output: { nuProtocolo: '20240000••••••', nuCpf: '•••', flStatus: 3 },
    });
  });

  it('observes nothing when nobody asked (no ?inspect, no test observer)', () => {
    expect(inspectOption()).toEqual({});
  });
});
