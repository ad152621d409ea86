// The bin's code cache (src/boot/): used only when it was made from the very
// bundle, is whole and is the user's own; otherwise the bundle compiles as
// without one, and a new cache is written once asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { CACHE_FILE, cacheBytes, cacheDir, dataFor, readCache, writeCache } from '../../src/boot/code-cache.js';
import { loadBundle } from '../../src/boot/load-bundle.js';
// @ts-expect-error: a plain .mjs build script, without types
import { HEAD } from '../../scripts/bundle-wrap.mjs';

const scratch = (t: { after: (fn: () => void) => void }) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-code-cache-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** V8's data for `text`, as the loader would make it. */
function dataOf(text: string): Buffer {
  const script = new Script(text);
  script.runInThisContext();
  return script.createCachedData();
}

const SOURCE = Buffer.from('function twice(a) { return a * 2; }\ntwice(21);\n');

test('the cache is read back only for the bundle it was made from, whole', () => {
  const data = dataOf(SOURCE.toString());
  const bytes = cacheBytes(SOURCE, data);
  assert.deepEqual(dataFor(bytes, SOURCE), data);
  const sameLength = Buffer.from(SOURCE.toString().replace('* 2', '* 3'));
  assert.equal(sameLength.length, SOURCE.length);
  const damaged = Buffer.from(bytes);
  damaged[damaged.length - 5] ^= 0x20;
  const damagedFirst = Buffer.from(bytes);
  damagedFirst[damagedFirst.length - data.length - 5] ^= 0x01;
  const longer = Buffer.concat([bytes, Buffer.from([0])]);
  const otherMagic = Buffer.from(bytes);
  otherMagic[0] ^= 1;
  const cases: Array<[string, Buffer, Buffer]> = [
    ['another bundle of the same length (V8 would take it)', bytes, sameLength],
    ['a longer bundle', bytes, Buffer.concat([SOURCE, Buffer.from(' ')])],
    ['a bit of the data flipped (V8 would crash, or run it)', damaged, SOURCE],
    ['a bit of the first copy flipped', damagedFirst, SOURCE],
    ['a byte more', longer, SOURCE],
    ['cut short', bytes.subarray(0, bytes.length - 1), SOURCE],
    ['only the header and the bundle', bytes.subarray(0, bytes.length - 2 * data.length), SOURCE],
    ['the data once', bytes.subarray(0, bytes.length - data.length), SOURCE],
    ['not a cache of ours', otherMagic, SOURCE],
    ['empty', Buffer.alloc(0), SOURCE],
  ];
  for (const [what, file, source] of cases) assert.equal(dataFor(file, source), undefined, what);
});

test('the cache lives in $XDG_CACHE_HOME/aep-console, else ~/.cache/aep-console', () => {
  assert.equal(cacheDir({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' }), '/x/cache/aep-console');
  assert.equal(cacheDir({ XDG_CACHE_HOME: 'relative', HOME: '/home/u' }), '/home/u/.cache/aep-console');
  assert.equal(cacheDir({ HOME: '/home/u' }), '/home/u/.cache/aep-console');
});

test('a cache written is read back, the file 0600 in a 0700 folder', async (t) => {
  const dir = join(scratch(t), 'aep-console');
  const data = dataOf(SOURCE.toString());
  assert.equal(await writeCache(dir, SOURCE, data), true);
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  assert.equal(statSync(join(dir, CACHE_FILE)).mode & 0o777, 0o600);
  assert.deepEqual(readCache(dir, SOURCE), data);
  // A crashed write's temporary file (its process gone) is removed by the next write.
  const leftover = join(dir, '.code-cache.aep-console.999999999.0123456789ab.tmp');
  writeFileSync(leftover, 'half a cache');
  assert.equal(await writeCache(dir, SOURCE, data), true);
  assert.throws(() => statSync(leftover), /ENOENT/);
});

test('a cache that is not the user own is no cache: a symlink, a FIFO (never waited on), writable by others', async (t) => {
  const base = scratch(t);
  const good = join(base, 'good');
  const data = dataOf(SOURCE.toString());
  assert.equal(await writeCache(good, SOURCE, data), true);
  const planted: Array<[string, (dir: string) => void]> = [
    ['missing', () => {}],
    ['a symlink to a good cache', (dir) => symlinkSync(join(good, CACHE_FILE), join(dir, CACHE_FILE))],
    ['a FIFO', (dir) => execFileSync('mkfifo', [join(dir, CACHE_FILE)])],
    [
      'writable by the group',
      (dir) => {
        writeFileSync(join(dir, CACHE_FILE), cacheBytes(SOURCE, data));
        chmodSync(join(dir, CACHE_FILE), 0o620);
      },
    ],
    [
      'in a folder others may write',
      (dir) => {
        writeFileSync(join(dir, CACHE_FILE), cacheBytes(SOURCE, data), { mode: 0o600 });
        chmodSync(dir, 0o777);
      },
    ],
    ['a folder', (dir) => mkdirSync(join(dir, CACHE_FILE))],
  ];
  for (const [what, plant] of planted) {
    const dir = mkdtempSync(join(base, 'case-'));
    plant(dir);
    assert.equal(readCache(dir, SOURCE), undefined, what);
  }
  const folderIsSymlink = join(base, 'link');
  symlinkSync(good, folderIsSymlink);
  assert.equal(readCache(folderIsSymlink, SOURCE), undefined, 'a folder that is a symlink');
});

/** A CommonJS "bundle" of our own, wrapped as scripts/bundle-wrap.mjs wraps the shipped one, each with a text of its own (V8 keeps what it compiled in a process: one source, one test). */
function bundleFile(dir: string, tag: string): string {
  const file = join(dir, 'bundle.cjs');
  writeFileSync(
    file,
    `${HEAD}\n'use strict';\nconst { basename } = require('node:path');\nexports.tag = ${JSON.stringify(tag)};\nexports.name = basename(__filename);\nexports.twice = (a) => a * 2;\n})\n`,
  );
  return file;
}

test('the loader runs the bundle as a CommonJS module, makes a cache when asked, and uses it next time', async (t) => {
  const dir = scratch(t);
  const env = { XDG_CACHE_HOME: join(dir, 'cache') };
  const file = bundleFile(dir, `first ${process.pid} ${Date.now()}`);
  type Exports = { tag: string; name: string; twice: (a: number) => number };
  const first = loadBundle<Exports>(file, env);
  assert.equal(first.cache, 'none');
  assert.equal(first.exports.name, 'bundle.cjs', '__filename is the bundle');
  assert.equal(first.exports.twice(21), 42);
  assert.equal(await first.keepCache(), true);
  assert.equal(await first.keepCache(), false, 'kept once');
  const second = loadBundle<Exports>(file, env);
  assert.equal(second.cache, 'used');
  assert.equal(second.exports.twice(4), 8);
  assert.equal(await second.keepCache(), false, 'nothing to write when the cache was used');
  // The bundle changed (as an upgrade changes it): the old cache is not used, and a new one is made.
  writeFileSync(file, readFileSync(file, 'utf8').replace('a * 2', 'a + a'));
  const third = loadBundle<Exports>(file, env);
  assert.equal(third.cache, 'none');
  assert.equal(await third.keepCache(), true);
  assert.equal(loadBundle<Exports>(file, env).cache, 'used');
});

test('no cache is made where it cannot be kept: a cache folder others may write', async (t) => {
  const dir = scratch(t);
  const folder = join(dir, 'cache', 'aep-console');
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o777);
  const loaded = loadBundle<{ twice: (a: number) => number }>(bundleFile(dir, `unfit ${process.pid}`), {
    XDG_CACHE_HOME: join(dir, 'cache'),
  });
  assert.equal(loaded.cache, 'none');
  assert.equal(await loaded.keepCache(), false);
  assert.throws(() => statSync(join(folder, CACHE_FILE)), /ENOENT/);
});

test('AEP_CODE_CACHE=off: no cache read or written', async (t) => {
  const dir = scratch(t);
  const env = { XDG_CACHE_HOME: join(dir, 'cache'), AEP_CODE_CACHE: 'off' };
  const loaded = loadBundle<{ twice: (a: number) => number }>(bundleFile(dir, `off ${process.pid}`), env);
  assert.equal(loaded.cache, 'off');
  assert.equal(loaded.exports.twice(2), 4);
  assert.equal(await loaded.keepCache(), false);
  assert.throws(() => statSync(join(dir, 'cache')), /ENOENT/);
});

test('a bundle that is not ASCII is read as UTF-8, one that is as the same text', (t) => {
  const dir = scratch(t);
  const env = { AEP_CODE_CACHE: 'off' };
  for (const tag of [`ascii ${process.pid}`, `not ascii … ⏳ é ${process.pid}`]) {
    const loaded = loadBundle<{ tag: string }>(bundleFile(dir, tag), env);
    assert.equal(loaded.exports.tag, tag);
  }
});

test('a file that is not a wrapped bundle is refused, by name', (t) => {
  const file = join(scratch(t), 'plain.cjs');
  const name = `aepPlain${process.pid}`;
  writeFileSync(file, `globalThis.${name} = true;\n`);
  assert.throws(() => loadBundle(file, { AEP_CODE_CACHE: 'off' }), /plain\.cjs is not a wrapped bundle/);
  assert.equal(name in globalThis, false, 'not run');
});
