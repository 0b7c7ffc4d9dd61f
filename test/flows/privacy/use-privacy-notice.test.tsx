// @vitest-environment jsdom
/**
 * The operator's privacy notice as a react-query read (issue 14, LGPD art. 9): read for the
 * stored plan without a token, unavailable only once every try failed, and read again on
 * 'Tentar novamente'; a notice already read shows at once on the next screen.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { queryClient } from '../../../src/app/services';
import { usePrivacyNotice } from '../../../src/flows/privacy/use-privacy-notice';
import { storage } from '../../../src/storage';

const NOTICE = {
  controlador: 'Operadora Sete',
  finalidade: 'Analisar a portabilidade.',
  dados: 'Os dados da solicitação.',
  retencao: 'Cinco anos.',
  compartilhamento: 'A ANS.',
  direitos: 'Acesso e correção.',
  encarregado: 'Encarregada',
  contato: 'dpo@operadora.example',
};

interface Asked {
  url: URL;
  authorization: string | null;
}

/** Answers the notice, or 500 while `failing()` says so. */
function answerNotice(failing: () => boolean): Asked[] {
  const asked: Asked[] = [];
  configureApi({
    getToken: () => 'token-da-sessao',
    fetch: (async (input: string, init?: RequestInit) => {
      asked.push({ url: new URL(String(input), 'http://portal.test'), authorization: new Headers(init?.headers).get('authorization') });
      return failing()
        ? new Response(JSON.stringify({ message: 'Erro' }), { status: 500 })
        : new Response(JSON.stringify(NOTICE), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch,
  });
  return asked;
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('usePrivacyNotice', () => {
  it("reads the stored plan's notice without the session's token, and a second screen shows it at once", async () => {
    storage.set('cdEmpresaPlano', '7');
    const asked = answerNotice(() => false);
    const first = renderHook(() => usePrivacyNotice());
    expect(first.result.current).toMatchObject({ notice: undefined, failed: false });
    await waitFor(() => expect(first.result.current.notice).toEqual(NOTICE));
    expect(asked.map(({ url }) => `${url.pathname.split('/').slice(-2).join('/')}?${url.searchParams}`)).toEqual([
      'utils/privacidade?cdEmpresaPlano=7',
    ]);
    expect(asked[0]!.authorization).toBeNull();
    const second = renderHook(() => usePrivacyNotice());
    expect(second.result.current.notice).toEqual(NOTICE);
    expect(asked).toHaveLength(1);
  });

  it("is unavailable only after the two more tries, and 'Tentar novamente' reads it again (loading, then shown)", async () => {
    let down = true;
    const asked = answerNotice(() => down);
    const { result } = renderHook(() => usePrivacyNotice());
    await waitFor(() => expect(result.current.failed).toBe(true), { timeout: 10_000 });
    expect(asked).toHaveLength(3);
    expect(asked[0]!.url.searchParams.get('cdEmpresaPlano')).toBe('1');
    down = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.failed).toBe(false));
    await waitFor(() => expect(result.current.notice).toEqual(NOTICE));
    expect(asked).toHaveLength(4);
  });
});
