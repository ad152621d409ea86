// AEP_ABLATE (scripts/ablate.mjs): a bundle built for the bench without a
// named patch. Unset, every patch applies; a name leaves out exactly the
// entries tagged with it; a name that is not a patch, or one the bundle
// cannot load without, fails the build instead of measuring a bundle that is
// not what it says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs build script, without types
import { ABLATIONS, ablated } from '../../scripts/ablate.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchingPlugin } from '../../scripts/patching.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { INK_PATCHES } from '../../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { TOKENIZE_PATCHES } from '../../scripts/ansi-styles-fast-path.mjs';

type Entry = { file: string; filter: RegExp; patch: (s: string) => string; ablation?: string };

/** The files a patching plugin registers a load for, as esbuild would set it up. */
function loadsOf(entries: Entry[], env: string | undefined): string[] {
  const saved = process.env.AEP_ABLATE;
  if (env === undefined) delete process.env.AEP_ABLATE;
  else process.env.AEP_ABLATE = env;
  try {
    const filters: string[] = [];
    const plugin = patchingPlugin('plugin-name', entries) as { setup: (build: unknown) => void };
    plugin.setup({
      onStart: () => undefined,
      onResolve: () => undefined,
      onEnd: () => undefined,
      onLoad: (options: { filter: RegExp }) => filters.push(options.filter.source),
    });
    return filters;
  } finally {
    if (saved === undefined) delete process.env.AEP_ABLATE;
    else process.env.AEP_ABLATE = saved;
  }
}

const same = (s: string) => s;
const ENTRIES: Entry[] = [
  { file: 'a.js', filter: /a\.js$/, patch: same },
  { file: 'b.js', filter: /b\.js$/, patch: same, ablation: 'lazy-regexps' },
  { file: 'c.js', filter: /c\.js$/, patch: same, ablation: 'lazy-segmenters' },
];

test('unset, every patch loads; a name leaves out the entries it tags, and the plugin name its untagged ones', () => {
  assert.deepEqual(loadsOf(ENTRIES, undefined), ['a\\.js$', 'b\\.js$', 'c\\.js$']);
  assert.deepEqual(loadsOf(ENTRIES, 'lazy-regexps'), ['a\\.js$', 'c\\.js$']);
  assert.deepEqual(loadsOf(ENTRIES, ' lazy-regexps , lazy-segmenters '), ['a\\.js$']);
});

test('a name that is no patch, or one the bundle cannot load without, fails', () => {
  assert.throws(() => ablated('x', { AEP_ABLATE: 'no-such-patch' }), /AEP_ABLATE: no patch no-such-patch/);
  assert.throws(() => ablated('x', { AEP_ABLATE: 'no-top-level-await' }), /lets the bundle load as one script/);
  assert.equal(ablated('to-esm-once', { AEP_ABLATE: 'to-esm-once' }), true);
  assert.equal(ablated('to-esm-once', {}), false);
});

test("every name of Ink's and the tokenizer's patches can be left out, by the key it is listed under", () => {
  const tables = { ...INK_PATCHES, ...TOKENIZE_PATCHES } as Record<string, Entry[]>;
  for (const [key, entries] of Object.entries(tables))
    for (const entry of entries) {
      const name = entry.ablation ?? key;
      assert.ok(ABLATIONS.has(name) || name === 'no-top-level-await', `${key}: ${name}`);
    }
});
