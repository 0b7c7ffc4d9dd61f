/**
 * A screen with its own chunk (React.lazy). Once its code has loaded, a later visit renders
 * the screen at once instead of through Suspense (no overlay flash on coming back).
 */
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

export function lazyScreen(load: () => Promise<ComponentType>): () => ReactElement {
  let loaded: ComponentType | undefined;
  const Suspending = lazy(() => load().then((component) => ({ default: (loaded = component) })));

  return function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component
    // on a later render would remount the screen and lose its state.
    const [component] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(component);
  };
}
