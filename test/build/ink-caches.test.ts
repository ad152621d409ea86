import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// @ts-expect-error: a plain .mjs build script, without types
import { MEASURE_CACHE_CAP, patchMeasureText } from '../../scripts/ink-caches.mjs';

const require = createRequire(import.meta.url);

async function patchedMeasureText(): Promise<(text: string) => { width: number; height: number }> {
  const source = await readFile(join(dirname(require.resolve('ink')), 'measure-text.js'), 'utf8');
  const patched = (patchMeasureText(source) as string)
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

test("the measure-text patch refuses an Ink whose measure-text it does not recognise", () => {
  assert.throws(() => patchMeasureText('export default (text) => text.length;'), /measure-text changed/);
});
