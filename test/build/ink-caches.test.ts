import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// @ts-expect-error: a plain .mjs build script, without types
import { LINE_WIDTHS_CAP, LONG_TEXT, LONG_TEXTS_KEPT, MEASURE_CACHE_CAP, patchMeasureText } from '../../scripts/ink-caches.mjs';

const require = createRequire(import.meta.url);

/** Lines string-width was asked to measure, by the patched measure-text (a stand-in for string-width that counts). */
const measured: string[] = [];
(globalThis as { aepMeasured?: string[] }).aepMeasured = measured;

async function patchedMeasureText(options?: { lineWidths: boolean }): Promise<(text: string) => { width: number; height: number }> {
  const source = await readFile(join(dirname(require.resolve('ink')), 'measure-text.js'), 'utf8');
  const patched = (patchMeasureText(source, options) as string)
    .replace("import stringWidth from 'string-width';", 'const stringWidth = (l) => (globalThis.aepMeasured.push(l), l.length);')
    .replace("import widestLine from 'widest-line';", "const widestLine = (t) => Math.max(...t.split('\\n').map((l) => l.length));")
    .replace(/\/\/# sourceMappingURL=.*$/m, '');
  const module = (await import(`data:text/javascript,${encodeURIComponent(patched)}`)) as { default: (text: string) => { width: number; height: number } };
  return module.default;
}

test("the shipped bundle bounds Ink's measure-text cache, and measures as before", async () => {
  const measureText = await patchedMeasureText();
  assert.deepEqual(measureText(''), { width: 0, height: 0 });
  assert.deepEqual(measureText('ab\nabcd'), { width: 4, height: 2 });
  const first = measureText('age 0s');
  assert.equal(measureText('age 0s'), first, 'a text measured again comes from the cache');
  for (let i = 1; i <= MEASURE_CACHE_CAP; i++) assert.deepEqual(measureText(`age ${i}s`), { width: `age ${i}s`.length, height: 1 });
  const again = measureText('age 0s');
  assert.deepEqual(again, first);
  assert.notEqual(again, first, 'past the cap the cache started over: the old text was measured again');
});

test('as it stood before (the bench\'s yardstick), the patch only bounds the cache', async () => {
  const measureText = await patchedMeasureText({ lineWidths: false });
  assert.deepEqual(measureText('ab\nabcd'), { width: 4, height: 2 });
  const first = measureText('age 0s');
  for (let i = 1; i <= MEASURE_CACHE_CAP; i++) measureText(`age ${i}s`);
  assert.notEqual(measureText('age 0s'), first);
});

test('a text is measured line by line, each line once while it is remembered: a frame of many lines measures only the lines that changed', async () => {
  const measureText = await patchedMeasureText();
  const rows = Array.from({ length: 30 }, (_, i) => `row ${i} `.padEnd(80 + (i % 3), '.'));
  measured.length = 0;
  assert.deepEqual(measureText(rows.join('\n')), { width: 82, height: 30 });
  assert.equal(measured.length, 30);
  measured.length = 0;
  const moved = [...rows.slice(1), 'a new row'];
  assert.deepEqual(measureText(moved.join('\n')), { width: 82, height: 30 });
  assert.deepEqual(measured, ['a new row'], 'only the new line was measured');
  measured.length = 0;
  assert.deepEqual(measureText([...rows.slice(0, 29), 'x'.repeat(200)].join('\n')), { width: 200, height: 30 }, 'the widest line is the width');
  // Past the cap the oldest lines go, and are measured again when they come back.
  for (let i = 0; i < LINE_WIDTHS_CAP; i++) measureText(`line ${i}`);
  measured.length = 0;
  measureText(`${rows[0]}\nline ${LINE_WIDTHS_CAP - 1}`);
  assert.deepEqual(measured, [rows[0]]);
});

test('long texts (a whole frame) are kept a few at a time, apart from the short ones', async () => {
  const measureText = await patchedMeasureText();
  const long = (i: number) => `${i}`.padEnd(LONG_TEXT + 1, '-');
  const short = measureText('short');
  const first = measureText(long(0));
  assert.equal(measureText(long(0)), first, 'a long text measured twice (layout, then drawing) comes from the cache');
  for (let i = 1; i <= LONG_TEXTS_KEPT; i++) measureText(long(i));
  assert.notEqual(measureText(long(0)), first, 'past a few long texts the oldest went');
  assert.equal(measureText('short'), short, 'long texts never push short ones out');
});

test("the measure-text patch refuses an Ink whose measure-text it does not recognise", () => {
  assert.throws(() => patchMeasureText('export default (text) => text.length;'), /measure-text changed/);
});
