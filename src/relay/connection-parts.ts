// The parts of a relay connection (connection.ts): one socket's state, what
// the commands are told of the link, and the warnings it words.

import type { RelayHelloInfo } from './hello.js';
import type { AepEvent } from '../protocol/types.js';
import type { RelaySocket } from './socket.js';
import type { BurstVerdict, ConsoleSubscription } from './subscription.js';
import type { RelayClientOptions } from './types.js';
import type { ConsoleStore } from '../store/store.js';

/** Prefix of the warning shown when a relay leaves the subscribe unanswered. */
export const UNANSWERED_SUBSCRIBE = 'relay did not answer subscribe';
/** Prefix of the warning shown while the token provider fails (the last token it gave is used). */
export const TOKEN_UNREADABLE = 'could not re-read the token';

export interface Connection {
  socket?: RelaySocket;
  hello?: RelayHelloInfo;
  subscription?: ConsoleSubscription;
  live: boolean;
  helloTimer?: ReturnType<typeof setTimeout>;
  /** The relay refused our version (the reason): the retry is slow. */
  versionRefused?: string;
}

/** What the commands are told of the link. */
export interface LinkHooks {
  /** A frame or an Event arrived: the link is alive. */
  heard(): void;
  /** The connection closed: commands in flight go back to the queue. */
  disconnected(): void;
  /** The connection is live; `replaying` while its replay burst runs. */
  live(replaying: boolean): void;
  /** The replay burst after `subscribed` ended. */
  burstEnded(verdict: BurstVerdict): void;
  /** An `error` frame naming a command (`cause`): true when a command of ours took it. */
  refused(cause: string, code: string, detail: string | undefined): boolean;
  /** An Event was applied to the store. */
  event(event: AepEvent): void;
}

export type ConnectionOptions = Pick<RelayClientOptions, 'token' | 'ca' | 'name' | 'filter' | 'capture'>;

/** A patch taking the relay's warnings that start with `prefix` off its status line (empty: there were none). */
export function warningsWithout(
  store: Pick<ConsoleStore, 'getRelay'>,
  relay: string,
  prefix: string,
): { warnings?: string[] } {
  const warnings = store.getRelay(relay)?.warnings ?? [];
  const kept = warnings.filter((w) => !w.startsWith(prefix));
  return kept.length === warnings.length ? {} : { warnings: kept };
}
