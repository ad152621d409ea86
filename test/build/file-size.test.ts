// Files small and lines readable (issue 69): no file under src/ over 320
// lines and no line over 140 columns, counted as written (blank lines and
// comments included, which the linter's max-lines skips). Prettier wraps
// code at 120 but not strings or comments: a long one is split or wrapped.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const MAX_LINES = 320;
const MAX_COLUMNS = 140;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Columns as a terminal counts them for this source: code points (the tree has no wide characters in code). */
const columns = (line: string) => [...line].length;

const files = sources('src').map((path) => ({ path, lines: readFileSync(join(root, path), 'utf8').split('\n') }));

test(`no file under src/ is over ${MAX_LINES} lines`, () => {
  assert.ok(files.length > 100, 'the tree was read');
  // A file ending in a newline splits into one empty string more: not a line.
  const long = files
    .map(({ path, lines }) => ({ path, count: lines.at(-1) === '' ? lines.length - 1 : lines.length }))
    .filter(({ count }) => count > MAX_LINES)
    .map(({ path, count }) => `${path}: ${count} lines`);
  assert.deepEqual(long, []);
});

test(`no line under src/ is over ${MAX_COLUMNS} columns`, () => {
  const wide = files.flatMap(({ path, lines }) =>
    lines.flatMap((line, i) => (columns(line) > MAX_COLUMNS ? [`${path}:${i + 1}: ${columns(line)} columns`] : [])),
  );
  assert.deepEqual(wide, []);
});
