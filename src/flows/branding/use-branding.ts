/**
 * `useBranding(cdEmpresaPlano, shows)`: the operator's favicon (set on the tab) and the parts
 * of its branding a screen shows (logo, seal, name). One branding actor per plan code and set
 * of parts lives for the whole session, so a screen seen again (home, the layout of
 * nova-solicitacao / acompanhamento) reads the same answers; the favicon, which both load, is
 * one fetch, answered from react-query's cache the second time. Values are '' until loaded,
 * when the screen does not show them, and when a load failed.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { BrandingPart, brandingMachine } from '../../../machines/branding.machine';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { isPlanCode } from '../../../contract/rules';
import { inspectOption } from '../../app/inspect';
import { useClientValue } from '../../ui/client-value';
import { appBrandingMachine } from './branding-actors';

export interface Branding {
  logoUrl: string;
  faviconUrl: string;
  sealUrl: string;
  operatorName: string;
}

const NOT_LOADED: Branding = { logoUrl: '', faviconUrl: '', sealUrl: '', operatorName: '' };

type BrandingActor = ActorRefFrom<typeof brandingMachine>;
const actors = new Map<string, BrandingActor>();

/** Plan codes are digits (contract); anything else falls back to the default plan. */
export function normalisePlanCode(cdEmpresaPlano: string | null | undefined): string {
  return cdEmpresaPlano && isPlanCode(cdEmpresaPlano) ? cdEmpresaPlano : DEFAULT_CD_EMPRESA_PLANO;
}

export function brandingActorFor(cdEmpresaPlano: string, shows: readonly BrandingPart[]): BrandingActor {
  const code = normalisePlanCode(cdEmpresaPlano);
  const key = `${code}:${[...shows].sort().join(',')}`;
  let actor = actors.get(key);
  if (!actor) {
    actor = createActor(appBrandingMachine, { ...inspectOption(), input: { cdEmpresaPlano: code, shows } });
    actors.set(key, actor);
    // At once in the browser (its loads start with the first screen that shows it); never
    // in the build's prerender, which must ask the network for nothing.
    if (typeof document !== 'undefined') actor.start();
  }
  return actor;
}

export function useBranding(cdEmpresaPlano: string | null | undefined, shows: readonly BrandingPart[]): Branding {
  const actor = brandingActorFor(normalisePlanCode(cdEmpresaPlano), shows);
  const logoUrl = useSelector(actor, (s) => s.context.logoUrl);
  const faviconUrl = useSelector(actor, (s) => s.context.faviconUrl);
  const sealUrl = useSelector(actor, (s) => s.context.sealUrl);
  const operatorName = useSelector(actor, (s) => s.context.operatorName);
  useFavicon(faviconUrl);
  // The prerender had nothing loaded; while React takes that markup over (which waits for a
  // lazy screen's code) an answer that came in meanwhile must not show yet, or the two differ.
  const hydrating = useClientValue(false, true);
  return hydrating ? NOT_LOADED : { logoUrl, faviconUrl, sealUrl, operatorName };
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
