// @vitest-environment jsdom
/**
 * A guarded screen left open goes once its session ends (src/app/session-watch.ts): by itself
 * after 30 idle minutes, later when the screen is used, and a touch that comes after the end
 * never reaches the screen. The tracking screen follows one request: it goes too once another
 * tab's request takes the one stored session.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../src/app/notify';
import {
  SESSION_ENDED_ELSEWHERE_MESSAGE,
  SESSION_ENDED_MESSAGE,
  SESSION_TAKEN_MESSAGE,
  SESSION_WARNING_MS,
  idleDeadline,
  storedSessionOf,
  thisTabsSession,
  useSessionWatch,
  type Deadline,
} from '../../src/app/session-watch';
import { SESSION_IDLE_MS, TAB_SESSION_KEY, TOKEN_EXPIRY_MARGIN_MS, TOKEN_TTL_MS, storage } from '../../src/storage';

const MINUTE = 60_000;
const pressed = vi.fn();

function GuardedScreen({ deadline }: { deadline?: Deadline }) {
  const { ended } = useSessionWatch(deadline);
  return ended ? (
    <p>home</p>
  ) : (
    <button type="button" onClick={pressed}>
      Finalizar
    </button>
  );
}

/** Lets the clock run on, firing the timers that come due. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let toast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-10T12:00:00Z'));
  localStorage.clear();
  pressed.mockClear();
  toast = vi.spyOn(notify, 'info').mockImplementation(() => {});
  storage.startSession({ protocolo: '48213907561238470015', token: 'a.token' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a guarded screen and its session', () => {
  it('nobody uses it: it goes by itself once the session has been idle 30 minutes, and says why', async () => {
    render(<GuardedScreen />);
    await wait(SESSION_IDLE_MS - MINUTE);
    expect(screen.queryByText('home')).toBeNull();
    await wait(2 * MINUTE);
    expect(screen.getByText('home')).toBeTruthy();
    expect(storage.hasSession()).toBe(false);
    expect(toast).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE);
  });

  it('a press on it is activity: the 30 minutes start again', async () => {
    render(<GuardedScreen />);
    await wait(20 * MINUTE);
    fireEvent.pointerDown(document.body);
    await wait(25 * MINUTE);
    expect(screen.queryByText('home')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await wait(29 * MINUTE);
    expect(screen.queryByText('home')).toBeNull();
    expect(storage.hasSession()).toBe(true);
    await wait(2 * MINUTE);
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('a click that comes after the end (a sleeping tab whose timer did not run) never reaches the screen', async () => {
    render(<GuardedScreen />);
    // The clock jumps as a closed laptop lid makes it: no timer ran in between.
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS + MINUTE);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    });
    expect(pressed).not.toHaveBeenCalled();
    expect(screen.getByText('home')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a session the screen cleared itself (the wizard after its save) does not send it away at once', async () => {
    render(<GuardedScreen />);
    storage.remove('protocolo');
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(pressed).toHaveBeenCalledTimes(1);
    await wait(SESSION_IDLE_MS - MINUTE);
    expect(screen.queryByText('home')).toBeNull();
    await wait(2 * MINUTE);
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('warns two minutes before an idle end; any press puts the end off and takes the warning away (WCAG 2.2.1)', async () => {
    render(<WarnedScreen />);
    await wait(SESSION_IDLE_MS - SESSION_WARNING_MS - MINUTE);
    expect(screen.queryByTestId('warning')).toBeNull();
    await wait(MINUTE + 1_000);
    expect(screen.getByTestId('warning').textContent).toBe('extendable');
    // 'Continuar' is a press like any other.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Finalizar' }));
    expect(screen.queryByTestId('warning')).toBeNull();
    await wait(5 * MINUTE);
    expect(screen.queryByText('home')).toBeNull();
    expect(storage.hasSession()).toBe(true);
  });

  it('does not warn on a screen whose session it ended itself (the wizard once filed): there is nothing left to keep', async () => {
    render(<WarnedScreen />);
    storage.remove('protocolo');
    await wait(SESSION_IDLE_MS - SESSION_WARNING_MS + MINUTE);
    expect(screen.queryByTestId('warning')).toBeNull();
  });

  it("warns before the token's fixed lifetime ends, which no press puts off; closed, it stays closed until the end", async () => {
    render(<WarnedScreen />);
    const tokenEnd = Date.now() + TOKEN_TTL_MS - TOKEN_EXPIRY_MARGIN_MS;
    // In use all along: a press every 20 minutes.
    while (Date.now() + 20 * MINUTE < tokenEnd - SESSION_WARNING_MS) {
      await wait(20 * MINUTE);
      fireEvent.pointerDown(document.body);
    }
    expect(screen.queryByTestId('warning')).toBeNull();
    await wait(tokenEnd - SESSION_WARNING_MS - Date.now() + 1_000);
    expect(screen.getByTestId('warning').textContent).toBe('fixed');
    fireEvent.pointerDown(document.body);
    expect(screen.getByTestId('warning').textContent).toBe('fixed');
    fireEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByTestId('warning')).toBeNull();
    await wait(SESSION_WARNING_MS);
    expect(screen.getByText('home')).toBeTruthy();
  });
});

function WarnedScreen({ deadline }: { deadline?: Deadline }) {
  const { ended, warning, dismissWarning } = useSessionWatch(deadline);
  if (ended) return <p>home</p>;
  return (
    <>
      <button type="button" onClick={pressed}>
        Finalizar
      </button>
      {warning && (
        <>
          <p data-testid="warning">{warning.extendable ? 'extendable' : 'fixed'}</p>
          <button type="button" onClick={dismissWarning}>
            Entendi
          </button>
        </>
      )}
    </>
  );
}

describe("the wizard's session (this tab's request), kept aside while another tab follows a request", () => {
  const NEW = { protocolo: '11122233344455566677', token: 'free' };
  const FOLLOWED = { protocolo: '48213907561238470015', token: 'a.token' };
  /** This tab started NEW; another tab's lookup then took the slot (NEW kept aside). */
  function keptAsideHere() {
    localStorage.clear();
    storage.startSession(NEW);
    storage.startSession(FOLLOWED);
    sessionStorage.setItem(TAB_SESSION_KEY, NEW.protocolo); // this tab's own storage
  }

  it("this tab's typing is its own request's activity: the followed session idles by its own use, and the slot comes back", async () => {
    keptAsideHere();
    render(<WarnedScreen deadline={thisTabsSession()} />);
    for (let minute = 10; minute <= 40; minute += 10) {
      await wait(10 * MINUTE);
      fireEvent.keyDown(document.body, { key: 'a' });
    }
    expect(screen.queryByText('home')).toBeNull();
    expect(screen.queryByTestId('warning')).toBeNull();
    expect(storage.sessionIsFor(NEW.protocolo)).toBe(true); // the followed one idled out at 30 minutes
  });

  it("the followed session's fixed token end is not warned of here, and this screen goes on past it", async () => {
    keptAsideHere();
    render(<WarnedScreen deadline={thisTabsSession()} />);
    const tokenEnd = Date.now() + TOKEN_TTL_MS - TOKEN_EXPIRY_MARGIN_MS;
    while (Date.now() < tokenEnd + 5 * MINUTE) {
      // Within the other token's last two minutes at one step, past its end at the next.
      await wait(Math.min(10 * MINUTE, Math.max(MINUTE, tokenEnd - MINUTE - Date.now())));
      fireEvent.keyDown(document.body, { key: 'a' }); // typing here
      storage.touchSession(); // and the other tab in use too
      expect(screen.queryByTestId('warning')).toBeNull();
    }
    expect(screen.queryByText('home')).toBeNull();
    expect(storage.sessionIsFor(NEW.protocolo)).toBe(true);
  });

  it("'Sair e apagar os dados' in another tab on the same request: the screen goes at once and says so; this tab's own filing does not send it away", async () => {
    localStorage.clear();
    storage.startSession(NEW);
    const { unmount } = render(<WarnedScreen deadline={thisTabsSession()} />);
    storage.clearFiledProtocol(NEW.protocolo); // filed here: the protocol modal stays
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.queryByText('home')).toBeNull();
    unmount();

    storage.startSession({ protocolo: '99988877766655544433', token: 'free' });
    render(<WarnedScreen deadline={thisTabsSession()} />);
    for (const key of ['protocolo', 'token', 'sessao']) localStorage.removeItem(key); // the other tab's way out
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'protocolo' }));
    });
    expect(screen.getByText('home')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(SESSION_ENDED_ELSEWHERE_MESSAGE);
  });

  it('its own idle time ends it as any session, warning first', async () => {
    keptAsideHere();
    render(<WarnedScreen deadline={thisTabsSession()} />);
    await wait(SESSION_IDLE_MS - SESSION_WARNING_MS + 1_000);
    expect(screen.getByTestId('warning').textContent).toBe('extendable');
    await wait(SESSION_WARNING_MS);
    expect(screen.getByText('home')).toBeTruthy();
  });
});

describe("the tracking screen's session (one request's)", () => {
  const FOLLOWED = '48213907561238470015';
  const ANOTHER = { protocolo: '11122233344455566677', token: 'free' };

  /** Another tab writes the stored session: this tab hears a `storage` event. */
  const anotherTabStarts = async (session: { protocolo: string; token: string }) => {
    storage.startSession(session);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'protocolo' }));
    });
  };
  const setVisibility = (state: DocumentVisibilityState) =>
    act(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
  afterEach(() => Reflect.deleteProperty(document, 'visibilityState'));

  it("taken by another tab's request: the screen in view goes at once, says why, and leaves the other session alone", async () => {
    render(<GuardedScreen deadline={storedSessionOf(FOLLOWED)} />);
    await anotherTabStarts(ANOTHER);
    expect(screen.getByText('home')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(SESSION_TAKEN_MESSAGE);
    expect(storage.sessionIsFor(ANOTHER.protocolo)).toBe(true);
  });

  it('in the background, it goes when the person comes back to it, so the reason is seen', async () => {
    render(<GuardedScreen deadline={storedSessionOf(FOLLOWED)} />);
    await setVisibility('hidden');
    await anotherTabStarts(ANOTHER);
    expect(screen.queryByText('home')).toBeNull();
    await setVisibility('visible');
    expect(screen.getByText('home')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(SESSION_TAKEN_MESSAGE);
  });

  /** Another tab ends the stored session ('Encerrar sessão' there): this tab hears a `storage` event. */
  const anotherTabEnds = async () => {
    for (const key of ['protocolo', 'token', 'sessao']) localStorage.removeItem(key);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'protocolo' }));
    });
  };

  it("ended in another tab ('Encerrar sessão' there): the screen goes at once and says so", async () => {
    render(<GuardedScreen deadline={storedSessionOf(FOLLOWED)} />);
    await wait(MINUTE);
    await anotherTabEnds();
    expect(screen.getByText('home')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(SESSION_ENDED_ELSEWHERE_MESSAGE);
  });

  it('ended by this tab itself (its way out), it says nothing of another tab; followed again, another tab ending it is said', async () => {
    const { unmount } = render(<GuardedScreen deadline={storedSessionOf(FOLLOWED)} />);
    storage.endSession(FOLLOWED);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(toast).not.toHaveBeenCalled();
    unmount();

    storage.startSession({ protocolo: FOLLOWED, token: 'a.token' });
    render(<GuardedScreen deadline={storedSessionOf(FOLLOWED)} />);
    await anotherTabEnds();
    expect(toast).toHaveBeenCalledWith(SESSION_ENDED_ELSEWHERE_MESSAGE);
  });

  it("taken by another tab's request, a press never reaches the screen", async () => {
    render(<GuardedScreen deadline={storedSessionOf(FOLLOWED)} />);
    storage.startSession(ANOTHER);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    });
    expect(pressed).not.toHaveBeenCalled();
    expect(screen.getByText('home')).toBeTruthy();
  });

  it("the whole screen's (the wizard's) goes on while another tab's request holds the slot", async () => {
    render(<GuardedScreen />);
    storage.startSession(ANOTHER);
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('home')).toBeNull();
  });

  it('its own token lifetime ends it as before, even when that end gives the slot back to a request kept aside', async () => {
    localStorage.clear();
    storage.startSession(ANOTHER);
    storage.startSession({ protocolo: FOLLOWED, token: 'a.token' }); // ANOTHER kept aside
    render(<GuardedScreen deadline={storedSessionOf(FOLLOWED)} />);
    for (let elapsed = 0; elapsed < TOKEN_TTL_MS; elapsed += 20 * MINUTE) {
      await wait(20 * MINUTE);
      fireEvent.pointerDown(document.body);
    }
    expect(screen.getByText('home')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE);
    expect(storage.sessionIsFor(ANOTHER.protocolo)).toBe(true);
  });
});

describe('a deadline of its own (home with a protocol typed: nothing stored)', () => {
  it('moves ahead with activity, and once passed stays passed: a later press does not bring it back', () => {
    vi.useFakeTimers();
    const deadline = idleDeadline(SESSION_IDLE_MS);
    const start = Date.now();
    expect(deadline.endsAt()).toBe(start + SESSION_IDLE_MS);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(deadline.touch()).toBe(start + 10 * MINUTE + SESSION_IDLE_MS);
    vi.advanceTimersByTime(SESSION_IDLE_MS);
    expect(deadline.endsAt()).toBeNull();
    expect(deadline.touch()).toBeNull();
    expect(deadline.byIdle()).toBe(true);
    vi.useRealTimers();
  });
});
