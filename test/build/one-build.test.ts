// One build: the command line the end-to-end and terminal tests run
// (test/cli/cli-entry.ts) is bundled with the shipped bundle's patches and
// production React, and the bench's own copy of the shipped bundle
// (`scripts/bundle.mjs DIR`) is built where it is told, leaving the
// repository's dist/ (its library part with it) as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, join } from 'node:path';
import { cliEntry } from '../cli/cli-entry.js';
// @ts-expect-error: a plain .mjs build script, without types
import { EXTERNAL_FROM, HEAD } from '../../scripts/bundle-wrap.mjs';

const root = new URL('../..', import.meta.url).pathname;

/** The text of a bundle's entry and chunks, all of them. */
function bundleText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.[mc]?js$/.test(name))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');
}

/** What each shipped patch leaves in an unminified bundle: the names of the code it brings, or its edit. */
const MARKS = [
  'rowCachedGet',
  'onlyPlainSgr',
  'lineByLineWidest',
  'MeasureCache',
  'stylesFastPath',
  'standaloneTokenizer',
  'quickWidth',
  'lazyRgiEmoji',
  'getDefaultExportFromCjs(requireNormalize())(...args)',
  'aep-on-first-use:ws',
  'aep-on-first-use:meow',
  'if (actual != expected) require("assert").equal',
  'loaded ??= require("node:crypto")',
  'aepStackUtils',
  'aepClockOrigin',
];

test("the tests' command line carries every patch the shipped bundle does, and production React", async () => {
  const text = bundleText(dirname(await cliEntry()));
  for (const mark of MARKS) assert.ok(text.includes(mark), `the tests' build carries ${mark}`);
  assert.ok(text.includes('react.production') && !text.includes('react.development'), "React's production build only");
});

/** Each file under dist/ with its size and modification time (nothing, without a dist/). */
function distState(): string[] {
  const dist = join(root, 'dist');
  if (!existsSync(dist)) return [];
  return readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((name) => {
    const stat = statSync(join(dist, name));
    return `${name} ${stat.size} ${stat.mtimeMs}`;
  });
}

test('the shipped bundle built into a folder of its own leaves dist/ as it is', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-one-build-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const before = distState();
  execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs'), join(dir, 'dist')], { stdio: 'pipe' });
  assert.deepEqual(distState(), before);
  const text = bundleText(join(dir, 'dist'));
  assert.ok(existsSync(join(dir, 'dist', 'cli.cjs')) && existsSync(join(dir, 'dist', 'boot.cjs')));
  // Run through vm.Script (src/boot/load-bundle.ts), which has no loader for import(): none may be left.
  assert.doesNotMatch(readFileSync(join(dir, 'dist', 'cli.cjs'), 'utf8'), /(?<![\w$.])import\(/);
  // Minified: the names go; the kept text's property and the deferred emoji expression stay.
  assert.ok(text.includes('RegExp("^\\\\p{RGI_Emoji}$","v")'), 'the bundle is patched');
  // One function expression, past the length Node keeps outside the heap, and its map still lines up.
  const cli = readFileSync(join(dir, 'dist', 'cli.cjs'), 'latin1');
  assert.ok(cli.startsWith(`${HEAD}\n`) && cli.endsWith('\n//# sourceMappingURL=cli.cjs.map\n'));
  assert.ok(cli.length >= EXTERNAL_FROM, `${cli.length} bytes`);
  const map = new SourceMap(JSON.parse(readFileSync(join(dir, 'dist', 'cli.cjs.map'), 'utf8')) as SourceMapPayload);
  const lines = cli.split('\n');
  const line = lines.findIndex((text) => text.includes('`unknown flag '));
  assert.ok(line > 0, 'the message is in the bundle');
  const entry = map.findEntry(line, lines[line].indexOf('`unknown flag ')) as {
    originalSource?: string;
    originalLine?: number;
  };
  assert.match(entry.originalSource ?? '', /src\/cli\/args\.ts$/);
  const original = readFileSync(join(root, 'src', 'cli', 'args.ts'), 'utf8').split('\n')[entry.originalLine ?? -1];
  assert.match(original ?? '', /unknown flag/);
});
