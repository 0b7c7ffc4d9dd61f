// @vitest-environment jsdom
/**
 * The tracking read and the stored session (src/flows/tracking/tracking-logic.ts): the token a
 * lookup answers renews only the live session of its own protocol; an ended one stays ended.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { configureApi } from '../../../src/api/client';
import { queryClient } from '../../../src/app/services';
import { trackingActors } from '../../../src/flows/tracking/tracking-logic';
import { SESSION_IDLE_MS, storage } from '../../../src/storage';

const PROTOCOLO = '48213907561238470015';
const answer = {
  nuProtocolo: PROTOCOLO,
  nuProtocoloAnsHapvida: null,
  dtCadastramento: '02/01/2025',
  dsStatus: 'Em análise',
  flStatus: 1,
  cdStatusPort: 2,
  flConcordo: null,
  cdSolicitacao: 7,
  token: 'fresh.token',
};
/** The Authorization header each call carried. */
const carried: (string | undefined)[] = [];

function loadTracking(protocolo: string) {
  return toPromise(createActor(trackingActors.loadTrackingData, { input: { protocolo } }).start());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-10T12:00:00Z'));
  localStorage.clear();
  queryClient.clear();
  carried.length = 0;
  configureApi({
    fetch: (async (_url: string, init: RequestInit) => {
      carried.push((init.headers as Record<string, string>).Authorization);
      return Response.json(answer);
    }) as unknown as typeof fetch,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loadTrackingData', () => {
  it("renews the live session's token with the one the lookup answers", async () => {
    storage.startSession({ protocolo: PROTOCOLO, token: 'old.token' });
    await loadTracking(PROTOCOLO);
    expect(carried).toEqual(['Bearer old.token']);
    expect(storage.get('token')).toBe('fresh.token');
  });

  it('never brings back a session that has ended: nothing is stored and no token is sent', async () => {
    storage.startSession({ protocolo: PROTOCOLO, token: 'old.token' });
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS);
    await loadTracking(PROTOCOLO);
    expect(carried).toEqual([undefined]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(storage.hasSession()).toBe(false);
  });

  it("does not put one protocol's token in another's session", async () => {
    storage.startSession({ protocolo: '11111111111111111111', token: 'other.token' });
    await loadTracking(PROTOCOLO);
    expect(storage.get('token')).toBe('other.token');
  });
});
