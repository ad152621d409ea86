// The console's command line as the tests' child processes run it:
// test/cli/run-cli.ts (which runs src/cli.ts as the bin does) and the
// sources under it, bundled by esbuild once instead of transformed by tsx in
// every child (about a second of CPU each, before the console's first line).
// Nothing is patched or minified and NODE_ENV is left to the child, as under
// tsx: these are the sources, not the shipped bundle (package.test.ts runs
// that one). A copy of package.json sits where src/cli.ts looks for its
// version (one folder up from the entry).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/** Builds into `dir`; resolves with the entry to run with node. */
export async function buildCliForTests(dir) {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  await build({
    absWorkingDir: root,
    entryPoints: { 'run-cli': 'test/cli/run-cli.ts' },
    outdir: join(dir, 'bin'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    // As in the shipped bundle: optional at run time in their packages.
    external: ['bufferutil', 'utf-8-validate', 'react-devtools-core'],
    banner: { js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return join(dir, 'bin', 'run-cli.mjs');
}
