import type { Answer, Capture, FieldSpec } from '../protocol/types.js';
import type { ControlRequest } from '../protocol/control.js';
import type { FetchResult } from './read-result.js';
import type { Pins } from './event-collector.js';
import type { ConsoleStore } from '../store/store.js';
import type { IngestBatch } from './ingest-batch.js';
import type { RelayTiming } from './timing.js';
import type { JournaledAnswer, Outbox } from '../files/outbox.js';
import type { DecisionSink } from '../files/decision-recorder.js';
import type { RequestRecord, SendFacts } from '../store/types.js';

/** Asked before an answer is first written: why it must not go out now (undefined: it may). */
export type Recheck = (record: RequestRecord | undefined) => string | undefined;

/**
 * An answer's send request, beyond the request and the answer: who decided,
 * the cause shown and the batch (the history's line is written from them at
 * once), and a rule's `recheck`. Absent: the operator's answer (`by: "you"`).
 */
export interface AnswerSend extends SendFacts {
  recheck?: Recheck;
}

/** What the UI needs from a relay connection; tests pass in-memory fakes. */
export interface RelayHandle {
  /** The relay's display id, as used in the store (`RequestRecord.relay`). */
  readonly relay: string;
  /**
   * Builds a control.attention.respond for the request and sends it (or
   * queues it until connected). Returns the command id. Every transition is
   * reported to the store. `send`: who decided, the cause shown, the batch
   * (the decision history's line is written from them, at once); its
   * `recheck` (a rule's answer) is asked in the same step as the first
   * write, with the request as it stands; a reason there means the answer
   * is not sent (`not-sent`, store/rule-recheck.ts).
   */
  respond(requestKey: string, answer: Answer, send?: AnswerSend): string;
  /**
   * Resends a timed-out command with the SAME id, or asks the gate again for
   * a held one; returns the gate's refusal when it still refuses (held).
   */
  resend(commandId: string): { why: string } | undefined | void;
  /** Drops a held answer (not sent, out of the outbox); true when it was held. Absent: nothing is ever held. */
  drop?(commandId: string): boolean;
  /**
   * Cancel / pause / resume the session of a request (AEP-0004 §5), with the
   * same discipline as an answer. Returns the command id ('' when not sent).
   * Absent on handles that cannot command (files, test fakes). `facts`: as
   * an answer's send carries them (absent: the operator's).
   */
  control?(requestKey: string, request: ControlRequest, facts?: SendFacts): string;
  /**
   * Reads Events matching an attr-match filter once (cause, timeline): see fetch-events.ts. `pin`: the Event (or
   * Events) asked for, never dropped.
   */
  fetchEvents?(filter: Record<string, unknown>, limit: number, signal?: AbortSignal, pin?: Pins): Promise<FetchResult>;
  /** Tells other consoles the operator has the request open (attention.routed); false when nothing was sent. Absent: it cannot. */
  noteOpen?(requestKey: string): boolean;
}

export interface RelayClientOptions {
  /** Base URL as given on the command line (http, https, ws, wss). */
  url: string;
  /**
   * Bearer token, or a provider asked before every connect (a rotated token
   * file is picked up without a restart). When the provider throws, the last
   * token it gave is used and the reason shows as a relay warning.
   */
  token?: string | (() => string | undefined);
  /** Extra CA certificates (PEM) trusted for https/wss besides Node's roots (--ca). */
  ca?: readonly string[];
  /** Sender name in hello identity and commands (--name). */
  name: string;
  /** Host name for identity/source; defaults to os.hostname(). */
  host?: string;
  /** This console instance's per-run id, in the source of its open-request notes (default: made up per client). */
  instance?: string;
  /** --read-only: nothing is ever sent (no answer, command or open-request note). */
  readOnly?: boolean;
  /** The user's extra attr-match filter (--filter, --agent, --session merged). */
  filter?: Record<string, unknown>;
  capture?: Capture;
  store: ConsoleStore;
  /** Shared by the clients of one console so a burst from any relay is one store batch. */
  ingest?: IngestBatch;
  /** The durable outbox: answers are saved before they are sent (see outbox.ts); none when absent. */
  outbox?: Outbox;
  /** The decision history: told of saved answers dropped on proof (commands it reads from the store). */
  decisions?: DecisionSink;
  /** Saved answers not to resend though proof allows it (respond: those for the request it answers; outbox-recovery.ts). */
  holdSaved?: (entry: JournaledAnswer) => boolean;
  /**
   * Every answer goes only after a read of its session, made since the link
   * came back, has ended (respond: a WebSocket replay that went quiet proves
   * nothing; gate.ts). Refused without one: not sent, `unknown`.
   */
  answersOnProof?: boolean;
  /** Told each time a connection's replay burst has ended (watch and respond wait for the first). */
  replayEnded?: (relay: string, complete: boolean) => void;
  /** Injectable for tests: Math.random for backoff jitter. */
  random?: () => number;
  /** Optional overrides of backoff, liveness, replay-burst and ack delays (tests shorten them). */
  timing?: Partial<RelayTiming>;
}

export type { Answer, FieldSpec };
