// Reading the decision history back: its text (older file first) folded
// into decisions. The file is hostile input like the network: a line that
// is not a decision or an outcome of one is skipped and counted, a torn last
// line (a write cut short) is not read and is said. Pure.

import { CAPTURE_LEVELS, type Capture } from '../protocol/types.js';
import { OUTCOME_STATES } from './answer/index.js';
import type { Decision, DecisionAction, DecisionLine, OutcomeLine, OutcomeState } from './decisions.js';

const ACTIONS: readonly DecisionAction[] = ['answer', 'cancel', 'pause', 'resume', 'hide', 'drop', 'snooze', 'unhide'];

// ── reading ───────────────────────────────────────────────────────────

const str = (v: unknown): v is string => typeof v === 'string';
const opt = (v: unknown) => v === undefined || typeof v === 'string';

function isDecisionLine(v: Record<string, unknown>): v is DecisionLine & Record<string, unknown> {
  return (
    v.t === 'decision' &&
    str(v.time) &&
    str(v.relay) &&
    str(v.source) &&
    str(v.agent) &&
    str(v.session) &&
    str(v.request) &&
    str(v.kind) &&
    str(v.prompt) &&
    ACTIONS.includes(v.action as DecisionAction) &&
    typeof v.sent === 'object' &&
    v.sent !== null &&
    !Array.isArray(v.sent) &&
    str(v.by) &&
    str(v.command_id) &&
    opt(v.run) &&
    opt(v.cause) &&
    (v.batch === undefined || typeof v.batch === 'number') &&
    CAPTURE_LEVELS.includes(v.capture as Capture)
  );
}

function isOutcomeLine(v: Record<string, unknown>): v is OutcomeLine & Record<string, unknown> {
  return (
    v.t === 'outcome' &&
    str(v.command_id) &&
    str(v.time) &&
    OUTCOME_STATES.includes(v.state as OutcomeState) &&
    opt(v.option) &&
    opt(v.text) &&
    opt(v.reason) &&
    opt(v.by) &&
    (v.latency_ms === undefined || typeof v.latency_ms === 'number')
  );
}

export interface FoldResult {
  /** Oldest first. */
  decisions: Decision[];
  /** Lines that were not a decision or an outcome (not JSON, wrong shape, an outcome of no decision held). */
  skipped: number;
  /** The last line had no newline: a write cut short (a crash); it was not read. */
  torn: boolean;
}

/** Decisions kept when folding (the newest); a 10 MB file holds far fewer than this. */
export const MAX_DECISIONS = 50_000;

/**
 * Folds history text (older files first) back into decisions. The first
 * decision line for a command id wins (an earlier console's answer resent by
 * a later one is one decision); outcomes append in file order.
 */
export function foldDecisions(texts: readonly string[]): FoldResult {
  const byId = new Map<string, Decision>();
  let skipped = 0;
  let torn = false;
  texts.forEach((text, index) => {
    const lines = text.split('\n');
    const last = lines.pop() ?? '';
    // Only the newest file can be mid-write; an older one ending without a newline was cut at rotation.
    if (last.trim()) {
      if (index === texts.length - 1) torn = true;
      else skipped++;
    }
    for (const raw of lines) {
      if (!raw.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        skipped++;
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        skipped++;
        continue;
      }
      const v = value as Record<string, unknown>;
      if (isDecisionLine(v)) {
        if (!byId.has(v.command_id)) {
          const { t: _t, ...rest } = v;
          byId.set(v.command_id, { ...pick(rest), outcomes: [] });
        }
        continue;
      }
      if (isOutcomeLine(v)) {
        const decision = byId.get(v.command_id);
        if (!decision) {
          skipped++;
          continue;
        }
        const { t: _t, command_id: _id, ...outcome } = v;
        decision.outcomes.push(pickOutcome(outcome));
        continue;
      }
      skipped++;
    }
  });
  const decisions = [...byId.values()];
  return { decisions: decisions.length > MAX_DECISIONS ? decisions.slice(-MAX_DECISIONS) : decisions, skipped, torn };
}

/** Only the known members (a line may carry more: a later version's). */
function pick(v: Omit<DecisionLine, 't'>): Omit<Decision, 'outcomes'> {
  const out: Omit<Decision, 'outcomes'> = {
    time: v.time,
    relay: v.relay,
    source: v.source,
    agent: v.agent,
    session: v.session,
    request: v.request,
    kind: v.kind,
    prompt: v.prompt,
    action: v.action,
    sent: v.sent,
    by: v.by,
    command_id: v.command_id,
    capture: v.capture,
  };
  if (v.run !== undefined) out.run = v.run;
  if (v.cause !== undefined) out.cause = v.cause;
  if (v.batch !== undefined) out.batch = v.batch;
  return out;
}

function pickOutcome(v: Omit<OutcomeLine, 't' | 'command_id'>): Decision['outcomes'][number] {
  const out: Decision['outcomes'][number] = { time: v.time, state: v.state };
  for (const key of ['option', 'text', 'reason', 'by'] as const) if (v[key] !== undefined) out[key] = v[key];
  if (v.latency_ms !== undefined) out.latency_ms = v.latency_ms;
  return out;
}

/** A decision's final outcome, if any is known. */
export function lastOutcome(decision: Decision): Decision['outcomes'][number] | undefined {
  return decision.outcomes[decision.outcomes.length - 1];
}
