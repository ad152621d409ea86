// The request table (request-table.ts) with emitters' protocol violations
// recorded on it: counted per relay, and named on the request they are about.
// The fold (request-fold.ts) finds them; this keeps them. Pure state.

import type { AepEvent } from '../protocol/types.js';
import type { ByteBudget } from './byte-budget.js';
import type { FoldHooks } from './fold-hooks.js';
import { requestKey, type RequestKey } from './identity.js';
import { RequestTable } from './request-table.js';
import { EmitterRules, withRule, type EmitterViolation, type ViolationRule } from './violations.js';

export class FlaggingTable extends RequestTable {
  /** Emitter protocol violations (violations.ts); bounded like the dedupe memory. */
  protected readonly emitterRules: EmitterRules;

  constructor(hooks: FoldHooks, terminalCap: number, budget: ByteBudget, dedupeCap: number) {
    super(hooks, terminalCap, budget);
    this.emitterRules = new EmitterRules(dedupeCap);
  }

  /**
   * Records violations an Event revealed: counted on its relay, and named on
   * the request it is about (the request itself, or the one its subject names).
   * True when anything was recorded.
   */
  protected flagViolations(relay: string, event: AepEvent, found: readonly (EmitterViolation | undefined)[]): boolean {
    let any = false;
    // Indexed: runs for every Event, almost always over an empty list (an iterator would be an object each time).
    for (let i = 0; i < found.length; i++) {
      const violation = found[i];
      if (!violation) continue;
      any = true;
      this.hooks.violated(violation.relay, this.emitterRules.count(violation.relay));
      const own = requestKey(relay, event.session ?? '', event.source, event.id);
      const key = event.type === 'attention.requested' && this.holds(own) ? own : this.findRequest(relay, event);
      if (key !== undefined) this.flagRecord(key, violation.rule);
    }
    return any;
  }

  protected flagRecord(key: RequestKey, rule: ViolationRule): void {
    const rules = withRule(this.record(key)?.violations, rule);
    if (rules) this.replace(key, { violations: rules });
  }

  /** Emitter protocol violations seen (all relays), and the most recent of them. */
  violations(): { total: number; recent: EmitterViolation[] } {
    return { total: this.emitterRules.count(), recent: this.emitterRules.recent() };
  }
}
