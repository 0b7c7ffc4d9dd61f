/**
 * React 19 has useSyncExternalStore built in; the `use-sync-external-store` shims that
 * @xstate/react and wouter import exist for React 17 and older and ship as CommonJS.
 * vite.config.ts points both imports here, so the home screen does not carry them.
 * `useSyncExternalStoreWithSelector` is the package's own algorithm (MIT, Meta), written
 * as an ES module: a selection is recomputed only for a new snapshot, and kept when
 * `isEqual` says it did not change.
 */
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

export { useSyncExternalStore };

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const last = useRef<{ hasValue: boolean; value: Selection | null }>({ hasValue: false, value: null });
  const [getSelection, getServerSelection] = useMemo(() => {
    let hasMemo = false;
    let memoizedSnapshot: Snapshot;
    let memoizedSelection: Selection;
    const memoizedSelector = (nextSnapshot: Snapshot): Selection => {
      if (!hasMemo) {
        hasMemo = true;
        memoizedSnapshot = nextSnapshot;
        const nextSelection = selector(nextSnapshot);
        if (isEqual !== undefined && last.current.hasValue) {
          const current = last.current.value as Selection;
          if (isEqual(current, nextSelection)) return (memoizedSelection = current);
        }
        return (memoizedSelection = nextSelection);
      }
      const current = memoizedSelection;
      if (Object.is(memoizedSnapshot, nextSnapshot)) return current;
      const nextSelection = selector(nextSnapshot);
      if (isEqual !== undefined && isEqual(current, nextSelection)) {
        memoizedSnapshot = nextSnapshot;
        return current;
      }
      memoizedSnapshot = nextSnapshot;
      return (memoizedSelection = nextSelection);
    };
    const serverSnapshot = getServerSnapshot ?? null;
    return [
      () => memoizedSelector(getSnapshot()),
      serverSnapshot === null ? undefined : () => memoizedSelector(serverSnapshot()),
    ] as const;
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    last.current.hasValue = true;
    last.current.value = value;
  }, [value]);
  useDebugValue(value);
  return value;
}
