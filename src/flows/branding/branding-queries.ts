/**
 * The operator's branding reads (SPEC §1, §7): per-plan settings — logo (82), favicon (85),
 * regulator seal (84) — and the operator name (multi-operator key '65'). Plain reads, so
 * react-query options rather than a machine (DESIGN §2): its two retries, its cache and the
 * error catalogue apply as to any read. Branding changes rarely, so an answer stays fresh for
 * ten minutes: a part home and the other screens' layout both show is fetched once.
 */
import { apiQuery } from '../../api/query-client';
import { operatorNameInput, settingInput, type SettingKey } from './branding-reads';

export type { BrandingPart } from './branding-reads';

export const BRANDING_STALE_MS = 10 * 60_000;

/** The plan's branding reads fail together (an unknown plan): one toast says so. */
const reportAs = (cdEmpresaPlano: string) => `branding:${cdEmpresaPlano}`;

export const settingQuery = (cdEmpresaPlano: string, chave: SettingKey) =>
  apiQuery('setting', settingInput(cdEmpresaPlano, chave), BRANDING_STALE_MS, { reportAs: reportAs(cdEmpresaPlano) });

export const operatorNameQuery = (cdEmpresaPlano: string) =>
  apiQuery('operatorKey', operatorNameInput(cdEmpresaPlano), BRANDING_STALE_MS, { reportAs: reportAs(cdEmpresaPlano) });
