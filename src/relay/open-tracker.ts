// Which request this console has open, told to the other consoles: a note
// (routed-notice.ts) when the operator opens it, again at most once a
// minute while it stays open, none once it closes or the operator leaves it.
// The UI reports what is open after every change (app-loop.ts); the clock
// of the renewals is here. Reopening a request within the minute sends
// nothing new: the note sent then still stands.
import { ROUTED_RENEW_MS } from '../protocol/routed.js';
import { OPEN_STATES } from '../store/types.js';
import type { StoreReader } from '../store/writers.js';
import { later, type Timer } from './timing.js';
import type { RelayHandle } from './types.js';

/** Keys whose last note is remembered (for "at most once a minute" across a close and reopen). */
const SENT_KEPT = 64;

export class OpenTracker {
  private key?: string;
  private timer?: Timer;
  /** request key → when its last note went out. */
  private readonly sentAt = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly clients: () => readonly RelayHandle[],
    private readonly store: Pick<StoreReader, 'request'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** What the operator has open now (undefined: nothing). */
  track(key: string | undefined): void {
    if (this.stopped || key === this.key) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.key = key;
    if (key === undefined) return;
    const last = this.sentAt.get(key);
    const wait = last === undefined ? 0 : last + ROUTED_RENEW_MS - this.now();
    if (wait <= 0) this.note();
    else this.schedule(wait);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private note(): void {
    const key = this.key;
    if (this.stopped || key === undefined) return;
    const record = this.store.request(key);
    // Closed (answered and resolved, timed out, gone): nobody needs to be told it is open.
    if (!record || !OPEN_STATES.has(record.state)) return;
    const client = this.clients().find((c) => c.relay === record.relay);
    if (client?.noteOpen?.(key)) {
      this.sentAt.delete(key);
      this.sentAt.set(key, this.now());
      if (this.sentAt.size > SENT_KEPT) this.sentAt.delete(this.sentAt.keys().next().value!);
    }
    // Sent or not (not connected now), it is said again in a minute while it stays open.
    this.schedule(ROUTED_RENEW_MS);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = later(() => this.note(), ms);
  }
}
