import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import React from 'react';
import { diffFrames, readFrameWrite } from '../../src/ui/terminal/frame-diff.js';
import { createFrameWriter } from '../../src/ui/terminal/frame-writer.js';
import { Screen } from '../support/vt.js';
import { mulberry32 } from '../support/prng.js';
import { inkWrite } from '../support/ink-write.js';

/** Sends `next` both ways (Ink's whole redraw, and the diff) and checks the two screens agree. */
function sendBoth(whole: Screen, diffed: Screen, previous: string[] | undefined, next: string[], label: string): void {
  whole.write(inkWrite(previous?.length, next));
  diffed.write(previous ? diffFrames(previous, next) : inkWrite(undefined, next));
  assert.deepEqual(diffed.styled(), whole.styled(), label);
  assert.equal(diffed.row, whole.row, label);
}

function fakeTerminal(columns: number, rows: number) {
  const emitter = new EventEmitter();
  const chunks: string[] = [];
  const terminal = Object.assign(emitter, {
    columns,
    rows,
    isTTY: true,
    write: (chunk: string) => {
      chunks.push(chunk);
      return true;
    },
  });
  return { terminal: terminal as unknown as NodeJS.WriteStream, chunks };
}

/** What readFrameWrite took for styling before it became one pattern: each escape read on its own. */
function onlyStylingByEscape(text: string): boolean {
  let at = text.indexOf('\u001b');
  while (at !== -1) {
    const end = /^\u001b\[[0-9;:]*m/.exec(text.slice(at, at + 64));
    if (!end) return false;
    at = text.indexOf('\u001b', at + end[0].length);
  }
  return !/[\r\u0007\u0008\u000b\u000c]/.test(text);
}

test('readFrameWrite takes a frame for styled rows exactly when each of its escapes is SGR (20,000 random frames)', () => {
  const random = mulberry32(2026);
  const parts = [
    'a',
    'xy',
    ' ',
    '\n',
    '\u001b[0m',
    '\u001b[1;31m',
    '\u001b[38;2;1;2;3m',
    '\u001b[4:3m',
    '\u001b[',
    '\u001b',
    'm',
    '\u001b[2J',
    '\u001b]8;;x\u0007',
    '\r',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u001b[?25l',
    `\u001b[${'1;'.repeat(30)}m`,
    `\u001b[${'1'.repeat(61)}m`,
    `\u001b[${'1'.repeat(62)}m`,
    ';',
    '9',
  ];
  let frames = 0;
  for (let i = 0; i < 20_000; i++) {
    let text = '';
    for (let k = Math.floor(random() * 12); k > 0; k--) text += parts[Math.floor(random() * parts.length)];
    text += '\n';
    const read = readFrameWrite(text);
    if (read) frames++;
    assert.equal(read !== undefined, onlyStylingByEscape(text), JSON.stringify(text));
  }
  assert.ok(frames > 2000 && frames < 18_000, `${frames} frames`);
});

test('readFrameWrite reads Ink frame writes and nothing else', () => {
  assert.deepEqual(readFrameWrite(inkWrite(undefined, ['a', 'b'])), { erased: 0, rows: ['a', 'b'] });
  assert.deepEqual(readFrameWrite(inkWrite(2, ['x'])), { erased: 3, rows: ['x'] });
  assert.deepEqual(readFrameWrite(inkWrite(0, ['\u001b[1mbold\u001b[22m'])), {
    erased: 1,
    rows: ['\u001b[1mbold\u001b[22m'],
  });
  assert.equal(readFrameWrite('\u001b[?25l'), undefined);
  assert.equal(readFrameWrite('\u001b[2K\u001b[1A\u001b[2K\u001b[G'), undefined, 'a clear alone is not a frame');
  assert.equal(readFrameWrite('no newline'), undefined);
  assert.equal(readFrameWrite('\u001b[2J\u001b[3J\u001b[Hframe\n'), undefined, 'clearTerminal is not a frame write');
  assert.equal(readFrameWrite('a\rb\n'), undefined);
});

test('a diff leaves the same screen as a whole redraw, over random frame sequences', () => {
  const random = mulberry32(7);
  for (let run = 0; run < 200; run++) {
    const columns = 20;
    const rows = 12;
    const whole = new Screen(columns, rows);
    const diffed = new Screen(columns, rows);
    // Some lines above the console, as in a real terminal tab.
    whole.write('$ aep-console\n');
    diffed.write('$ aep-console\n');
    let previous: string[] | undefined;
    for (let step = 0; step < 15; step++) {
      const height = 1 + Math.floor(random() * (rows - 2));
      const next = Array.from({ length: height }, (_, i) =>
        random() < 0.6 && previous?.[i] !== undefined
          ? previous[i]
          : `r${i}-${Math.floor(random() * 1e6)}`.slice(0, columns).padEnd(Math.floor(random() * columns), '.'),
      );
      sendBoth(whole, diffed, previous, next, `run ${run} step ${step}`);
      previous = next;
    }
  }
});

test('a scrolled list moves its rows with delete/insert line and writes only the new ones', () => {
  const random = mulberry32(11);
  const frame = (top: number, selected: number, height: number) => [
    'status line',
    ...Array.from({ length: height }, (_, i) => `${top + i === selected ? '>' : ' '} request ${top + i}`),
    `more below ${top}`,
    'footer',
  ];
  for (const rows of [14, 20]) {
    const whole = new Screen(30, rows);
    const diffed = new Screen(30, rows);
    for (const screen of [whole, diffed]) screen.write('$ older shell output\n$ aep-console\n');
    let top = 0;
    let selected = 0;
    let previous = frame(top, selected, rows - 4);
    whole.write(inkWrite(undefined, previous));
    diffed.write(inkWrite(undefined, previous));
    let shifted = 0;
    for (let step = 0; step < 80; step++) {
      const jump = [1, 1, 1, -1, -1, 5, -5, 12, -12][Math.floor(random() * 9)];
      selected = Math.max(0, selected + jump);
      if (selected < top) top = selected;
      if (selected > top + rows - 5) top = selected - (rows - 5);
      const next = frame(top, selected, rows - 4);
      const bytes = diffFrames(previous, next);
      if (/\u001b\[\d+M/.test(bytes)) shifted++;
      whole.write(inkWrite(previous.length, next));
      diffed.write(bytes);
      assert.deepEqual(diffed.text(), whole.text(), `rows ${rows} step ${step}`);
      assert.equal(diffed.row, whole.row);
      previous = next;
    }
    assert.ok(shifted > 10, `${shifted} frames moved rows`);
  }
  // Scrolling a 20-row list by one: the row that lost the selection, the new (selected) row, the
  // indicator, each by the cells that changed (no row rewritten whole).
  const a = frame(0, 19, 20);
  const b = frame(1, 20, 20);
  const bytes = diffFrames(a, b);
  assert.equal(bytes, '\u001b[22A\u001b[1M\u001b[18E\u001b[1L\u001b[2Crequest 19\n\u001b[10C20\n\u001b[11C1\n\n');
});

test('frames anywhere on the screen (down to the last row) that shift, grow and shrink: the diff matches a redraw', () => {
  const random = mulberry32(3);
  const pool = Array.from({ length: 8 }, (_, i) => `L${i}`);
  const pick = () => (random() < 0.3 ? '' : pool[Math.floor(random() * pool.length)]);
  for (let run = 0; run < 1500; run++) {
    const rows = 10;
    const whole = new Screen(12, rows);
    const diffed = new Screen(12, rows);
    // Shell output above: the frame starts anywhere, its end often on the last row.
    const above = Math.floor(random() * 12);
    for (let i = 0; i < above; i++) for (const screen of [whole, diffed]) screen.write(`$ p${i}\n`);
    let previous: string[] | undefined;
    for (let step = 0; step < 10; step++) {
      const height = 1 + Math.floor(random() * (rows - 1));
      const by = Math.floor(random() * 7) - 3;
      const next = Array.from({ length: height }, (_, i) =>
        previous && random() < 0.6 ? (previous[i + by] ?? pick()) : pick(),
      );
      sendBoth(whole, diffed, previous, next, `run ${run} step ${step}`);
      previous = next;
    }
  }
});

test('full-width rows and a frame that shrinks to one row keep the screen exact', () => {
  const whole = new Screen(10, 6);
  const diffed = new Screen(10, 6);
  const a = ['0123456789', 'abcdefghij', 'short'];
  const b = ['0123456789', 'ABCDEFGHIJ', 'short', 'more'];
  const c = ['only'];
  let prev: string[] | undefined;
  for (const [i, next] of [a, b, c, a].entries()) {
    sendBoth(whole, diffed, prev, next, `frame ${i}`);
    prev = next;
  }
});

test('the writer sends only changed rows, and whole frames after a resize or a clear', () => {
  const { terminal, chunks } = fakeTerminal(40, 10);
  let clock = 1000;
  const writer = createFrameWriter(terminal, () => clock);
  const frame = (rows: string[], prev?: number) => writer.stream.write(inkWrite(prev, rows));
  frame(['status', 'row 1', 'row 2', 'footer']);
  frame(['status', 'row 1*', 'row 2', 'footer'], 4);
  assert.equal(writer.stats.whole, 1);
  assert.equal(writer.stats.diffed, 1);
  assert.equal(chunks[1], '\u001b[3A\u001b[5C*\n\n\n', 'only the changed cell');
  writer.stream.write('\u001b[?2026h');
  frame(['status', 'row 1*', 'row 2', 'footer!'], 4);
  assert.equal(writer.stats.diffed, 2, 'synchronized-update marks do not forget the rows');
  writer.stream.write('\u0007');
  frame(['status', 'row 1*', 'row 2', 'footer?'], 4);
  assert.equal(writer.stats.diffed, 3, 'a bell does not forget the rows');
  terminal.emit('resize');
  assert.equal(chunks.at(-1), '\u001b[H\u001b[2J', 'a resize clears the screen (not the scrollback)');
  // Ink draws once at the old width before the UI re-renders: frames are
  // repainted from the top until one comes after the resize has settled.
  frame(['status (old width, wraps)', 'row 1*', 'row 2', 'footer!'], 4);
  assert.equal(chunks.at(-1), '\u001b[H\u001b[2Jstatus (old width, wraps)\nrow 1*\nrow 2\nfooter!\n');
  clock += 100;
  frame(['status', 'row 1', 'row 2', 'footer!'], 4);
  assert.ok(chunks.at(-1)!.startsWith('\u001b[H\u001b[2Jstatus\n'), 'still settling: repainted');
  clock += 400;
  frame(['status', 'row 1', 'row 2', 'footer'], 4);
  assert.ok(
    chunks.at(-1)!.startsWith('\u001b[H\u001b[2Jstatus\n'),
    'the first frame after the settle time is repainted too',
  );
  frame(['status', 'row 1', 'row 2', 'footer.'], 4);
  assert.equal(writer.stats.whole, 5, 'then frames go out whole once');
  frame(['status', 'row 1', 'row 2', 'footer:'], 4);
  assert.equal(writer.stats.diffed, 4, 'and diffed again after that');
  writer.stream.write('\u001b[2K\u001b[1A\u001b[2K\u001b[G');
  frame(['x'], undefined);
  assert.equal(writer.stats.whole, 6);
  assert.equal(writer.stream.columns, 40, 'everything else is the terminal’s');
  assert.equal(
    writer.stats.bytes,
    chunks.reduce((n, c) => n + Buffer.byteLength(c), 0),
  );
});

test('frames as tall as the terminal go out whole (Ink clears the screen for those)', () => {
  const { terminal } = fakeTerminal(40, 4);
  const writer = createFrameWriter(terminal);
  writer.stream.write(inkWrite(undefined, ['a', 'b', 'c']));
  writer.stream.write(inkWrite(3, ['a', 'b', 'c', 'd']));
  assert.equal(writer.stats.diffed, 0);
});

test('real Ink output through the writer ends on the same screen as Ink alone', async () => {
  // Ink draws nothing before exit when it loads with CI set (as CI runs the
  // tests); this file loads it only here, without those variables.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  const { Box, Text, render } = await import('ink');
  const { terminal, chunks } = fakeTerminal(30, 12);
  const writer = createFrameWriter(terminal);
  const App = ({ n }: { n: number }) =>
    React.createElement(
      Box,
      { flexDirection: 'column' },
      ...Array.from({ length: 6 }, (_, i) =>
        React.createElement(Text, { key: i, bold: i === n % 6 }, i === n % 6 ? `> row ${i}` : `  row ${i}`),
      ),
      n % 3 === 0 ? React.createElement(Text, { key: 'x' }, 'extra') : null,
    );
  const instance = render(React.createElement(App, { n: 0 }), {
    stdout: writer.stream,
    stdin: Object.assign(new EventEmitter(), { isTTY: false }) as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    debug: false,
    maxFps: 0,
  });
  const screen = new Screen(30, 12);
  for (let n = 1; n <= 8; n++) {
    instance.rerender(React.createElement(App, { n }));
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const chunk of chunks) screen.write(chunk);
  const expected = ['  row 0', '  row 1', '> row 2', '  row 3', '  row 4', '  row 5'];
  assert.deepEqual(screen.text().slice(0, 6), expected);
  assert.equal(screen.text()[6], '', 'n=8 has no extra row, and none is left behind');
  assert.ok(writer.stats.diffed >= 5, `diffed ${writer.stats.diffed} frames`);
  instance.unmount();
});

test('redraw (Ctrl-L, fg): the screen cleared of junk, the last frame whole, and the next frame diffs against it', () => {
  const { terminal, chunks } = fakeTerminal(20, 8);
  const writer = createFrameWriter(terminal, () => 0);
  const screen = new Screen(20, 8);
  const frames = [
    ['status', 'row one', 'row two'],
    ['status', 'row one', 'row 2!'],
  ];
  writer.stream.write(inkWrite(undefined, frames[0]));
  // Junk from elsewhere (a background job writing to the terminal), straight to the terminal.
  chunks.push('\r\nJUNK\r\nMORE JUNK');
  writer.redraw();
  writer.stream.write(inkWrite(frames[0].length, frames[1]));
  for (const chunk of chunks) screen.write(chunk);
  assert.deepEqual(
    screen.text().slice(0, 4),
    ['status', 'row one', 'row 2!', ''],
    'no junk left, the new frame in place',
  );
  assert.equal(screen.row, 3, 'the cursor below the frame, where Ink believes it is');
  assert.ok(!chunks.at(-1)!.includes('status'), 'the frame after the redraw is a diff, not the whole frame');
  assert.equal(writer.stats.diffed, 1);
});

test('a frame as tall as the terminal: the footer on the last row, nothing scrolled away, later frames diffed in place', () => {
  const { terminal, chunks } = fakeTerminal(30, 6);
  const writer = createFrameWriter(terminal, () => 0);
  assert.equal(writer.stream.rows, 7, 'Ink is told one row more, so a 6-row frame is no "full screen" frame to it');
  const screen = new Screen(30, 6);
  const random = mulberry32(27);
  let previous: string[] | undefined;
  for (let n = 0; n < 60; n++) {
    const list = Array.from({ length: 4 }, (_, i) => `row ${(i + Math.floor(random() * 3)) % 7}`);
    const frame = ['status', ...list, `footer ${n % 3}`];
    writer.stream.write(inkWrite(previous?.length, frame));
    for (const chunk of chunks.splice(0)) screen.write(chunk);
    assert.deepEqual(screen.text(), frame, `frame ${n}: every row in place, the footer on the last`);
    assert.equal(screen.row, 5, 'the cursor rests on the last row');
    previous = frame;
  }
  assert.deepEqual(screen.scrolledOff, [], 'no row ever scrolled off the top');
  assert.ok(writer.stats.diffed >= 59, 'after the first, frames are diffs');
});
