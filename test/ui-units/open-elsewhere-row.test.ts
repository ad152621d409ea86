// "open in console NAME" on a request's row: whole where the row has room,
// shorter where it has less, gone where the prompt would lose its room; and
// a kept row is built again when the note lapses by the clock alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { permission } from '../support/events.js';
import { buildRouted, consoleSource, ROUTED_LAPSE_MS } from '../../src/protocol/routed.js';
import { row, type RowInput } from '../../src/ui/inbox/list-row.js';
import { openElsewhere, openElsewhereWord } from '../../src/store/open-elsewhere.js';

const T0 = Date.parse('2026-07-03T10:00:00Z');

function noted() {
  const store = new ConsoleStore({ now: () => T0 });
  const request = permission('Permission requested: Bash — kubectl delete ns staging');
  store.applyEvent('http://relay.test', request);
  store.applyEvent(
    'http://relay.test',
    buildRouted({
      request: { id: request.id, session: request.session! },
      name: 'ops-2',
      source: consoleSource('box', 'ops-2', '1-a'),
      now: new Date(T0),
    }),
  );
  return store.allRequests()[0];
}

const elsewhere: RowInput['elsewhere'] = (record, now) => {
  const open = openElsewhere(record, now, undefined);
  return open && openElsewhereWord(open);
};
const text = (line: ReturnType<typeof row>) => line.map((s) => s.text).join('');

test('the row says it whole, then short, then as a mark, and keeps room for the prompt', () => {
  const record = noted();
  const at = (width: number) => text(row(record, { width, now: T0 + 1000, focused: true, elsewhere }, false));
  assert.match(at(80), /open in console ops-2 · .*kubectl/);
  assert.match(at(54), /open in ops-2 · \S/);
  assert.match(at(36), /◎ /, 'too narrow to name it: the mark');
  assert.doesNotMatch(at(36), /open in/);
});

test('a kept row is built again when the note lapses, with nothing else changed', () => {
  const record = noted();
  const epoch = {};
  const input = (now: number): RowInput => ({ width: 80, now, focused: true, elsewhere, epoch });
  assert.match(text(row(record, input(T0 + 1000), false)), /open in console ops-2/);
  assert.match(text(row(record, input(T0 + ROUTED_LAPSE_MS - 1), false)), /open in console ops-2/);
  assert.doesNotMatch(text(row(record, input(T0 + ROUTED_LAPSE_MS), false)), /open in console/);
});
