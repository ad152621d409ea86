// The bundle defers meow's normalize-package-data (scripts/meow-lazy-normalize.mjs):
// meow built that way must parse the console's command lines exactly as meow itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { meowLazyNormalize, patchMeowDependencies } from '../../scripts/meow-lazy-normalize.mjs';
import { parseArgs } from '../../src/cli/args.js';

test('the console parses its command lines the same with meow built as shipped', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-meow-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  await build({
    entryPoints: { args: join(process.cwd(), 'src/cli/args.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    plugins: [meowLazyNormalize],
    logLevel: 'error',
  });
  assert.ok(
    readFileSync(join(dir, 'args.mjs'), 'utf8').includes('getDefaultExportFromCjs(requireNormalize())(...args)'),
    'the bundle carries the deferral',
  );
  const bundled = (await import(pathToFileURL(join(dir, 'args.mjs')).href)) as { parseArgs: typeof parseArgs };
  const lines = [
    [],
    ['--help'],
    ['--version'],
    ['--demo'],
    ['--relay', 'ws://r:1', '--relay', 'wss://s:2', '--no-bell', '--notify'],
    ['list', '--json', '--relay', 'ws://r:1'],
    ['--bogus'],
    ['lst'],
    ['--relay'],
    ['-h'],
  ];
  const kinds = new Set<string>();
  for (const argv of lines) {
    const run = (parse: typeof parseArgs) => {
      try {
        return parse(argv, { AEP_TOKEN: 't' }, '1.2.3');
      } catch (error) {
        return { threw: error instanceof Error ? error.message : String(error) };
      }
    };
    assert.deepEqual(run(bundled.parseArgs), run(parseArgs), argv.join(' '));
    kinds.add(String((run(parseArgs) as { kind?: string }).kind ?? 'threw'));
  }
  assert.ok(kinds.has('help') && kinds.has('version') && kinds.size >= 4, `every outcome was compared: ${[...kinds]}`);
});

test('the meow patch refuses a meow it does not recognise', () => {
  assert.throws(() => patchMeowDependencies('export {}'), /meow changed/);
});
