import { parseEvent } from '../protocol/parse.js';
import type { AepEvent } from '../protocol/types.js';
import { eventPrint } from '../protocol/event-print.js';

/** The one Event a read is for (a request's own cause): kept whatever else arrives around it. */
export interface PinnedEvent {
  id: string;
  source: string;
  session: string;
}

const isPinned = (pin: PinnedEvent | undefined, event: AepEvent): boolean =>
  pin !== undefined && event.id === pin.id && event.source === pin.source && (event.session ?? '') === pin.session;

/**
 * Keeps the newest `limit` valid Events, counting what it drops. The first
 * Event that is `pin` is never dropped: a relay that sends many others with
 * it (a filter not honoured, decoys) cannot push the one asked for out. Nor
 * is the first one after it that is `pin` too but differs from it: the read
 * is read to the end, and two Events under one identity make the cause
 * unreadable (store/cause.ts), however many others came between them.
 */
export class EventCollector {
  private kept: AepEvent[] = [];
  private pinned: AepEvent | undefined;
  private pinnedPrint: string | undefined;
  private second: AepEvent | undefined;
  dropped = 0;
  gap = false;
  constructor(
    private readonly limit: number,
    private readonly pin?: PinnedEvent,
  ) {}
  /** The Events kept, the pinned one first (and a different one under its identity next, if any came). */
  get events(): AepEvent[] {
    const pinned = [this.pinned, this.second].filter((event): event is AepEvent => event !== undefined);
    return pinned.length ? [...pinned, ...this.kept] : this.kept;
  }
  add(text: string): void {
    const parsed = parseEvent(text, { payloadIssues: false });
    if (!parsed.ok) {
      this.dropped++;
      return;
    }
    if (!this.second && isPinned(this.pin, parsed.event)) {
      if (!this.pinned) {
        this.pinned = parsed.event;
        return;
      }
      this.pinnedPrint ??= eventPrint(this.pinned);
      if (eventPrint(parsed.event) !== this.pinnedPrint) {
        this.second = parsed.event;
        return;
      }
    }
    this.kept.push(parsed.event);
    if (this.kept.length > this.limit) {
      this.kept.shift();
      this.dropped++;
    }
  }
}
