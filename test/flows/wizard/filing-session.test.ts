// @vitest-environment jsdom
/**
 * After 'OK' on the protocol modal, the save's session ends on the server once the acceptance
 * document's tab has had time to fetch it (found by an exploratory run: its link, kept in the
 * browser's history, opened the holder's term for 2 hours on a shared phone). The save itself
 * goes under the new request's placeholder token, never the token of a request another tab follows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { createActor, toPromise } from 'xstate';
import { FILING_LINK_GRACE_MS, createWizardLogic, wizardActors } from '../../../src/flows/wizard/wizard-actors';
import { storage } from '../../../src/storage';
import { FILLED_FORM } from '../../machines/wizard.fixtures';
import { toPortabilityPayload } from '../../../machines/wizard.payload';

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

describe('the save', () => {
  it("goes with the new request's placeholder even when the stored session is a request another tab follows", async () => {
    vi.useRealTimers();
    localStorage.clear();
    storage.startSession({ protocolo: '11122233344455566677', token: 'free' });
    storage.startSession({ protocolo: '48213907561238470015', token: 'another.request.token' });
    configureApi({
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url: String(url), authorization: (init.headers as Record<string, string>).Authorization });
        return Response.json({ nuProtocolo: '12345678901234567890', cdSolicitacao: 1, token: 'save.token' });
      }) as unknown as typeof fetch,
    });
    const payload = toPortabilityPayload({ form: FILLED_FORM, dependents: [], protocoloAns: '11122233344455566677', cdEmpresaPlano: '1' });
    const save = createActor(wizardActors.saveRequest, { input: { payload, idempotencyKey: 'uma-chave' } });
    save.start();
    await toPromise(save);
    expect(calls).toEqual([{ url: expect.stringMatching(/portabilidade$/), authorization: 'Bearer free' }]);
  });
});
