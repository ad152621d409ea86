// The connection side of a relay client (AEP-0003): connect with the bearer
// token in the header, hello as a consumer, one subscription, the roster,
// liveness and reconnect with backoff, and every frame routed. Every
// transition is reported to the ConsoleStore; nothing here ever throws into
// its caller. What the console sends over it (answers, controls, the
// recovery of saved answers) is the client's (client.ts), told of the link
// through `LinkHooks`.
//
// Bell semantics: Events of the start-up replay burst are history and are
// applied `replayed: true` (no bell). Once one burst has completed, later
// bursts (after a reconnect) are applied `replayed: false`: the store dedupes
// what it already holds, so only requests raised during the outage become new
// records, and those ring once. (A connection lost during the start-up burst
// leaves start-up unfinished: the next burst is still start-up history.)

import { consumerHello, readRelayHello } from './hello.js';
import type { AepEvent } from '../protocol/types.js';
import type { ConsoleStore } from '../store/store.js';
import type { IngestBatch } from './ingest-batch.js';
import { countUndecodable, ingestEvent } from '../store/intake.js';
import { RelaySocket, type CloseInfo, type Frame } from './socket.js';
import { ConsoleSubscription } from './subscription.js';
import { displayLine } from '../protocol/sanitize.js';
import { contain } from './contain.js';
import { later, type RelayTiming } from './timing.js';
import { retryPlan } from './retry-plan.js';
import { readToken } from './token.js';
import { RosterRequests } from './roster.js';
import { takeCleared, type ClearedFrame } from './gate.js';
import {
  TOKEN_UNREADABLE,
  UNANSWERED_SUBSCRIBE,
  type Connection,
  type ConnectionOptions,
  type LinkHooks,
  warningsWithout,
} from './connection-parts.js';

export class RelayConnection {
  private conn?: Connection;
  private stopped = false;
  /** Consecutive failed connections; reset only once a connection has proved stable (see goLive). */
  private failures = 0;
  /** Why the last connection failed: kept on the status line while the next attempt connects. */
  private lastFailure?: string;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private stableTimer?: ReturnType<typeof setTimeout>;
  private readonly roster: RosterRequests;
  private refusedControl = false;
  /** A replay burst has completed once: later bursts carry new events (they ring). */
  private caughtUp = false;
  /** The last token the provider gave (see currentToken). */
  private lastToken?: string;

  constructor(
    private readonly store: ConsoleStore,
    private readonly relay: string,
    private readonly socketUrl: string | undefined,
    private readonly options: ConnectionOptions & { host: string },
    private readonly timing: RelayTiming,
    private readonly random: () => number,
    private readonly ingest: IngestBatch,
    private readonly hooks: LinkHooks,
  ) {
    this.roster = new RosterRequests(
      store,
      relay,
      timing.rosterDebounceMs,
      () => (this.conn?.hello?.roster ? this.conn.socket : undefined),
      timing.rosterRefreshMs,
    );
  }

  /**
   * The link the commands go over. A command frame goes out only as a frame
   * the gate cleared in this very step (gate.ts: each taken once); routing
   * notes, which never reach an agent, go by `note`, which refuses a command.
   */
  readonly link = {
    ready: () => this.conn?.live === true && this.conn.socket?.isOpen === true,
    send: (frame: ClearedFrame) => takeCleared(frame) && (this.conn?.socket?.send(frame.event) ?? false),
    note: (event: AepEvent) => !String(event.type).startsWith('control.') && (this.conn?.socket?.send(event) ?? false),
    heard: () => this.conn?.socket?.framesHeard ?? -1,
    probe: () => this.conn?.socket?.probe(this.timing.probeTimeoutMs),
  };

  /** The token for a one-off read: a provider is asked, its last token used when it fails (no warning: the read says why it failed). */
  tokenForRead(): string | undefined {
    return readToken(this.options.token, this.lastToken).token;
  }

  /** Stops reconnecting; `beforeClose` runs before the socket is closed. Never rejects. */
  async stop(beforeClose: () => void): Promise<void> {
    this.stopped = true;
    try {
      clearTimeout(this.retryTimer);
      this.roster.cancel();
      clearTimeout(this.stableTimer);
      beforeClose();
      const conn = this.conn;
      if (conn) {
        clearTimeout(conn.helloTimer);
        conn.subscription?.dispose();
        await conn.socket?.close();
      }
      this.conn = undefined;
      this.store.updateRelay(this.relay, { connection: { kind: 'closed' } });
    } catch {
      // stop() never rejects
    }
  }

  // ── connection lifecycle ──────────────────────────────────────────────

  connect(): void {
    this.retryTimer = undefined;
    if (this.stopped || !this.socketUrl) return;
    // A refusal stays on screen until the relay says otherwise; any other failure is named while we retry.
    const shown = this.store.getRelay(this.relay)?.connection.kind;
    if (shown !== 'unauthorized' && shown !== 'version-unsupported') {
      this.store.updateRelay(this.relay, {
        connection: this.lastFailure ? { kind: 'connecting', reason: this.lastFailure } : { kind: 'connecting' },
      });
    }
    const conn: Connection = { live: false };
    this.conn = conn;
    try {
      conn.socket = new RelaySocket(
        this.socketUrl,
        this.currentToken(),
        {
          // Queued in arrival order, close included, so no frame is dropped
          // for a connection that closed before its batch ran.
          // After stop() nothing more is applied, though the socket is still closing.
          open: () => this.ingest.add(() => this.stopped || this.onOpen(conn)),
          frame: (frame) => this.ingest.add(() => this.stopped || this.onFrame(conn, frame)),
          event: (text, value) => this.ingest.add(() => this.stopped || this.onEvent(conn, text, value)),
          undecodable: () => this.ingest.add(() => this.stopped || countUndecodable(this.store, this.relay)),
          closed: (info) => this.ingest.add(() => this.onClosed(conn, info)),
        },
        this.timing,
        this.options.ca,
      );
    } catch (err) {
      this.onClosed(conn, {
        reason: displayLine(err instanceof Error ? err.message : 'could not open the socket', 200),
        opened: false,
      });
    }
  }

  /** The token for this connect: a provider is asked every time (see token.ts). */
  private currentToken(): string | undefined {
    const read = readToken(this.options.token, this.lastToken);
    this.lastToken = read.token;
    if (read.failure)
      this.store.warnRelay(this.relay, `${TOKEN_UNREADABLE} (${read.failure}): using the last one read`);
    else if (typeof this.options.token === 'function') this.dropWarnings(TOKEN_UNREADABLE);
    return read.token;
  }

  private dropWarnings(prefix: string): void {
    const patch = warningsWithout(this.store, this.relay, prefix);
    if (patch.warnings) this.store.updateRelay(this.relay, patch);
  }

  private onOpen(conn: Connection): void {
    if (conn !== this.conn) return;
    conn.socket?.send(consumerHello(this.options.name, this.options.host));
    conn.helloTimer = later(() => conn.socket?.terminate('the relay sent no hello'), this.timing.helloTimeoutMs);
  }

  private onClosed(conn: Connection, info: CloseInfo): void {
    if (conn !== this.conn) return;
    this.conn = undefined;
    clearTimeout(conn.helloTimer);
    this.roster.cancel();
    conn.subscription?.dispose();
    this.hooks.disconnected();
    clearTimeout(this.stableTimer);
    this.stableTimer = undefined;
    if (this.stopped) return;
    this.lastFailure = info.reason;
    const plan = retryPlan(info, conn.versionRefused, this.failures, this.timing, this.random, this.lastToken);
    if (plan.failed) this.failures++;
    this.store.updateRelay(this.relay, { connection: plan.connection });
    this.retryTimer = setTimeout(() => contain(() => this.connect()), plan.delay);
  }

  private goLive(conn: Connection): void {
    if (conn !== this.conn || conn.live) return;
    conn.live = true;
    // Only a connection that stays up proves the relay healthy: one that is
    // closed right after each subscribe must not reset the backoff, or it is
    // redialled (with a full replay) about once a second forever.
    clearTimeout(this.stableTimer);
    this.stableTimer = later(() => {
      if (conn === this.conn) {
        this.failures = 0;
        this.lastFailure = undefined;
      }
    }, this.timing.stableAfterMs);
    const warnings = warningsWithout(this.store, this.relay, UNANSWERED_SUBSCRIBE);
    this.store.updateRelay(this.relay, { connection: { kind: 'live' }, ...warnings });
    this.hooks.live(conn.subscription?.replaying ?? false);
  }

  /** No common version: said, the socket closed, and retried slowly (onClosed). */
  private giveUp(conn: Connection, detail: string): void {
    conn.versionRefused = detail;
    this.store.updateRelay(this.relay, { connection: { kind: 'version-unsupported', detail } });
    void conn.socket?.close();
  }

  // ── frames ────────────────────────────────────────────────────────────

  private onFrame(conn: Connection, frame: Frame): void {
    if (conn !== this.conn) return;
    this.hooks.heard();
    switch (frame.type) {
      case 'hello':
        return this.onHello(conn, frame);
      case 'error':
        return this.onError(conn, frame);
      case 'subscribed':
      case 'replay-exhausted':
        conn.subscription?.handle(frame);
        return;
      case 'roster':
        this.roster.received(frame);
        return;
      case 'closing':
        // Expect the close; reconnect with backoff and resume from our own positions.
        conn.socket?.expectClose(`relay closing: ${displayLine(frame.reason ?? 'no reason given', 80)}`);
        return;
      default:
        return; // ping (answered by the socket), pong, unknown frames: ignored (AEP-0003 §2)
    }
  }

  private onHello(conn: Connection, frame: Frame): void {
    if (conn.hello) return;
    clearTimeout(conn.helloTimer);
    const info = readRelayHello(frame);
    if (!info.versionOk) {
      const offered = info.versions.length ? info.versions.map((v) => displayLine(v, 20)).join(', ') : 'none';
      return this.giveUp(conn, `relay speaks AEP ${offered}; the console speaks 0.1`);
    }
    conn.hello = info;
    const watchOnlyReason =
      info.watchOnlyReason ?? (this.refusedControl ? this.store.getRelay(this.relay)?.watchOnlyReason : undefined);
    this.store.updateRelay(this.relay, {
      replayAll: info.replayAll,
      roster: info.roster,
      watchOnly: watchOnlyReason !== undefined,
      watchOnlyReason,
    });
    const socket = conn.socket;
    conn.subscription = new ConsoleSubscription(
      this.store,
      this.relay,
      this.options.filter,
      this.options.capture,
      this.timing,
      {
        send: (f) => socket?.send(f) ?? false,
        settled: () => this.goLive(conn),
        burstEnded: (verdict) => {
          if (conn === this.conn) this.caughtUp = true;
          this.hooks.burstEnded(verdict);
        },
        unanswered: () => this.subscribeUnanswered(conn),
      },
    );
    conn.subscription.begin(info.replayAll);
    if (info.roster) this.roster.request();
  }

  /** No `subscribed` and no error for our subscribe: drop the socket and reconnect with backoff. */
  private subscribeUnanswered(conn: Connection): void {
    if (conn !== this.conn || this.stopped) return;
    const ms = this.timing.subscribeTimeoutMs;
    const why = `${UNANSWERED_SUBSCRIBE} within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`;
    this.store.warnRelay(this.relay, `${why}: reconnecting`);
    conn.socket?.terminate(why);
  }

  private onError(conn: Connection, frame: Frame): void {
    const code = frame.code === undefined ? 'error' : displayLine(frame.code, 60);
    const detail = frame.detail === undefined || frame.detail === null ? undefined : displayLine(frame.detail, 200);
    if (code === 'version-unsupported') return this.giveUp(conn, detail ?? 'the relay does not speak AEP 0.1');
    if (conn.subscription?.handle(frame)) return;
    if (typeof frame.cause === 'string' && this.hooks.refused(frame.cause, code, detail)) {
      if (code === 'unauthorized') {
        this.refusedControl = true;
        this.store.updateRelay(this.relay, {
          watchOnly: true,
          watchOnlyReason: 'relay refused a command: unauthorized',
        });
      }
      // The refusal says something about who claims the session: refresh the roster.
      if ((code === 'no-route' || code === 'ambiguous') && conn.hello?.roster) this.roster.schedule();
      return;
    }
    this.store.warnRelay(this.relay, `relay error ${code}${detail ? `: ${detail}` : ''}`);
  }

  private onEvent(conn: Connection, text: string, value: Record<string, unknown>): void {
    if (conn !== this.conn) return;
    this.hooks.heard();
    // Only the start-up burst is history; a reconnect burst may hold requests raised during the outage.
    const replayed = !this.caughtUp && (conn.subscription?.replaying ?? false);
    conn.subscription?.touch();
    const event = ingestEvent(this.store, this.relay, text, replayed, value);
    if (!event) return;
    this.hooks.event(event);
    if (conn.hello?.roster && (event.type === 'session.started' || event.type === 'session.ended'))
      this.roster.schedule();
  }
}
