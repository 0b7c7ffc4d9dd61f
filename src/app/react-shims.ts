/**
 * React 19 has useSyncExternalStore built in; the `use-sync-external-store/shim` that
 * @xstate/react and wouter import is only for React 17 and older. vite.config.ts points
 * that import here, so the home screen does not ship the shim.
 */
export { useSyncExternalStore } from 'react';
