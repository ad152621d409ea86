// Caches keyed by a line of a larger text keep a copy of the line, not the
// text: a line cut by split is, in V8, a view into the whole text, and a
// cache of a thousand such lines would keep a thousand whole frames alive.
// Measured in a child with a forced collection: the heap held after feeding
// a thousand frames through each cache is about its keys, not its frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs build script, without types
import { INK_PATCHES } from '../../scripts/ink-caches.mjs';
import { INK_BUILD, bundleInto, pluginOf, type PatchEntry } from './patched-build.js';

test("the line-width cache (Ink's measure-text, patched) and the frame writer's row cache keep lines, not the frames they were cut from", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-retention-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // Ink's measure-text as the bundle builds it.
  const measure = await bundleInto(dir, [pluginOf('measure-text', INK_PATCHES['measure-text'] as PatchEntry[])], {
    measure: join(INK_BUILD, 'measure-text.js'),
  });
  const rowCells = pathToFileURL(join(process.cwd(), 'src', 'ui', 'terminal', 'row-cells.ts')).href;
  writeFileSync(
    join(dir, 'child.mts'),
    `import { measure } from ${JSON.stringify(pathToFileURL(measure).href)};
const measureText = measure.default;
import { rowCells } from ${JSON.stringify(rowCells)};
const gc = (globalThis as unknown as { gc: () => void }).gc;
// A frame of 40 rows of 300 two-byte characters (about 24 KB), and in each a new short row (20 characters).
const frame = (f: number) => Array.from({ length: 40 }, (_, i) => (i === 7 ? \`new row \${f}\`.padEnd(20, '●') : \`row \${i} \`.padEnd(300, '●'))).join('\\n');
function held(feed: (text: string) => void): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let f = 0; f < 1000; f++) feed(frame(f));
  gc();
  return (process.memoryUsage().heapUsed - before) / 1048576;
}
// The rows as views into their frame (what the writer reads), or each made on its own (the same rows, nothing to retain).
const rows = (text: string) => (process.argv[2] === 'split' ? text.split('\\n') : text.split('\\n').map((row) => [...row].join('')));
const measured = held((text) => measureText(text));
const read = held((text) => rows(text).forEach((row) => rowCells(row)));
process.stdout.write(JSON.stringify({ measured, read }));
`,
  );
  const run = (rows: 'split' | 'own') =>
    JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, 'child.mts'), rows], {
        encoding: 'utf8',
      }),
    ) as { measured: number; read: number };
  const { measured, read: split } = run('split');
  const { read: own } = run('own');
  const read = split - own;
  // Their own keys and cells are small; kept as views, each cache would hold dozens to hundreds of whole frames (~24 KB each): 2 MB and more.
  assert.ok(measured < 1, `measure-text's caches hold ${measured.toFixed(1)} MB after 1,000 frames`);
  assert.ok(
    read < 0.5,
    `the row cache holds ${read.toFixed(1)} MB more for rows cut from their frames than for the same rows made on their own`,
  );
});
