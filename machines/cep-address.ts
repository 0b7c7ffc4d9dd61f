/**
 * The address filled from the CEP (issue 14): street, district, city and UF, uppercased like
 * every field. Only a field that is empty, or still holds what the last lookup put there, is
 * replaced: what the person typed is never overwritten. All fields stay editable.
 */
import type { WizardForm } from './wizard.types';

/** What the CEP lookup answers (contract `cepAddress`); null: no such CEP. */
export interface CepFound {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export const ADDRESS_FIELDS = ['ds_endereco', 'ds_bairro', 'ds_cidade', 'ds_uf'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The values the last lookup wrote into the form, per field. */
export type CepFilled = Partial<Record<AddressField, string>>;

/**
 * What the view says after a lookup: the whole address found, only the city (a CEP that covers
 * a whole city), no such CEP, or the lookup failed (the person fills it in).
 */
export type CepOutcome = 'found' | 'cityOnly' | 'notFound' | 'failed';

function valuesOf(address: CepFound): Record<AddressField, string> {
  const upper = (text: string) => text.trim().toLocaleUpperCase('pt-BR');
  return {
    ds_endereco: upper(address.logradouro),
    ds_bairro: upper(address.bairro),
    ds_cidade: upper(address.localidade),
    ds_uf: upper(address.uf),
  };
}

export function fillFromCep(
  form: WizardForm,
  filled: CepFilled | undefined,
  address: CepFound,
): { form: WizardForm; cepFilled: CepFilled; cepLookup: CepOutcome } {
  const found = valuesOf(address);
  const next = { ...form };
  const cepFilled: CepFilled = {};
  for (const field of ADDRESS_FIELDS) {
    const untouched = form[field] === '' || form[field] === filled?.[field];
    if (!untouched) continue;
    next[field] = found[field];
    if (found[field]) cepFilled[field] = found[field];
  }
  return { form: next, cepFilled, cepLookup: found.ds_endereco ? 'found' : 'cityOnly' };
}
