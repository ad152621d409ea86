// The sources the tests import, as JavaScript, for scripts/test.mjs. Under
// tsx every test process paid about half a second of CPU before its first
// test: tsx's loader runs on a thread of its own (module.register, Node 20),
// so every import of every module crossed threads, and each TypeScript file
// was read back from tsx's cache or transformed again. Here esbuild
// transforms each .ts/.tsx/.mts under src/, test/, bench/ and scripts/ once
// per run into a mirror of the tree, beside symbolic links to every other
// file there (the .mjs build scripts, the fixtures) and to node_modules, and
// the test processes run plain node over the mirror.
//
// A module's `import.meta.url` (and `dirname`, `filename`) stays its source's
// own: the tests find the repository, its fixtures and their helpers from it.
// Imports resolve in the mirror, to the mirror's JavaScript. A symbolic link
// is followed to the file it names (node's resolver), so a package or a build
// script is one module whether it is reached from the tree or from the mirror.
// Source maps are inline, with the source's path: stacks name the .ts file and
// its lines (the runner is started with --enable-source-maps).
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';

/** The folders mirrored; the tests import nothing outside them but packages. */
const FOLDERS = ['src', 'test', 'bench', 'scripts'];
const COMPILED = /\.(ts|tsx|mts)$/;

/** Every file under `dir`, as paths (no folders). */
export function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** What a source's JavaScript is called: the name its importers use (`./a.js` for a.ts and a.tsx, `./b.mjs` for b.mts). */
export function compiledName(file) {
  return file.endsWith('.mts') ? file.replace(/\.mts$/, '.mjs') : file.replace(/\.tsx?$/, '.js');
}

/** Transforms one source into the mirror, its import.meta naming the source. */
async function compile(root, tree, file, compilerOptions) {
  const path = join(root, file);
  const meta = {
    'import.meta.url': JSON.stringify(pathToFileURL(path).href),
    'import.meta.filename': JSON.stringify(path),
    'import.meta.dirname': JSON.stringify(dirname(path)),
  };
  const { code } = await transform(readFileSync(path, 'utf8'), {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    tsconfigRaw: { compilerOptions },
    define: meta,
    sourcemap: 'inline',
    sourcefile: path,
    logLevel: 'error',
  });
  const out = join(tree, compiledName(file));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, code);
}

/**
 * Builds the mirror of `root` in `tree` (a new, empty folder); resolves
 * with the number of sources compiled. Every file of the mirrored folders
 * is there, compiled or linked; so are package.json and node_modules.
 */
export async function buildTestTree(root, tree) {
  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  const files = FOLDERS.flatMap((folder) => filesUnder(join(root, folder))).map((path) => relative(root, path));
  const sources = files.filter((file) => COMPILED.test(file) && !file.endsWith('.d.ts'));
  for (const file of files.filter((file) => !COMPILED.test(file))) {
    const link = join(tree, file);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, file), link);
  }
  for (const name of ['package.json', 'node_modules']) symlinkSync(join(root, name), join(tree, name));
  await Promise.all(sources.map((file) => compile(root, tree, file, compilerOptions)));
  return sources.length;
}
