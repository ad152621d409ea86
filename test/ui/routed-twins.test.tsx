// Hostile input V: "A routed note for a session and id two requests share
// is shown on neither." A console's note (attention.routed) names only the
// session and the id; two emitters may share a session name and raise the
// same id, and the note was always put on the first of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildRouted, consoleSource } from '../../src/protocol/routed.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { permissionFrom } from '../support/ui-events.js';
import { KEY, NOW, renderApp } from '../support/ui.js';

const SIZE = { columns: 100, rows: 30 };
const note = (request: AepEvent): AepEvent =>
  buildRouted({
    request: { id: request.id, session: request.session! },
    name: 'ops-2',
    source: consoleSource('box', 'ops-2', '22-bb'),
    now: new Date(NOW),
  });

/** Two emitters, one session name, one id: twins. */
function twins(): [AepEvent, AepEvent] {
  const first = permissionFrom('coder', 'shared', 'git push origin main', { id: 'REQ-1' });
  const second = permissionFrom('ops', 'shared', 'docker system prune -af', { id: 'REQ-1' });
  return [first, second];
}

test('a single request with a note says so (the control)', async (t) => {
  const [first] = twins();
  const h = await renderApp({ size: SIZE, stdout: SIZE, events: [first] });
  t.after(h.unmount);
  await h.apply(note(first));
  assert.match(h.frame(), /open in console ops-2/);
});

test('a note for twins is shown on neither: rows, detail, either order', async (t) => {
  const [first, second] = twins();
  for (const noteFirst of [false, true]) {
    const h = await renderApp({ size: SIZE, stdout: SIZE, events: noteFirst ? [first] : [first, second] });
    t.after(h.unmount);
    await h.apply(note(first));
    // Twins held already: the store puts the note on neither.
    if (!noteFirst)
      assert.deepEqual(
        h.store.allRequests().map((r) => r.routed.length),
        [0, 0],
      );
    // The note came while the first had no twin: the twin's arrival takes it off the screen.
    if (noteFirst) await h.apply(second);
    const frame = h.frame();
    assert.match(frame, /git push/);
    assert.match(frame, /docker system prune/);
    assert.doesNotMatch(
      frame,
      /open in console|open in ops-2|◎/,
      `note ${noteFirst ? 'before' : 'after'} the twin:\n${frame}`,
    );
    for (const step of [KEY.enter, KEY.esc, 'j', KEY.enter]) {
      await h.press(step);
      assert.doesNotMatch(h.frame(), /open in console|open in ops-2|◎/, `after ${JSON.stringify(step)}:\n${h.frame()}`);
    }
    h.unmount();
  }
});
