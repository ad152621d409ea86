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
import { inkCaches } from '../../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { meowLazyNormalize } from '../../scripts/meow-lazy-normalize.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStringWidth, stringWidthPrecheck } from '../../scripts/string-width-precheck.mjs';

const root = new URL('../..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };

test('Ink is pinned to the exact version the bundle patches, in package.json and the lock file', () => {
  assert.equal(pkg.devDependencies.ink, '6.8.0', 'an exact version, not a range');
  assert.equal(lock.packages['node_modules/ink']?.version, pkg.devDependencies.ink);
  assert.equal(JSON.parse(readFileSync(join(root, 'node_modules/ink/package.json'), 'utf8')).version, pkg.devDependencies.ink, 'the installed Ink');
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
    await build({ entryPoints: [join(dir, 'entry.js')], absWorkingDir: dir, bundle: true, write: false, format: 'esm', platform: 'node', plugins: [plugin], logLevel: 'silent' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const changed: Array<[string, Plugin, string, RegExp]> = [
  ['ink/build/output.js', inkCaches, 'node_modules/ink/build/output.js', /output changed/],
  ['ink/build/render-node-to-output.js', inkCaches, 'node_modules/ink/build/render-node-to-output.js', /render-node-to-output changed/],
  ['ink/build/measure-text.js', inkCaches, 'node_modules/ink/build/measure-text.js', /measure-text changed/],
  ['ansi-tokenize styledChars.js', ansiStylesFastPath, 'node_modules/@alcalzone/ansi-tokenize/build/styledChars.js', /ansi-tokenize changed/],
  ['meow dependencies.js', meowLazyNormalize, 'node_modules/meow/build/dependencies.js', /meow changed/],
];

for (const [what, plugin, path, message] of changed) {
  test(`the build fails when ${what} lacks the patch's anchor`, async () => {
    await assert.rejects(bundleWith(plugin, { [path]: 'export default 1;\n' }, `import x from './${path}';\nconsole.log(x);\n`), message);
  });
}

for (const plugin of [inkCaches, ansiStylesFastPath, meowLazyNormalize, stringWidthPrecheck] as Plugin[]) {
  test(`the build fails when a file ${plugin.name} patches never comes through`, async () => {
    await assert.rejects(bundleWith(plugin, {}, 'console.log(1);\n'), new RegExp(`${plugin.name}: .* never loaded`));
  });
}

test('string-width: a copy other than the declared one is left alone, and then the build fails for the declared one', async () => {
  // (The declared copy is the repository's; a string-width elsewhere is some other package's.)
  await assert.rejects(
    bundleWith(stringWidthPrecheck, { 'node_modules/string-width/index.js': 'export default (s) => s.length;\n' }, "import w from 'string-width';\nconsole.log(w('x'));\n"),
    /string-width-precheck: string-width\/index\.js never loaded/,
  );
});

test("string-width's patch refuses a source without any one of its anchors", () => {
  const source = readFileSync(join(root, 'node_modules/string-width/index.js'), 'utf8');
  assert.doesNotThrow(() => patchStringWidth(source));
  for (const anchor of ['rgiEmojiRegex.test(segment)', 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'ambiguousIsNarrow = true,']) {
    assert.ok(source.includes(anchor), anchor);
    assert.throws(() => patchStringWidth(source.replace(anchor, '/* gone */')), /string-width changed/, anchor);
  }
});
