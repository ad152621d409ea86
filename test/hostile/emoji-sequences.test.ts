// Hostile input V, "Width for every emoji sequence": flags (regional
// indicator pairs), keycaps, skin tones and ZWJ sequences in a prompt and an
// agent name. tmux 3.3a draws each regional indicator on its own (🇦🇦 is 2
// columns there, measured with its cursor), string-width gives "🇦🇦" 1 and a
// real flag 2, other terminals a lone one 2: a flag raw moved the status
// line off row 1, drew rows twice and left two `▸`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import measure from 'string-width';
import { displayLine } from '../../src/protocol/sanitize.js';
import { permissionFrom } from '../support/ui-events.js';
import { KEY, lines, renderApp } from '../support/ui.js';

/** Columns by grapheme cluster (a terminal following UTS #51). */
function columns(text: string): number {
  let n = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text))
    n += measure(segment);
  return n;
}

/** Columns code point by code point (tmux). */
function cellColumns(text: string): number {
  let n = 0;
  for (const ch of text) n += measure(ch);
  return n;
}

const SEQUENCES = '🇦🇦 🇫🇷 #️⃣ 👍🏽 👨‍👩‍👧 🇦';

test('a flag, a lone regional indicator, a keycap, a skin tone and a ZWJ sequence are shown in a form every terminal draws alike', () => {
  const shown = displayLine(SEQUENCES);
  assert.equal(columns(shown), cellColumns(shown), `shown as ${JSON.stringify(shown)}`);
  assert.ok(!shown.includes('\ufffd'), 'no half of a surrogate pair');
  assert.ok(!/\p{Regional_Indicator}/u.test(shown), `no regional indicator raw: ${shown}`);
});

const NAME = `ops🇦🇦-#️⃣👍🏽👨‍👩‍👧-bot`;
const PROMPT = `Deploy 🇦🇦 to 🇫🇷? keycap #️⃣ tone 👍🏽 family 👨‍👩‍👧 ${'🇦🇦'.repeat(40)} end`;

for (const [cols, rows] of [
  [80, 24],
  [100, 24],
  [100, 30],
] as const) {
  test(`flags, keycaps, skin tones and ZWJ in a prompt and an agent name at ${cols}x${rows}: rows fit, the status line first, one ▸`, async (t) => {
    const events = [
      permissionFrom('plain-agent', 's0', 'plain first request'),
      permissionFrom(NAME, 's1', PROMPT),
      permissionFrom(`${NAME}-2`, 's2', `${PROMPT} again`),
    ];
    const h = await renderApp({ size: { columns: cols, rows }, stdout: { columns: cols, rows }, events });
    t.after(h.unmount);
    let listShown = true;
    const check = (what: string) => {
      const frame = lines(h.frame());
      assert.equal(frame.length, rows - 1, `${what}: the frame is the terminal less one row`);
      assert.match(frame[0], /^aep-console /, `${what}: the status line is the first row`);
      // The list's selection mark starts its row (the form's own ▸ is further in).
      if (listShown)
        assert.equal(frame.filter((row) => row.startsWith('▸')).length, 1, `${what}: one ▸ in the list\n${h.frame()}`);
      for (const row of frame) {
        assert.ok(!row.includes('\ufffd'), `${what}: a cut split a surrogate pair: ${JSON.stringify(row)}`);
        assert.ok(columns(row) <= cols, `${what}: row of ${columns(row)} columns: ${JSON.stringify(row)}`);
        assert.equal(
          cellColumns(row),
          columns(row),
          `${what}: tmux draws the row at another width: ${JSON.stringify(row)}`,
        );
      }
    };
    check('first frame');
    for (const key of ['j', 'j', 'k', KEY.enter, KEY.esc]) {
      await h.press(key);
      // At 80 columns the open request takes the screen: the list is not drawn.
      listShown = cols >= 100 || key !== KEY.enter;
      check(`after ${JSON.stringify(key)}`);
    }
  });
}
