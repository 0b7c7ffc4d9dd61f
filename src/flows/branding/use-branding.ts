/**
 * `useBranding(cdEmpresaPlano, shows)`: the operator's favicon (set on the tab) and the parts
 * of its branding a screen shows (logo, seal, name). Every screen reads the favicon; of the
 * rest, a screen reads only what it shows, so its own reads do not queue behind branding it
 * never shows. The reads run side by side; a failed one leaves its value empty (the error
 * catalogue has already told the person, SPEC §8) and never holds the others or the screen
 * back. Values are '' until read, when the screen does not show them, and when a read failed.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_CD_EMPRESA_PLANO, SETTING_KEY } from '../../../contract/api';
import { isPlanCode } from '../../../contract/rules';
import { queryClient } from '../../app/services';
import { useClientValue } from '../../ui/client-value';
import { operatorNameQuery, settingQuery, type BrandingPart } from './branding-queries';

export interface Branding {
  logoUrl: string;
  faviconUrl: string;
  sealUrl: string;
  operatorName: string;
}

const NOT_LOADED: Branding = { logoUrl: '', faviconUrl: '', sealUrl: '', operatorName: '' };
const trimmed = (text: string) => text.trim();

/** Plan codes are digits (contract); anything else falls back to the default plan. */
export function normalisePlanCode(cdEmpresaPlano: string | null | undefined): string {
  return cdEmpresaPlano && isPlanCode(cdEmpresaPlano) ? cdEmpresaPlano : DEFAULT_CD_EMPRESA_PLANO;
}

export function useBranding(cdEmpresaPlano: string | null | undefined, shows: readonly BrandingPart[]): Branding {
  const code = normalisePlanCode(cdEmpresaPlano);
  const faviconUrl = useSetting(code, SETTING_KEY.favicon, true);
  const logoUrl = useSetting(code, SETTING_KEY.logo, shows.includes('logo'));
  const sealUrl = useSetting(code, SETTING_KEY.seal, shows.includes('seal'));
  // The app's client, named: a view rendered on its own (tests) reads through the same cache.
  const operatorName =
    useQuery({ ...operatorNameQuery(code), enabled: shows.includes('operatorName'), select: trimmed }, queryClient).data ?? '';
  useFavicon(faviconUrl);
  // The prerender had nothing read; while React takes that markup over (which waits for a
  // lazy screen's code) an answer that came in meanwhile must not show yet, or the two differ.
  const hydrating = useClientValue(false, true);
  return hydrating ? NOT_LOADED : { logoUrl, faviconUrl, sealUrl, operatorName };
}

/** One setting's URL, trimmed; '' while unread, not shown (`enabled` false), or failed. */
function useSetting(code: string, chave: (typeof SETTING_KEY)[keyof typeof SETTING_KEY], enabled: boolean): string {
  return useQuery({ ...settingQuery(code, chave), enabled, select: trimmed }, queryClient).data ?? '';
}

/** The favicon is swapped in once known, so it never holds the first paint back. */
function useFavicon(href: string): void {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link#favicon');
    if (!link) {
      link = document.createElement('link');
      link.id = 'favicon';
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href;
  }, [href]);
}
