// @vitest-environment jsdom
/**
 * The same request open in two tabs (src/flows/wizard/draft-elsewhere.ts): each wizard page
 * says where it is on a BroadcastChannel; the newcomer and the page already there both hear of
 * the other, pages on other requests hear nothing, and a page that stopped listening is quiet.
 * Each other tab is said once per tab (a reload says nothing again), and to a hidden page only
 * once it is seen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TOLD_TABS_KEY, watchDraftElsewhere, type ThisTab } from '../../../src/flows/wizard/draft-elsewhere';

const P1 = '11122233344455566677';
const P2 = '99988877766655544433';
/** Messages cross between channels on the next turns of the event loop. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A tab: its id and its own storage (each tab's is its own; a reload keeps it). */
function tab(id: string): ThisTab {
  const stored = new Map<string, string>();
  return { tab: id, told: { get: (key) => stored.get(key) ?? null, set: (key, value) => (stored.set(key, value), true) } };
}

const stops: Array<() => void> = [];
/** A page of `here` opening the wizard on `protocoloAns`. */
function open(protocoloAns: string, here: ThisTab = tab(crypto.randomUUID())) {
  const heard = { count: 0 };
  stops.push(watchDraftElsewhere(protocoloAns, () => (heard.count += 1), here));
  return heard;
}
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  setVisibility('visible');
});

describe('the same request open in another tab', () => {
  it('is said in the page already there and in the newcomer, and not in a page on another request', async () => {
    const first = open(P1);
    const other = open(P2);
    await settle();
    expect([first.count, other.count]).toEqual([0, 0]);
    const second = open(P1);
    await settle();
    expect([first.count, second.count, other.count]).toEqual([1, 1, 0]);
  });

  it('a page that left hears nothing more and answers nothing', async () => {
    const first = open(P1);
    stops.pop()!();
    const second = open(P1);
    await settle();
    expect([first.count, second.count]).toEqual([0, 0]);
  });

  it('a request with no protocol yet is no request to compare', async () => {
    const blank = open('');
    open('');
    await settle();
    expect(blank.count).toBe(0);
  });

  it('is said once per tab: a reload of either says nothing again; a third tab is said in both, and hears of each', async () => {
    const [a, b, c] = [tab('aba-a'), tab('aba-b'), tab('aba-c')];
    const first = open(P1, a);
    const second = open(P1, b);
    await settle();
    expect([first.count, second.count]).toEqual([1, 1]);

    stops.pop()!(); // b reloads
    const secondAgain = open(P1, b);
    await settle();
    expect([first.count, secondAgain.count]).toEqual([1, 0]);
    expect(JSON.parse(b.told.get(TOLD_TABS_KEY)!)).toEqual([`${P1} aba-a`]);

    const third = open(P1, c);
    await settle();
    expect([first.count, secondAgain.count, third.count]).toEqual([2, 1, 2]);
  });

  it("a duplicated tab (this tab's id, another page) is another tab", async () => {
    const first = open(P1, tab('aba-a'));
    const duplicate = open(P1, tab('aba-a'));
    await settle();
    expect([first.count, duplicate.count]).toEqual([1, 1]);
  });

  it('a hidden page is told when the person comes back to it, and not before', async () => {
    setVisibility('hidden');
    const background = open(P1, tab('aba-a'));
    open(P1, tab('aba-b'));
    await settle();
    expect(background.count).toBe(0);
    setVisibility('visible');
    expect(background.count).toBe(1);
  });
});
