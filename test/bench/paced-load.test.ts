import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedGets, quantile } from '../../bench/paced-load.mjs';

let server: Server | null = null;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server answering each GET with `answer(n)` (status, delay in ms); records when each arrived. */
async function serve(answer: (n: number) => { status: number; delayMs: number }): Promise<{ url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  server = createServer((_request, response) => {
    const { status, delayMs } = answer(arrivals.length);
    arrivals.push(performance.now());
    setTimeout(() => response.writeHead(status).end('{}'), delayMs);
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, arrivals };
}

describe('pacedGets: a stated rate, spread evenly over each second', () => {
  it('sends the requests one interval apart, not as a burst at the start of each second', async () => {
    const { url, arrivals } = await serve(() => ({ status: 200, delayMs: 0 }));
    const started = performance.now();
    const run = await pacedGets({ url, rate: 200, seconds: 1 });
    expect(run).toMatchObject({ requests: 200, errors: 0 });
    // At 200 req/s, 5 ms apart: 10 in any 50 ms, where a burst puts all 200 in the first. The
    // bound leaves room for a busy machine's stalls (after one, the overdue requests go together).
    const busiest = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 50).length));
    expect(busiest).toBeLessThanOrEqual(60);
    // The last one is due 995 ms after the start. Counted from the first arrival instead, a stall
    // that delays the first requests (a busy machine, three test files per 2 cores) shortened the
    // span to 898 ms though the requests were paced.
    expect(arrivals.at(-1)! - started).toBeGreaterThan(900);
  });

  it('counts a slow answer from when the request was due, and does not hold back the next one', async () => {
    // Every 20th answer takes 300 ms: the schedule goes on (the others arrive on time), and p99 shows the stall.
    const { url, arrivals } = await serve((n) => ({ status: 200, delayMs: n % 20 === 0 ? 300 : 0 }));
    const run = await pacedGets({ url, rate: 100, seconds: 1 });
    expect(run.errors).toBe(0);
    expect(run.p99).toBeGreaterThanOrEqual(300);
    // Held back behind the stalls, most answers would be counted 130–300 ms late; a busy
    // machine's timers add tens of ms (61 ms seen beside a full test run), not that.
    expect(run.p50).toBeLessThan(100);
    // Sent one after another, the five stalls alone would take 1.5 s.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeLessThan(1700);
  });

  it('counts the wait for a free connection: a server that falls behind shows in p99, not as fewer requests', async () => {
    // One connection, 30 ms an answer: about 33 a second against 100 due, so the queue grows.
    const { url } = await serve(() => ({ status: 200, delayMs: 30 }));
    const run = await pacedGets({ url, rate: 100, seconds: 0.5, connections: 1 });
    expect(run).toMatchObject({ requests: 50, errors: 0 });
    // Timed from its own sending, every answer would take about 30 ms.
    expect(run.p99).toBeGreaterThan(500);
  });

  it('counts answers that are not 2xx, and connection failures, as errors', async () => {
    const { url } = await serve((n) => ({ status: n % 4 === 0 ? 503 : 200, delayMs: 0 }));
    const run = await pacedGets({ url, rate: 100, seconds: 0.4 });
    expect(run).toMatchObject({ requests: 40, errors: 10 });
    const refused = await pacedGets({ url: 'http://127.0.0.1:1/', rate: 50, seconds: 0.1 });
    expect(refused).toMatchObject({ requests: 5, errors: 5, p99: null });
  });
});

describe('quantile', () => {
  it('is the nearest rank of an ascending list', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(hundred, 0.5)).toBe(50);
    expect(quantile(hundred, 0.99)).toBe(99);
    expect(quantile(hundred, 1)).toBe(100);
    expect(quantile([], 0.99)).toBeNull();
  });
});
