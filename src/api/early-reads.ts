/**
 * The reads index.html's inline script started before the code arrived (issue 28: on the
 * tracking screen, its four reads start when the HTML does). The client's first call of the
 * same URL with the same token takes that answer, or its failure, as its own first attempt;
 * react-query's retries and the error catalogue then treat it as any other attempt.
 */
export interface EarlyRead {
  /** The token the read was sent with: a call with another one makes its own request. */
  token: string | null;
  controller: AbortController;
  response: Promise<Response>;
}

export interface EarlyReads {
  /** When the script started them (Date.now()). */
  at: number;
  /** Full URL (path and query) → the read. */
  reads: Record<string, EarlyRead | undefined>;
}

declare global {
  interface Window {
    __portabilidadeEarlyReads?: EarlyReads;
  }
}

function startedReads(): EarlyReads | undefined {
  return typeof window === 'undefined' ? undefined : window.__portabilidadeEarlyReads;
}

/**
 * The early read of `url` sent with `token`, taken once (a second call makes its own
 * request). Not one older than `maxAgeMs`: the page's first screen takes them within moments,
 * and an answer older than one attempt may wait is not this call's. `signal` aborts the taken
 * read, as it would the call's own.
 */
export function takeEarlyRead(url: string, token: string | null, signal: AbortSignal, maxAgeMs: number): Promise<Response> | undefined {
  const started = startedReads();
  const read = started?.reads[url];
  if (!started || !read) return undefined;
  delete started.reads[url];
  if (read.token !== token || Date.now() - started.at > maxAgeMs) {
    read.controller.abort();
    return undefined;
  }
  if (signal.aborted) read.controller.abort();
  else signal.addEventListener('abort', () => read.controller.abort(), { once: true });
  return read.response;
}
