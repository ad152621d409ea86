import { parseEvent } from '../protocol/parse.js';
import type { AepEvent } from '../protocol/types.js';
import { eventPrint } from '../protocol/event-print.js';

/** The one Event a read is for (a request's own cause): kept whatever else arrives around it. */
export interface PinnedEvent {
  id: string;
  source: string;
  session: string;
}

/** What a read is for: one Event, or several (the rows' read of many causes at once, ui/row-causes.ts). */
export type Pins = PinnedEvent | readonly PinnedEvent[];

/** Structured (the strings may hold any separator). */
const identity = (id: string, source: string, session: string) => JSON.stringify([id, source, session]);

/** Per pinned identity: the first Event under it, and the first after it that differs. */
interface Slot {
  first?: AepEvent;
  print?: string;
  second?: AepEvent;
}

/**
 * Keeps the newest `limit` valid Events, counting what it drops. The first
 * Event that is a pin is never dropped: a relay that sends many others with
 * it (a filter not honoured, decoys) cannot push the one asked for out. Nor
 * is the first one after it that is that pin too but differs from it: the
 * read is read to the end, and two Events under one identity make the cause
 * unreadable (store/cause.ts), however many others came between them. At
 * most two Events per pin are kept, so many pins stay bounded too.
 */
export class EventCollector {
  private kept: AepEvent[] = [];
  private readonly slots = new Map<string, Slot>();
  dropped = 0;
  gap = false;
  constructor(
    private readonly limit: number,
    pins?: Pins,
  ) {
    const list: readonly PinnedEvent[] = pins === undefined ? [] : 'id' in pins ? [pins] : pins;
    for (const pin of list) this.slots.set(identity(pin.id, pin.source, pin.session), {});
  }
  /** The Events kept, the pinned ones first (each followed by a different one under its identity, if any came). */
  get events(): AepEvent[] {
    const pinned: AepEvent[] = [];
    for (const slot of this.slots.values()) {
      if (slot.first) pinned.push(slot.first);
      if (slot.second) pinned.push(slot.second);
    }
    return pinned.length ? [...pinned, ...this.kept] : this.kept;
  }
  add(text: string): void {
    const parsed = parseEvent(text, { payloadIssues: false });
    if (!parsed.ok) {
      this.dropped++;
      return;
    }
    const event = parsed.event;
    const slot = this.slots.size ? this.slots.get(identity(event.id, event.source, event.session ?? '')) : undefined;
    if (slot && !slot.second) {
      if (!slot.first) {
        slot.first = event;
        return;
      }
      slot.print ??= eventPrint(slot.first);
      if (eventPrint(event) !== slot.print) {
        slot.second = event;
        return;
      }
    }
    this.kept.push(event);
    if (this.kept.length > this.limit) {
      this.kept.shift();
      this.dropped++;
    }
  }
}
