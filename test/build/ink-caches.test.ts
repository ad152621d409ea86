// Ink's measure-text as the bundle builds it (scripts/ink-caches.mjs with
// scripts/patches/measure-text.ts): its cache bounded, long texts kept
// apart, each line's width remembered, and every text measured as Ink
// itself measures it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs build script, without types
import { INK_PATCHES, patchMeasureText } from '../../scripts/ink-caches.mjs';
import {
  LINE_WIDTHS_CAP,
  LONG_TEXT,
  LONG_TEXTS_KEPT,
  MEASURE_CACHE_CAP,
  lineByLineWidest,
} from '../../scripts/patches/measure-text.js';
import { INK_BUILD, bundled, pluginOf, type PatchEntry } from './patched-build.js';

type MeasureText = (text: string) => { width: number; height: number };
const FILE = join(INK_BUILD, 'measure-text.js');

/** Ink's measure-text built as shipped, or (`lineWidths: false`) as the bench's yardstick builds it. */
async function patchedMeasureText(t: { after: (fn: () => void) => void }, lineWidths = true): Promise<MeasureText> {
  const entries = lineWidths
    ? (INK_PATCHES['measure-text'] as PatchEntry[])
    : [
        {
          file: 'ink/build/measure-text.js',
          filter: /[\\/]ink[\\/]build[\\/]measure-text\.js$/,
          patch: (source: string) => patchMeasureText(source, { lineWidths: false }) as string,
        },
      ];
  const { exports } = await bundled<{ measure: { default: MeasureText } }>(t, [pluginOf('measure-text', entries)], {
    measure: FILE,
  });
  return exports.measure.default;
}

test("the shipped bundle bounds Ink's measure-text cache, and measures as Ink does", async (t) => {
  const measureText = await patchedMeasureText(t);
  const stock = ((await import(pathToFileURL(FILE).href)) as { default: MeasureText }).default;
  for (const text of [
    '',
    'ab\nabcd',
    '漢字 👍🏽\n│ ● ▸',
    '\u001b[1mbold\u001b[22m',
    'e\u0301\n\n',
    `${'wide 漢字 '.repeat(80)}\nshort`,
  ])
    assert.deepEqual(measureText(text), stock(text), JSON.stringify(text));
  const first = measureText('age 0s');
  assert.equal(measureText('age 0s'), first, 'a text measured again comes from the cache');
  for (let i = 1; i <= MEASURE_CACHE_CAP; i++)
    assert.deepEqual(measureText(`age ${i}s`), { width: `age ${i}s`.length, height: 1 });
  const again = measureText('age 0s');
  assert.deepEqual(again, first);
  assert.notEqual(again, first, 'past the cap the oldest went: the text was measured again');
});

test("as it stood before (the bench's yardstick), the patch only bounds the cache", async (t) => {
  const measureText = await patchedMeasureText(t, false);
  assert.deepEqual(measureText('ab\nabcd'), { width: 4, height: 2 });
  const first = measureText('age 0s');
  for (let i = 1; i <= MEASURE_CACHE_CAP; i++) measureText(`age ${i}s`);
  assert.notEqual(measureText('age 0s'), first);
});

test('a text is measured line by line, each line once while it is remembered: a frame of many lines measures only the lines that changed', () => {
  const measured: string[] = [];
  const widestLine = lineByLineWidest((line) => (measured.push(line), line.length));
  const rows = Array.from({ length: 30 }, (_, i) => `row ${i} `.padEnd(80 + (i % 3), '.'));
  assert.equal(widestLine(rows.join('\n')), 82);
  assert.equal(measured.length, 30);
  measured.length = 0;
  const moved = [...rows.slice(1), 'a new row'];
  assert.equal(widestLine(moved.join('\n')), 82);
  assert.deepEqual(measured, ['a new row'], 'only the new line was measured');
  measured.length = 0;
  assert.equal(widestLine([...rows.slice(0, 29), 'x'.repeat(200)].join('\n')), 200, 'the widest line is the width');
  // Past the cap the oldest lines go, and are measured again when they come back.
  for (let i = 0; i < LINE_WIDTHS_CAP; i++) widestLine(`line ${i}`);
  measured.length = 0;
  widestLine(`${rows[0]}\nline ${LINE_WIDTHS_CAP - 1}`);
  assert.deepEqual(measured, [rows[0]]);
});

test('long texts (a whole frame) are kept a few at a time, apart from the short ones', async (t) => {
  const measureText = await patchedMeasureText(t);
  const long = (i: number) => `${i}`.padEnd(LONG_TEXT + 1, '-');
  const short = measureText('short');
  const first = measureText(long(0));
  assert.equal(measureText(long(0)), first, 'a long text measured twice (layout, then drawing) comes from the cache');
  for (let i = 1; i <= LONG_TEXTS_KEPT; i++) measureText(long(i));
  assert.notEqual(measureText(long(0)), first, 'past a few long texts the oldest went');
  assert.equal(measureText('short'), short, 'long texts never push short ones out');
});

test('the measure-text patch refuses an Ink whose measure-text it does not recognise', () => {
  assert.throws(() => patchMeasureText('export default (text) => text.length;'), /measure-text changed/);
});
