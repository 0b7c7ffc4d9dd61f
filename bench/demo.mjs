// Which protocols the bench looks up: a request under analysis (its tracking is public, no
// login) for the tracking screen and the lookup load test. Taken from the server's demo
// data when it can be found; otherwise a request is saved through the API, which starts
// under analysis like every new request.
import { API } from './server.mjs';
import { saveOne } from './load.mjs';
import { sleep } from './support.mjs';

const HEADERS = { 'x-frame-options': 'deny', authorization: 'Bearer free', accept: 'application/json' };

async function tracking(baseUrl, protocolo) {
  const response = await fetch(`${baseUrl}${API}portabilidade/acompanhamento?protocolo=${protocolo}`, {
    headers: HEADERS,
    signal: AbortSignal.timeout(10_000),
  });
  return response.ok ? response.json() : null;
}

/** Protocol numbers the server printed or seeded (20 digits), under analysis (flStatus not 3 nor 6). */
async function fromDemoData(baseUrl, serverOutput) {
  const candidates = [...new Set(serverOutput.match(/\b\d{20}\b/g) ?? [])];
  for (const protocolo of candidates) {
    const data = await tracking(baseUrl, protocolo).catch(() => null);
    if (data && data.flStatus !== 3 && data.flStatus !== 6) return protocolo;
  }
  return null;
}

/**
 * child: the server's process — it prints its demo requests just after it starts
 * listening, so its output is given up to 20 s to show them.
 */
export async function findDemoProtocols(baseUrl, child = null) {
  // main.ts prints the list after it starts listening, ending with the "Backoffice:" line.
  for (let i = 0; child && i < 200 && !/Backoffice/.test(child.output); i++) await sleep(100);
  const seeded = await fromDemoData(baseUrl, child?.output ?? '');
  if (seeded) return { tracking: seeded, source: 'demo data' };
  const { nuProtocolo } = await saveOne(baseUrl);
  return { tracking: nuProtocolo, source: 'saved by the bench' };
}
