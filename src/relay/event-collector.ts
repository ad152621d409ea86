import { parseEvent } from '../protocol/parse.js';
import type { AepEvent } from '../protocol/types.js';

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
 * it (a filter not honoured, decoys) cannot push the one asked for out.
 */
export class EventCollector {
  private kept: AepEvent[] = [];
  private pinned: AepEvent | undefined;
  dropped = 0;
  gap = false;
  constructor(
    private readonly limit: number,
    private readonly pin?: PinnedEvent,
  ) {}
  /** The Events kept, the pinned one first. */
  get events(): AepEvent[] {
    return this.pinned ? [this.pinned, ...this.kept] : this.kept;
  }
  add(text: string): void {
    const parsed = parseEvent(text, { payloadIssues: false });
    if (!parsed.ok) {
      this.dropped++;
      return;
    }
    if (!this.pinned && isPinned(this.pin, parsed.event)) {
      this.pinned = parsed.event;
      return;
    }
    this.kept.push(parsed.event);
    if (this.kept.length > this.limit) {
      this.kept.shift();
      this.dropped++;
    }
  }
}
