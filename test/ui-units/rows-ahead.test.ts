// The rows a move of one would draw are built ahead, after a frame (view.ts
// rowsAhead): the next frame draws those very rows, and building them
// changes no frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { initialModel, type Msg, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { bodyRows, rowsAhead, view } from '../../src/ui/view.js';
import type { Line } from '../../src/ui/text/line.js';
import { permissionFrom } from '../support/ui-events.js';
import { drawnAs } from '../support/drawn-as.js';

const RELAY = 'http://relay.test';
// Ten minutes after the requests were raised: their ages change once a minute
// (under a minute every row changes each second, and is built for that frame).
const NOW = Date.parse('2026-07-03T10:10:05Z');
const DOWN = { type: 'key', press: { name: 'down', text: '' } } as const;
const UP = { type: 'key', press: { name: 'up', text: '' } } as const;

function console(columns: number, rows: number, requests = 60) {
  let now = NOW;
  const store = new ConsoleStore({ now: () => now });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  store.batch(() => {
    for (let i = 0; i < requests; i++)
      store.applyEvent(
        RELAY,
        permissionFrom(`agent-${i}`, `s${i}`, `Permission requested: Bash — job ${i} of a long list`),
      );
  });
  let model: UiModel = initialModel(store, { columns, rows }, now, { bell: false, notify: false });
  const dispatch = (msg: Msg) => {
    model = update(model, msg, { store, now: () => now }).model;
  };
  dispatch({
    type: 'store',
    change: { version: store.version, added: [], requests: new Set(), commands: new Set(), relays: true },
  });
  return {
    dispatch,
    later: (ms: number) => {
      now += ms;
    },
    model: () => model,
  };
}

const text = (lines: Line[]) => lines.map((l) => l.map((s) => s.text).join(''));
/** The frame's list rows (side by side, the list column). */
const listRows = (model: UiModel): Line[] => {
  const frame = view(model);
  return frame.columns ? frame.columns.list : frame.body;
};

for (const [columns, rows] of [
  [80, 24],
  [120, 30],
] as const) {
  test(`${columns}x${rows}: a move down or up draws the rows built ahead (the same rows), scrolling or not`, () => {
    const c = console(columns, rows);
    for (let step = 0; step < 70; step++) {
      const key = step < 50 ? DOWN : UP;
      listRows(c.model());
      const ahead = new Set(rowsAhead(c.model()));
      assert.ok(ahead.size > 0);
      c.later(40);
      c.dispatch(key);
      const drawn = listRows(c.model());
      // Every row the move drew was made ahead: none built for the key.
      const missing = drawn.filter(
        (l) => l.length > 0 && !ahead.has(l) && !/Pending|more/.test(l.map((s) => s.text).join('')),
      );
      assert.deepEqual(text(missing), [], `step ${step}`);
    }
  });
}

test('building ahead changes no frame: the same keys draw the same frames with and without it', () => {
  const frames = (ahead: boolean) => {
    const c = console(100, 30, 40);
    const out: string[][] = [];
    for (let step = 0; step < 60; step++) {
      if (ahead) rowsAhead(c.model());
      c.later(step % 7 === 0 ? 1_300 : 40);
      c.dispatch(step % 9 < 6 ? DOWN : UP);
      // (The two consoles' requests differ only by their event ids.)
      out.push(text(bodyRows(view(c.model()))).map((row) => row.replace(/EV\d+/g, 'EV')));
    }
    return out;
  };
  assert.deepEqual(frames(true), frames(false));
});

test('nothing is built ahead where the list does not have the keys (an open request, the help)', () => {
  const c = console(80, 24);
  c.dispatch({ type: 'key', press: { name: 'enter', text: '' } });
  assert.equal(drawnAs(c.model().inbox), 'answer');
  assert.deepEqual(rowsAhead(c.model()), []);
  c.dispatch({ type: 'key', press: { name: 'escape', text: '' } });
  c.dispatch({ type: 'key', press: { name: 'char', text: '?' } });
  assert.equal(drawnAs(c.model().inbox), 'help');
  assert.deepEqual(rowsAhead(c.model()), []);
});
