// @vitest-environment jsdom
/**
 * The loading overlay as the app's root wires it (src/app/request-activity.tsx): a call made
 * under `RequestActivityFlow` shows "Carregando..." until it is answered.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, configureApi } from '../../src/api/client';
import { DEFAULT_API_BASE } from '../../contract/api';
import { fetchApi } from '../../src/api/query-client';
import { LoadingOverlay } from '../../src/app/loading-overlay';
import { RequestActivityFlow } from '../../src/app/request-activity';
import { queryClient } from '../../src/app/services';

let answer: (() => void) | null = null;

beforeEach(() => {
  queryClient.clear();
  configureApi({
    base: DEFAULT_API_BASE,
    getToken: () => null,
    readCookie: () => null,
    timeoutMs: API_TIMEOUT_MS,
    // Each call waits until the test answers it.
    fetch: () =>
      new Promise<Response>((resolve) => {
        answer = () => resolve(new Response(JSON.stringify([]), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      }),
  });
});
afterEach(() => cleanup());

const overlay = () => screen.getByTestId('loading-overlay');

describe('the loading overlay under the root flow', () => {
  it('shows while a call is pending and hides when it is answered', async () => {
    render(
      <RequestActivityFlow>
        <LoadingOverlay />
      </RequestActivityFlow>,
    );
    expect(overlay().dataset.visible).toBe('false');
    let read!: Promise<unknown>;
    await act(async () => {
      read = fetchApi(queryClient, 'tooltips', { solicitacao: '9' });
    });
    expect(overlay().dataset.visible).toBe('true');
    // Said while it lasts: a live region marked busy would be held back until its text was gone.
    const said = screen.getByRole('status');
    expect([said.textContent, said.getAttribute('aria-busy')]).toEqual(['Carregando... ', null]);
    await act(async () => {
      answer!();
      await read;
    });
    expect(overlay().dataset.visible).toBe('false');
  });
});
