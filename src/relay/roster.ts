// The relay's roster (AEP-0003 §6.7): who claims which session. Asked once
// after hello when the relay offers it, and again, debounced, when a session
// starts or ends or a command's refusal says something about who claims it,
// and every `refreshMs` while connected: an emitter that dies without a
// session.ended leaves the roster silently, and only a fresh roster says so
// (the inbox groups its requests under "No agent connected").
import { isObj } from '../protocol/guards.js';
import type { RosterEntry } from '../protocol/types.js';
import type { ConsoleStore } from '../store/store.js';
import { contain } from './contain.js';
import type { Frame } from './socket.js';
import { later } from './timing.js';

export class RosterRequests {
  private timer?: ReturnType<typeof setTimeout>;
  private refresh?: ReturnType<typeof setTimeout>;
  private counter = 0;

  constructor(
    private readonly store: ConsoleStore,
    private readonly relay: string,
    private readonly debounceMs: number,
    /** The current connection's socket when its relay offers a roster, else undefined. */
    private readonly socket: () => { send(frame: Record<string, unknown>): unknown } | undefined,
    private readonly refreshMs = 0,
  ) {}

  /** Asks now, on the current connection, and again after `refreshMs` (0: never) until cancelled. */
  request(): void {
    const socket = this.socket();
    socket?.send({ type: 'roster', id: `r-${++this.counter}` });
    clearTimeout(this.refresh);
    this.refresh = undefined;
    if (socket && this.refreshMs > 0) {
      this.refresh = later(() => {
        this.refresh = undefined;
        contain(() => this.request());
      }, this.refreshMs);
    }
  }

  /** Asks once the debounce has passed (one request for a burst of reasons). */
  schedule(): void {
    if (this.timer) return;
    this.timer = later(() => {
      this.timer = undefined;
      contain(() => this.request());
    }, this.debounceMs);
  }

  /** A `roster` frame: its well-formed entries replace the relay's roster. */
  received(frame: Frame): void {
    if (!Array.isArray(frame.entries)) return;
    const entries = frame.entries.filter((e): e is RosterEntry => isObj(e) && typeof e.session === 'string');
    this.store.setRoster(this.relay, entries);
  }

  /** The connection is gone: no request is pending. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    clearTimeout(this.refresh);
    this.refresh = undefined;
  }
}
