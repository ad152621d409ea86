// The relays of `watch` and `respond`, wired exactly as the interactive
// console wires them (relay/wiring.ts: the same clients, reconnects, ack
// handling and, for respond, the same outbox and decision history), plus
// what both need and the console does not: knowing when each relay's first
// replay has ended, so that what was already there is told apart from what
// happens next.
import { hostname } from 'node:os';
import { tokenSource, type ConsoleOptions } from './args.js';
import { wireRelays, type Wiring } from '../relay/wiring.js';
import type { JournaledAnswer, Outbox } from '../files/outbox.js';
import type { DecisionRecorder } from '../files/decision-recorder.js';
import type { ConnectionState } from '../store/types.js';
import { ConsoleStore } from '../store/store.js';

export interface RelaySession {
  wiring: Wiring;
  /** Resolves once the relay's first replay has ended (never rejects). */
  firstReplay(relay: string): Promise<void>;
  /** Relays whose first replay has ended. */
  replayed: ReadonlySet<string>;
}

export interface SessionExtras {
  outbox?: Outbox;
  decisions?: DecisionRecorder;
  /** Told after every replay burst (the first one included), after firstReplay resolves. */
  onReplayEnded?: (relay: string) => void;
  /** Saved answers not to resend (respond: those for the request it answers; the operator's answer wins). */
  holdSaved?: (entry: JournaledAnswer) => boolean;
  /** Answers only on an ended read of their session (respond). */
  answersOnProof?: boolean;
  store?: ConsoleStore;
}

export function openRelays(
  options: ConsoleOptions,
  remember: (secret: string | undefined) => void,
  extras: SessionExtras = {},
): RelaySession {
  const replayed = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const wiring = wireRelays({
    relays: options.relays,
    token: tokenSource(options, remember),
    ca: options.ca,
    name: options.name,
    host: hostname(),
    filter: options.filter,
    capture: options.capture,
    store: extras.store ?? new ConsoleStore(),
    outbox: extras.outbox,
    decisions: extras.decisions,
    holdSaved: extras.holdSaved,
    answersOnProof: extras.answersOnProof,
    replayEnded: (relay) => {
      if (!replayed.has(relay)) {
        replayed.add(relay);
        for (const resolve of waiting.get(relay) ?? []) resolve();
        waiting.delete(relay);
      }
      extras.onReplayEnded?.(relay);
    },
  });
  return {
    wiring,
    replayed,
    firstReplay: (relay) =>
      replayed.has(relay)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.set(relay, [...(waiting.get(relay) ?? []), resolve])),
  };
}

/** A connection state that will not get better by waiting: no token accepted, no common version, a bad URL. */
export function hopeless(connection: ConnectionState | undefined): boolean {
  return (
    connection?.kind === 'unauthorized' || connection?.kind === 'version-unsupported' || connection?.kind === 'closed'
  );
}

/** Why a relay is not live, in words. */
export function connectionText(connection: ConnectionState | undefined): string {
  switch (connection?.kind) {
    case undefined:
      return 'not connected';
    case 'live':
      return 'live';
    case 'connecting':
      return connection.reason ? `connecting (last attempt: ${connection.reason})` : 'connecting';
    case 'reconnecting':
      return (
        `reconnecting in ${Math.max(1, Math.ceil((connection.retryAt - Date.now()) / 1000))} ` +
        `s${connection.reason ? `: ${connection.reason}` : ''}`
      );
    case 'unauthorized':
      return `not authorized${connection.detail ? `: ${connection.detail}` : ''}`;
    case 'version-unsupported':
      return `no common AEP version${connection.detail ? `: ${connection.detail}` : ''}`;
    case 'closed':
      return 'closed';
  }
}
