// The table of frames the bundle's patches of Ink are checked on: Ink
// bundled with some of them draws each frame as Ink itself does
// (ink-patches.test.ts with all of them, each-patch.test.ts with each alone).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type React from 'react';
import type { Box, Text, render, renderToString } from 'ink';
import type { Plugin } from 'esbuild';
import { mulberry32 } from '../support/prng.js';
import { bundled, sharedPackages } from './patched-build.js';

export const ESC = '\u001b[';
export const STYLES = [
  '1m',
  '2m',
  '3m',
  '4m',
  '7m',
  '22m',
  '23m',
  '24m',
  '27m',
  '31m',
  '32m',
  '33m',
  '39m',
  '90m',
  '38;5;208m',
  '38;2;10;20;30m',
  '41m',
  '49m',
  '0m',
];

let drawnSamples: readonly string[] | undefined;

/**
 * Rows of characters that do and do not join their neighbours into one
 * grapheme, and escapes, valid or not: the same rows every time (a fixed
 * seed), so made once per process (each table drawn asked for them again).
 */
export function tokenizerSamples(): readonly string[] {
  drawnSamples ??= Object.freeze(randomSamples());
  return drawnSamples;
}

function randomSamples(): string[] {
  const random = mulberry32(29);
  const pieces = [
    'a',
    'Z',
    ' ',
    '~',
    '│',
    '●',
    '▸',
    '…',
    '—',
    '⏳',
    '✔',
    'é',
    'ß',
    'Ω',
    'ж',
    '€',
    '→',
    '≤',
    '■',
    '☃',
    // Joiners and what they join: combining marks, ZWJ, variation selectors, skin tones, flags, Hangul jamo, CJK, controls.
    '\u0301',
    '\u20DD',
    '\u200D',
    '\uFE0F',
    '\uFE0E',
    '👍',
    '\u{1F3FD}',
    '\u{1F1EB}\u{1F1F7}',
    '\u1100',
    '\u1161',
    '\u11A8',
    '한',
    '漢',
    'ｱ',
    '\u00AD',
    '\u0600',
    '\u0915\u093F',
    '\t',
    '\n',
    '\u0007',
    '\u009B31m',
    '\u001B',
    '\u001B[',
    '\u001B[x',
    '\u001B[31',
    '\u001B]8;;http://x\u0007',
    ...STYLES.map((style) => ESC + style),
    `${ESC}1;31m`,
    `${ESC}38;5;208;1m`,
    `${ESC}m`,
    `${ESC}0;38;2;1;2;3m`,
  ];
  const samples = ['', 'plain ascii row', `${ESC}7m▸ selected ● row ⏳41s${ESC}27m`];
  for (let n = 0; n < 20_000; n++) {
    let text = '';
    const length = 1 + Math.floor(random() * 14);
    // Most rows from the standalone set only (the fast path), some with anything.
    const from = random() < 0.5 ? 20 : pieces.length;
    for (let i = 0; i < length; i++)
      text +=
        pieces[Math.floor(random() * from)] +
        (random() < 0.3 ? ESC + STYLES[Math.floor(random() * STYLES.length)] : '');
    samples.push(text);
  }
  return samples;
}

export type InkExports = {
  render: typeof render;
  renderToString: typeof renderToString;
  Box: typeof Box;
  Text: typeof Text;
  React: typeof React;
};

/** Ink and React, bundled with `plugins`. */
export async function patchedInk(
  t: { after: (fn: () => void) => void },
  plugins: Plugin[],
): Promise<{ ink: InkExports; text: string }> {
  const { exports, text } = await bundled<{ ink: Omit<InkExports, 'React'>; react: { default: typeof React } }>(
    t,
    [...plugins, sharedPackages],
    { ink: 'ink', react: 'react' },
  );
  return { ink: { ...exports.ink, React: exports.react.default }, text };
}

/** Frames with their labels; a frame of random rows with its place among them (randomRowFrames) and its rows. */
type Frames = Array<[label: string, frame: string, rows?: { frame: number; samples: readonly string[] }]>;

/** Of the random rows (tokenizerSamples()), every ROWS_EVERY-th is drawn, ROWS_PER_FRAME of them to a frame. */
const ROWS_EVERY = 8;
const ROWS_PER_FRAME = 50;

/**
 * The random rows drawn, ROWS_PER_FRAME to a frame: each frame a column of
 * texts, one per row, each written from its start. A frame of its own for
 * each row (as before) drew the same rows through a fresh Ink, reconciler
 * container and Yoga tree each, which was most of their CPU (about 3.4 s
 * for the 5,000 against 0.6 s in frames of 50).
 */
function randomRowFrames(): Array<readonly string[]> {
  const rows = tokenizerSamples().filter((_, row) => row % ROWS_EVERY === 0);
  return Array.from({ length: Math.ceil(rows.length / ROWS_PER_FRAME) }, (_, frame) =>
    rows.slice(frame * ROWS_PER_FRAME, (frame + 1) * ROWS_PER_FRAME),
  );
}

/**
 * The table of frames, as `ink` draws them, each with its label: one frame
 * at a time, and trees re-rendered frame after frame (so with rows from the
 * caches). Of the frames of random rows, the first `rowFrames` are drawn.
 */
export function drawTable(ink: InkModule & { renderToString: typeof renderToString }, rowFrames: number): Frames {
  const drawn: Frames = [];
  const frame = (
    ink: { Box: typeof Box; Text: typeof Text; React: typeof React },
    columns: number,
    selected: number,
  ) => {
    const h = ink.React.createElement;
    return h(
      ink.Box,
      { flexDirection: 'column', width: columns },
      ...Array.from({ length: 12 }, (_, i) =>
        h(
          ink.Text,
          { key: i, wrap: i % 3 === 0 ? 'truncate-end' : 'wrap' },
          h(ink.Text, { color: 'yellow', inverse: i === selected }, i === selected ? '▸● ' : ' ● '),
          h(ink.Text, { bold: i === selected, dimColor: i % 2 === 0 }, `permission codex ${i}s `),
          h(
            ink.Text,
            { color: i % 4 === 0 ? 'red' : undefined },
            `Permission requested: Bash — 漢字 👍🏽 docker system prune -af row ${i} `.repeat(1 + (i % 2)),
          ),
        ),
      ),
    );
  };
  for (const columns of [40, 80, 100]) {
    for (let selected = 0; selected < 12; selected += 5) {
      drawn.push([
        `${columns} columns, row ${selected} selected`,
        ink.renderToString(frame(ink, columns, selected), { columns }),
      ]);
    }
  }
  // The row cache (scripts/ink-output-rows.mjs): frames one after another, so
  // most rows come from it, with what changes where a row is drawn: columns
  // side by side, boxes that clip (overflow hidden, a text starting left of
  // its box and past its bottom), wide characters cut at a clip's edge, a
  // box drawn over another (absolute), a text above the first row, the same
  // text at another column.
  const layered = (ink: { Box: typeof Box; Text: typeof Text; React: typeof React }, columns: number, step: number) => {
    const h = ink.React.createElement;
    const rows = Array.from({ length: 8 }, (_, i) =>
      h(
        ink.Text,
        { key: i, color: (i + step) % 3 === 0 ? 'cyan' : undefined, inverse: i === step % 8 },
        `${i === step % 8 ? '▸' : ' '} 漢字 row ${(i + step) % 11} 👍🏽 ${'x'.repeat((i * step) % 9)}`,
      ),
    );
    return h(
      ink.Box,
      { flexDirection: 'column', width: columns, height: 14 },
      h(
        ink.Box,
        { flexDirection: 'row', height: 9 },
        h(ink.Box, { flexDirection: 'column', width: Math.floor(columns / 2), overflow: 'hidden' }, ...rows),
        h(ink.Text, { dimColor: true }, ' │ '),
        h(
          ink.Box,
          { flexDirection: 'column', flexGrow: 1, overflowX: 'hidden', overflowY: 'hidden', height: 5 },
          h(
            ink.Box,
            { marginLeft: -(step % 4), marginTop: -(step % 2) },
            h(
              ink.Text,
              { bold: step % 2 === 0 },
              `detail ${step}\n漢字漢字漢字 wide\n${'long line '.repeat(6)}\n4\n5\n6\n7`,
            ),
          ),
        ),
      ),
      h(
        ink.Box,
        { position: 'absolute', marginTop: 2 + (step % 3), marginLeft: 3 },
        h(ink.Text, { color: 'red' }, step % 2 ? '[over]' : '[ov漢]'),
      ),
      h(
        ink.Box,
        { height: 2, overflow: 'hidden' },
        h(ink.Text, {}, `tail ${step % 2}\nsecond\nthird (dropped)\nfourth`),
      ),
      // The same text at another column, alone on its row.
      h(ink.Box, { marginLeft: step % 3 }, h(ink.Text, {}, 'same text, moving')),
      // Above the first row: Ink drops the whole text, not only its first line.
      h(
        ink.Box,
        { position: 'absolute', marginTop: -1 - (step % 2), marginLeft: 5 },
        h(ink.Text, {}, 'above\nabove 2\nabove 3'),
      ),
    );
  };
  for (const columns of [30, 61, 100]) {
    for (let step = 0; step < 24; step++) {
      drawn.push([`${columns} columns, frame ${step}`, ink.renderToString(layered(ink, columns, step), { columns })]);
    }
  }
  // The console's own shape: the frame as one text of styled rows, scrolled a
  // row a frame, rows drawn from their start in one write (the row cache's
  // shortcut), with wide characters, styled trailing spaces, empty rows, a
  // row wider than the frame and a row of zero-width characters.
  const block = (ink: { Box: typeof Box; Text: typeof Text; React: typeof React }, columns: number, step: number) => {
    const h = ink.React.createElement;
    const row = (n: number) =>
      n % 7 === 3
        ? ''
        : n % 11 === 5
          ? `\u001b[7m${'wide 漢字 👍🏽 '.repeat(8)}\u001b[27m`
          : n % 13 === 6
            ? 'a\u200bb\u200d\u0301c'
            : `${n === step + 4 ? '\u001b[1m\u001b[7m▸' : ' '}\u001b[33m●\u001b[39m \u001b[2mwarn\u001b[22m codex-${n} ${n % 60}s \u001b[31m⏳9m \u001b[39m漢字 prompt ${n}${n % 2 ? '\u001b[7m   \u001b[27m' : '   '}${n === step + 4 ? '\u001b[27m\u001b[22m' : ''}`;
    return h(
      ink.Box,
      { flexDirection: 'column', width: columns, height: 16 },
      h(ink.Text, { wrap: 'wrap' }, Array.from({ length: 16 }, (_, i) => row(i + step)).join('\n')),
    );
  };
  for (const columns of [30, 80]) {
    for (let step = 0; step < 12; step++)
      drawn.push([
        `one text, ${columns} columns, frame ${step}`,
        ink.renderToString(block(ink, columns, step), { columns }),
      ]);
    framesOf(ink, columns, (ink, step) => block(ink, columns, step)).forEach((frame, i) =>
      drawn.push([`one text, ${columns} columns, update ${i}`, frame]),
    );
  }
  // A row written once from its start is drawn run by run (not cell by cell)
  // when its escapes are plain SGR: the same text as Ink's, for random rows
  // of joiners, marks, wide characters, controls and escapes of every kind.
  const h = ink.React.createElement;
  const rowFramesDrawn = randomRowFrames().slice(0, rowFrames);
  for (const columns of [12, 60]) {
    rowFramesDrawn.forEach((samples, index) =>
      drawn.push([
        `${columns} columns: random rows, frame ${index}`,
        ink.renderToString(
          h(
            ink.Box,
            { flexDirection: 'column', width: columns },
            ...samples.map((sample, row) => h(ink.Text, { key: row, wrap: 'wrap' }, sample.replaceAll('\n', ' '))),
          ),
          { columns },
        ),
        { frame: index, samples },
      ]),
    );
  }
  // One tree updated frame after frame (the rows kept from one frame to the
  // next): restyled, retexted, reordered, added and removed children, each
  // frame as Ink itself draws it.
  for (const columns of [40, 100]) {
    const frames = framesOf(ink, columns, (ink, step) =>
      step % 5 === 4 ? frame(ink, columns, step % 12) : layered(ink, columns, step),
    );
    frames.forEach((update, i) => drawn.push([`${columns} columns, update ${i}`, update]));
  }
  return drawn;
}

const stockTables = new Map<number, Frames>();
let stockInk: Promise<InkExports> | undefined;

/**
 * The table as Ink itself draws it, drawn once per process: from a table of
 * more frames of random rows when one was drawn (the same frames, those of
 * this one among them: Ink as published keeps nothing from one frame to the
 * next that changes what it draws), else drawn now. Ink itself is Ink
 * built as the patched ones are, with no patch: production React, as theirs
 * (development React's checks are not what the table compares, and drew it
 * in half again the CPU).
 */
async function stockTable(t: { after: (fn: () => void) => void }, rowFrames: number): Promise<Frames> {
  const drawn = stockTables.get(rowFrames);
  if (drawn) return drawn;
  const more = [...stockTables.keys()].find((frames) => frames >= rowFrames);
  stockInk ??= patchedInk(t, []).then(({ ink }) => ink);
  const table =
    more === undefined
      ? drawTable(await stockInk, rowFrames)
      : (stockTables.get(more) ?? []).filter(([, , rows]) => rows === undefined || rows.frame < rowFrames);
  stockTables.set(rowFrames, table);
  return table;
}

/** Every frame of the table drawn by `patched` is the one Ink itself draws (Ink's own drawn once per process). */
export async function drawsAsInk(
  t: { after: (fn: () => void) => void },
  patched: InkExports,
  rowFrames: number,
): Promise<void> {
  const theirs = await stockTable(t, rowFrames);
  const ours = drawTable(patched, rowFrames);
  assert.equal(ours.length, theirs.length);
  ours.forEach(([label, drawn, rows], i) => {
    assert.equal(label, theirs[i][0]);
    // A frame of random rows that differs names its rows (JSON), so the one drawn wrong can be drawn alone.
    if (drawn !== theirs[i][1])
      assert.equal(drawn, theirs[i][1], rows ? `${label}, of the rows ${JSON.stringify(rows.samples)}` : label);
  });
}

export type InkModule = { Box: typeof Box; Text: typeof Text; React: typeof React; render: typeof render };

/** Every frame Ink writes for one tree re-rendered 30 times (debug mode: each frame whole, unthrottled). */
export function framesOf(
  ink: InkModule,
  columns: number,
  element: (ink: InkModule, step: number) => React.ReactElement,
): string[] {
  const frames: string[] = [];
  const stdout = Object.assign(new EventEmitter(), {
    columns,
    rows: 40,
    write: (chunk: string) => frames.push(chunk) > 0,
  });
  const instance = ink.render(element(ink, 0), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  for (let step = 1; step < 30; step++) instance.rerender(element(ink, step));
  instance.unmount();
  return frames;
}
