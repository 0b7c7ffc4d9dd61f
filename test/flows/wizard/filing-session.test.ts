// @vitest-environment jsdom
/**
 * After 'OK' on the protocol modal, the save's session ends on the server once the acceptance
 * document's tab has had time to fetch it (found by an exploratory run: its link, kept in the
 * browser's history, opened the holder's term for 2 hours on a shared phone).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { FILING_LINK_GRACE_MS, createWizardLogic } from '../../../src/flows/wizard/wizard-actors';

const calls: { url: string; authorization: string | undefined }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  calls.length = 0;
  configureApi({
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), authorization: (init.headers as Record<string, string>).Authorization });
      return new Response('OK');
    }) as unknown as typeof fetch,
  });
});
afterEach(() => vi.useRealTimers());

const endFilingSession = (token: string | null) => {
  const action = createWizardLogic({ navigate: () => {} }).implementations.actions.endFilingSession as unknown as (
    args: unknown,
    params: { token: string | null },
  ) => void;
  action({}, { token });
};

describe("the save's session after 'OK'", () => {
  it('ends on the server (auth/sair with its token) once the grace for the new tab is over, not before', async () => {
    endFilingSession('save.token');
    await vi.advanceTimersByTimeAsync(FILING_LINK_GRACE_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ url: expect.stringMatching(/auth\/sair$/), authorization: 'Bearer save.token' }]);
  });

  it("sends nothing for the placeholder 'free' token, or none", async () => {
    endFilingSession('free');
    endFilingSession(null);
    await vi.advanceTimersByTimeAsync(FILING_LINK_GRACE_MS);
    expect(calls).toEqual([]);
  });
});
