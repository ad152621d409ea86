// One direction of imports: no file of src/ or bench/ reaches
// itself through its relative imports, type-only ones included (a type
// import that runs back is still two ideas knotted together), and no layer
// imports one above it: protocol → store → files → relay → ui → cli, demo apart.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The files of this tree that `file` imports or re-exports by a relative path (static or dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g,
  )) {
    const spec = match[1] ?? match[2] ?? match[3];
    const base = join(dirname(file), spec);
    const hit = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base].find((candidate) =>
      existsSync(join(root, candidate)),
    );
    if (hit) found.add(relative('.', hit));
  }
  return [...found];
}

const files = [...sources('src'), ...sources('bench')];
const graph = new Map(files.map((file) => [file, importsOf(file)]));

test('no file reaches itself through its imports (src/, bench/)', () => {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  assert.deepEqual(cycles, []);
  assert.ok(graph.size > 100 && [...graph.values()].some((imports) => imports.length > 0), 'the graph was read');
});

test('no layer imports one above it: protocol → store → files → relay → ui → cli; demo apart', () => {
  const LAYERS = ['src/protocol/', 'src/store/', 'src/files/', 'src/relay/', 'src/ui/', 'src/cli'];
  const rank = (file: string) => LAYERS.findIndex((layer) => file.startsWith(layer));
  const upward: string[] = [];
  for (const [file, imports] of graph) {
    if (!file.startsWith('src/') || rank(file) < 0) continue;
    for (const imported of imports) {
      if (imported.startsWith('src/demo/') && file !== 'src/cli/demo-session.ts')
        upward.push(`${file} → ${imported} (the console imports the demo only for --demo)`);
      if (rank(imported) > rank(file)) upward.push(`${file} → ${imported}`);
    }
  }
  assert.deepEqual(upward, []);
});

test("the bin's loader (src/boot) stands apart: it imports only the trusted-file helpers, and nothing imports it", () => {
  const wrong: string[] = [];
  for (const [file, imports] of graph) {
    if (!file.startsWith('src/')) continue;
    for (const imported of imports) {
      if (file.startsWith('src/boot/') && !imported.startsWith('src/boot/') && !imported.startsWith('src/files/'))
        wrong.push(`${file} → ${imported}`);
      if (!file.startsWith('src/boot/') && imported.startsWith('src/boot/')) wrong.push(`${file} → ${imported}`);
    }
  }
  assert.ok(
    [...graph.keys()].some((file) => file.startsWith('src/boot/')),
    'src/boot was read',
  );
  assert.deepEqual(wrong, []);
});
