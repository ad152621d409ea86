// What the request fold is built with and tells the store it lives in. Apart
// from the fold so the table it extends (request-table.ts) can name the hooks
// without importing the fold.
import type { AepEvent } from '../protocol/types.js';
import type { FoldedPosition } from './positions.js';
import type { RequestRecord } from './types.js';

export interface FoldOptions {
  /** Terminal requests kept before the oldest are pruned (pending never are). */
  terminalCap?: number;
  /** (relay, source, id) triples remembered for dedupe. */
  dedupeCap?: number;
  /** Lifecycle events held while their request has not arrived yet. */
  heldCap?: number;
  /** Open requests held; past it new requests are refused, with a relay warning. */
  openCap?: number;
  /** Estimated bytes held (requests and held events); see byte-budget.ts. */
  byteBudget?: number;
  now?: () => number;
}

/** What the fold tells the store it lives in: changes (for the one version counter), fresh events, warnings. */
export interface FoldHooks {
  /** Something changed: bump the version, notify (or hold it for the batch). */
  changed(): void;
  /** Request `key` was added (`added`), replaced or pruned. */
  touch(key: string, added: boolean): void;
  /**
   * Where an Event stands in its session's stream, before dedupe (resume
   * positions only move forward, so a redelivery leaves them as they are):
   * its entry (relay-book.ts), for an Event in session order.
   */
  position(relay: string, event: AepEvent): FoldedPosition | undefined;
  /** An emitter broke a protocol rule on `relay` (its count there is `count`). */
  violated(relay: string, count: number): void;
  warn(relay: string, warning: string): void;
  /** A closed request was pruned (its twins can no longer be told from it: session-emitters.ts). */
  forgot?(record: RequestRecord): void;
}

export interface FoldSizes {
  requests: number;
  /** Requests not yet indexed by key (request-table.ts keyed()), evicted ones not yet dropped included. */
  waitingForKeys: number;
  open: number;
  held: number;
  heldGroups: number;
  dedupe: number;
  subjects: number;
  commandIndex: number;
  endedSessions: number;
}
