/**
 * Resolves once the browser has painted the first content (or after 300 ms at most: a tab
 * opened in the background does not paint until it is shown). The API client waits for it
 * before its first request, so on a slow phone the first screen is painted before the
 * start-up requests (logo, favicon, operator name, tooltips, the screen's data) compete with
 * it for the link and the main thread. On home, painted by index.html before the app loads,
 * it has already resolved.
 */
const LATEST_MS = 300;
let painted: Promise<void> | undefined;

function observeFirstContentfulPaint(resolve: () => void): boolean {
  if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return false;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
      observer.disconnect();
      resolve();
    }
  });
  // Buffered: a paint that already happened is reported at once.
  observer.observe({ type: 'paint', buffered: true });
  return true;
}

export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    setTimeout(resolve, LATEST_MS);
    if (observeFirstContentfulPaint(resolve)) return;
    if (typeof requestAnimationFrame !== 'function') return resolve();
    // A rAF callback runs just before a paint; a task queued from it runs just after.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  return painted;
}
