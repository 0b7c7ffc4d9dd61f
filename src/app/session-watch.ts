/**
 * A guarded screen stays on only while its session lives (the rule is in src/storage.ts): a
 * phone left on a table with the tracking screen open goes home by itself once the session
 * has ended, and the next person's first touch reaches nothing of it. Home with a protocol
 * typed (the password's last 6 digits; after filing, the wizard's handover) follows the same
 * idle rule with a deadline of its own (`idleDeadline`).
 *
 * What counts as activity: opening the guarded screen and the person using it — a press, a
 * key, a click, a wheel turn or a touch anywhere on it. Background work (the screen's reads,
 * a retry, a scroll the page makes itself) does not: a screen nobody uses is idle, whatever it
 * downloads. Activity is written to storage at most every 15 s (`storage.touchSession`).
 *
 * Two minutes before the end the screen warns (WCAG 2.2.1 Timing Adjustable; found by a
 * keyboard-only run: the wizard's typing went with the session, unannounced). An idle end is
 * put off by any activity, the warning's own button included; the token's fixed lifetime
 * cannot be, and the warning says so.
 */
import { useEffect, useState } from 'react';
import { storage } from '../storage';
import { notify } from './notify';

export const SESSION_ENDED_MESSAGE = 'Sua sessão expirou por segurança. Informe o protocolo de novo para continuar.';
export const SESSION_WARNING_TITLE = 'Sua sessão vai terminar';
/**
 * The tracking screen's session, taken by another tab: the one slot of SPEC's local storage now
 * names another request, and this tab's calls would carry that one's token (found by an
 * exploratory run: the receipt's download answered "Ocorreu um erro inesperado!"). SPEC is
 * silent here; the sentences are ours.
 */
export const SESSION_TAKEN_MESSAGE =
  'Outra aba deste aparelho abriu outra solicitação, e esta aba deixou de acompanhar a sua. Informe o protocolo de novo para continuar.';
/**
 * This screen's request, ended in another tab ('Encerrar sessão' on the same request, or the
 * wizard's 'Sair e apagar os dados'): this tab shows nothing more of it.
 */
export const SESSION_ENDED_ELSEWHERE_MESSAGE =
  'Sua sessão foi encerrada em outra aba deste aparelho. Informe o protocolo de novo para continuar.';

/** A press, a key or a click that may act on the screen: stopped once the session has ended. */
const ACTING_EVENTS = ['pointerdown', 'keydown', 'click'] as const;
/** Reading gestures: activity too, but never held back (a passive listener keeps scrolling smooth). */
const READING_EVENTS = ['wheel', 'touchstart'] as const;
/** The page coming back (a tab switched to, a lid opened, the back/forward cache): check at once. */
const RETURN_EVENTS = ['visibilitychange', 'focus', 'pageshow'] as const;
/** The check after the session's end runs this late, so it never fires a moment too early. */
const CHECK_SLACK_MS = 1_000;
/** How long before the end the warning comes: time to read it and answer (WCAG 2.2.1 asks for 20 s at least). */
export const SESSION_WARNING_MS = 2 * 60_000;
/** Marks the warning's dialog: a key or press inside it puts the end off, but only its button closes it. */
export const SESSION_WARNING_ATTRIBUTE = 'data-session-warning';

/**
 * Inside the warning: closing it while the key is still going down would hand the rest of
 * that Enter to whatever is under it (a regression walk sent a status 6 answer that way).
 */
const fromTheWarning = (event: Event) => event.target instanceof Element && event.target.closest(`[${SESSION_WARNING_ATTRIBUTE}]`) !== null;

export interface SessionWarning {
  /** The session's end, in the device's milliseconds. */
  endsAt: number;
  /** Activity puts the end off (its idle time ends it); else it is the token's fixed lifetime. */
  extendable: boolean;
}

export interface SessionWatch {
  /** True once this screen's session has ended: the guard then sends the visitor away. */
  ended: boolean;
  /** The end is near, until activity puts it off, or the person closes a warning nothing can put off. */
  warning: SessionWarning | null;
  dismissWarning(): void;
}

/**
 * Where the end is kept: the stored session's (the guarded screens'), or a deadline of the
 * screen's own (home with a protocol typed: nothing stored, the same rule). `endsAt` is null
 * once the end has passed (or was cleared); `touch` is activity and answers the new end.
 */
export interface Deadline {
  touch(): number | null;
  endsAt(): number | null;
  byIdle(): boolean;
  /**
   * Before its time, the session went in another tab: 'taken' when it now names another
   * request, 'ended' when it is gone (null: it is still there, or this tab ended it).
   */
  goneElsewhere?(): 'taken' | 'ended' | null;
}

/** The stored session, whichever request it names. */
const storedSession: Deadline = {
  touch: () => storage.touchSession(),
  endsAt: () => storage.sessionEndsAt(),
  byIdle: () => storage.sessionEndsByIdle(),
};

/**
 * The session of this tab's request (the wizard's): the slot while it holds it, or its own kept
 * aside while another tab's request holds the slot. Before, this tab's typing kept the other
 * session from idling, and the other token's fixed end was warned of here as this tab's,
 * though the slot then came back to this request.
 */
export function thisTabsSession(): Deadline {
  const keptAside = (): string | null => {
    const request = storage.requestOfThisTab();
    return request !== null && !storage.sessionIsFor(request) && storage.keptAsideEndsAt(request) !== null ? request : null;
  };
  return {
    touch: () => {
      const request = keptAside();
      return request === null ? storage.touchSession() : storage.touchKeptAside(request);
    },
    endsAt: () => {
      const request = keptAside();
      return request === null ? storage.sessionEndsAt() : storage.keptAsideEndsAt(request);
    },
    byIdle: () => keptAside() !== null || storage.sessionEndsByIdle(),
    // 'Sair e apagar os dados' in another tab on the same request: this one shows it no more.
    goneElsewhere: () => {
      const request = storage.requestOfThisTab();
      if (request === null || storage.hasSession() || storage.endedInThisTab(request)) return null;
      return 'ended';
    },
  };
}

/** The stored session of one request only: the tracking screen follows the request it opened on. */
export function storedSessionOf(protocolo: string): Deadline {
  const ours = () => storage.sessionIsFor(protocolo);
  return {
    touch: () => (ours() ? storage.touchSession() : null),
    endsAt: () => (ours() ? storage.sessionEndsAt() : null),
    byIdle: () => ours() && storage.sessionEndsByIdle(),
    goneElsewhere: () => {
      if (ours()) return null;
      if (storage.hasSession()) return 'taken';
      return storage.endedInThisTab(protocolo) ? null : 'ended';
    },
  };
}

/** An idle end kept in memory, from now: each activity moves it `idleMs` ahead. */
export function idleDeadline(idleMs: number): Deadline {
  let at = Date.now() + idleMs;
  const live = () => (Date.now() < at ? at : null);
  return {
    touch: () => {
      if (live() !== null) at = Date.now() + idleMs;
      return live();
    },
    endsAt: live,
    byIdle: () => true,
  };
}

export function useSessionWatch(deadline: Deadline = storedSession): SessionWatch {
  const [ended, setEnded] = useState(false);
  const [near, setNear] = useState<SessionWarning | null>(null);
  // The end whose warning was closed: that end is not warned of again.
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);

  useEffect(() => {
    // Opening the screen is activity. Until the session is seen again, this is when it ends:
    // a session the screen itself cleared (the wizard after its save) leaves no later deadline.
    let endsAt = deadline.touch() ?? Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    let elsewhere: 'taken' | 'ended' | null = null;

    /** Past the deadline, and no live session took it further (another tab's activity may); or it went in another tab. */
    const hasEnded = (): boolean => {
      const gone = deadline.goneElsewhere?.() ?? null;
      if (gone !== null) {
        // Past its own end, it expired first (its end may have given the slot back to another request).
        elsewhere = Date.now() < endsAt ? gone : null;
        return true;
      }
      if (Date.now() < endsAt) return false;
      const live = deadline.endsAt();
      if (live === null) return true;
      endsAt = live;
      return false;
    };
    // The listeners stay until the screen unmounts: a click that follows an ending press
    // is held back too.
    const end = () => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      setNear(null);
      notify.info(
        elsewhere === 'taken' ? SESSION_TAKEN_MESSAGE : elsewhere === 'ended' ? SESSION_ENDED_ELSEWHERE_MESSAGE : SESSION_ENDED_MESSAGE,
      );
      setEnded(true);
    };
    /** Warns once the end is near, or takes the warning away once activity put the end off. */
    function check() {
      if (over) return;
      if (hasEnded()) return end();
      const now = Date.now();
      const warnAt = endsAt - SESSION_WARNING_MS;
      // A session the screen itself ended (the wizard once filed) has nothing left to keep.
      if (now < warnAt || deadline.endsAt() === null) setNear(null);
      else setNear((shown) => (shown?.endsAt === endsAt ? shown : { endsAt, extendable: deadline.byIdle() }));
      clearTimeout(timer);
      timer = setTimeout(check, now < warnAt ? warnAt - now : endsAt - now + CHECK_SLACK_MS);
    }
    const onActing = (event: Event) => {
      if (over || hasEnded()) {
        // Too late: this touch must not act on a screen whose session is over.
        event.preventDefault();
        event.stopImmediatePropagation();
        end();
        return;
      }
      endsAt = deadline.touch() ?? endsAt;
      if (!fromTheWarning(event)) check();
    };
    const onReading = () => {
      if (over) return;
      if (!hasEnded()) endsAt = deadline.touch() ?? endsAt;
      check();
    };

    // Another tab changed the stored session (took it, ended it): a screen in view checks at
    // once; one in the background when the person comes back to it, so the reason is seen.
    const onStorage = () => {
      if (document.visibilityState !== 'hidden') check();
    };

    const acting = { capture: true } as const;
    const reading = { capture: true, passive: true } as const;
    for (const type of ACTING_EVENTS) window.addEventListener(type, onActing, acting);
    for (const type of READING_EVENTS) window.addEventListener(type, onReading, reading);
    for (const type of RETURN_EVENTS) window.addEventListener(type, check);
    window.addEventListener('storage', onStorage);
    check();
    return () => {
      clearTimeout(timer);
      for (const type of ACTING_EVENTS) window.removeEventListener(type, onActing, acting);
      for (const type of READING_EVENTS) window.removeEventListener(type, onReading, reading);
      for (const type of RETURN_EVENTS) window.removeEventListener(type, check);
      window.removeEventListener('storage', onStorage);
    };
    // One deadline per watch: a new one is a new watch.
  }, [deadline]);

  return {
    ended,
    warning: near && near.endsAt !== dismissedFor ? near : null,
    dismissWarning: () => setDismissedFor(near?.endsAt ?? null),
  };
}
