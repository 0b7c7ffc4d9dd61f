/**
 * The operator's branding reads, as contract calls (endpoint name and input), with no code of
 * the app's: the queries (branding-queries.ts) and the build (scripts/vite-early-reads.ts,
 * which has index.html's inline script start home's reads when the HTML arrives) both take
 * them from here, so the script asks exactly what the app will. The build's config loads it
 * as it is, hence the file extension in its import (as in contract/).
 */
import { OPERATOR_NAME_KEY, SETTING_KEY, type EndpointInput } from '../../../contract/api.ts';

/** The parts a screen may or may not show (the favicon is every screen's). */
export type BrandingPart = 'logo' | 'seal' | 'operatorName';

/** SPEC §2 "Home": the logo, and the operator's name in the welcome (the branding also sets the favicon). */
export const HOME_BRANDING: readonly BrandingPart[] = ['logo', 'operatorName'];

export type SettingKey = (typeof SETTING_KEY)[keyof typeof SETTING_KEY];

export const settingInput = (cdEmpresaPlano: string, chave: SettingKey): EndpointInput<'setting'> => ({ chave, cdEmpresaPlano });

export const operatorNameInput = (cdEmpresaPlano: string): EndpointInput<'operatorKey'> => ({ cdTipo: OPERATOR_NAME_KEY, cdEmpresaPlano });

export type BrandingRead =
  { name: 'setting'; input: EndpointInput<'setting'> } | { name: 'operatorKey'; input: EndpointInput<'operatorKey'> };

/** The reads `useBranding(cdEmpresaPlano, shows)` makes: the favicon, then each part shown. */
export function brandingReads(cdEmpresaPlano: string, shows: readonly BrandingPart[]): BrandingRead[] {
  const setting = (chave: SettingKey): BrandingRead => ({ name: 'setting', input: settingInput(cdEmpresaPlano, chave) });
  return [
    setting(SETTING_KEY.favicon),
    ...(shows.includes('logo') ? [setting(SETTING_KEY.logo)] : []),
    ...(shows.includes('seal') ? [setting(SETTING_KEY.seal)] : []),
    ...(shows.includes('operatorName') ? [{ name: 'operatorKey', input: operatorNameInput(cdEmpresaPlano) } as const] : []),
  ];
}
