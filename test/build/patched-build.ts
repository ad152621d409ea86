// Modules built as the shipped bundle builds them, with some of its patches:
// an entry re-exporting `modules` (name -> absolute path), bundled by esbuild
// with `plugins` into a scratch folder and imported. The stock module is the
// same path imported as it is, so each test compares the two.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { patchingPlugin } from '../../scripts/patching.mjs';

const require = createRequire(import.meta.url);
const root = new URL('../..', import.meta.url).pathname;

/** Ink's build folder, and ansi-tokenize's (Ink's own copy: the package's exports have no require condition to resolve it by). */
export const INK_BUILD = dirname(require.resolve('ink'));
export const TOKENIZE_BUILD = join(root, 'node_modules', '@alcalzone', 'ansi-tokenize', 'build');

/** A patch entry of the build scripts (scripts/patching.mjs). */
export type PatchEntry = { file: string; filter: RegExp; patch: (source: string) => string };

/** A plugin of only these patch entries. */
export const pluginOf = (name: string, entries: PatchEntry[]) => patchingPlugin(name, entries) as Plugin;

/** The packages a build of Ink keeps in: the patched ones, and React's, which the build makes production's. */
const BUNDLED = /[\\/]node_modules[\\/](ink|@alcalzone[\\/]ansi-tokenize|react|react-reconciler|scheduler)[\\/]/;

const SHARED = Symbol('shared-packages');

/**
 * Every other package Ink imports is left out of its builds and imported
 * from node_modules, one copy per process: none of them is patched, and
 * each build compiled and warmed up a copy of its own (string-width's
 * expressions, Yoga's WebAssembly, wrap-ansi), about 0.2 s of CPU a build.
 */
export const sharedPackages: Plugin = {
  name: 'shared-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === SHARED || args.kind === 'entry-point') return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: SHARED,
      });
      if (resolved.errors.length > 0 || resolved.external || BUNDLED.test(resolved.path)) return undefined;
      if (!/[\\/]node_modules[\\/]/.test(resolved.path)) return undefined;
      return { path: resolved.path, external: true };
    });
  },
};

/** Builds the entry into `dir`; resolves with the bundle's path. */
export async function bundleInto(dir: string, plugins: Plugin[], modules: Record<string, string>): Promise<string> {
  const entry = join(dir, 'entry.js');
  writeFileSync(
    entry,
    Object.entries(modules)
      .map(([name, path]) => `export * as ${name} from ${JSON.stringify(path)};\n`)
      .join(''),
  );
  await build({
    entryPoints: [entry],
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    entryNames: 'patched',
    // Ink's devtools stay in a chunk of their own, loaded only when asked for.
    splitting: true,
    absWorkingDir: root,
    nodePaths: [join(root, 'node_modules')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['react-devtools-core'],
    banner: {
      js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);",
    },
    plugins,
    logLevel: 'error',
  });
  return join(dir, 'patched.mjs');
}

/** Builds the entry and imports it; the scratch folder goes when the test ends. */
export async function bundled<T>(
  t: { after: (fn: () => void) => void },
  plugins: Plugin[],
  modules: Record<string, string>,
): Promise<{ exports: T; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'aep-patched-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = await bundleInto(dir, plugins, modules);
  return { exports: (await import(pathToFileURL(file).href)) as T, text: readFileSync(file, 'utf8') };
}
