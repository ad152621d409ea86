// Module hooks that let a README example run verbatim against the sources:
// `aep-console`, `aep-console/demo` and `aep-console/testing` resolve to
// their src entries, and the example's other bare imports (react,
// ink-testing-library) resolve from this repository, as they would from a
// consumer's node_modules. Registered by self-import.mjs. The entries are
// the run's compiled JavaScript where `npm test` made it (AEP_TEST_TREE:
// scripts/test-tree.mjs; no tsx is needed then), else the TypeScript,
// which tsx compiles.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const root = new URL('../../', import.meta.url);
const tree = process.env.AEP_TEST_TREE;
const compiled = tree !== undefined && existsSync(`${tree}/src/index.js`);
const base = compiled ? pathToFileURL(`${tree}/`) : root;
const entries = new Map(
  [
    ['aep-console', 'src/index.ts'],
    ['aep-console/demo', 'src/demo/index.ts'],
    ['aep-console/testing', 'src/testing/index.ts'],
  ].map(([name, file]) => [name, compiled ? file.replace(/\.ts$/, '.js') : file]),
);
const bare = (s) => !/^(\.|\/|node:|file:|data:)/.test(s);
const ours = (url) => url.startsWith(root.href) || url.startsWith(base.href);

/** Synchronous, as module.registerHooks needs; module.register's chain takes it too (it awaits what `next` gives). */
export function resolve(specifier, context, next) {
  const entry = entries.get(specifier);
  if (entry) return next(new URL(entry, base).href, context);
  if (bare(specifier) && context.parentURL && !ours(context.parentURL)) {
    return next(specifier, { ...context, parentURL: new URL('package.json', root).href });
  }
  return next(specifier, context);
}
