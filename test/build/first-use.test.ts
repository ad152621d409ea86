// What the shipped bundle loads only on first use, so that the first frame
// does not wait for it: the built-ins in builtins-by-require.mjs's LAZY, and
// ws (on-first-use.mjs).
// Each bundle runs in a node of its own, whose list of loaded built-ins
// starts empty of them, and is asked what it loaded before and after use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { builtinModuleText, builtinsByRequire, LAZY } from '../../scripts/builtins-by-require.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { onFirstUse } from '../../scripts/on-first-use.mjs';

const root = new URL('../..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

/** Bundles `source` (an ES module, written at `at`, a path as under the repository) as the shipped bundle is, runs it, returns what it printed as JSON. */
async function runBundled<T>(
  t: { after: (fn: () => void) => void },
  at: string,
  source: string,
  plugins: Plugin[],
  more: BuildOptions = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'aep-first-use-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(dirname(join(dir, at)), { recursive: true });
  writeFileSync(join(dir, at), source);
  await build({
    entryPoints: { bundle: join(dir, at) },
    outdir: dir,
    outExtension: { '.js': '.cjs' },
    nodePaths: [join(root, 'node_modules')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins,
    logLevel: 'silent',
    ...more,
  });
  return JSON.parse(execFileSync(process.execPath, [join(dir, 'bundle.cjs')], { encoding: 'utf8' })) as T;
}

/** Inside a bundle: the built-ins loaded so far, by name. */
const LOADED = `const loaded = () => process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));`;

test('a lazy built-in loads on the first read of an import, and every import reads as the built-in', async (t) => {
  const out = await runBundled<{
    before: string[];
    digest: string;
    after: string[];
    sameRequest: boolean;
    names: string[];
    real: string[];
    crc: boolean;
  }>(
    t,
    'src/lazy-builtins-probe.ts',
    `${LOADED}
    import { createHash } from 'node:crypto';
    import http from 'node:http';
    import * as zlib from 'node:zlib';
    const before = loaded();
    const digest = createHash('sha256').update('aep').digest('hex');
    const after = loaded();
    const real = require('node:http');
    console.log(JSON.stringify({
      before, digest, after,
      sameRequest: http.request === real.request && http.Agent === real.Agent,
      names: Object.keys(http).sort(),
      real: Object.keys(real).sort(),
      crc: typeof zlib.crc32 === typeof require('node:zlib').crc32,
    }));`,
    [builtinsByRequire],
  );
  for (const name of ['crypto', 'http', 'zlib']) assert.ok(!out.before.includes(name), `${name} not loaded before use`);
  assert.ok(
    out.after.includes('crypto') && !out.after.includes('http'),
    'crypto loaded by its first use, http not yet',
  );
  assert.equal(out.digest, createHash('sha256').update('aep').digest('hex'));
  assert.ok(out.sameRequest, 'a function or class read through the stand-in is the built-in one');
  assert.deepEqual(out.names, out.real, 'the same enumerable names');
  assert.ok(out.crc);
});

test('the stand-in of each lazy built-in holds every name of the built-in', () => {
  for (const path of LAZY as Set<string>) {
    const text = builtinModuleText(path) as string;
    const names = JSON.parse(/for \(const name of (\[.*\]\))/.exec(text)![1]!.slice(0, -1)) as string[];
    assert.deepEqual(new Set(names), new Set(Object.getOwnPropertyNames(require(path))), path);
  }
  assert.equal(builtinModuleText('node:fs'), 'module.exports = require("node:fs");', 'other built-ins as before');
});

test('ws loads when the relay socket first makes a WebSocket, and the stand-in makes ws own', async (t) => {
  const out = await runBundled<{ before: string[]; isWs: boolean; open: number; after: string[]; url: string }>(
    t,
    'src/relay/socket.ts',
    `${LOADED}
    import WebSocket from 'ws';
    const before = loaded();
    const open = WebSocket.OPEN;
    const socket = new WebSocket('ws://127.0.0.1:9/never', { handshakeTimeout: 1000 });
    socket.on('error', () => {});
    const isWs = socket instanceof require('ws').WebSocket || socket.constructor.name === 'WebSocket';
    const url = socket.url;
    socket.terminate();
    console.log(JSON.stringify({ before, isWs, open, after: loaded(), url }));`,
    [builtinsByRequire, onFirstUse],
  );
  for (const name of ['http', 'https', 'tls', 'net', 'crypto', 'zlib'])
    assert.ok(!out.before.includes(name), `${name} not loaded before the first WebSocket`);
  assert.equal(out.open, 1, 'WebSocket.OPEN');
  assert.ok(out.isWs, "the socket is ws's own WebSocket");
  assert.equal(out.url, 'ws://127.0.0.1:9/never');
  assert.ok(out.after.includes('http'), 'ws loaded by then');
});
