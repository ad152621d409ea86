// The gate at the wire: every command frame (`control.*`: an answer's first
// send, each automatic retry, `r`, the flush after a reconnect, a saved
// answer, cancel, pause, resume) passes `WireGate.ask` in the same
// synchronous step as its socket write. The gate first folds every Event
// already received (the ingest batch), then asks the ledger
// (store/ledger.ts gateRefusal) with the store as it is at that instant.
// A yes is a `ClearedFrame`: the only value a link's `send` accepts
// (connection.ts checks it at run time, once), so there is no other way for a
// command to reach a relay. A rule's answer not yet written also asks the
// rule again here (store/rule-recheck.ts). What the ledger cannot prove (its memory of the
// session is partial: "unknown") has the session read (session-read.ts); the
// command waits for that read, and is asked again when it ends.

import { gateRefusal, type Refusal } from '../store/ledger.js';
import type { ConsoleStore } from '../store/store.js';
import type { AepEvent } from '../protocol/types.js';
import { displayLine } from '../protocol/sanitize.js';
import { contain } from './contain.js';
import type { SessionRead } from './session-read.js';
import type { Recheck } from './types.js';

/** A command frame the gate let through; written once, at once. */
export interface ClearedFrame {
  readonly event: AepEvent;
}

/** Frames cleared and not yet written: a link writes only these (and each once). */
const cleared = new WeakSet<ClearedFrame>();

/** Takes a cleared frame off the list: true once per frame the gate made, false for anything else. */
export function takeCleared(frame: ClearedFrame): boolean {
  return cleared.delete(frame);
}

export type GateVerdict =
  | { ok: true; frame: ClearedFrame }
  /** `waiting`: a read of the session is under way; the command is asked again when it ends. */
  | { ok: false; refusal: Refusal; waiting: boolean };

/** What a saved answer's proof stands on now (WireGate.proof). */
export type SessionProof =
  { state: 'ended' } | { state: 'reading' } | { state: 'failed'; why: string } | { state: 'none' };

/** The gate's reads of sessions (one at a time per session): session-read.ts, with this client's token and CAs. */
export type SessionReader = (session: string) => Promise<SessionRead>;

export class WireGate {
  /** Sessions being read now. */
  private readonly reading = new Set<string>();
  /** Set once a read found that the relay has no SSE: nothing can settle an unknown session then. */
  private noSse?: string;
  /** Counts the link's comings and goings: a saved answer needs a read made since the last. */
  private epoch = 0;
  /** Sessions whose read, started in this epoch, ended (saved answers may go), or why it did not. */
  private readNow = new Map<string, { ended: true } | { ended: false; why: string }>();
  private disposed = false;

  constructor(
    private readonly store: ConsoleStore,
    private readonly relay: string,
    /** Folds every Event already received into the store (the ingest batch's flush). */
    private readonly foldPending: () => void,
    private readonly read: SessionReader | undefined,
    /** A read of `session` ended (settled or not): the commands waiting on it are asked again. */
    private readonly readDone: (session: string, why: string | undefined) => void,
  ) {}

  /**
   * The link went down or came back: reads made before prove nothing about
   * what a saved answer meets now ("Saved answers only on proof").
   */
  linkChanged(): void {
    this.epoch++;
    this.readNow.clear();
  }

  /**
   * What proves `session` for a saved answer now: a read made since the link
   * came back that ended, one under way, one that did not end (why), or none.
   */
  proof(session: string): SessionProof {
    const read = this.readNow.get(session);
    if (read?.ended) return { state: 'ended' };
    if (this.reading.has(session)) return { state: 'reading' };
    if (read) return { state: 'failed', why: read.why };
    if (this.noSse !== undefined) return { state: 'failed', why: this.noSse };
    return { state: 'none' };
  }

  /** Starts the read a saved answer's proof needs (none since the link came back); whether one is under way. */
  prove(session: string): boolean {
    return this.proof(session).state === 'none' ? this.startRead(session) : this.reading.has(session);
  }

  /**
   * Asks the gate for a command frame about request `requestKey`, now. The
   * caller writes a cleared frame in the same synchronous step, or not at all.
   * `proof`: the command goes only once a read of its session made since the
   * link came back has ended (a saved answer, and `respond`'s).
   */
  ask(requestKey: string, event: AepEvent, mayRead = true, recheck?: Recheck, proof = false): GateVerdict {
    contain(this.foldPending);
    const record = this.store.request(requestKey);
    // A rule's answer not yet written: the rule, asked with the request as it stands now, must still give it.
    const ruleWhy = recheck?.(record);
    if (ruleWhy !== undefined)
      return { ok: false, refusal: { code: 'rule', why: `not sent: ${ruleWhy}` }, waiting: false };
    if (!record || record.relay !== this.relay)
      return {
        ok: false,
        refusal: { code: 'closed', why: 'The request is no longer held by this console: nothing is sent for it.' },
        waiting: false,
      };
    // A saved answer (and respond's) goes only after a read of its session, made since the link came back, has ended.
    if (proof) {
      const known = this.proof(record.session);
      if (known.state !== 'ended') {
        const session = displayLine(record.session, 60);
        const why =
          known.state === 'failed'
            ? `no read of session "${session}" has ended since the relay came back ` +
              `(${displayLine(known.why, 200)}), so what it holds now is unknown`
            : `it waits for a read of session "${session}" made since the relay came back`;
        const refusal: Refusal = { code: 'unknown', risk: why, why: `Not sent: ${why}.` };
        const waiting =
          known.state === 'reading' || (known.state === 'none' && mayRead && this.startRead(record.session));
        return { ok: false, refusal, waiting };
      }
    }
    const refusal = gateRefusal(this.store, record, event.type === 'control.attention.respond' ? 'respond' : 'control');
    if (!refusal) {
      const frame: ClearedFrame = Object.freeze({ event });
      cleared.add(frame);
      return { ok: true, frame };
    }
    if (refusal.code !== 'unknown') return { ok: false, refusal, waiting: false };
    return { ok: false, refusal, waiting: mayRead && this.startRead(record.session) };
  }

  /** Whether a read of `session` is (now) under way. */
  private startRead(session: string): boolean {
    if (this.reading.has(session)) return true;
    if (!this.read || this.disposed) return false;
    if (this.noSse !== undefined) return false;
    this.reading.add(session);
    const clock = this.store.sessionReadStarts(this.relay, session);
    const epoch = this.epoch;
    void this.read(session).then(
      (result) => this.ended(session, clock, epoch, result),
      (err: unknown) => this.ended(session, clock, epoch, { ended: false, why: String(err) }),
    );
    return true;
  }

  private ended(session: string, clock: number, epoch: number, result: SessionRead): void {
    this.reading.delete(session);
    if (this.disposed) return;
    contain(() => {
      if (epoch === this.epoch)
        this.readNow.set(session, result.ended ? { ended: true } : { ended: false, why: result.why });
      if (result.ended) {
        // The read's attention Events the live stream has not brought yet (a replay that paused) are folded in:
        // a request it shows closed is closed here too. Anything already held is a duplicate and changes nothing.
        this.store.batch(() => {
          for (const event of result.events)
            if (event.session === session && event.type.startsWith('attention.'))
              this.store.applyEvent(this.relay, event, { replayed: true });
        });
        this.store.sessionRead(this.relay, session, clock, result.events);
      } else if (result.noSse) {
        this.noSse = result.why;
        this.store.warnRelay(
          this.relay,
          `sessions the console's memory lost stay unknown, so no command is sent to them: ${displayLine(result.why, 200)}`,
        );
      }
      this.readDone(session, result.ended ? undefined : displayLine(result.why, 200));
    });
  }

  dispose(): void {
    this.disposed = true;
  }
}
