// How a test runs one of the repository's TypeScript files as a child
// process: its JavaScript in the run's compiled mirror of the tree, which
// `npm test` builds for the test files themselves (scripts/test-tree.mjs;
// scripts/test.mjs passes its folder in AEP_TEST_TREE), or, for a test file
// run on its own, the file itself under tsx. Under tsx a child pays about
// 0.8 s of CPU more before its first line (tsx's loader thread and its
// transforms); the mirror's files keep their source's import.meta and map
// their stacks to it, so the child runs the same code either way.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs build script, without types
import { compiledName } from '../../scripts/test-tree.mjs';

const root = new URL('../..', import.meta.url).pathname;

/** Where the repository file `path` (absolute) is compiled in this run's mirror, if npm test made one. */
export function compiledPath(path: string): string | undefined {
  const tree = process.env.AEP_TEST_TREE;
  const compiled = tree && join(tree, compiledName(relative(root, path)) as string);
  return compiled && existsSync(compiled) ? compiled : undefined;
}

/** Node's arguments that run the TypeScript file at `path` (absolute), before the file's own. */
export function tsChild(path: string): string[] {
  const compiled = compiledPath(path);
  return compiled ? ['--enable-source-maps', compiled] : ['--import', 'tsx', path];
}

/**
 * For a child that imports the TypeScript module at `path` (absolute) from a
 * script of its own (`node -e`): the URL to import, and node's arguments
 * that let it (tsx, unless the module is the run's compiled JavaScript).
 */
export function tsImport(path: string): { url: string; args: string[] } {
  const compiled = compiledPath(path);
  return compiled
    ? { url: pathToFileURL(compiled).href, args: ['--enable-source-maps'] }
    : { url: pathToFileURL(path).href, args: ['--import', 'tsx'] };
}
