// A warning that matters stays on the status line: with the history
// directory unsafe, "decisions are not kept in the history" came third,
// after the standing notice that the relay refuses this console's
// open-request notes, and was cut even at 200 columns. The warnings are
// raised by the recorder and the notes themselves, not written here.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildRespond } from '../../src/protocol/respond.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { NOTES_REFUSED, RoutedNotes } from '../../src/relay/routed-notice.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { initialModel, type Msg, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { view } from '../../src/ui/view.js';
import { stringWidth } from '../../src/ui/text/wrap.js';
import { orderedWarnings } from '../../src/ui/words/warning-order.js';
import { permissionFrom } from '../support/ui-events.js';

const RELAY = 'http://relay.test';
const NOW = Date.parse('2026-07-03T10:00:30Z');
const task = () => new Promise<void>((resolve) => setImmediate(resolve));

test('at 100 columns the history warning comes first on the status line, the standing routed-notes notice after it', async (t) => {
  const store = new ConsoleStore({ now: () => NOW });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  const request = permissionFrom('coder', 's1', 'git push');
  store.applyEvent(RELAY, request);
  const record = store.allRequests()[0];

  // The relay refuses this console's open-request note: a standing notice.
  const sent: AepEvent[] = [];
  const notes = new RoutedNotes(
    store,
    RELAY,
    { ready: () => true, send: (event) => (sent.push(event), true) },
    { name: 'ops-1', host: 'box', instance: '1-a' },
    false,
  );
  assert.ok(notes.opened(record.key), 'the note is sent');
  assert.ok(notes.refusal(sent[0].id, 'invalid-event', 'seq required'));

  // Then the history directory turns out unsafe: the next decision is not kept.
  const dir = join(mkdtempSync(join(tmpdir(), 'aep-console-warn-')), 'aep-console');
  mkdirSync(dir, { mode: 0o700 });
  chmodSync(dir, 0o777);
  t.after(() => chmodSync(dir, 0o700));
  const recorder = new DecisionRecorder(store, new DecisionLog(dir));
  recorder.start();
  t.after(() => recorder.stop());
  const command = buildRespond({
    request: { id: record.id, session: record.session },
    answer: { option: 'allow' },
    name: 'c',
    host: 'h',
    fields: [],
  });
  store.commandCreated(RELAY, record.key, command, { option: 'allow' }, 5_000);
  for (let i = 0; i < 50 && !store.getRelay(RELAY)!.warnings.some((w) => w.startsWith('decisions')); i++) await task();
  const warnings = store.getRelay(RELAY)!.warnings;
  assert.equal(warnings.length, 2, `both warnings raised: ${JSON.stringify(warnings)}`);
  assert.ok(warnings[0].startsWith(NOTES_REFUSED), 'the notice came first');

  let model: UiModel = initialModel(store, { columns: 100, rows: 30 }, NOW, { bell: false, notify: false });
  const dispatch = (msg: Msg) => {
    model = update(model, msg, { store, now: () => NOW }).model;
  };
  dispatch({
    type: 'store',
    change: { version: store.version, added: [], requests: new Set(), commands: new Set(), relays: true },
  });
  const status = view(model).status.map((line) => line.map((s) => s.text).join(''));
  const first = status[0];
  // What the terminal shows of the row: its first 100 columns (each part is cut; the row at its end).
  const lead = '⚠ decisions are not kept in the history';
  const history = first.indexOf(lead);
  assert.ok(
    history >= 0 && stringWidth(first.slice(0, history + lead.length)) <= 100,
    `the history warning is on the status line at 100 columns: ${first}`,
  );
  const notice = first.indexOf(NOTES_REFUSED);
  assert.ok(notice < 0 || notice > history, `the standing notice comes after it: ${first}`);
});

test('the order: what changes behaviour first, the latest two others, standing notices last', () => {
  const history = 'decisions are not kept in the history: disk full; 3 kept to retry';
  const notice = `${NOTES_REFUSED}: the relay refused this console's open-request note (invalid-event); not sent again`;
  const table: [string[], string[]][] = [
    [[], []],
    [
      [notice, history],
      [history, notice],
    ],
    [
      [notice, 'a', 'b', history, 'c'],
      [history, 'b', 'c', notice],
    ],
    [
      ['a', 'b', 'c'],
      ['b', 'c'],
    ],
  ];
  for (const [warnings, shown] of table) assert.deepEqual(orderedWarnings(warnings), shown, JSON.stringify(warnings));
});
