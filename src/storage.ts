/**
 * The one place the portal touches browser storage (SPEC §3 "Local storage keys").
 * Views and machines never do: machines call named actions that the app implements here.
 *
 * The session (protocolo + token, what the route guard asks for) lives only while it is in
 * use: a shared phone or PC must not open the last person's request. Beside SPEC's keys the
 * portal keeps `sessao` = {"desde", "ultimaAtividade"} (milliseconds since 1970): when the
 * token was stored and when the session was last used on a guarded screen. The pair ends
 * `SESSION_IDLE_MS` after the last activity, and an issued token `TOKEN_TTL_MS` after it was
 * stored (less `TOKEN_EXPIRY_MARGIN_MS`); a pair without valid times has ended too. An ended
 * pair is removed at its first read and is absent for every reader (guard, API token, screens).
 * index.html's inline script applies the same rule before any code runs (kept in step by
 * test/app/boot-script.test.ts).
 */
import { FREE_TOKEN } from '../contract/api';

export type StoredKey = 'protocolo' | 'token' | 'type' | 'cdEmpresaPlano';
/** The session's keys: written only together with its times (`storage.startSession`). */
type SessionKey = 'protocolo' | 'token';
type PlainKey = Exclude<StoredKey, SessionKey>;
export type HomeModePreset = 'home' | 'new' | 'track';

/** The key of the session's times (the portal's own, beside SPEC's four). */
export const SESSION_TIMES_KEY = 'sessao';
/** Idle time after which a stored session ends (issue 24: a shared phone or PC). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The server's token lifetime, counted from when it issued the token (server/README.md). */
export const TOKEN_TTL_MS = 2 * 60 * 60_000;
/**
 * The server issued the token a moment before the portal stored it (the answer's travel):
 * the portal lets it go this much earlier rather than keep a token the server already refuses.
 */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;
/** Activity is written at most this often (every key press would be a write otherwise). */
export const ACTIVITY_WRITE_INTERVAL_MS = 15_000;

export interface SessionTimes {
  /** When the portal stored the token (the login's, the lookup's, or a renewed one). */
  desde: number;
  /** The last activity on a guarded screen (opening it, a touch, a key, a scroll). */
  ultimaAtividade: number;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * A phone's clock is corrected back now and then (network time): activity stored up to this
 * far ahead of the clock is a session in use, not an ended one. Further ahead, the clock was set
 * back on purpose or the times are forged: that ends the session, which it must not stretch.
 */
export const CLOCK_SET_BACK_TOLERANCE_MS = 2 * 60_000;

/**
 * When a session with these times ends, or null when they are not a session's: missing,
 * garbled, activity before the token, or activity further to come than a clock's correction.
 * The 'free' placeholder is no issued token: only idleness ends it.
 */
export function sessionEndsAt(times: unknown, token: string, now: number): number | null {
  if (typeof times !== 'object' || times === null) return null;
  const { desde, ultimaAtividade } = times as Partial<Record<keyof SessionTimes, unknown>>;
  if (!isTime(desde) || !isTime(ultimaAtividade) || desde > ultimaAtividade) return null;
  if (ultimaAtividade > now + CLOCK_SET_BACK_TOLERANCE_MS) return null;
  const idleEnd = ultimaAtividade + SESSION_IDLE_MS;
  return token === FREE_TOKEN ? idleEnd : Math.min(idleEnd, desde + TOKEN_TTL_MS - TOKEN_EXPIRY_MARGIN_MS);
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can be disabled (private mode, quota): behave as empty rather than crash.
    return fallback;
  }
}

const read = (key: string) => safe(() => window.localStorage.getItem(key), null);
const write = (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined);
const erase = (key: string) => safe(() => window.localStorage.removeItem(key), undefined);

function writeTimes(times: SessionTimes): void {
  write(SESSION_TIMES_KEY, JSON.stringify(times));
}

/**
 * The session ends with what it opened in this tab: the wizard's draft of this tab (a shared
 * phone's next person must find nothing of it; found by an exploratory run). The drafts
 * holders chose to keep on the device stay (deviceDraftKey, each until its own time).
 */
function removeSession(): void {
  eraseSlot();
  forgetThisTabsRequest();
}

/** The session's keys, shared by the tabs. */
function eraseSlot(): void {
  erase('protocolo');
  erase('token');
  erase(SESSION_TIMES_KEY);
}

/** This tab's draft and its note of the protocol it typed. */
function forgetThisTabsRequest(): void {
  tabStorage.remove(TAB_DRAFT_KEY);
  tabStorage.remove(TAB_SESSION_KEY);
}

interface LiveSession {
  protocolo: string;
  token: string;
  times: SessionTimes;
  endsAt: number;
}

/**
 * The slot is one for all tabs: a lookup in another tab takes it from a new request being
 * filled here. That request's session is kept aside (its protocol and times; its token is the
 * 'free' placeholder), its own tab's activity counts for it (`touchKeptAside`), and it is given
 * back when the session that took the slot ends (a way out, a filing, its token's lifetime or its
 * idleness) while it still lives: before, the first tab's draft ended with the other tab's
 * session (found by an exploratory run). Only a new request's is kept: it holds what was typed;
 * a request being followed loses nothing a new lookup does not give back.
 */
export const DISPLACED_SESSION_KEY = 'sessaoDeslocada';

interface DisplacedSession {
  protocolo: string;
  times: SessionTimes;
}

/** When a request kept aside with these times ends (its token is the placeholder: idleness only), or null once it has. */
function keptEndsAt(times: SessionTimes, now: number): number | null {
  const endsAt = sessionEndsAt(times, FREE_TOKEN, now);
  return endsAt !== null && now < endsAt ? endsAt : null;
}

function keepDisplaced(current: LiveSession | null, next: string): void {
  // The request kept aside typed again: it is the slot once more.
  forgetDisplaced(next);
  if (current === null || current.protocolo === next || current.token !== FREE_TOKEN) return;
  write(DISPLACED_SESSION_KEY, JSON.stringify({ protocolo: current.protocolo, times: current.times } satisfies DisplacedSession));
}

function readDisplaced(): DisplacedSession | null {
  const parsed = parseJson(read(DISPLACED_SESSION_KEY)) as Partial<DisplacedSession> | null;
  if (typeof parsed?.protocolo !== 'string' || parsed.protocolo === '') return null;
  const { desde, ultimaAtividade } = (parsed.times ?? {}) as Partial<SessionTimes>;
  return isTime(desde) && isTime(ultimaAtividade) ? { protocolo: parsed.protocolo, times: { desde, ultimaAtividade } } : null;
}

/**
 * Gives the slot back to the new request kept aside, when it still lives: its idle time counts
 * from the device's last activity (the person was using the other tab meanwhile). Written over
 * the slot, token first, so a tab reading meanwhile finds a live session at every moment.
 * Returns the protocol given back, or null; the kept one is gone either way.
 */
function giveBackDisplaced(lastActivity: number, now: number): string | null {
  const displaced = readDisplaced();
  erase(DISPLACED_SESSION_KEY);
  if (!displaced) return null;
  const times = { desde: displaced.times.desde, ultimaAtividade: Math.max(displaced.times.ultimaAtividade, lastActivity) };
  if (keptEndsAt(times, now) === null) return null;
  write('token', FREE_TOKEN);
  write('protocolo', displaced.protocolo);
  writeTimes(times);
  return displaced.protocolo;
}

/** A request kept aside that was filed or erased (from its own tab) is never given back. */
function forgetDisplaced(protocolo: string): void {
  if (readDisplaced()?.protocolo === protocolo) erase(DISPLACED_SESSION_KEY);
}

/** The request kept aside, when it is `protocolo`'s and its own idle time is not over, with its end. */
function liveKeptAside(protocolo: string, now: number): { kept: DisplacedSession; endsAt: number } | null {
  const kept = readDisplaced();
  if (kept?.protocolo !== protocolo) return null;
  const endsAt = keptEndsAt(kept.times, now);
  return endsAt === null ? null : { kept, endsAt };
}

/** A new request kept aside whose own idle time is over is forgotten like any ended session. */
function dropEndedDisplaced(now: number): null {
  if (read(DISPLACED_SESSION_KEY) === null) return null;
  const displaced = readDisplaced();
  if (!displaced || keptEndsAt(displaced.times, now) === null) erase(DISPLACED_SESSION_KEY);
  return null;
}

/** The stored session while it lives; an ended one is removed here, whoever asked. */
function liveSession(now = Date.now()): LiveSession | null {
  const protocolo = read('protocolo');
  const token = read('token');
  if (!protocolo || !token) return dropEndedDisplaced(now);
  const times = parseJson(read(SESSION_TIMES_KEY));
  const endsAt = sessionEndsAt(times, token, now);
  if (endsAt === null || now >= endsAt) {
    // Ended by its token's 2-hour lifetime while in use, or by its own idleness while another
    // tab was filling the new request kept aside: that request takes the slot back, and its tab
    // keeps its draft (before, its next read ended it too and the draft went).
    const givenBack = giveBackDisplaced(endsAt === null ? 0 : (times as SessionTimes).ultimaAtividade, now);
    if (givenBack !== null) {
      if (tabStorage.get(TAB_SESSION_KEY) !== givenBack) forgetThisTabsRequest();
      return liveSession(now);
    }
    removeSession();
    return dropEndedDisplaced(now);
  }
  return { protocolo, token, times: times as SessionTimes, endsAt };
}

/** The requests whose session this page ended (`storage.endedInThisTab`). */
const endedHere = new Set<string>();

export const storage = {
  /** protocolo and token only while their session lives (null once it has ended). */
  get(key: StoredKey): string | null {
    if (key === 'protocolo' || key === 'token') return liveSession()?.[key] ?? null;
    return read(key);
  },
  set(key: PlainKey, value: string): void {
    write(key, value);
  },
  remove(key: StoredKey): void {
    erase(key);
  },
  /** The route guard's rule: a protocol and a token are stored and their session lives. */
  hasSession(): boolean {
    return liveSession() !== null;
  },
  /** A new session (home's lookup or login): its token counts from now. */
  startSession(session: { protocolo: string; token: string }): void {
    const now = Date.now();
    endedHere.delete(session.protocolo);
    keepDisplaced(liveSession(now), session.protocolo);
    write('protocolo', session.protocolo);
    write('token', session.token);
    writeTimes({ desde: now, ultimaAtividade: now });
    tabStorage.set(TAB_SESSION_KEY, session.protocolo);
  },
  /**
   * Whether the live session was started in this tab (its protocol typed here). A new request's
   * session outlives its tab by up to SESSION_IDLE_MS, and names a protocol whose draft may be
   * kept on this device: another tab opens that draft only after typing the protocol again
   * (found by a regression walk: the next person on a shared phone opened it from history).
   */
  startedInThisTab(): boolean {
    const session = liveSession();
    return session !== null && tabStorage.get(TAB_SESSION_KEY) === session.protocolo;
  },
  /**
   * A fresh token for the live session of this protocol (the tracking read answers one):
   * it counts from now, and so does the activity (that read follows opening the screen or an
   * action on it). An ended session is never brought back.
   */
  renewToken(protocolo: string, token: string): boolean {
    const session = liveSession();
    if (!session || session.protocolo !== protocolo) return false;
    const now = Date.now();
    write('token', token);
    writeTimes({ desde: now, ultimaAtividade: now });
    return true;
  },
  /**
   * Activity on a guarded screen keeps the live session going. Returns when it now ends, or
   * null when there is none (never started, ended, or just found ended and removed).
   */
  touchSession(): number | null {
    const now = Date.now();
    const session = liveSession(now);
    if (!session) return null;
    if (now - session.times.ultimaAtividade < ACTIVITY_WRITE_INTERVAL_MS) return session.endsAt;
    const times = { desde: session.times.desde, ultimaAtividade: now };
    writeTimes(times);
    return sessionEndsAt(times, session.token, now);
  },
  /**
   * When the session of a new request kept aside ends (another tab's request holds the slot),
   * or null when it is not kept aside or its idle time is over. Its token is the placeholder:
   * only idleness ends it.
   */
  keptAsideEndsAt(protocolo: string): number | null {
    const now = Date.now();
    liveSession(now); // the slot's end may give it back first
    return liveKeptAside(protocolo, now)?.endsAt ?? null;
  },
  /**
   * Activity in the tab filling a new request kept aside counts for that request, not for the
   * session holding the slot (another tab's, which idles by its own use). Returns its end.
   */
  touchKeptAside(protocolo: string): number | null {
    const now = Date.now();
    liveSession(now);
    const live = liveKeptAside(protocolo, now);
    if (!live) return null;
    if (now - live.kept.times.ultimaAtividade < ACTIVITY_WRITE_INTERVAL_MS) return live.endsAt;
    const times = { desde: live.kept.times.desde, ultimaAtividade: now };
    write(DISPLACED_SESSION_KEY, JSON.stringify({ protocolo, times } satisfies DisplacedSession));
    return keptEndsAt(times, now);
  },
  /** The request whose session this tab started (its protocol typed here), if any. */
  requestOfThisTab(): string | null {
    return tabStorage.get(TAB_SESSION_KEY);
  },
  /**
   * Whether the live session is this request's: the slot is shared by the tabs, and another
   * tab may have started its own request (or followed one) since.
   */
  sessionIsFor(protocolo: string): boolean {
    return protocolo !== '' && liveSession()?.protocolo === protocolo;
  },
  /** When the live session ends, or null when there is none. */
  sessionEndsAt(): number | null {
    return liveSession()?.endsAt ?? null;
  },
  /** Whether activity still moves the live session's end: its idle time ends it first, not its token's lifetime. */
  sessionEndsByIdle(): boolean {
    const session = liveSession();
    return session !== null && session.endsAt === session.times.ultimaAtividade + SESSION_IDLE_MS;
  },
  /** Whether this page ended that request's session itself (a way out, a filing), not another tab. */
  endedInThisTab(protocolo: string): boolean {
    return endedHere.has(protocolo);
  },
  /**
   * Forgets the session (protocol, token, times); returns the token it held, to revoke it.
   * With `protocolo`, only that request's: the slot is shared by the tabs, and another tab may
   * have started its own request since (its session, and the draft living on it, stay).
   */
  endSession(protocolo?: string): string | null {
    if (protocolo !== undefined && !storage.sessionIsFor(protocolo)) {
      // Erased while another tab held the slot: it is not given back to anyone later.
      forgetDisplaced(protocolo);
      return null;
    }
    // 'Encerrar sessão' also forgets the wizard draft this session's request kept on this
    // device (issue 27 item 4); another person's stays (a shared phone; found by a regression walk).
    // Only from the tab that typed the protocol: a session left by a closed tab lets another
    // tab into tracking, whose way out must not erase the draft (found by a regression walk).
    const stored = read('protocolo');
    if (stored && storage.startedInThisTab()) erase(deviceDraftKey(stored));
    const token = read('token');
    const ending = liveSession();
    if (ending) endedHere.add(ending.protocolo);
    // This tab's request goes; the slot goes to a new request another tab was filling, if any.
    forgetThisTabsRequest();
    if (!ending || giveBackDisplaced(ending.times.ultimaAtividade, Date.now()) === null) eraseSlot();
    return token;
  },
  /**
   * SPEC §4's "clear the stored protocol" once this request is filed: only when the slot is
   * this request's (another tab may have started its own since), and then the slot goes back to
   * a new request another tab was filling, when there is one.
   */
  clearFiledProtocol(protocolo: string): void {
    // Filed while another tab held the slot: given back later, it would open a filed request as new.
    forgetDisplaced(protocolo);
    const filed = liveSession();
    if (!filed || filed.protocolo !== protocolo) return;
    endedHere.add(protocolo);
    if (giveBackDisplaced(filed.times.ultimaAtividade, Date.now()) === null) erase('protocolo');
  },
  homeModePreset(): HomeModePreset {
    const type = storage.get('type');
    return type === 'new' || type === 'track' ? type : 'home';
  },
};

/**
 * Whether this browser keeps what the portal stores (the session, the wizard's draft): one that
 * blocks a site's data (its settings, some in-app browsers) throws on every access, and the
 * portal cannot open a request without it.
 */
export function browserStorageWorks(): boolean {
  return safe(() => {
    const probe = 'portabilidade.teste';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.sessionStorage !== null;
  }, false);
}

/**
 * The wizard's drafts kept on this device when the holder asks (src/app/device-draft.ts), one
 * per ANS protocol: a shared phone keeps each person's, and what one does to their request
 * (sending it, erasing it) leaves the others' alone.
 */
export const DEVICE_DRAFT_PREFIX = 'portabilidade.wizard.aparelho.v2.';
export const deviceDraftKey = (protocoloAns: string): string => DEVICE_DRAFT_PREFIX + protocoloAns;
/** The single draft slot of earlier versions, moved to its protocol's key at boot. */
export const LEGACY_DEVICE_DRAFT_KEY = 'portabilidade.wizard.aparelho.v1';
/** The IndexedDB database of the wizard's attached files (src/flows/wizard/file-registry.ts). */
export const WIZARD_FILES_DB = 'portabilidade-wizard';

/** Whether this browser holds the wizard's file store at all (asked without creating it). */
export async function wizardFilesStoreExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
  try {
    return (await indexedDB.databases()).some((db) => db.name === WIZARD_FILES_DB);
  } catch {
    return false;
  }
}

/** This tab's id, kept across its reloads (`src/flows/wizard/tab-files.ts`). */
export const TAB_ID_KEY = 'portabilidade.aba';

/** The protocol of the session started in this tab (`storage.startedInThisTab`). */
export const TAB_SESSION_KEY = 'portabilidade.sessaoDaAba';

/** The wizard's draft of this tab (src/flows/wizard/wizard-persistence.ts): it lives only while the session does. */
export const TAB_DRAFT_KEY = 'portabilidade.wizard.v1';

/**
 * At boot: a tab draft whose session has ended (index.html's script removed it, or it ended
 * while the tab was closed and reopened) is forgotten before anything reads it.
 */
export function dropDraftWithoutSession(): void {
  if (!storage.hasSession()) tabStorage.remove(TAB_DRAFT_KEY);
}

/** Storage that outlives the tab, for what the holder chose to keep on this device. */
export const deviceStorage = {
  get: (key: string): string | null => read(key),
  /** Whether it was kept: a full storage (quota) or a blocked one refuses it. */
  set: (key: string, value: string): boolean =>
    safe(() => {
      window.localStorage.setItem(key, value);
      return true;
    }, false),
  remove: (key: string): void => erase(key),
  /** The keys held now that start with `prefix`. */
  keysStartingWith: (prefix: string): string[] =>
    safe(() => {
      const keys: string[] = [];
      for (let index = 0; index < window.localStorage.length; index++) {
        const key = window.localStorage.key(index);
        if (key?.startsWith(prefix)) keys.push(key);
      }
      return keys;
    }, []),
};

/** Per-tab storage for in-progress work (the wizard's snapshot): survives a reload, not the tab. */
export const tabStorage = {
  get(key: string): string | null {
    return safe(() => window.sessionStorage.getItem(key), null);
  },
  set(key: string, value: string): boolean {
    return safe(() => {
      window.sessionStorage.setItem(key, value);
      return true;
    }, false);
  },
  remove(key: string): void {
    safe(() => window.sessionStorage.removeItem(key), undefined);
  },
};

/**
 * The protocol a finished wizard hands to home's track mode (this tab only, read once): kept
 * out of the URL, since its last 6 digits are the password. index.html's inline script shows
 * no prerendered home while one waits (the typed protocol is not in the shell).
 */
export const PROTOCOL_TO_TRACK_KEY = 'portabilidade.protocoloParaAcompanhar';

export const protocolToTrack = {
  give(protocolo: string): void {
    tabStorage.set(PROTOCOL_TO_TRACK_KEY, protocolo);
  },
  take(): string {
    const protocolo = tabStorage.get(PROTOCOL_TO_TRACK_KEY) ?? '';
    tabStorage.remove(PROTOCOL_TO_TRACK_KEY);
    return protocolo;
  },
};
