// The bundle decodes Yoga's WebAssembly with Buffer instead of a
// character-by-character loop (scripts/yoga-base64.mjs): the same bytes,
// and Yoga built that way lays out as Yoga itself does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { patchYogaBase64, yogaAtOnce, yogaBase64 } from '../../scripts/yoga-base64.mjs';

const root = new URL('../..', import.meta.url).pathname;
const binary = readFileSync(join(root, 'node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js'), 'utf8');

test("Buffer decodes Yoga's data URL into the very bytes the package's own loop makes", () => {
  const base64 = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(binary)?.[1];
  assert.ok(base64 && base64.length > 10_000, "the package's WebAssembly, as a data URL");
  const text = atob(base64);
  const byCharacter = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) byCharacter[i] = text.charCodeAt(i);
  const native = new Uint8Array(Buffer.from(base64, 'base64'));
  assert.deepEqual(native, byCharacter);
  assert.ok(WebAssembly.validate(native), 'a WebAssembly module');
});

/** Lays out a small tree with Yoga bundled with `plugins`, fetch hidden (the decoding the base64 patch changes is the path without it). */
async function layoutWith(plugins: Plugin[], dir: string, name: string): Promise<{ text: string; layout: unknown }> {
  const entry = join(dir, `${name}-entry.mjs`);
  writeFileSync(
    entry,
    `import Yoga from ${JSON.stringify(join(root, 'node_modules/yoga-layout/dist/src/index.js'))};
export function layout() {
  const rootNode = Yoga.Node.create();
  rootNode.setWidth(100);
  rootNode.setFlexDirection(Yoga.FLEX_DIRECTION_ROW);
  const sizes = [];
  for (let i = 0; i < 5; i++) {
    const child = Yoga.Node.create();
    child.setFlexGrow(i + 1);
    child.setHeight(3 + i);
    rootNode.insertChild(child, i);
  }
  rootNode.calculateLayout(100, 30, Yoga.DIRECTION_LTR);
  for (let i = 0; i < 5; i++) sizes.push(rootNode.getChild(i).getComputedLayout());
  rootNode.freeRecursive();
  return sizes;
}`,
  );
  await build({
    entryPoints: { [name]: entry },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    plugins,
    logLevel: 'error',
  });
  const out = join(dir, `${name}.mjs`);
  // (A change of a global: this file runs in a process of its own.)
  const savedFetch = globalThis.fetch;
  globalThis.fetch = undefined as unknown as typeof fetch;
  try {
    const bundled = (await import(pathToFileURL(out).href)) as { layout: () => unknown };
    return { text: readFileSync(out, 'utf8'), layout: bundled.layout() };
  } finally {
    globalThis.fetch = savedFetch;
  }
}

test('Yoga bundled with the patch lays out as Yoga as published', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-yoga-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const patched = await layoutWith([yogaBase64 as Plugin], dir, 'patched');
  const published = await layoutWith([], dir, 'published');
  const decodedByBuffer = /Buffer\.from\(a\.slice\(37\), ?"base64"\)/;
  assert.match(patched.text, decodedByBuffer, 'the bundle carries the patch');
  assert.doesNotMatch(published.text, decodedByBuffer);
  assert.deepEqual(patched.layout, published.layout);
  assert.equal((patched.layout as unknown[]).length, 5);
});

test('the yoga patch refuses a yoga-layout it does not recognise', () => {
  assert.doesNotThrow(() => patchYogaBase64(binary));
  assert.throws(() => patchYogaBase64('export {}'), /yoga-layout changed/);
});

test('Yoga made at once (no await: the bundle is one script) lays out as Yoga as published, as a CommonJS bundle too', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-yoga-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const atOnce = await layoutWith([yogaAtOnce as Plugin], dir, 'at-once');
  const published = await layoutWith([], dir, 'published');
  assert.doesNotMatch(
    atOnce.text,
    /await loadYoga\(\)|instantiateStreaming\(e/,
    'neither the await nor the streaming path is left',
  );
  assert.deepEqual(atOnce.layout, published.layout);
  // The same bundle as CommonJS (as the shipped one is): esbuild refuses a top-level await there.
  const entry = join(dir, 'cjs-entry.mjs');
  writeFileSync(
    entry,
    `import Yoga from ${JSON.stringify(join(root, 'node_modules/yoga-layout/dist/src/index.js'))};\nexport const node = Yoga.Node.create();\n`,
  );
  const built = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    plugins: [yogaAtOnce as Plugin],
    logLevel: 'silent',
  });
  assert.equal(built.errors.length, 0);
  await assert.rejects(
    build({ entryPoints: [entry], bundle: true, write: false, format: 'cjs', platform: 'node', logLevel: 'silent' }),
    /Top-level await is currently not supported/,
    'the published Yoga cannot be one script',
  );
});
