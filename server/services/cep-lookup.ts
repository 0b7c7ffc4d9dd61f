/**
 * Addresses by CEP: the offline table first (demo rows, or a base the operator loads), then
 * CEP_PROVIDER_URL, a service answering in the format of the public ViaCEP
 * (`{ cep, logradouro, bairro, localidade, uf }`, or `{ erro: true }` for an unknown CEP, which
 * this server answers the same way).
 * The provider's answer is bounded and checked; a provider that fails or takes more than
 * PROVIDER_TIMEOUT_MS is reported as such, so the wizard can say the user fills it in.
 */
import type { CepAddress, CepAnswer } from '../../contract/api.ts';
import type { Executor } from '../db/database.ts';
import { isUf } from '../../contract/rules.ts';
import { HttpError } from '../http/http-error.ts';

const PROVIDER_TIMEOUT_MS = 3_000;
const MAX_ANSWER_BYTES = 16 * 1024;

export const CEP_PROVIDER_FAILED = 'Não foi possível consultar o CEP agora.';

/** The provider's URL for one CEP: `{cep}` in the configured URL is replaced, else `<cep>/json/` is appended. */
export function providerUrl(template: string, cep: string): string {
  return template.includes('{cep}') ? template.replace('{cep}', cep) : `${template.replace(/\/?$/, '/')}${cep}/json/`;
}

const text = (value: unknown, max = 200): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** A ViaCEP-format answer as an address, or null when it names no known CEP. */
export function readProviderAnswer(cep: string, answer: unknown): CepAddress | null {
  if (typeof answer !== 'object' || answer === null) throw new HttpError(502, CEP_PROVIDER_FAILED);
  const body = answer as Record<string, unknown>;
  if (body.erro === true || body.erro === 'true') return null;
  const uf = text(body.uf, 2).toUpperCase();
  const localidade = text(body.localidade);
  if (!isUf(uf) || !localidade) throw new HttpError(502, CEP_PROVIDER_FAILED);
  return { cep, logradouro: text(body.logradouro), bairro: text(body.bairro), localidade, uf };
}

async function askProvider(template: string, cep: string): Promise<CepAddress | null> {
  let answer: unknown;
  try {
    const response = await fetch(providerUrl(template, cep), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (response.status === 400 || response.status === 404) return null;
    const body = await response.text();
    if (!response.ok || body.length > MAX_ANSWER_BYTES) throw new Error(`status ${response.status}`);
    answer = JSON.parse(body);
  } catch {
    throw new HttpError(502, CEP_PROVIDER_FAILED);
  }
  return readProviderAnswer(cep, answer);
}

/** The address of a CEP, or `{ erro: true }` (ViaCEP's answer) when neither the table nor the provider knows it. */
export async function lookUpCep(db: Executor, cep: string, providerTemplate: string | undefined): Promise<CepAnswer> {
  const [row] = await db.query<CepAddress>('SELECT cep, logradouro, bairro, localidade, uf FROM cep_addresses WHERE cep = $1', [cep]);
  if (row) return row;
  const found = providerTemplate ? await askProvider(providerTemplate, cep) : null;
  return found ?? { erro: true };
}
