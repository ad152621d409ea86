// Fault injection for tests of the console against the demo relay: the relay
// failing the ways a real one does (killed, hung mid-replay, half-open,
// shedding a slow consumer, rotating its token). Only tests drive these; the
// demo itself never calls them, and the console never imports src/demo.

import type { RelayCore } from './relay-core.js';
import type { AepEvent } from '../protocol/types.js';
import type { DemoRelay, ReadFault, RelayFaults } from './relay-types.js';

/** Shared by the relay and its connections: what later subscriptions are subject to, and what they asked. */
export interface FaultSettings {
  /** Later subscriptions deliver at most this many events, then their connection writes nothing more. */
  stallAfter?: number;
  /** Every `subscribe` frame received, as received (tests check the `from` a console resumes with). */
  subscribes: Record<string, unknown>[];
  /** What a one-off SSE read (`live=0`) gets instead of what it asked for. */
  reads?: (filter: Record<string, unknown>) => ReadFault | undefined;
  /** Events a stricter relay refuses (an `invalid-event` error frame naming the Event): the reason, or undefined to take it. */
  refuseEvents?: (event: AepEvent) => string | undefined;
  /** Events sent on consumer connections so far (the console's own, e.g. its open-request notes), as received. */
  fromConsumers: AepEvent[];
}

/** What the faults need from one connection. */
export interface FaultableConnection {
  readonly isConsumer: boolean;
  /** Half-open: writes nothing more (pongs included) and does not close. */
  mute(): void;
  /** A slow consumer whose queue overflowed: event deliveries are dropped from now on. */
  congest(): void;
  /** Sends `closing` with `reason`, then closes with `code`. */
  shutdown(reason: string, code?: number): void;
}

export interface FaultContext {
  settings: FaultSettings;
  connections(): Iterable<FaultableConnection>;
  core: RelayCore;
  kill(): Promise<void>;
  restart(): Promise<DemoRelay>;
  setToken(token: string): void;
}

export function relayFaults(ctx: FaultContext): RelayFaults {
  const consumers = (): FaultableConnection[] => [...ctx.connections()].filter((c) => c.isConsumer);
  return {
    kill: ctx.kill,
    restart: ctx.restart,
    stallReplayAfter(n) {
      ctx.settings.stallAfter = n;
    },
    silence() {
      for (const c of consumers()) c.mute();
    },
    congest() {
      for (const c of consumers()) c.congest();
    },
    closing(reason, code = 1013) {
      for (const c of consumers()) c.shutdown(reason, code);
    },
    rotateToken(token) {
      ctx.setToken(token);
      for (const c of consumers()) c.shutdown('token-rotated', 1008);
    },
    faultReads(fault) {
      ctx.settings.reads = fault;
    },
    refuseEvents(refuse) {
      ctx.settings.refuseEvents = refuse;
    },
    fromConsumers: () => [...ctx.settings.fromConsumers],
    subscribes: () => [...ctx.settings.subscribes],
    buffered: () => ctx.core.buffer.all().map((entry) => entry.event),
  };
}
