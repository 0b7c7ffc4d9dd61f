// @vitest-environment jsdom
/**
 * The stored session's rule (src/storage.ts): a protocolo/token pair lives 30 minutes after
 * its last activity and, with an issued token, until 1 minute before the token's 2 hours;
 * an ended pair is removed, absent for every reader and never renewed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  CLOCK_SET_BACK_TOLERANCE_MS,
  SESSION_IDLE_MS,
  SESSION_TIMES_KEY,
  TAB_DRAFT_KEY,
  TAB_SESSION_KEY,
  TOKEN_EXPIRY_MARGIN_MS,
  TOKEN_TTL_MS,
  sessionEndsAt,
  storage,
} from '../src/storage';

const T0 = new Date('2025-03-10T12:00:00Z').getTime();
const MINUTE = 60_000;
const LOGIN = { protocolo: '48213907561238470015', token: 'a.login.token' };

/** Moves the clock to T0 + ms. */
const at = (ms: number) => vi.setSystemTime(T0 + ms);
const times = () => JSON.parse(localStorage.getItem(SESSION_TIMES_KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a stored session', () => {
  it('starts with its times, and is what the guard, the token and the screens read', () => {
    storage.startSession(LOGIN);
    expect(times()).toEqual({ desde: T0, ultimaAtividade: T0 });
    expect(storage.hasSession()).toBe(true);
    expect(storage.get('protocolo')).toBe(LOGIN.protocolo);
    expect(storage.get('token')).toBe(LOGIN.token);
  });

  it('ends 30 minutes after its last activity: removed, absent for every reader, the rest kept', () => {
    storage.set('cdEmpresaPlano', '2');
    storage.set('type', 'track');
    storage.startSession(LOGIN);
    at(SESSION_IDLE_MS - 1);
    expect(storage.hasSession()).toBe(true);
    at(SESSION_IDLE_MS);
    expect(storage.get('token')).toBeNull();
    expect(storage.get('protocolo')).toBeNull();
    expect(storage.hasSession()).toBe(false);
    expect(Object.keys(localStorage).sort()).toEqual(['cdEmpresaPlano', 'type']);
  });

  it('lives on while it is used: each activity starts the 30 minutes again', () => {
    storage.startSession(LOGIN);
    at(20 * MINUTE);
    expect(storage.touchSession()).toBe(T0 + 20 * MINUTE + SESSION_IDLE_MS);
    at(45 * MINUTE);
    expect(storage.hasSession()).toBe(true);
    at(50 * MINUTE);
    expect(storage.hasSession()).toBe(false);
  });

  it('writes activity at most every 15 seconds, and reports the end the stored times give', () => {
    storage.startSession(LOGIN);
    at(ACTIVITY_WRITE_INTERVAL_MS - 1);
    expect(storage.touchSession()).toBe(T0 + SESSION_IDLE_MS);
    expect(times()).toEqual({ desde: T0, ultimaAtividade: T0 });
    at(ACTIVITY_WRITE_INTERVAL_MS);
    storage.touchSession();
    expect(times()).toEqual({ desde: T0, ultimaAtividade: T0 + ACTIVITY_WRITE_INTERVAL_MS });
  });

  it('ends with its token, 2 hours less a minute after the token was stored, however busy', () => {
    storage.startSession(LOGIN);
    const end = TOKEN_TTL_MS - TOKEN_EXPIRY_MARGIN_MS;
    for (let t = 10 * MINUTE; t < end; t += 10 * MINUTE) {
      at(t);
      expect(storage.touchSession(), `at ${t / MINUTE} min`).not.toBeNull();
    }
    at(end - 1);
    expect(storage.sessionEndsAt()).toBe(T0 + end);
    at(end);
    expect(storage.touchSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("with the 'free' placeholder (no issued token) only idleness ends it", () => {
    storage.startSession({ protocolo: '12345', token: 'free' });
    for (let t = 20 * MINUTE; t <= 5 * 60 * MINUTE; t += 20 * MINUTE) {
      at(t);
      expect(storage.touchSession(), `at ${t / MINUTE} min`).not.toBeNull();
    }
    at(5 * 60 * MINUTE + SESSION_IDLE_MS);
    expect(storage.hasSession()).toBe(false);
  });

  it.each([
    ['no times at all', null],
    ['times that are not JSON', '{desde'],
    ['times that are not numbers', JSON.stringify({ desde: String(T0), ultimaAtividade: String(T0) })],
    ['one time missing', JSON.stringify({ desde: T0 })],
    ['activity before the token was stored', JSON.stringify({ desde: T0, ultimaAtividade: T0 - 1 })],
    [
      'activity further to come than a clock correction (a clock set back)',
      JSON.stringify({ desde: T0, ultimaAtividade: T0 + CLOCK_SET_BACK_TOLERANCE_MS + 1 }),
    ],
    ['negative times', JSON.stringify({ desde: -5, ultimaAtividade: -1 })],
    ['a JSON list', JSON.stringify([T0, T0])],
  ])('a pair with %s counts as ended, and is removed', (_, stored) => {
    localStorage.setItem('protocolo', LOGIN.protocolo);
    localStorage.setItem('token', LOGIN.token);
    if (stored !== null) localStorage.setItem(SESSION_TIMES_KEY, stored);
    expect(storage.hasSession()).toBe(false);
    expect(localStorage.getItem('protocolo')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(SESSION_TIMES_KEY)).toBeNull();
  });

  it('a clock corrected back by a moment keeps the session in use, and does not stretch it', () => {
    storage.startSession(LOGIN);
    at(10 * MINUTE);
    storage.touchSession();
    // The network sets the phone's clock back: the activity just stored is now a moment ahead.
    at(10 * MINUTE - 1_500);
    expect(storage.hasSession()).toBe(true);
    expect(storage.get('token')).toBe(LOGIN.token);
    // Its end is still counted from the activity stored, never from the corrected clock's later one.
    expect(storage.sessionEndsAt()).toBe(T0 + 10 * MINUTE + SESSION_IDLE_MS);
    at(10 * MINUTE + SESSION_IDLE_MS);
    expect(storage.hasSession()).toBe(false);
  });

  it('a fresh token renews the live session of its own protocol: it counts from then', () => {
    storage.startSession(LOGIN);
    for (const minute of [25, 50, 75, 100]) {
      at(minute * MINUTE);
      storage.touchSession();
    }
    expect(storage.renewToken(LOGIN.protocolo, 'fresh.token')).toBe(true);
    expect(storage.get('token')).toBe('fresh.token');
    expect(times()).toEqual({ desde: T0 + 100 * MINUTE, ultimaAtividade: T0 + 100 * MINUTE });
    at(125 * MINUTE); // past the first token's end: the fresh one still lives
    expect(storage.hasSession()).toBe(true);
  });

  it('a fresh token never brings an ended session back, nor replaces another protocol’s', () => {
    storage.startSession(LOGIN);
    expect(storage.renewToken('99999999999999999999', 'other.token')).toBe(false);
    expect(storage.get('token')).toBe(LOGIN.token);
    at(SESSION_IDLE_MS);
    expect(storage.renewToken(LOGIN.protocolo, 'fresh.token')).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('protocolo')).toBeNull();
    expect(storage.hasSession()).toBe(false);
  });

  it('ending it forgets protocol, token and times, and hands the token over to be revoked', () => {
    storage.startSession(LOGIN);
    expect(storage.endSession()).toBe(LOGIN.token);
    expect([localStorage.getItem('protocolo'), localStorage.getItem('token'), localStorage.getItem(SESSION_TIMES_KEY)]).toEqual([
      null,
      null,
      null,
    ]);
    expect(storage.endSession()).toBeNull();
  });

  it('with storage disabled there is no session, and nothing throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    storage.startSession(LOGIN);
    expect(storage.hasSession()).toBe(false);
    expect(storage.touchSession()).toBeNull();
  });
});

describe('one slot for all tabs: a new request another tab displaced', () => {
  const NEW = { protocolo: '11122233344455566677', token: 'free' };
  const OTHER_NEW = { protocolo: '99988877766655544433', token: 'free' };
  const slot = () => [localStorage.getItem('protocolo'), localStorage.getItem('token')];

  it("is given back when the other tab's session ends ('Retornar', 'Sair'), its idle time counted from the device's last activity", () => {
    storage.startSession(NEW);
    at(5 * MINUTE);
    storage.startSession(LOGIN); // another tab follows a request
    at(20 * MINUTE);
    storage.touchSession(); // the person uses that tab
    at(21 * MINUTE);
    expect(storage.endSession()).toBe(LOGIN.token); // still revoked
    expect(slot()).toEqual([NEW.protocolo, 'free']);
    expect(times()).toEqual({ desde: T0, ultimaAtividade: T0 + 20 * MINUTE });
    at(20 * MINUTE + SESSION_IDLE_MS);
    expect(storage.hasSession()).toBe(false);
  });

  it('is given back when the other request is filed, and SPEC §4 clears only the filed one', () => {
    storage.startSession(NEW);
    storage.startSession(OTHER_NEW);
    storage.clearFiledProtocol(OTHER_NEW.protocolo);
    expect(slot()).toEqual([NEW.protocolo, 'free']);
    // With none kept aside, filing clears the stored protocol, as before.
    storage.clearFiledProtocol(NEW.protocolo);
    expect(storage.hasSession()).toBe(false);
    expect(localStorage.getItem('protocolo')).toBeNull();
  });

  it('filed or erased in its own tab while kept aside, it is never given back (it would open as new again)', () => {
    storage.startSession(NEW);
    storage.startSession(OTHER_NEW);
    storage.clearFiledProtocol(NEW.protocolo); // not the slot's: the slot stays
    expect(slot()).toEqual([OTHER_NEW.protocolo, 'free']);
    storage.clearFiledProtocol(OTHER_NEW.protocolo);
    expect(storage.hasSession()).toBe(false);

    storage.startSession(NEW);
    storage.startSession(LOGIN);
    expect(storage.endSession(NEW.protocolo)).toBeNull(); // 'Sair e apagar os dados' in its tab
    storage.endSession(LOGIN.protocolo);
    expect(slot()).toEqual([null, null]);
  });

  /** NEW started, then LOGIN in another tab 10 minutes later, then used every 20 minutes until its token's end (returned). */
  function followedUntilItsTokenEnds(readingTab: string): number {
    storage.startSession(NEW);
    at(10 * MINUTE);
    storage.startSession(LOGIN);
    // The tab reading from here on (each tab has its own sessionStorage).
    sessionStorage.setItem(TAB_SESSION_KEY, readingTab);
    sessionStorage.setItem(TAB_DRAFT_KEY, '{"o que foi digitado":1}');
    const tokenEnds = 10 * MINUTE + TOKEN_TTL_MS - TOKEN_EXPIRY_MARGIN_MS;
    for (let minute = 20; minute * MINUTE < tokenEnds; minute += 20) {
      at(minute * MINUTE);
      storage.touchSession();
    }
    at(tokenEnds);
    return tokenEnds;
  }

  it("is given back when the other session's token lifetime ends it in use; the tab filling it keeps its draft", () => {
    const tokenEnds = followedUntilItsTokenEnds(NEW.protocolo);
    expect(storage.hasSession()).toBe(true);
    expect(slot()).toEqual([NEW.protocolo, 'free']);
    expect(sessionStorage.getItem(TAB_DRAFT_KEY)).toBe('{"o que foi digitado":1}');
    expect(localStorage.getItem('sessaoDeslocada')).toBeNull();
    // Its own idle time counts from the device's last activity.
    at(Math.floor(tokenEnds / (20 * MINUTE)) * 20 * MINUTE + SESSION_IDLE_MS);
    expect(storage.hasSession()).toBe(false);
  });

  it("given back so, the ended session's own tab forgets its request all the same", () => {
    followedUntilItsTokenEnds(LOGIN.protocolo);
    expect(storage.get('token')).toBe('free');
    expect(slot()).toEqual([NEW.protocolo, 'free']);
    expect(sessionStorage.getItem(TAB_SESSION_KEY)).toBeNull();
    expect(sessionStorage.getItem(TAB_DRAFT_KEY)).toBeNull();
  });

  it("ending a named request's session leaves the slot alone once another request has it (a tab's 'Retornar' and its Back-home both end it)", () => {
    storage.startSession(NEW);
    storage.startSession(LOGIN);
    expect(storage.endSession(LOGIN.protocolo)).toBe(LOGIN.token);
    expect(slot()).toEqual([NEW.protocolo, 'free']);
    // The same tab's second way out (its unmount on home) finds another request there: nothing to end.
    expect(storage.endSession(LOGIN.protocolo)).toBeNull();
    expect(slot()).toEqual([NEW.protocolo, 'free']);
  });

  it('only a new request is kept aside: a request being followed loses nothing a new lookup does not give back', () => {
    storage.startSession(LOGIN);
    storage.startSession(NEW);
    storage.endSession();
    expect(slot()).toEqual([null, null]);
  });

  it('is not given back once its own idle time is over, and is forgotten at the next read', () => {
    storage.startSession(NEW);
    storage.startSession(LOGIN);
    at(SESSION_IDLE_MS + MINUTE);
    expect(storage.hasSession()).toBe(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it("its own tab's activity is its own: the slot's times stay, its end moves, and once idle it is gone", () => {
    storage.startSession(NEW);
    storage.startSession(LOGIN);
    const slotTimes = times();
    at(20 * MINUTE);
    expect(storage.touchKeptAside(NEW.protocolo)).toBe(T0 + 20 * MINUTE + SESSION_IDLE_MS);
    expect(storage.keptAsideEndsAt(NEW.protocolo)).toBe(T0 + 20 * MINUTE + SESSION_IDLE_MS);
    expect(times()).toEqual(slotTimes);
    expect(storage.touchKeptAside(LOGIN.protocolo)).toBeNull(); // not kept aside
    // The slot idled out at 30 minutes; the request kept aside lived on: it is the slot again.
    at(45 * MINUTE);
    expect(storage.sessionIsFor(NEW.protocolo)).toBe(true);
    expect(storage.keptAsideEndsAt(NEW.protocolo)).toBeNull();
  });

  it('typed again (the same request), it is the slot once more and nothing is kept aside', () => {
    storage.startSession(NEW);
    storage.startSession(LOGIN);
    storage.startSession(NEW);
    storage.endSession();
    expect(Object.keys(localStorage)).toEqual([]);
  });
});

describe('sessionEndsAt', () => {
  it('is the earlier of the idle end and, for an issued token, its end', () => {
    expect(sessionEndsAt({ desde: 0, ultimaAtividade: 0 }, 't', 0)).toBe(SESSION_IDLE_MS);
    const late = TOKEN_TTL_MS - 10 * MINUTE;
    expect(sessionEndsAt({ desde: 0, ultimaAtividade: late }, 't', late)).toBe(TOKEN_TTL_MS - TOKEN_EXPIRY_MARGIN_MS);
    expect(sessionEndsAt({ desde: 0, ultimaAtividade: late }, 'free', late)).toBe(late + SESSION_IDLE_MS);
  });
});
