// The decision history's line is whole when the keys make the answer: the
// send the UI asks for carries who decided and the batch it was one of, so
// the recorder writes the line from the command alone (no note added to it
// after the send, as there was before).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY, NOW, manyRequests, renderApp } from '../support/ui.js';
import { ConsoleStore } from '../../src/store/store.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';

test('a batch of 3 from the keys: three lines, each by you and one of a batch of 3, with nothing but the send to say so', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-send-facts-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const store = new ConsoleStore({ now: () => NOW });
  const log = new DecisionLog(dir);
  const recorder = new DecisionRecorder(store, log);
  recorder.start();
  // The history the UI is given can only read: the line's facts reach it through the send.
  const h = await renderApp({ store, events: manyRequests(4), history: { read: () => log.read() } });
  t.after(h.unmount);
  await h.press(KEY.space, KEY.space, KEY.space, '2', KEY.enter, 'y');
  assert.equal(h.client.sent.length, 3, `a batch of 3 went out:\n${h.frame()}`);
  // One more, alone: no batch on its line.
  await h.press('g', 'G', '1', KEY.enter);
  assert.equal(h.client.sent.length, 4, `the fourth answer went out:\n${h.frame()}`);
  await recorder.stop();
  const decisions = log.read().decisions;
  assert.equal(new Set(decisions.map((d) => d.request)).size, 4, 'four requests answered');
  assert.deepEqual(
    decisions.map((d) => [d.command_id, d.action, d.by, d.batch]),
    h.client.sent.map((e, i) => [e.id, 'answer', 'you', i < 3 ? 3 : undefined]),
  );
});
