// Shared test helpers: wait for a store predicate (via store.subscribe, no
// sleeps), event builders (on test/support/events.ts), and real timers captured before any test mocks them.

import { ulid } from 'ulid';
import type { AepEvent } from '../../src/protocol/types.js';
import { emitterEvents } from '../support/events.js';
import type { ConsoleStore } from '../../src/store/store.js';
import type { ConnectionState, RelayStatus, RequestRecord } from '../../src/store/types.js';
import { patient } from '../support/patience.js';

export const realSetTimeout = globalThis.setTimeout;
export const realClearTimeout = globalThis.clearTimeout;

/** Resolves once `predicate(store)` holds (checked now and after every store change). */
export function waitFor<T>(
  store: ConsoleStore,
  predicate: (store: ConsoleStore) => T | undefined | false | null,
  label = 'condition',
  timeoutMs = patient(4000),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const check = (): void => {
      if (done) return;
      let value: T | undefined | false | null;
      try {
        value = predicate(store);
      } catch {
        value = undefined;
      }
      if (value !== undefined && value !== false && value !== null) {
        done = true;
        unsubscribe();
        realClearTimeout(timer);
        resolve(value);
      }
    };
    const unsubscribe = store.subscribe(check);
    const timer = realSetTimeout(() => {
      if (done) return;
      done = true;
      unsubscribe();
      reject(new Error(`timed out waiting for ${label}`));
    }, timeoutMs);
    check();
  });
}

export function relayStatus(store: ConsoleStore, relay: string): RelayStatus {
  const status = store.getRelay(relay);
  if (!status) throw new Error(`relay ${relay} unknown to the store`);
  return status;
}

/** Resolves with the relay's connection state once it is of `kind`. */
export function waitForConnection<K extends ConnectionState['kind']>(
  store: ConsoleStore,
  relay: string,
  kind: K,
  label: string = kind,
): Promise<Extract<ConnectionState, { kind: K }>> {
  return waitFor(
    store,
    (s) => {
      const c = s.getRelay(relay)?.connection;
      return c?.kind === kind ? (c as Extract<ConnectionState, { kind: K }>) : undefined;
    },
    label,
  );
}

export function connectionKind(store: ConsoleStore, relay: string): string {
  return relayStatus(store, relay).connection.kind;
}

export function findRequest(store: ConsoleStore, id: string): RequestRecord | undefined {
  return store.allRequests().find((record) => record.id === id);
}

let seq = 0;

/** claude-code on host-a: fresh ulids, seqs counting across the file, one fixed time. */
const claudeEvent = emitterEvents({
  agent: 'claude-code',
  host: 'host-a',
  next: () => ({ id: ulid(), seq: ++seq }),
  time: () => new Date(1_700_000_000_000).toISOString(),
});

/** An event from claude-code on host-a in `session`, with a fresh id and the next seq; `fields` go after the envelope. */
function agentEvent(type: string, session: string, fields: Partial<AepEvent>): AepEvent {
  return claudeEvent({ type, session, ...fields });
}

export function requestEvent(overrides: Partial<AepEvent> = {}, data: Record<string, unknown> = {}): AepEvent {
  return agentEvent('attention.requested', 's1', {
    severity: 'notice',
    capture: 'redacted',
    data: {
      kind: 'permission',
      prompt: 'Run rm -rf build?',
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
      ...data,
    },
    ...overrides,
  });
}

export function ackEvent(
  type: 'control.accepted' | 'control.rejected',
  cause: string,
  data: Record<string, unknown> = {},
  session = 's1',
): AepEvent {
  return agentEvent(type, session, { cause, data });
}

export function sessionEvent(type: 'session.started' | 'session.ended', session = 's1'): AepEvent {
  return agentEvent(type, session, { data: {} });
}
