import type { AepEvent } from '../protocol/types.js';
import { slimForHold } from './positions.js';
import { heldEventBytes, type ByteBudget } from './byte-budget.js';
import type { SubjectKey } from './identity.js';

/** Budget key prefix of a held group (request keys never start with NUL). */
const HELD = '\u0000held';

/**
 * Lifecycle events that arrived before their request (relays may deliver out
 * of order across sessions), held slimmed by subject until it comes. Bounded:
 * past the cap the oldest group goes, so a flood of orphans costs nothing.
 */
export class HeldEvents {
  private readonly groups = new Map<SubjectKey, AepEvent[]>();
  private held = 0;

  constructor(
    readonly cap: number,
    private readonly budget: ByteBudget,
  ) {}

  /** Holds `event` (slimmed), dropping the oldest groups to stay within the count and the byte budget; false when it cannot fit at all. */
  hold(subjectKey: SubjectKey, event: AepEvent): boolean {
    if (this.held >= this.cap) this.dropOldest();
    const slim = slimForHold(event);
    const bytes = heldEventBytes(slim);
    while (!this.budget.fits(bytes) && this.groups.size > 0) this.dropOldest();
    if (!this.budget.fits(bytes)) return false;
    this.groups.set(subjectKey, [...(this.groups.get(subjectKey) ?? []), slim]);
    this.budget.add(HELD + subjectKey, bytes);
    this.held++;
    return true;
  }

  /** Drops the oldest group (to make room); false when nothing is held. */
  dropOldest(): boolean {
    const oldest = this.groups.keys().next().value;
    if (oldest === undefined) return false;
    this.drop(oldest);
    return true;
  }

  /** The events waiting for `subjectKey`, removed. */
  take(subjectKey: SubjectKey): AepEvent[] | undefined {
    const waiting = this.groups.get(subjectKey);
    if (waiting) this.drop(subjectKey);
    return waiting;
  }

  private drop(subjectKey: SubjectKey): void {
    this.held -= this.groups.get(subjectKey)?.length ?? 0;
    this.groups.delete(subjectKey);
    this.budget.release(HELD + subjectKey);
  }

  get count(): number {
    return this.held;
  }

  get groupCount(): number {
    return this.groups.size;
  }
}
