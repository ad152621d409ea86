// The console's one subscription per connection (AEP-0003 §6.5, §7): what
// `from` to ask for, the in-band refusal and its single fallback, replay gaps,
// and the replay burst.
//
// Replay burst detection: the WebSocket binding has no end-of-replay marker.
// Replay precedes live delivery on a subscription, so the burst is taken to be
// every Event from the subscribe (in practice from `subscribed`) until the
// first gap of `replayQuietMs` (~300 ms) without an Event, capped at
// `replayMaxMs` (a busy live stream is never quiet; the ending itself is
// quiet-end.ts, shared with the one-off reads). `replaying` is true during
// the burst on every connection (the queued-command flush waits for it); whether
// burst events are marked `replayed` (no bell) is the client's call: only until
// the start-up burst has completed once (see RelayClient.onEvent).
//
// A relay that never answers the subscribe (neither `subscribed` nor an error
// with its id) would leave the connection not live forever while pings keep it
// open: after `subscribeTimeoutMs` the `unanswered` hook fires (the client
// drops the socket and reconnects with backoff).

import type { EventIntake, RelayStatusBook } from '../store/writers.js';
import type { Capture, ResumePosition } from '../protocol/types.js';
import { mergeFilter, subscribeFrame } from './filter.js';
import type { Frame } from './socket.js';
import { displayLine } from '../protocol/sanitize.js';
import { later, type RelayTiming } from './timing.js';
import { QuietEnd } from './quiet-end.js';

export interface SubscriptionHooks {
  send(frame: unknown): boolean;
  /** The subscription is settled (subscribed, or finally refused): the connection is usable. */
  settled(): void;
  /**
   * The replay burst after `subscribed` ended. `complete` only when it was a
   * replay of everything the relay holds and it went quiet: only that can
   * show a request closed by its absence (saved answers wait for it).
   */
  burstEnded(verdict: BurstVerdict): void;
  /** The relay answered the subscribe neither way within `subscribeTimeoutMs`. */
  unanswered(): void;
}

export type BurstVerdict = { complete: true } | { complete: false; why: string };

let subscriptionCounter = 0;

function text(value: unknown, max = 200): string | undefined {
  return value === undefined || value === null ? undefined : displayLine(value, max);
}

export class ConsoleSubscription {
  private id?: string;
  private mode: 'all' | 'positions' = 'positions';
  private fellBack = false;
  private done = false;
  /** The replay burst after `subscribed`, ended by its first quiet gap or its cap. */
  private readonly burst: QuietEnd;
  private answerTimer?: ReturnType<typeof setTimeout>;
  private disposed = false;

  constructor(
    private readonly store: EventIntake & RelayStatusBook,
    private readonly relay: string,
    private readonly filter: Record<string, unknown> | undefined,
    private readonly capture: Capture | undefined,
    private readonly timing: RelayTiming,
    private readonly hooks: SubscriptionHooks,
  ) {
    this.burst = new QuietEnd(timing.replayQuietMs, timing.replayMaxMs, (wentQuiet) => this.burstOver(wentQuiet));
  }

  /**
   * True while the current Event belongs to the replay burst: from the
   * subscribe until the burst goes quiet (a relay that replays before its
   * `subscribed` reply is covered too).
   */
  get replaying(): boolean {
    return this.burst.active || (this.id !== undefined && !this.done);
  }

  /** Sends the subscribe: from "all" when the relay replays everything, else our resume positions. */
  begin(replayAll: boolean): void {
    if (!replayAll) {
      this.store.warnRelay(this.relay, 'relay has no replay.all: requests raised before connecting may be missing');
    }
    this.send(replayAll ? 'all' : 'positions');
  }

  private send(mode: 'all' | 'positions'): void {
    this.mode = mode;
    // Only a replay of everything can show that the relay no longer holds a request we know.
    if (mode === 'all') this.store.replayBegins(this.relay);
    else this.store.replayAbandoned(this.relay);
    this.id = `sub-${++subscriptionCounter}`;
    const merged = mergeFilter(this.filter);
    if (merged.warning) this.store.warnRelay(this.relay, merged.warning);
    const from: 'all' | ResumePosition[] = mode === 'all' ? 'all' : this.store.resumePositions(this.relay);
    this.hooks.send(subscribeFrame(this.id, merged.filter, from, this.capture));
    clearTimeout(this.answerTimer);
    this.answerTimer = later(() => {
      this.answerTimer = undefined;
      if (!this.disposed && !this.done) this.hooks.unanswered();
    }, this.timing.subscribeTimeoutMs);
  }

  private answered(): void {
    clearTimeout(this.answerTimer);
    this.answerTimer = undefined;
  }

  /** Handles `subscribed`, `error` (with our id) and `replay-exhausted`; false when the frame is not ours. */
  handle(frame: Frame): boolean {
    if (this.disposed || this.id === undefined) return false;
    if (frame.type === 'subscribed' && frame.id === this.id) {
      this.answered();
      this.done = true;
      if (this.store.getRelay(this.relay)?.subscriptionError)
        this.store.updateRelay(this.relay, { subscriptionError: undefined });
      this.startBurst();
      this.hooks.settled();
      return true;
    }
    if (frame.type === 'error' && frame.id === this.id && !this.done) {
      this.answered();
      const code = text(frame.code, 60) ?? 'error';
      const detail = text(frame.detail);
      if (this.mode === 'all' && code === 'invalid-filter' && !this.fellBack) {
        this.fellBack = true;
        this.store.warnRelay(this.relay, 'relay refused from "all": resuming from the positions already seen');
        this.send('positions');
        return true;
      }
      this.done = true;
      this.store.replayAbandoned(this.relay);
      this.store.updateRelay(this.relay, { subscriptionError: detail === undefined ? { code } : { code, detail } });
      this.store.warnRelay(this.relay, `subscription refused: ${code}${detail ? ` (${detail})` : ''}`);
      this.hooks.settled();
      return true;
    }
    if (frame.type === 'replay-exhausted' && (frame.sub === undefined || frame.sub === this.id)) {
      const session = text(frame.session, 80) ?? '?';
      const earliest = frame.earliest as { epoch?: unknown; seq?: unknown } | undefined;
      const at =
        earliest && typeof earliest === 'object'
          ? ` (replay starts at epoch ${text(earliest.epoch, 20)} seq ${text(earliest.seq, 20)})`
          : '';
      this.store.warnRelay(this.relay, `history of session ${session} is partly gone from the relay buffer${at}`);
      // Who spoke there is no longer known whole: the gate reads the session before it sends there.
      if (typeof frame.session === 'string') this.store.sessionHistoryLost(this.relay, frame.session);
      return true;
    }
    return false;
  }

  /** An Event arrived on this connection. */
  touch(): void {
    this.burst.touch();
  }

  private startBurst(): void {
    this.burst.start();
    this.store.updateRelay(this.relay, { replaying: true });
  }

  private burstOver(wentQuiet: boolean): void {
    if (this.disposed) return;
    this.store.updateRelay(this.relay, { replaying: false });
    // Only a replay that went quiet has shown everything it holds; one cut
    // off at the cap (a slow replay, or live traffic that never pauses)
    // gives no verdict on what it has not re-delivered yet.
    if (this.mode === 'all') {
      if (wentQuiet) this.store.replayCompleted(this.relay);
      else this.store.replayAbandoned(this.relay);
    }
    this.hooks.burstEnded(this.verdict(wentQuiet));
  }

  private verdict(wentQuiet: boolean): BurstVerdict {
    if (this.mode !== 'all')
      return {
        complete: false,
        why: this.fellBack ? 'the relay refused a replay of everything it holds' : 'the relay has no replay.all',
      };
    const cap = this.timing.replayMaxMs;
    if (!wentQuiet)
      return {
        complete: false,
        why: `the replay was cut off after ${cap >= 1000 ? `${Math.round(cap / 1000)} s` : `${cap} ms`}`,
      };
    return { complete: true };
  }

  private endBurst(): void {
    if (!this.burst.active) return;
    this.burst.stop();
    this.store.updateRelay(this.relay, { replaying: false });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.answered();
    this.store.replayAbandoned(this.relay);
    this.endBurst();
  }
}
