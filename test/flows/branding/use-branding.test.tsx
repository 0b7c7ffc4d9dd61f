// @vitest-environment jsdom
/**
 * The operator's branding as a react-query read (SPEC §1, §2, §7): a screen asks only for the
 * favicon and what it shows, with its plan code; answers are trimmed; a failed read leaves its
 * part empty after react-query's two more tries and holds nothing else back.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { queryClient } from '../../../src/app/services';
import { useBranding, type BrandingPart } from '../../../src/flows/branding';

/** Settings answer `/files/<chave>-<plan>.svg` with spaces around; `failing` answers 500 every time. */
function answerBranding(failing: (url: URL) => boolean = () => false): URL[] {
  const asked: URL[] = [];
  configureApi({
    getToken: () => null,
    fetch: (async (input: string) => {
      const url = new URL(String(input), 'http://portal.test');
      asked.push(url);
      if (failing(url)) return new Response(JSON.stringify({ message: 'Erro' }), { status: 500 });
      const plan = url.searchParams.get('cdEmpresaPlano');
      if (url.pathname.endsWith('recuperar-chave')) return new Response(` Operadora ${plan} `, { status: 200 });
      return new Response(` /files/${url.searchParams.get('chave')}-${plan}.svg `, { status: 200 });
    }) as unknown as typeof fetch,
  });
  return asked;
}

const asking = (asked: URL[]) =>
  asked
    .map(
      (url) =>
        `${url.pathname.split('/').pop()} ${url.searchParams.get('chave') ?? url.searchParams.get('cdTipo')} plano ${url.searchParams.get('cdEmpresaPlano')}`,
    )
    .sort();

const renderBranding = (plan: string | null, shows: readonly BrandingPart[]) => renderHook(() => useBranding(plan, shows));

beforeEach(() => {
  queryClient.clear();
  document.querySelector('link#favicon')?.remove();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useBranding', () => {
  it('home: reads the logo, the favicon and the operator name of its plan (not the seal), trimmed, and sets the tab icon', async () => {
    const asked = answerBranding();
    const { result } = renderBranding('7', ['logo', 'operatorName']);
    await waitFor(() =>
      expect(result.current).toEqual({
        logoUrl: '/files/82-7.svg',
        faviconUrl: '/files/85-7.svg',
        sealUrl: '',
        operatorName: 'Operadora 7',
      }),
    );
    expect(asking(asked)).toEqual(['parametro 82 plano 7', 'parametro 85 plano 7', 'recuperar-chave 65 plano 7']);
    expect(document.querySelector('link#favicon')?.getAttribute('href')).toBe('/files/85-7.svg');
  });

  it('layout: reads only the seal and the favicon; a code that is not digits falls back to plan 1', async () => {
    const asked = answerBranding();
    const { result } = renderBranding('../x', ['seal']);
    await waitFor(() =>
      expect(result.current).toEqual({ logoUrl: '', faviconUrl: '/files/85-1.svg', sealUrl: '/files/84-1.svg', operatorName: '' }),
    );
    expect(asking(asked)).toEqual(['parametro 84 plano 1', 'parametro 85 plano 1']);
  });

  it('a part home and the layout both show (the favicon) is read once for the plan', async () => {
    const asked = answerBranding();
    const home = renderBranding('3', ['logo']);
    await waitFor(() => expect(home.result.current.faviconUrl).toBe('/files/85-3.svg'));
    const layout = renderBranding('3', ['seal']);
    await waitFor(() => expect(layout.result.current.sealUrl).toBe('/files/84-3.svg'));
    expect(layout.result.current.faviconUrl).toBe('/files/85-3.svg');
    expect(asking(asked).filter((line) => line.startsWith('parametro 85'))).toEqual(['parametro 85 plano 3']);
  });

  it('leaves the logo empty when its read fails after the two more tries, and still shows the rest', async () => {
    const asked = answerBranding((url) => url.searchParams.get('chave') === '82');
    const { result } = renderBranding('5', ['logo', 'operatorName']);
    await waitFor(() => expect(asking(asked).filter((line) => line.startsWith('parametro 82'))).toHaveLength(3), { timeout: 10_000 });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(result.current).toEqual({ logoUrl: '', faviconUrl: '/files/85-5.svg', sealUrl: '', operatorName: 'Operadora 5' });
  });
});
