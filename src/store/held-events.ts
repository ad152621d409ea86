import type { AepEvent } from '../protocol/types.js';
import { slimForHold } from './positions.js';

/**
 * Lifecycle events that arrived before their request (relays may deliver out
 * of order across sessions), held slimmed by subject until it comes. Bounded:
 * past the cap the oldest group goes, so a flood of orphans costs nothing.
 */
export class HeldEvents {
  private readonly groups = new Map<string, AepEvent[]>();
  private held = 0;

  constructor(readonly cap: number) {}

  hold(subjectKey: string, event: AepEvent): void {
    if (this.held >= this.cap) {
      const oldest = this.groups.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.groups.set(subjectKey, [...(this.groups.get(subjectKey) ?? []), slimForHold(event)]);
    this.held++;
  }

  /** The events waiting for `subjectKey`, removed. */
  take(subjectKey: string): AepEvent[] | undefined {
    const waiting = this.groups.get(subjectKey);
    if (waiting) this.drop(subjectKey);
    return waiting;
  }

  private drop(subjectKey: string): void {
    this.held -= this.groups.get(subjectKey)?.length ?? 0;
    this.groups.delete(subjectKey);
  }

  get count(): number {
    return this.held;
  }

  get groupCount(): number {
    return this.groups.size;
  }
}
