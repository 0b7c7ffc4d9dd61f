/**
 * A screen with its own chunk (React.lazy) that can also be loaded ahead of the first render.
 * Opened straight on that screen, the page has already asked for the chunk (index.html's
 * inline script), so main.tsx waits for it briefly and the screen itself is the first thing
 * React paints, instead of the loading overlay and then the screen.
 */
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

export interface LazyScreen {
  (): ReactElement;
  /** Downloads and evaluates the screen's code; rejects when it cannot be downloaded. */
  preload(): Promise<unknown>;
}

export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));

  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component
    // on a later render would remount the screen and lose its state.
    const [component] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(component);
  }
  Screen.preload = preload;
  return Screen;
}

/**
 * Waits for `screen`'s code, at most `timeoutMs`: on a slow link the overlay shows rather
 * than a blank page. Never rejects; a chunk that fails is reported by the screen's boundary.
 */
export function preloadBriefly(screen: LazyScreen | undefined, timeoutMs: number): Promise<void> {
  if (!screen) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, timeoutMs);
    screen.preload().then(
      () => resolve(),
      () => resolve(),
    );
  });
}
