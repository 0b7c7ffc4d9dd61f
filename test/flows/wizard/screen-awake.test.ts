// @vitest-environment jsdom
/**
 * The screen kept on while the request is sent (issue 27): a Screen Wake Lock is asked for
 * once, asked again when the page comes back (the browser drops it when hidden), and
 * released at the end; a browser without one, or one that refuses, raises nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screenAwake } from '../../../src/flows/wizard/screen-awake';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeWakeLock(refuse = false) {
  const asked: string[] = [];
  let released = 0;
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async (type: string) => {
        asked.push(type);
        if (refuse) throw new DOMException('no', 'NotAllowedError');
        return { release: async () => void (released += 1) };
      },
    },
  });
  return { asked, released: () => released };
}

function showPage(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  screenAwake.release();
  Reflect.deleteProperty(navigator, 'wakeLock');
  showPage('visible');
});

describe('the screen kept awake while sending', () => {
  it('asks for one screen lock however often it is kept, asks again when the page is back, and releases it at the end', async () => {
    const lock = fakeWakeLock();
    screenAwake.keep();
    screenAwake.keep();
    await settle();
    expect(lock.asked).toEqual(['screen']);
    showPage('hidden');
    showPage('visible');
    await settle();
    expect(lock.asked).toEqual(['screen', 'screen']);
    screenAwake.release();
    await settle();
    expect(lock.released()).toBe(1);
    showPage('hidden');
    showPage('visible');
    await settle();
    expect(lock.asked, 'nothing asked once released').toHaveLength(2);
  });

  it('goes on silently where the browser has no wake lock or refuses it', async () => {
    expect(() => screenAwake.keep()).not.toThrow();
    screenAwake.release();
    const lock = fakeWakeLock(true);
    screenAwake.keep();
    await settle();
    expect(lock.asked).toEqual(['screen']);
    expect(() => screenAwake.release()).not.toThrow();
  });
});
