/**
 * Types, constants and form rules of the home flow (machines/home.machine.ts).
 * Kept apart so the chart file reads as the chart.
 */
import { ANS_PROTOCOL_DIGITS } from '../contract/rules';
import * as z from 'zod/mini';
import type { EndpointOutput, LoginRequest, Tooltip as ContractTooltip, TrackingData } from '../contract/api';
import { CPF_PATTERN, PASSWORD_PATTERN, TIPO_PORTABILIDADE, requiresLogin } from '../contract/rules';

export type HomeMode = 'home' | 'new' | 'track';

export interface HomeInput {
  cdEmpresaPlano: string;
  /** The mode to open in, from the stored `type` (SPEC §2: "can be preset ... on load"). */
  presetMode: HomeMode;
  /** A protocol to open track mode with (the one the wizard just filed); '' for none. */
  presetProtocol?: string;
}

export interface HomeContext {
  cdEmpresaPlano: string;
  presetMode: HomeMode;
  /** The protocol typed in the current mode: the ANS protocol (new) or ours (track). */
  protocol: string;
  /** Digits only: the mask's punctuation is dropped (SPEC §2). */
  cpf: string;
  senha: string;
  /** SPEC §4: set by the lookup rule, cleared whenever home mode is left or re-entered. */
  loginRequired: boolean;
  /** Login messages show only after a submit attempt (SPEC §5's rule, applied here too). */
  loginAttempted: boolean;
  /** Tooltip texts by field name (nmCampo → dsDescricao); empty when the call failed. */
  tooltips: Record<string, string>;
}

export type HomeEvent =
  | { type: 'CHOOSE_NEW' }
  | { type: 'CHOOSE_TRACK' }
  | { type: 'RETURN' }
  | { type: 'PROTOCOL_CHANGED'; value: string }
  | { type: 'CPF_CHANGED'; value: string }
  | { type: 'PASSWORD_CHANGED'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'ACKNOWLEDGE' };

/** The contract's tooltip (`z.output` of its schema). */
export type Tooltip = ContractTooltip;

export interface TooltipsInput {
  solicitacao: typeof TIPO_PORTABILIDADE;
}

export interface LookupInput {
  protocolo: string;
}

/**
 * The part of the tracking data the lookup rule reads (SPEC §3 "Portability data"), with the
 * access token bound to this protocol when the request needs no login (issue 11).
 */
export type LookupResult = Pick<TrackingData, 'flStatus' | 'cdStatusPort' | 'flConcordo' | 'token'>;

/** The login body (SPEC §3 "Login payload"), the contract's. */
export type LoginInput = LoginRequest;

/** The login answer, the contract's: `token` is empty when the operator has not finished the registration yet. */
export type LoginResult = EndpointOutput<'login'>;

/**
 * What the app stores before leaving home; `token: null` stands for the anonymous free token
 * (a new request, or a back-end that hands out no token on the lookup).
 */
export interface SessionToStore {
  protocolo: string;
  cdEmpresaPlano: string;
  token: string | null;
  type: 'new' | null;
}

export { TIPO_PORTABILIDADE } from '../contract/rules';
export const ANS_PROTOCOL_MAX_DIGITS = ANS_PROTOCOL_DIGITS;
/** Tooltip keys (SPEC §2): `nu_protocolo_ans` for a new request, `nu_protocolo` otherwise. */
export const TOOLTIP_KEY = { new: 'nu_protocolo_ans', track: 'nu_protocolo' } as const;

/** The ANS protocol keeps digits only, at most 20 (SPEC §2, §9). */
export function sanitiseAnsProtocol(value: string): string {
  return value.replace(/\D/g, '').slice(0, ANS_PROTOCOL_MAX_DIGITS);
}

export function onlyDigits(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** The login form's rules; the view shows these very messages. */
export const loginFormSchema = z.object({
  cpf: z.string().check(z.regex(CPF_PATTERN, 'Informe os 11 dígitos do CPF.')),
  senha: z.string().check(z.regex(PASSWORD_PATTERN, 'A senha tem 6 dígitos: os últimos 6 do protocolo.')),
});

export type LoginField = 'cpf' | 'senha';

export function loginFormErrors(form: { cpf: string; senha: string }): Partial<Record<LoginField, string>> {
  const result = loginFormSchema.safeParse(form);
  if (result.success) return {};
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'cpf' || field === 'senha') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** SPEC §4 "Track lookup": the answer of a request that needs a login first. */
export function lookupRequiresLogin(result: LookupResult): boolean {
  return requiresLogin(result);
}
