/**
 * The operator's branding reads (SPEC §1, §7): per-plan settings — logo (82), favicon (85),
 * regulator seal (84) — and the operator name (multi-operator key '65'). Plain reads, so
 * react-query options rather than a machine (DESIGN §2): its two retries, its cache and the
 * error catalogue apply as to any read. Branding changes rarely, so an answer stays fresh for
 * ten minutes: a part home and the other screens' layout both show is fetched once.
 */
import { OPERATOR_NAME_KEY, SETTING_KEY } from '../../../contract/api';
import { apiQuery } from '../../api/query-client';

export const BRANDING_STALE_MS = 10 * 60_000;

/** The parts a screen may or may not show (the favicon is every screen's). */
export type BrandingPart = 'logo' | 'seal' | 'operatorName';

/** The plan's branding reads fail together (an unknown plan): one toast says so. */
const reportAs = (cdEmpresaPlano: string) => `branding:${cdEmpresaPlano}`;

export const settingQuery = (cdEmpresaPlano: string, chave: (typeof SETTING_KEY)[keyof typeof SETTING_KEY]) =>
  apiQuery('setting', { chave, cdEmpresaPlano }, BRANDING_STALE_MS, { reportAs: reportAs(cdEmpresaPlano) });

export const operatorNameQuery = (cdEmpresaPlano: string) =>
  apiQuery('operatorKey', { cdTipo: OPERATOR_NAME_KEY, cdEmpresaPlano }, BRANDING_STALE_MS, { reportAs: reportAs(cdEmpresaPlano) });
