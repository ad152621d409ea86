// What a ConsoleStore (store.ts) is made with and what it reports of its size.

import type { FoldOptions, FoldSizes } from './fold-hooks.js';

export interface StoreOptions extends FoldOptions {
  /**
   * A subscriber threw. The others still hear the change and the mutation
   * that notified completes (a command created is then journaled and sent,
   * never left half-done); the error goes here. By default it is thrown
   * again on a microtask, so the process's crash guard still sees the bug.
   */
  onSubscriberError?: (error: unknown) => void;
  /** Sessions whose speakers are remembered (default 5,000): tests make it small to see the memory forget. */
  sessionsRemembered?: number;
}

/** How much the store holds; every count is capped (see `limits`). */
export interface StoreSizes extends FoldSizes {
  /** Resume positions over all relays (the cap is per relay). */
  positions: number;
}

/** A subscriber's error, thrown again on a microtask: the process's crash guard still sees the bug. */
export function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}
