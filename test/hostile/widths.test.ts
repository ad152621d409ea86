// Hostile input III, class "invisible characters move the
// layout". Width is counted per grapheme cluster by one function (fit, wrap,
// rows); characters terminals draw differently from Unicode (Hangul fillers,
// Khmer inherent vowels, stray variation selectors) are markers. No prompt
// can move the status line, the footer or the list/detail rule.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import measure from 'string-width';
import { displayLine, displayText } from '../../src/protocol/sanitize.js';
import { fit, pad, stringWidth, wrapText } from '../../src/ui/text/wrap.js';
import { permissionFrom } from '../support/ui-events.js';
import { KEY, lines, renderApp } from '../support/ui.js';

/** The oracle: columns as a terminal lays out grapheme clusters (string-width per cluster). */
function columns(text: string): number {
  let n = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text))
    n += measure(segment);
  return n;
}

/**
 * The other oracle: columns as tmux lays them out, each code point on its own
 * (string-width per code point: a selector adds nothing, a skin tone its own
 * two). A row both oracles agree on is drawn alike by tmux and by a terminal
 * that follows UTS #51 (which draws clusters, as the first oracle counts).
 */
function cellColumns(text: string): number {
  let n = 0;
  for (const ch of text) n += measure(ch);
  return n;
}

/** Emoji sequences the two oracles disagree on, raw. */
const EMOJI_SEQUENCES = ['✔️❤️', '☺️ ©️ ⌚︎', '1️⃣ #️⃣ *️⃣ 2⃣', '👍🏽 a🏿', '🏳️‍🌈'];

test('emoji sequences are drawn at one width for tmux and for a terminal following UTS #51', () => {
  for (const raw of EMOJI_SEQUENCES)
    assert.notEqual(columns(raw), cellColumns(raw), `${raw}: the oracles disagree on it raw`);
  for (const raw of EMOJI_SEQUENCES) {
    for (const shown of [displayLine(raw), displayText(raw)]) {
      assert.equal(columns(shown), cellColumns(shown), `${JSON.stringify(raw)} shown as ${JSON.stringify(shown)}`);
      assert.equal(stringWidth(shown), columns(shown), 'the console measures it so too');
    }
  }
  // Text presentation: the selector goes, the base stays; what joins at other widths is a marker.
  assert.equal(displayLine('✔️❤️ ok'), '✔❤ ok');
  assert.equal(displayLine('⌚︎'), '⌚');
  assert.equal(displayLine('1️⃣'), '1⟨U+20E3⟩');
  assert.equal(displayLine('👍🏽'), '👍⟨U+1F3FD⟩');
  // Sequences that already agree are left alone.
  assert.equal(displayLine('葛󠄀 👍 e\u0301'), '葛󠄀 👍 e\u0301');
  // A flag is its regional indicators, each a marker (Hostile input V): "🇦🇦" is 1 column in string-width, 2 in tmux.
  assert.equal(displayLine('🇫🇷'), '⟨U+1F1EB⟩⟨U+1F1F7⟩');
});

test('fit, pad and wrap cut between grapheme clusters and never exceed the width', () => {
  const samples = [
    '❤️❤️❤️❤️❤️',
    '✔️✔️✔️✔️✔️✔️',
    '👍🏽👍🏽👍🏽',
    'e\u0301e\u0301e\u0301e\u0301',
    '🇫🇷🇯🇵🇫🇷',
    '漢字かな漢字',
    'a❤️b✔️c👍🏽d',
    '1️⃣2️⃣3️⃣',
  ];
  for (const text of samples) {
    for (let width = 1; width <= 12; width++) {
      const cut = fit(text, width);
      assert.ok(columns(cut) <= width, `fit(${text}, ${width}) = ${cut}: ${columns(cut)} columns`);
      assert.equal(stringWidth(cut), columns(cut), 'the measure agrees with the oracle');
      assert.equal(columns(pad(text, width)), width, `pad(${text}, ${width})`);
      for (const row of wrapText(text, Math.max(2, width))) {
        assert.ok(columns(row) <= Math.max(2, width), `wrap(${text}, ${width}) row ${row}`);
        assert.ok(
          !/^(?:\ufe0f|\u0301|\u20e3|\u{1f3fd})/u.test(row),
          `wrap(${text}, ${width}) starts a row with half a character: ${JSON.stringify(row)}`,
        );
      }
    }
  }
  assert.equal(fit('❤️❤️❤️❤️❤️', 4), '❤️…');
  assert.equal(fit('e\u0301e\u0301e\u0301', 2), 'e\u0301…');
});

test("fillers and stray selectors become markers, so their width is the marker's", () => {
  for (const filler of ['\u3164', '\u115f', '\uffa0', '\u17b4', 'a\ufe0f'.slice(1)]) {
    const shown = displayLine(`${filler.repeat(40)}END`);
    assert.ok(shown.endsWith('END'));
    assert.ok(shown.includes('⟨U+'), `U+${filler.codePointAt(0)?.toString(16)} shown as a marker`);
    assert.equal(stringWidth(shown), shown.length, 'markers are one column a character: no terminal can disagree');
  }
});

const HOSTILE_PROMPTS = [
  `✔️ ${'✔️'.repeat(60)}`,
  `${'\u3164'.repeat(40)} hangul fillers`,
  `${'\u115f'.repeat(20)}${'\uffa0'.repeat(20)} more fillers`,
  `${'\u17b4'.repeat(40)}END`,
  `${'❤️'.repeat(50)}`,
  `${'a\ufe0f'.repeat(30)} stray selectors`,
  `${'👨\u200d👩\u200d👧'.repeat(10)} families`,
  `✔️❤️ done ${'✔️❤️'.repeat(20)}`,
  `keycaps ${'1️⃣2⃣#️⃣'.repeat(10)} and tones ${'👍🏽'.repeat(10)}`,
];

for (const [cols, rows] of [
  [80, 24],
  [100, 30],
  [140, 30],
]) {
  test(`hostile prompts at ${cols}x${rows}: every row fits, the rule stays in its column, status and footer stay put`, async (t) => {
    const events = HOSTILE_PROMPTS.map((prompt, i) => permissionFrom(`agent-${i}`, `s${i}`, prompt));
    const h = await renderApp({ size: { columns: cols, rows }, stdout: { columns: cols, rows }, events });
    t.after(h.unmount);
    for (let i = 0; i < HOSTILE_PROMPTS.length; i++) {
      const frame = lines(h.frame());
      assert.equal(frame.length, rows - 1, 'the frame is exactly the terminal less one row');
      assert.match(frame[0], /^aep-console /, 'the status line is the first row');
      assert.match(frame[frame.length - 1], /q quit/, 'the footer is the last row');
      for (const row of frame)
        assert.ok(columns(row) <= cols, `row of ${columns(row)} columns: ${JSON.stringify(row)}`);
      for (const row of frame)
        assert.equal(cellColumns(row), columns(row), `tmux draws the row at another width: ${JSON.stringify(row)}`);
      if (cols >= 100) {
        // The rule between list and detail: the same column on every body row.
        const at = new Set(
          frame.slice(1, -1).flatMap((row) => {
            const k = row.indexOf(' │ ');
            return k < 0 ? [] : [columns(row.slice(0, k))];
          }),
        );
        assert.equal(at.size, 1, `the rule sits at columns ${[...at].join(', ')} with prompt ${i}`);
      }
      await h.press('j');
    }
  });
}

/** Each row's columns by both oracles; they must be the same. */
function agreedColumns(row: string): number {
  assert.equal(
    cellColumns(row),
    columns(row),
    `tmux and UTS #51 draw this row at other widths: ${JSON.stringify(row)}`,
  );
  return columns(row);
}

test('a request whose prompt holds ✔️❤️ at 100x30: the rule holds its column on every row, by both oracles', async (t) => {
  const prompt = `Ship it? ✔️❤️ tests ✔️ passed ${'❤️'.repeat(8)} 1️⃣ 👍🏽`;
  const events = [permissionFrom('agent-a', 's1', 'plain first request'), permissionFrom('agent-b', 's2', prompt)];
  const h = await renderApp({ size: { columns: 100, rows: 30 }, stdout: { columns: 100, rows: 30 }, events });
  t.after(h.unmount);
  for (let step = 0; step < 2; step++) {
    const frame = lines(h.frame());
    assert.ok(
      frame.some((row) => row.includes('✔❤')),
      `the prompt is on screen: ${h.frame()}`,
    );
    const body = frame.slice(1, -1);
    // Every line of the list's column, rule included, is as wide by both measures.
    const rule = new Set(
      body.filter((row) => row.includes(' │ ')).map((row) => agreedColumns(row.slice(0, row.indexOf(' │ ') + 3))),
    );
    assert.equal(rule.size, 1, `the rule sits at columns ${[...rule].join(', ')}`);
    for (const row of frame) assert.ok(agreedColumns(row) <= 100);
    await h.press('j');
  }
});

test('at 80x24 with that request open the footer stays on the last row, by both oracles', async (t) => {
  const prompt = `Ship it? ✔️❤️ ${'✔️❤️ '.repeat(30)}end 1️⃣ 👍🏽`;
  const h = await renderApp({
    size: { columns: 80, rows: 24 },
    stdout: { columns: 80, rows: 24 },
    events: [permissionFrom('agent-b', 's2', prompt)],
  });
  t.after(h.unmount);
  await h.press(KEY.enter);
  const frame = lines(await h.waitFor((f) => f.includes('Allow'), 'the request open'));
  assert.equal(frame.length, 23, 'the frame is exactly the terminal less one row');
  assert.ok(
    frame.some((row) => row.includes('✔❤')),
    'the prompt is on screen',
  );
  for (const row of frame)
    assert.ok(agreedColumns(row) <= 80, `a row tmux or UTS #51 would wrap: ${JSON.stringify(row)}`);
  assert.match(frame[frame.length - 1], /q quit|Esc/, `the footer is the last row: ${frame[frame.length - 1]}`);
});
