// The one place a replay read over the WebSocket is ended: the binding has
// no end-of-replay marker, and a replay precedes live delivery, so the replay
// is taken to be over at the first gap of `quietMs` without an Event. A cap
// (`maxMs`) ends it anyway, since a busy live stream is never quiet. Used by
// the live subscription's replay burst (subscription.ts) and by the one-off
// reads over the WebSocket (socket-read.ts).
import { later } from './timing.js';

export class QuietEnd {
  private running = false;
  private startedAt = 0;
  private lastAt = 0;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly quietMs: number,
    /** Ends the watch even without a quiet gap; `Infinity` for none (an overall deadline elsewhere). */
    private readonly maxMs: number,
    /** Called once per start: `wentQuiet` false when the cap ended it. */
    private readonly ended: (wentQuiet: boolean) => void,
  ) {}

  get active(): boolean {
    return this.running;
  }

  /** The watch starts now (the subscription was confirmed). */
  start(): void {
    this.running = true;
    this.startedAt = this.lastAt = Date.now();
    this.schedule(Math.min(this.quietMs, this.maxMs));
  }

  /** An Event arrived; ignored unless the watch runs. */
  touch(): void {
    if (this.running) this.lastAt = Date.now();
  }

  /** Stops the watch without calling `ended`. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = false;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = later(() => this.check(), Math.max(delay, 1));
  }

  private check(): void {
    this.timer = undefined;
    if (!this.running) return;
    const now = Date.now();
    const quiet = now - this.lastAt;
    const wentQuiet = quiet >= this.quietMs;
    if (wentQuiet || now - this.startedAt >= this.maxMs) {
      this.running = false;
      this.ended(wentQuiet);
      return;
    }
    this.schedule(Math.min(this.quietMs - quiet, this.maxMs - (now - this.startedAt)));
  }
}
