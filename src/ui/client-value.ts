/**
 * A value only the browser knows (read from storage), rendered as `prerendered` while React
 * takes over the page prerendered at build time, so both renders match; React then renders
 * it again with the browser's value at once. Outside hydration it is the browser's value.
 */
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

export function useClientValue<T>(value: T, prerendered: T): T {
  return useSyncExternalStore(
    neverChanges,
    () => value,
    () => prerendered,
  );
}
