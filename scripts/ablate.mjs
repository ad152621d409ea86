// AEP_ABLATE=name,name: a bundle built without the named patches, for the
// bench to pair against the shipped one (docs/performance.md, "Ablations").
// Read by every bundle build (scripts/bundle.mjs, cli-for-tests.mjs, the
// bench's children): unset, every patch applies and nothing here changes the
// build. A name that is not below fails the build, so a typo is never a
// bundle measured as if something had been taken out.

/** Each patch a bundle may be built without, by the name AEP_ABLATE takes. */
export const ABLATIONS = new Set([
  // plugins of their own
  'builtins-by-require',
  'to-esm-once',
  'on-first-use-ws',
  'on-first-use-meow',
  'meow-lazy-normalize',
  'signal-exit-lazy-assert',
  'ink-stack-utils-lazy',
  'clock-without-perf-hooks',
  'bundle-padding',
  // string-width 8 (string-width-precheck.mjs): the fast paths and the deferred emoji expression
  'string-width-precheck',
  // four packages' segmenters and three's Unicode-property expressions, made on first use
  'lazy-segmenters',
  'lazy-regexps',
  // Ink's (ink-caches.mjs, INK_PATCHES)
  'measure-text',
  'output-rows',
  'sanitize-fast-path',
  // ansi-tokenize's (ansi-styles-fast-path.mjs, TOKENIZE_PATCHES)
  'styles-fast-path',
  'tokenize-fast-path',
  // yoga-layout's (yoga-base64.mjs)
  'yoga-base64',
  'yoga-script-dir',
]);

/**
 * Patches no CommonJS bundle can be built without: what lets it load as one
 * script (start-without-await.mjs, patches/import-meta.ts). Named so that
 * asking for them says why instead of failing inside esbuild.
 */
const REQUIRED = new Set(['no-top-level-await', 'yoga-instantiation']);

function chosen(env = process.env) {
  const names = (env.AEP_ABLATE ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (REQUIRED.has(name)) throw new Error(`AEP_ABLATE: ${name} is what lets the bundle load as one script`);
    if (!ABLATIONS.has(name)) throw new Error(`AEP_ABLATE: no patch ${name} (patches: ${[...ABLATIONS].join(', ')})`);
  }
  return new Set(names);
}

/** Whether the bundle being built leaves out the patch `name` (AEP_ABLATE names it). */
export function ablated(name, env = process.env) {
  return chosen(env).has(name);
}
