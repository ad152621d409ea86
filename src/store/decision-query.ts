// Reading the decision history for people and scripts: the contract's
// `history --json` object, the filters of `history` and the view, and the
// few words a row says about what was sent and what came of it. Pure.

import type { Decision } from './decisions.js';
import { lastOutcome } from './decision-fold.js';

/** `history --json`'s object: the contract's members, in its order. */
export function decisionJson(decision: Decision): Record<string, unknown> {
  const out: Record<string, unknown> = {
    time: decision.time,
    relay: decision.relay,
    source: decision.source,
    agent: decision.agent,
    session: decision.session,
    request: decision.request,
  };
  if (decision.run !== undefined) out.run = decision.run;
  out.kind = decision.kind;
  out.prompt = decision.prompt;
  if (decision.cause !== undefined) out.cause = decision.cause;
  out.action = decision.action;
  out.sent = decision.sent;
  out.by = decision.by;
  out.command_id = decision.command_id;
  const outcome = lastOutcome(decision);
  if (outcome) {
    const { time: _time, latency_ms, ...rest } = outcome;
    out.outcome = rest;
    if (latency_ms !== undefined) out.latency_ms = latency_ms;
  }
  return out;
}

export interface DecisionQuery {
  /** Only decisions made at or after this time (ms). */
  since?: number;
  agents?: readonly string[];
  sessions?: readonly string[];
}

export function selectDecisions(decisions: readonly Decision[], query: DecisionQuery): Decision[] {
  return decisions.filter((d) => {
    if (query.since !== undefined) {
      const at = Date.parse(d.time);
      if (!(at >= query.since)) return false;
    }
    if (query.agents?.length && !query.agents.includes(d.agent)) return false;
    if (query.sessions?.length && !query.sessions.includes(d.session)) return false;
    return true;
  });
}

/** What was sent, in a few words: `allow`, `text "…"`, `form, 3 values`, `cancel run`, `pause`. */
export function sentSummary(decision: Pick<Decision, 'action' | 'sent'>): string {
  const sent = decision.sent;
  switch (decision.action) {
    case 'answer':
    case 'drop': {
      const parts: string[] = [];
      if (typeof sent.option === 'string') parts.push(sent.option);
      if (typeof sent.text === 'string') parts.push(`text "${sent.text}"`);
      if (typeof sent.values === 'object' && sent.values !== null) {
        const n = Object.keys(sent.values).length;
        parts.push(`form, ${n} ${n === 1 ? 'value' : 'values'}`);
      }
      const what = parts.join(' ') || '(empty answer)';
      return decision.action === 'drop' ? `dropped saved ${what}` : what;
    }
    case 'cancel':
      return `cancel ${sent.scope === 'session' ? 'session' : 'run'}${typeof sent.reason === 'string' ? ` "${sent.reason}"` : ''}`;
    default:
      return decision.action;
  }
}

/** The outcome in a few words: `applied allow`, `rejected: already-answered`, `pending`. */
export function outcomeSummary(decision: Decision): string {
  const outcome = lastOutcome(decision);
  if (!outcome) return 'no outcome yet';
  // A hide sends nothing: its outcome is recorded as applied at once, and reads as what it did.
  const parts: string[] = [decision.action === 'hide' && outcome.state === 'applied' ? 'hidden' : outcome.state];
  if (outcome.option) parts.push(outcome.option);
  if (outcome.reason) parts[parts.length - 1] += `: ${outcome.reason}`;
  if (outcome.by) parts.push(`by ${outcome.by}`);
  return parts.join(' ');
}

/** Parses `--since`: `90s`, `15m`, `2h`, `7d`, or a sum such as `1h30m`; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const units: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
  if (!/^(\d{1,6}[smhdw])+$/.test(text)) return undefined;
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d{1,6})([smhdw])/g)) ms += Number(n) * units[unit];
  return ms > 0 ? ms : undefined;
}
