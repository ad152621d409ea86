// What an emitter's protocol violation means, in an operator's words (the
// rule name stays first: it is what `aep validate` and the SDKs print).
import type { RequestRecord } from '../../store/types.js';
import type { ViolationRule } from '../../store/violations.js';
import { glyphs } from '../glyphs.js';

const MEANING: Record<ViolationRule, string> = {
  'ended-with-pending-attention':
    'its session ended while this request was open: the agent never closed it (AEP-0002 §7.2), so no answer can reach it now',
  'id-collision': 'the agent reused this id for a different Event (AEP-0001 §7.4); the first one is shown',
  'seq-regression': 'the agent sent this out of order: seq did not advance (AEP-0001 §7)',
  'epoch-regression': 'the agent sent this out of order: its epoch went backwards (AEP-0001 §7)',
  'run-terminal-exclusivity': 'the agent ended one of its runs twice (AEP-0002 §2)',
  'session-terminal-exclusivity': 'the agent ended its session twice (AEP-0002 §2)',
};

export function describeViolation(rule: ViolationRule): string {
  return `${rule}: ${MEANING[rule]}`;
}

/** The detail's warning rows about the emitter's violations (none when it broke no rule). */
export function violationNotes(record: RequestRecord): string[] {
  return (record.violations ?? []).map(
    (rule) => `${glyphs().warn} emitter violation ${describeViolation(rule).replace(/\u00a7/g, glyphs().section)}`,
  );
}
