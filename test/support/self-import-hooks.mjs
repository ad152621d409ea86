// Module hooks that let a README example run verbatim against the sources:
// `aep-console`, `aep-console/demo` and `aep-console/testing` resolve to
// their src entries (tsx compiles them), and the example's other bare
// imports (react, ink-testing-library) resolve from this repository, as they
// would from a consumer's node_modules. Registered by self-import.mjs.
const root = new URL('../../', import.meta.url);
const entries = new Map([
  ['aep-console', 'src/index.ts'],
  ['aep-console/demo', 'src/demo/index.ts'],
  ['aep-console/testing', 'src/testing/index.ts'],
]);
const bare = (s) => !/^(\.|\/|node:|file:|data:)/.test(s);

export async function resolve(specifier, context, next) {
  const entry = entries.get(specifier);
  if (entry) return next(new URL(entry, root).href, context);
  if (bare(specifier) && context.parentURL && !context.parentURL.startsWith(root.href)) {
    return next(specifier, { ...context, parentURL: new URL('package.json', root).href });
  }
  return next(specifier, context);
}
