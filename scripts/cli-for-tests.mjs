// The console's command line as the tests' child processes run it:
// test/cli/run-cli.ts (which runs src/cli.ts as the bin does) and the
// sources under it, bundled by esbuild once instead of transformed by tsx in
// every child (about a second of CPU each, before the console's first line).
// Built as the shipped bundle is (build-options.mjs: the same patches of Ink
// and its friends, production React), so the end-to-end and terminal tests
// run what users run; only left unminified, with its source map beside it
// (run-cli.cjs.map, which node reads with --enable-source-maps), for
// readable stacks. Inline, the map was 5 MB of the file's 7 that every
// child read and scanned past (about 40 ms of CPU a start). A copy of
// package.json sits where src/cli.ts looks for its version (one folder up
// from the entry).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { SCRIPT_OPTIONS } from './build-options.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Builds into `dir`; resolves with the entry to run with node. */
export async function buildCliForTests(dir) {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  await build({
    ...SCRIPT_OPTIONS,
    absWorkingDir: root,
    entryPoints: { 'run-cli': 'test/cli/run-cli.ts' },
    outdir: join(dir, 'bin'),
    outExtension: { '.js': '.cjs' },
    sourcemap: 'linked',
  });
  return join(dir, 'bin', 'run-cli.cjs');
}
