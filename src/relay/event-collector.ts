import { parseEvent } from '../protocol/parse.js';
import type { AepEvent } from '../protocol/types.js';

/** Keeps the newest `limit` valid Events, counting what it drops. */
export class EventCollector {
  readonly events: AepEvent[] = [];
  dropped = 0;
  gap = false;
  constructor(private readonly limit: number) {}
  add(text: string): void {
    const parsed = parseEvent(text, { payloadIssues: false });
    if (!parsed.ok) {
      this.dropped++;
      return;
    }
    this.events.push(parsed.event);
    if (this.events.length > this.limit) {
      this.events.shift();
      this.dropped++;
    }
  }
}
