// A GET sent at a stated rate, evenly (issue 28, decision 3: "a budget at a stated load, not
// at saturation"). The schedule is fixed before the run, one request every 1000 / rate ms,
// and a slow answer does not hold back the next request (an open model, as people arrive).
// Each latency runs from the request's scheduled time, so a server that falls behind shows
// in p99, not as fewer requests sent (no coordinated omission).
//
// Why not autocannon's overallRate (kept for the saturation runs, and beside these as
// information): it gives each connection its share of the second and sends it back to back
// from the second's start, then waits (node_modules/autocannon/lib/httpClient.js resets
// `reqsMadeThisSecond` every second). So every second starts with all its connections in
// flight at once: a burst at saturation, which is not the stated load.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sleep } from './support.mjs';

/** The value at quantile `q` (0–1) of ascending `sorted`, nearest rank. */
export function quantile(sorted, q) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function get(url, headers, agent, timeoutMs) {
  return new Promise((done) => {
    const request = http.get(url, { headers, agent, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode));
      response.on('error', () => done('error'));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => done(error.message === 'timeout' ? 'timeout' : 'error'));
  });
}

/**
 * Sends `rate` GETs of `url` per second for `seconds`, on at most `connections` keep-alive
 * connections (a request finding them all busy waits for one, and that wait counts).
 * Returns { rps (answered per second), p50, p99, max (ms), errors (non-2xx, failures and timeouts),
 * generatorDelayP99/Max (ms: how late this process's own event loop ran) }.
 */
export async function pacedGets({ url, headers = {}, rate, seconds, connections = 50, timeoutMs = 10_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies = [];
  const sent = [];
  let errors = 0;
  // This process's own stalls (its GC, other work on its event loop) delay sending and
  // reading, and would count as the server's: reported beside the figures.
  const ownDelay = monitorEventLoopDelay({ resolution: 1 });
  ownDelay.enable();
  const started = performance.now();
  const dueAt = (i) => started + (i * 1000) / rate;
  try {
    let next = 0;
    while (next < total) {
      // A timer wakes at best every millisecond: send every request whose time has come.
      const now = performance.now();
      for (; next < total && dueAt(next) <= now; next++) {
        const due = dueAt(next);
        sent.push(
          get(url, headers, agent, timeoutMs).then((status) => {
            if (typeof status === 'number' && status >= 200 && status < 300) latencies.push(performance.now() - due);
            else errors++;
          }),
        );
      }
      if (next < total) await sleep(Math.max(0, dueAt(next) - performance.now()));
    }
    await Promise.all(sent);
  } finally {
    agent.destroy();
    ownDelay.disable();
  }
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  return {
    rps: latencies.length / elapsedS,
    p50: round(quantile(latencies, 0.5)),
    p99: round(quantile(latencies, 0.99)),
    max: round(quantile(latencies, 1)),
    errors,
    requests: total,
    generatorDelayP99: round(ownDelay.percentile(99) / 1e6),
    generatorDelayMax: round(ownDelay.max / 1e6),
  };
}
