import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createFrameWriter } from '../../src/ui/terminal/frame-writer.js';
import { diffFrames } from '../../src/ui/terminal/frame-diff.js';
import { rowCells } from '../../src/ui/terminal/row-cells.js';
import { Screen } from '../support/vt.js';
import { Rng } from '../support/prng.js';
import { inkWrite } from '../support/ink-write.js';

// The frame writer's cell diff against a terminal screen (test/support/vt.ts,
// which tracks each cell's SGR attributes and wide characters): after any
// sequence of frames, the screen is the one Ink's whole redraws leave.

// Styles as chalk writes them: each segment opened and closed.
const STYLES: [string, string][] = [
  ['', ''],
  ['', ''],
  ['1', '22'],
  ['2', '22'],
  ['7', '27'],
  ['1;7', '27;22'],
  ['31', '39'],
  ['44', '49'],
  ['38;5;208', '39'],
  ['38;2;10;20;30', '39'],
  ['4', '24'],
];
// Narrow and wide characters, an accented letter, box drawing, emoji (one drawn as text by default: its rows are rewritten whole).
const WORDS = [
  'ab',
  'x',
  ' ',
  '  ',
  '12',
  '34s',
  '漢字',
  '界',
  'é',
  '│',
  '›',
  '●',
  'T-5s',
  '✅',
  '⏳3m',
  '⚠',
  'request',
];

function width(text: string): number {
  return [...text].reduce((n, ch) => n + (/[漢字界✅⏳]/.test(ch) ? 2 : 1), 0);
}

type Segment = { text: string; style: number };

function render(segments: Segment[]): string {
  return segments
    .map(({ text, style }) =>
      STYLES[style][0] ? `\u001b[${STYLES[style][0]}m${text}\u001b[${STYLES[style][1]}m` : text,
    )
    .join('');
}

function randomRow(rng: Rng, columns: number): Segment[] {
  const row: Segment[] = [];
  let used = 0;
  const target = rng.int(columns + 1);
  while (used < target) {
    const text = rng.pick(WORDS);
    if (used + width(text) > columns) break;
    row.push({ text, style: rng.int(STYLES.length) });
    used += width(text);
  }
  return row;
}

/** A small edit of a row: one segment's text or style changed, or a segment added or dropped. */
function mutateRow(rng: Rng, row: Segment[], columns: number): Segment[] {
  const next = row.map((s) => ({ ...s }));
  const at = rng.int(next.length + 1);
  const roll = rng.next();
  if (roll < 0.35 && next[at]) next[at].text = rng.pick(WORDS);
  else if (roll < 0.6 && next[at]) next[at].style = rng.int(STYLES.length);
  else if (roll < 0.8) next.splice(at, 0, { text: rng.pick(WORDS), style: rng.int(STYLES.length) });
  else next.splice(at, 1);
  while (next.reduce((n, s) => n + width(s.text), 0) > columns) next.pop();
  return next;
}

function nextFrame(rng: Rng, previous: Segment[][], columns: number, maxRows: number): Segment[][] {
  if (!previous.length || rng.chance(0.1))
    return Array.from({ length: rng.between(1, maxRows) }, () => randomRow(rng, columns));
  let rows = previous.map((row) => (rng.chance(0.3) ? mutateRow(rng, row, columns) : row));
  if (rng.chance(0.2)) rows = rng.chance(0.5) ? rows.slice(1) : [randomRow(rng, columns), ...rows];
  if (rng.chance(0.2)) rows = rng.chance(0.5) ? rows.slice(0, -1) : [...rows, randomRow(rng, columns)];
  rows = rows.slice(0, maxRows);
  return rows.length ? rows : [randomRow(rng, columns)];
}

function fakeTerminal(columns: number, rows: number) {
  const terminal = Object.assign(new EventEmitter(), {
    columns,
    rows,
    isTTY: true,
    write: (chunk: string) => chunk.length >= 0,
  });
  return terminal;
}

test('the cell diff leaves the screen Ink’s whole redraws leave: styles, wide characters, resizes (randomized)', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const rng = new Rng(seed);
    let columns = rng.between(8, 24);
    let height = rng.between(6, 14);
    const terminal = fakeTerminal(columns, height);
    let clock = 0;
    let diffed = new Screen(columns, height);
    let whole = new Screen(columns, height);
    terminal.write = (chunk: string) => (diffed.write(chunk), true);
    const writer = createFrameWriter(terminal as unknown as NodeJS.WriteStream, () => clock);
    const above = rng.int(4);
    for (let i = 0; i < above; i++) for (const screen of [whole, diffed]) screen.write(`$ p${i}\n`);
    let frame: Segment[][] = [];
    let shownRows: number | undefined;
    for (let step = 0; step < 25; step++) {
      clock += rng.pick([16, 100, 1000]);
      if (rng.chance(0.05)) {
        // A resize: the terminal blanks (the writer clears it anyway) and both screens start over at the new size.
        columns = rng.between(8, 24);
        height = rng.between(6, 14);
        Object.assign(terminal, { columns, rows: height });
        diffed = new Screen(columns, height);
        whole = new Screen(columns, height);
        terminal.emit('resize');
        whole.write('\u001b[H\u001b[2J');
        frame = frame.map((row) => mutateRow(rng, row, columns));
      }
      frame = nextFrame(rng, frame, columns, height - 1);
      const rows = frame.map(render);
      const chunk = inkWrite(shownRows, rows);
      whole.write(chunk);
      writer.stream.write(chunk);
      shownRows = rows.length;
      assert.deepEqual(diffed.styled(), whole.styled(), `seed ${seed} step ${step}`);
      assert.equal(diffed.row, whole.row, `seed ${seed} step ${step}: cursor row`);
    }
    assert.ok(writer.stats.diffed > 0, `seed ${seed}: some frames were diffed`);
  }
});

test('a tick that changes one digit in 25 rows writes 25 short runs', () => {
  const rows = (age: number) => [
    'status',
    ...Array.from(
      { length: 25 },
      (_, i) => `\u001b[1m›\u001b[22m ● warn claude-${i}  \u001b[2m${age + i}s\u001b[22m  Bash: npm test`,
    ),
    'footer',
  ];
  const bytes = diffFrames(rows(10), rows(11));
  assert.equal(bytes.match(/\u001b\[2K/g), null, 'no row is rewritten whole');
  assert.ok(bytes.length <= 25 * 15, `${bytes.length} bytes: a cursor move, the digit with its style, a reset per row`);
  const screen = new Screen(60, 30);
  const oracle = new Screen(60, 30);
  screen.write(inkWrite(undefined, rows(10)));
  screen.write(bytes);
  oracle.write(inkWrite(undefined, rows(11)));
  assert.deepEqual(screen.styled(), oracle.styled());
});

test('rows are read cell by cell only when the terminal’s reading is certain', () => {
  assert.deepEqual(
    rowCells('a\u001b[1;31mb\u001b[0m漢')!.map((c) => [c.text, c.width, c.style]),
    [
      ['a', 1, ''],
      ['b', 1, '1;31'],
      ['漢', 2, ''],
      ['', 0, ''],
    ],
  );
  assert.equal(rowCells('ok ⚠'), undefined, 'a pictograph drawn as text by default: terminals draw it 1 or 2 wide');
  assert.equal(rowCells('ok ❤️'), undefined, 'a presentation selector');
  assert.equal(rowCells('⏳5m')?.length, 4, 'an emoji by default is two columns');
  assert.equal(rowCells('tab\there'), undefined);
  assert.equal(rowCells('\u001b[4:3mcurly\u001b[24m'), undefined, 'sub-parameters are not read');
  assert.equal(rowCells('\u001b[1mopen at the end'), undefined);
});
