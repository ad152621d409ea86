import { useSyncExternalStore } from 'react';
import type { ConsoleStore } from '../../store/store.js';

/** Re-renders on every store change; returns the store version. */
export function useStoreVersion(store: ConsoleStore): number {
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.version,
  );
}
