// The bundle patches Ink, its ANSI tokenizer, string-width and meow by
// exact anchor text (scripts/*.mjs): Ink is pinned to the one version the
// patches were written against, and every patch fails the build, never
// skips, when its anchor or its whole file is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { ansiStylesFastPath } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchTokenize } from '../../scripts/ansi-tokenize-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStyledChars } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches, patchMeasureText } from '../../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchOutputRows } from '../../scripts/ink-output-rows.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchSanitize } from '../../scripts/ink-sanitize-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import * as segmenters from '../../scripts/lazy-segmenters.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import * as expressions from '../../scripts/lazy-regexps.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import * as atOnce from '../../scripts/start-without-await.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchYogaScriptDir, yogaAtOnce } from '../../scripts/yoga-base64.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { meowLazyNormalize, patchMeowDependencies } from '../../scripts/meow-lazy-normalize.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStringWidth, stringWidthPrecheck } from '../../scripts/string-width-precheck.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchSignalExit, signalExitLazyAssert } from '../../scripts/signal-exit-lazy-assert.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkStackUtilsLazy, patchErrorOverview } from '../../scripts/ink-stack-utils-lazy.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import * as clock from '../../scripts/clock-without-perf-hooks.mjs';

const root = new URL('../..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version: string }>;
};

test('Ink is pinned to the exact version the bundle patches, in package.json and the lock file', () => {
  assert.equal(pkg.devDependencies.ink, '6.8.0', 'an exact version, not a range');
  assert.equal(lock.packages['node_modules/ink']?.version, pkg.devDependencies.ink);
  assert.equal(
    JSON.parse(readFileSync(join(root, 'node_modules/ink/package.json'), 'utf8')).version,
    pkg.devDependencies.ink,
    'the installed Ink',
  );
  // The library entries use the consumer's Ink unpatched: any 6.x from 6.8 on.
  assert.equal(pkg.peerDependencies.ink, '^6.8.0');
});

/** Bundles `entry` in a scratch project whose node_modules holds `files` (path -> source). */
async function bundleWith(plugin: Plugin, files: Record<string, string>, entry: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'aep-anchors-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    writeFileSync(join(dir, 'entry.js'), entry);
    await build({
      entryPoints: [join(dir, 'entry.js')],
      absWorkingDir: dir,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      plugins: [plugin],
      logLevel: 'silent',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const changed: Array<[string, Plugin, string, RegExp]> = [
  ['ink/build/output.js', inkCaches, 'node_modules/ink/build/output.js', /output changed/],
  ['ink/build/measure-text.js', inkCaches, 'node_modules/ink/build/measure-text.js', /measure-text changed/],
  ['ink/build/reconciler.js', inkCaches, 'node_modules/ink/build/reconciler.js', /reconciler changed/],
  ['ink/build/sanitize-ansi.js', inkCaches, 'node_modules/ink/build/sanitize-ansi.js', /sanitize-ansi changed/],
  [
    'ansi-tokenize styledChars.js',
    ansiStylesFastPath,
    'node_modules/@alcalzone/ansi-tokenize/build/styledChars.js',
    /ansi-tokenize changed/,
  ],
  [
    'ansi-tokenize tokenize.js',
    ansiStylesFastPath,
    'node_modules/@alcalzone/ansi-tokenize/build/tokenize.js',
    /ansi-tokenize changed/,
  ],
  ['meow dependencies.js', meowLazyNormalize, 'node_modules/meow/build/dependencies.js', /meow changed/],
  ['signal-exit index.js', signalExitLazyAssert, 'node_modules/signal-exit/index.js', /signal-exit changed/],
  [
    'react scheduler',
    clock.clockWithoutPerfHooks,
    'node_modules/scheduler/cjs/scheduler.production.js',
    /scheduler changed/,
  ],
  ['ink/build/ink.js', clock.clockWithoutPerfHooks, 'node_modules/ink/build/ink.js', /render changed/],
  [
    'ink ErrorOverview.js',
    inkStackUtilsLazy,
    'node_modules/ink/build/components/ErrorOverview.js',
    /ErrorOverview changed/,
  ],
  [
    'slice-ansi tokenize-ansi.js',
    segmenters.lazySegmenters,
    'node_modules/slice-ansi/tokenize-ansi.js',
    /slice-ansi changed/,
  ],
  [
    "wrap-ansi's string-width",
    segmenters.lazySegmenters,
    'node_modules/wrap-ansi/node_modules/string-width/index.js',
    /string-width changed/,
  ],
];

for (const [what, plugin, path, message] of changed) {
  test(`the build fails when ${what} lacks the patch's anchor`, async () => {
    await assert.rejects(
      bundleWith(plugin, { [path]: 'export default 1;\n' }, `import x from './${path}';\nconsole.log(x);\n`),
      message,
    );
  });
}

for (const plugin of [
  inkCaches,
  ansiStylesFastPath,
  meowLazyNormalize,
  stringWidthPrecheck,
  segmenters.lazySegmenters,
  yogaAtOnce,
  signalExitLazyAssert,
  inkStackUtilsLazy,
  clock.clockWithoutPerfHooks,
] as Plugin[]) {
  test(`the build fails when a file ${plugin.name} patches never comes through`, async () => {
    await assert.rejects(bundleWith(plugin, {}, 'console.log(1);\n'), new RegExp(`${plugin.name}: .* never loaded`));
  });
}

test('string-width: a copy other than the declared one is left alone, and then the build fails for the declared one', async () => {
  // (The declared copy is the repository's; a string-width elsewhere is some other package's.)
  await assert.rejects(
    bundleWith(
      stringWidthPrecheck,
      { 'node_modules/string-width/index.js': 'export default (s) => s.length;\n' },
      "import w from 'string-width';\nconsole.log(w('x'));\n",
    ),
    /string-width-precheck: string-width\/index\.js never loaded/,
  );
});

test("string-width's patch refuses a source without any one of its anchors", () => {
  const source = readFileSync(join(root, 'node_modules/string-width/index.js'), 'utf8');
  assert.doesNotThrow(() => patchStringWidth(source));
  for (const anchor of [
    'rgiEmojiRegex.test(segment)',
    'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
    'ambiguousIsNarrow = true,',
  ]) {
    assert.ok(source.includes(anchor), anchor);
    assert.throws(() => patchStringWidth(source.replace(anchor, '/* gone */')), /string-width changed/, anchor);
  }
});

type Patch = (source: string) => string;

/**
 * Each patch, the pinned file it is for, and the text it expects there (its
 * anchors, and what it replaces): the pinned file is patched, and with any
 * one of those texts changed the patch throws (the build fails with its
 * message) instead of patching something else.
 */
const PINNED: Array<[Patch, string, string[]]> = [
  [
    patchMeasureText,
    'ink/build/measure-text.js',
    [
      'const cache = new Map();',
      "import widestLine from 'widest-line';",
      'cache.get(text);',
      'cache.set(text, dimensions);',
      'const width = widestLine(text);',
    ],
  ],
  // The method replaced whole, checked by its digest: one character of it changed is enough.
  [
    patchOutputRows,
    'ink/build/output.js',
    [
      '    get() {',
      'const clips = [];',
      'sliceAnsi(line, from, to)',
      'line.filter(item => item !== undefined)',
      '.trimEnd();',
    ],
  ],
  [
    patchSanitize,
    'ink/build/sanitize-ansi.js',
    ['const sanitizeAnsi = (text) => {', 'if (!hasAnsiControlCharacters(text)) {'],
  ],
  [
    patchStyledChars,
    '@alcalzone/ansi-tokenize/build/styledChars.js',
    [
      'styles: [...codes],',
      'ret += ansiCodesToString(char.styles);',
      '// reset active styles at the end of the string',
    ],
  ],
  [
    patchTokenize,
    '@alcalzone/ansi-tokenize/build/tokenize.js',
    [
      'export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {',
      'function parseSGRSequence(string, offset)',
      'function isFullwidthGrapheme(grapheme, baseCodePoint)',
    ],
  ],
  [
    patchMeowDependencies,
    'meow/build/dependencies.js',
    ['var normalizeExports = requireNormalize();', 'promisify(execFile);\n'],
  ],
  [patchSignalExit, 'signal-exit/index.js', ["var assert = require('assert')"]],
  [
    clock.patchSchedulerClock,
    'scheduler/cjs/scheduler.production.js',
    [
      '"object" === typeof performance && "function" === typeof performance.now',
      '  var localPerformance = performance;',
    ],
  ],
  [clock.patchInkRenderTimer, 'ink/build/ink.js', ['const startTime = performance.now();']],
  [
    patchErrorOverview,
    'ink/build/components/ErrorOverview.js',
    ["import StackUtils from 'stack-utils';\n", 'internals: StackUtils.nodeInternals(),'],
  ],
  [
    atOnce.patchReconcilerAwaits,
    'ink/build/reconciler.js',
    ["        await import('./devtools.js');", '    ? await loadPackageJson()'],
  ],
  [atOnce.patchYogaIndex, 'yoga-layout/dist/src/index.js', ['const Yoga = wrapAssembly(await loadYoga());']],
  [patchYogaScriptDir, 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js', ['  var _scriptDir = import.meta.url;']],
  [
    atOnce.patchYogaInstantiation,
    'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js',
    ['function wa(){', 'WebAssembly.instantiateStreaming(e,d).then(b,function(f){'],
  ],
  [segmenters.patchStringWidthSegmenter, 'string-width/index.js', [segmenters.STRING_WIDTH_SEGMENTER]],
  [
    segmenters.patchStringWidthSegmenter,
    'wrap-ansi/node_modules/string-width/index.js',
    [segmenters.STRING_WIDTH_SEGMENTER],
  ],
  [
    segmenters.patchTokenizeSegmenter,
    '@alcalzone/ansi-tokenize/build/tokenize.js',
    ['const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });'],
  ],
  [
    segmenters.patchSliceAnsiSegmenter,
    'slice-ansi/tokenize-ansi.js',
    ["const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});"],
  ],
  [expressions.patchStringWidthExpressions, 'string-width/index.js', expressions.STRING_WIDTH_8_EXPRESSIONS],
  [
    expressions.patchWrapAnsiStringWidthExpressions,
    'wrap-ansi/node_modules/string-width/index.js',
    ['const defaultIgnorableCodePointRegex = /^\\p{Default_Ignorable_Code_Point}$/u;'],
  ],
  [
    expressions.patchSliceAnsiExpressions,
    'slice-ansi/tokenize-ansi.js',
    ['const EMOJI_PRESENTATION_GRAPHEME_REGEX = /\\p{Emoji_Presentation}/u;'],
  ],
];

for (const [patch, file, texts] of PINNED) {
  test(`${file}: the pinned file is patched, and the patch refuses it with any text it expects changed`, () => {
    const source = readFileSync(join(root, 'node_modules', file), 'utf8');
    assert.notEqual(patch(source), source);
    for (const text of texts) {
      assert.ok(source.includes(text), `the pinned ${file} holds ${JSON.stringify(text)}`);
      assert.throws(() => patch(source.replace(text, `${text.slice(0, -1)} ${text.slice(-1)}`)), /changed/, text);
    }
  });
}
