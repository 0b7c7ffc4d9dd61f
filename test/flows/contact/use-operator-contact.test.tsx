// @vitest-environment jsdom
/**
 * The operator's contact as a quiet react-query read (issue 26): one read per plan, shared by
 * every screen that shows it; a failure reports nothing (no toast, no console error) and the
 * next screen asks again.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { notify } from '../../../src/app/notify';
import { queryClient } from '../../../src/app/services';
import { useOperatorContact } from '../../../src/flows/contact/use-operator-contact';
import { storage } from '../../../src/storage';
import { OPERATOR_CONTACT } from '../../views/support/operator-contact';

function answerContact(status: () => number): string[] {
  const asked: string[] = [];
  configureApi({
    getToken: () => null,
    fetch: (async (input: string) => {
      asked.push(String(input));
      const ok = status() === 200;
      return new Response(JSON.stringify(ok ? OPERATOR_CONTACT : { message: 'Erro' }), {
        status: status(),
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch,
  });
  return asked;
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useOperatorContact', () => {
  it("reads the stored plan's contact once for every screen that shows it", async () => {
    storage.set('cdEmpresaPlano', '7');
    const asked = answerContact(() => 200);
    const footer = renderHook(() => useOperatorContact());
    await waitFor(() => expect(footer.result.current).toEqual(OPERATOR_CONTACT));
    const refusal = renderHook(() => useOperatorContact());
    expect(refusal.result.current).toEqual(OPERATOR_CONTACT);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('portabilidade/utils/contato?cdEmpresaPlano=7');
  });

  it('a failed read says nothing and stays undefined; the next screen asks again', async () => {
    let status = 500;
    const asked = answerContact(() => status);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const toasts = [vi.spyOn(notify, 'error'), vi.spyOn(notify, 'info')];
    const footer = renderHook(() => useOperatorContact());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 });
    expect(asked.length).toBeGreaterThan(0);
    expect(footer.result.current).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    for (const toast of toasts) expect(toast).not.toHaveBeenCalled();
    footer.unmount();
    status = 200;
    const next = renderHook(() => useOperatorContact());
    await waitFor(() => expect(next.result.current).toEqual(OPERATOR_CONTACT));
  });
});
