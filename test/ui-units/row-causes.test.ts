// The rows' read of causes (src/ui/row-causes.ts), pure: what is asked for,
// in how many reads, how often, and what is kept of what comes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { RequestRecord } from '../../src/store/types.js';
import type { FetchResult } from '../../src/relay/fetch-events.js';
import { buildListView } from '../../src/ui/model.js';
import type { Effect } from '../../src/ui/effect.js';
import {
  ensureRowCauses,
  MAX_ASKED,
  onRowCauses,
  ROW_BATCH,
  ROW_LOST_MS,
  ROW_RETRY_MS,
  rowCausesWaitOnClock,
  type RowCauses,
} from '../../src/ui/row-causes.js';

const SOURCE = 'aep://host-a/agent/claude-code/session/s1';
let n = 0;

function ev(partial: Partial<AepEvent> & { type: string }): AepEvent {
  n++;
  return {
    aep: '0.1',
    id: `E${n}`,
    time: '2026-07-03T10:00:00Z',
    source: SOURCE,
    agent: 'claude-code',
    session: 's1',
    seq: n,
    ...partial,
  } as AepEvent;
}

const toolOf = (id: string, source = SOURCE) =>
  ev({
    type: 'tool.requested',
    id,
    source,
    capture: 'full',
    data: { tool: { name: 'Edit' }, args: { file_path: 'a' } },
  });

function request(cause?: string, id?: string): AepEvent {
  return ev({
    type: 'attention.requested',
    ...(id ? { id } : {}),
    capture: 'redacted',
    ...(cause ? { cause } : {}),
    data: { kind: 'permission', prompt: 'p', options: [{ id: 'allow', label: 'Allow' }], respond_via: ['control'] },
  });
}

/** A store with `count` open requests on each relay, each naming a cause `C<relay>-<i>`. */
function world(count: number, relays = ['r1']) {
  const store = new ConsoleStore({ now: () => 0 });
  for (const relay of relays) {
    store.addRelay(relay);
    for (let i = 0; i < count; i++) store.applyEvent(relay, request(`C${relay}-${i}`));
  }
  const view = () => buildListView(store, '');
  return { store, view };
}

type Read = Extract<Effect, { type: 'fetch' }>;
const reads = (effects: Effect[]) => effects.filter((e): e is Read => e.type === 'fetch' && e.kind === 'rows');
const never = () => true;
const ok = (events: AepEvent[]): FetchResult => ({ ok: true, events, via: 'sse', dropped: 0 });

test('one read per relay at a time, at most ROW_BATCH causes each; the rest wait for the next', () => {
  const { store, view } = world(40, ['r1', 'r2']);
  const first = ensureRowCauses(undefined, view(), store, 0, never);
  const asked = reads(first.effects);
  assert.deepEqual(
    asked.map((r) => [r.relay, (r.filter.id as string[]).length, (r.pin as unknown[]).length]),
    [
      ['r1', ROW_BATCH, ROW_BATCH],
      ['r2', ROW_BATCH, ROW_BATCH],
    ],
  );
  assert.deepEqual(asked[0]!.filter.source, [SOURCE], 'by id, source and session (each distinct value once)');
  assert.deepEqual(asked[0]!.filter.session, ['s1']);
  // Nothing new while both are under way, however often it is asked.
  const again = ensureRowCauses(first.rows, view(), store, 10, never);
  assert.equal(reads(again.effects).length, 0);
  const back = onRowCauses(again.rows, 'r1', ok([]), store, 50);
  const next = reads(ensureRowCauses(back, view(), store, 50, never).effects);
  assert.deepEqual(
    next.map((r) => [r.relay, (r.filter.id as string[]).length]),
    [['r1', 40 - ROW_BATCH]],
  );
});

test('at most MAX_ASKED open requests are asked for; a closed one makes room', () => {
  const { store, view } = world(MAX_ASKED + 20);
  let rows: RowCauses | undefined;
  let asked = 0;
  for (let t = 0; t < 10; t++) {
    const step = ensureRowCauses(rows, view(), store, t, never);
    for (const read of reads(step.effects)) {
      asked += (read.filter.id as string[]).length;
      rows = onRowCauses(step.rows, read.relay, ok([]), store, t);
    }
    rows ??= step.rows;
  }
  assert.equal(asked, MAX_ASKED);
  const first = store.allRequests().find((r) => r.cause === 'Cr1-0')!;
  store.applyEvent('r1', ev({ type: 'attention.resolved', subject: first.id, data: { resolution: 'dismissed' } }));
  const room = reads(ensureRowCauses(rows, view(), store, 20, never).effects);
  assert.deepEqual(
    room.map((r) => (r.filter.id as string[]).length),
    [1],
    'one more asked for',
  );
});

test('a cause not found is asked once more after ROW_RETRY_MS, never a third time', () => {
  const { store, view } = world(1);
  const first = ensureRowCauses(undefined, view(), store, 0, never);
  const back = onRowCauses(first.rows, 'r1', ok([]), store, 100);
  assert.equal(back.found.size, 0, 'nothing kept: the row shows nothing');
  const early = ensureRowCauses(back, view(), store, 100 + ROW_RETRY_MS - 1, never);
  assert.equal(reads(early.effects).length, 0, 'not before the wait');
  assert.ok(rowCausesWaitOnClock(early.rows), 'the clock ticks for it');
  const retry = ensureRowCauses(early.rows, view(), store, 100 + ROW_RETRY_MS, never);
  assert.equal(reads(retry.effects).length, 1, 'once more');
  const twice = onRowCauses(retry.rows, 'r1', { ok: false, reason: 'refused' }, store, 3000);
  const later = ensureRowCauses(twice, view(), store, 60_000, never);
  assert.equal(reads(later.effects).length, 0, 'never a third time');
  assert.equal(rowCausesWaitOnClock(later.rows), false, 'and the clock no longer waits');
});

test('a read that never comes back is given up after ROW_LOST_MS (no hang), and the relay is read again', () => {
  const { store, view } = world(1);
  const first = ensureRowCauses(undefined, view(), store, 0, never);
  assert.ok(rowCausesWaitOnClock(first.rows));
  const waiting = ensureRowCauses(first.rows, view(), store, ROW_LOST_MS - 1, never);
  assert.equal(reads(waiting.effects).length, 0, 'still waited for');
  const lost = ensureRowCauses(waiting.rows, view(), store, ROW_LOST_MS, never);
  assert.equal(lost.rows.inFlight.size, 0, 'given up');
  const retry = ensureRowCauses(lost.rows, view(), store, ROW_LOST_MS + ROW_RETRY_MS, never);
  assert.equal(reads(retry.effects).length, 1, 'asked once more');
});

test("only the request's own Event (or a conflict) is kept: not another emitter's, not another session's", () => {
  const store = new ConsoleStore({ now: () => 0 });
  store.addRelay('r1');
  const own = toolOf('C-own');
  const foreign = toolOf('C-foreign', 'aep://elsewhere/agent/x/session/s1');
  const twin = { ...toolOf('C-twin'), data: { tool: { name: 'Edit' }, args: { file_path: 'b' } } };
  const twinAgain = { ...twin, data: { tool: { name: 'Edit' }, args: { file_path: 'c' } } };
  for (const id of ['C-own', 'C-foreign', 'C-twin', 'C-absent']) store.applyEvent('r1', request(id));
  const step = ensureRowCauses(undefined, buildListView(store, ''), store, 0, never);
  const back = onRowCauses(step.rows, 'r1', ok([own, foreign, twin, twinAgain]), store, 1);
  const byCause = (record: RequestRecord) => back.found.get(record.key)?.state;
  const states = Object.fromEntries(store.allRequests().map((r) => [r.cause, byCause(r)]));
  assert.deepEqual(states, {
    'C-own': 'event',
    'C-foreign': undefined,
    'C-twin': 'conflicting',
    'C-absent': undefined,
  });
});

test('not asked: a request with no cause, one from a file, one closed, one whose cause another read has', () => {
  const store = new ConsoleStore({ now: () => 0 });
  store.addRelay('r1');
  store.applyEvent('r1', request());
  const closed = request('C-closed');
  store.applyEvent('r1', closed);
  store.applyEvent('r1', ev({ type: 'attention.resolved', subject: closed.id, data: { resolution: 'dismissed' } }));
  store.applyEvent('r1', request('C-read'));
  store.applyEvent('r1', request('C-wanted'));
  const unread = (record: RequestRecord) => record.cause !== 'C-read';
  const step = ensureRowCauses(undefined, buildListView(store, ''), store, 0, unread);
  assert.deepEqual(reads(step.effects)[0]!.filter.id, ['C-wanted']);
});

test('a long id does not make a filter too long for a URL: the read is split, the first cause always goes', () => {
  const store = new ConsoleStore({ now: () => 0 });
  store.addRelay('r1');
  for (let i = 0; i < 8; i++) store.applyEvent('r1', request(`${String(i)}${'x'.repeat(1000)}`));
  const step = ensureRowCauses(undefined, buildListView(store, ''), store, 0, never);
  const ids = reads(step.effects)[0]!.filter.id as string[];
  assert.ok(ids.length >= 1 && ids.length < 8, `${ids.length} ids`);
  assert.ok(JSON.stringify(reads(step.effects)[0]!.filter).length < 8_000);
});

test('nothing changed, nothing looked at: the same state back and no read', () => {
  const { store, view } = world(1);
  const first = ensureRowCauses(undefined, view(), store, 0, never);
  const back = onRowCauses(first.rows, 'r1', ok([toolOf('Cr1-0')]), store, 1);
  const settled = ensureRowCauses(back, first.rows.seen!, store, 2, never);
  const same = ensureRowCauses(settled.rows, first.rows.seen!, store, 3, never);
  assert.equal(same.rows, settled.rows);
  assert.equal(same.effects.length, 0);
});
