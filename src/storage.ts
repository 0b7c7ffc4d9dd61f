/**
 * The one place the portal touches browser storage (SPEC §3 "Local storage keys").
 * Views and machines never do: machines call named actions that the app implements here.
 */
export type StoredKey = 'protocolo' | 'token' | 'type' | 'cdEmpresaPlano';
export type HomeModePreset = 'home' | 'new' | 'track';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can be disabled (private mode, quota): behave as empty rather than crash.
    return fallback;
  }
}

export const storage = {
  get(key: StoredKey): string | null {
    return safe(() => window.localStorage.getItem(key), null);
  },
  set(key: StoredKey, value: string): void {
    safe(() => window.localStorage.setItem(key, value), undefined);
  },
  remove(key: StoredKey): void {
    safe(() => window.localStorage.removeItem(key), undefined);
  },
  /** The route guard's rule: both a protocol and a token are stored. */
  hasSession(): boolean {
    return Boolean(storage.get('protocolo')) && Boolean(storage.get('token'));
  },
  homeModePreset(): HomeModePreset {
    const type = storage.get('type');
    return type === 'new' || type === 'track' ? type : 'home';
  },
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
