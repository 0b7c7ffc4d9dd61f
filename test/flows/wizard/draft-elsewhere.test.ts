/**
 * The same request open in two tabs (src/flows/wizard/draft-elsewhere.ts): each wizard page
 * says where it is on a BroadcastChannel; the newcomer and the page already there both hear of
 * the other, pages on other requests hear nothing, and a page that stopped listening is quiet.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchDraftElsewhere } from '../../../src/flows/wizard/draft-elsewhere';

const P1 = '11122233344455566677';
const P2 = '99988877766655544433';
/** Messages cross between channels on the next turns of the event loop. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const stops: Array<() => void> = [];
function open(protocoloAns: string) {
  const heard = { count: 0 };
  stops.push(watchDraftElsewhere(protocoloAns, () => (heard.count += 1)));
  return heard;
}
afterEach(() => stops.splice(0).forEach((stop) => stop()));

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
});
