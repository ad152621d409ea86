// The timeline's order, as the contract states it:
// each emitter's Events by (epoch, seq), then every Event nested under the
// Event its `cause` names. Pure, and safe on hostile input: a duplicate
// (source, id) is shown once, a cause naming the Event itself or an Event
// not read is no parent (a root), a cause cycle is cut where it is found
// (its earliest Event becomes a root, marked), and nothing recurses, so a
// chain or a fan of 10k Events costs one pass and no stack.

import type { AepEvent } from '../../protocol/types.js';

/** Indent levels drawn at most; deeper Events are drawn at this depth, marked. */
export const MAX_DEPTH = 6;

export interface TimelineRow {
  /** Index into the Events read. */
  index: number;
  /** Depth in the cause tree, capped at MAX_DEPTH. */
  depth: number;
  /** Deeper than MAX_DEPTH (drawn at the cap). */
  deeper: boolean;
  /** Its cause chain loops back to it: shown as a root. */
  loop: boolean;
  /** The request a lifecycle Event is about (isAboutRequest), when it was read too. */
  about?: number;
}

/** (epoch, seq) when the Event carries a usable seq; commands and agent.* carry none (AEP-0001: order them by arrival). */
function position(event: AepEvent): { epoch: number; seq: number } | undefined {
  if (typeof event.seq !== 'number' || !Number.isFinite(event.seq)) return undefined;
  const epoch = typeof event.epoch === 'number' && Number.isFinite(event.epoch) ? event.epoch : 0;
  return { epoch, seq: event.seq };
}

/**
 * Arrival order, with each emitter session's positioned Events sorted by
 * (epoch, seq) within the places they arrived in: emitters stay interleaved
 * as they came, and Events without a position keep theirs. First of each
 * duplicate (source, id) only.
 */
export function positionalOrder(events: readonly AepEvent[]): number[] {
  const seen = new Set<string>();
  const order: number[] = [];
  const slots = new Map<string, number[]>();
  events.forEach((event, i) => {
    const key = `${event.source}\u0000${event.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (position(event)) {
      const stream = `${event.source}\u0000${event.session ?? ''}`;
      const list = slots.get(stream) ?? [];
      list.push(order.length);
      slots.set(stream, list);
    }
    order.push(i);
  });
  for (const list of slots.values()) {
    const sorted = list
      .map((slot) => order[slot])
      .sort((a, b) => {
        const pa = position(events[a])!;
        const pb = position(events[b])!;
        return pa.epoch - pb.epoch || pa.seq - pb.seq || a - b;
      });
    list.forEach((slot, k) => (order[slot] = sorted[k]));
  }
  return order;
}

const LIFECYCLE = /^attention\.(answered|resolved|timeout|routed|updated|cancelled)$/;

/** A lifecycle Event or an answer command: about the request its `subject` names. */
export function isAboutRequest(event: AepEvent): boolean {
  return (
    typeof event.subject === 'string' && (LIFECYCLE.test(event.type) || event.type === 'control.attention.respond')
  );
}

/** Finds Events by id: the same emitter's first, else the first of another (a command names the agent's request). */
function finder(events: readonly AepEvent[], order: readonly number[]) {
  const byId = new Map<string, number[]>();
  for (const i of order) {
    const list = byId.get(events[i].id);
    if (list) list.push(i);
    else byId.set(events[i].id, [i]);
  }
  return (id: string, from: number, type?: string): number | undefined => {
    const list = byId.get(id);
    if (!list) return undefined;
    let other: number | undefined;
    for (const j of list) {
      if (j === from || (type !== undefined && events[j].type !== type)) continue;
      if (events[j].source === events[from].source) return j;
      other ??= j;
    }
    return other;
  };
}

/** The request (attention.requested) an Event is about, by its subject; undefined when not among the Events read. */
export function requestFinder(
  events: readonly AepEvent[],
  order: readonly number[],
): (i: number) => number | undefined {
  const find = finder(events, order);
  return (i) => (isAboutRequest(events[i]) ? find(events[i].subject as string, i, 'attention.requested') : undefined);
}

/** Each Event's parent: the Event its cause names, else (a lifecycle Event) the request it is about. */
function parents(events: readonly AepEvent[], order: readonly number[]): Map<number, number> {
  const find = finder(events, order);
  const about = requestFinder(events, order);
  const parent = new Map<number, number>();
  for (const i of order) {
    const cause = events[i].cause;
    const p = (typeof cause === 'string' ? find(cause, i) : undefined) ?? about(i);
    if (p !== undefined) parent.set(i, p);
  }
  return parent;
}

/**
 * The Event a loop is cut at: walking up from `start`, the earliest (in order) Event of the cycle reached; undefined
 * when the walk ends at a root.
 */
function cycleRoot(
  start: number,
  parent: Map<number, number>,
  rank: Map<number, number>,
  done: Set<number>,
): number | undefined {
  const walked = new Set<number>();
  let at: number | undefined = start;
  while (at !== undefined && !walked.has(at)) {
    if (done.has(at)) return undefined;
    walked.add(at);
    at = parent.get(at);
  }
  if (at === undefined) return undefined;
  let best = at;
  for (let j = parent.get(at)!; j !== at; j = parent.get(j)!) if (rank.get(j)! < rank.get(best)!) best = j;
  return best;
}

/** Rows in display order: each root (in positional order) followed by its subtree, children in positional order. */
export function orderTimeline(events: readonly AepEvent[]): TimelineRow[] {
  const order = positionalOrder(events);
  const rank = new Map(order.map((i, k) => [i, k]));
  const parent = parents(events, order);
  const about = requestFinder(events, order);
  const children = new Map<number, number[]>();
  for (const i of order) {
    const p = parent.get(i);
    if (p === undefined) continue;
    const list = children.get(p);
    if (list) list.push(i);
    else children.set(p, [i]);
  }
  const rows: TimelineRow[] = [];
  const done = new Set<number>();
  const walk = (root: number, loop: boolean) => {
    const stack: [number, number][] = [[root, 0]];
    while (stack.length) {
      const [i, depth] = stack.pop()!;
      if (done.has(i)) continue;
      done.add(i);
      const row: TimelineRow = {
        index: i,
        depth: Math.min(depth, MAX_DEPTH),
        deeper: depth > MAX_DEPTH,
        loop: loop && i === root,
      };
      const request = about(i);
      rows.push(request === undefined ? row : { ...row, about: request });
      const kids = children.get(i) ?? [];
      for (let k = kids.length - 1; k >= 0; k--) if (!done.has(kids[k])) stack.push([kids[k], depth + 1]);
    }
  };
  for (const i of order) if (!parent.has(i)) walk(i, false);
  // What is left hangs off a cause cycle: cut each cycle at its earliest Event.
  for (const i of order) {
    if (done.has(i)) continue;
    const root = cycleRoot(i, parent, rank, done);
    walk(root ?? i, root !== undefined);
  }
  return rows;
}

const memo = new WeakMap<readonly AepEvent[], TimelineRow[]>();

/** orderTimeline, once per read (the view asks every frame). */
export function timelineRows(events: readonly AepEvent[]): TimelineRow[] {
  let rows = memo.get(events);
  if (!rows) {
    rows = orderTimeline(events);
    memo.set(events, rows);
  }
  return rows;
}
