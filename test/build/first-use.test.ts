// What the shipped bundle loads only on first use, so that the first frame
// does not wait for it: the built-ins in builtins-by-require.mjs's LAZY, ws
// (on-first-use.mjs), signal-exit's assert (signal-exit-lazy-assert.mjs),
// Ink's stack-utils (ink-stack-utils-lazy.mjs), perf_hooks
// (clock-without-perf-hooks.mjs).
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
import { SCRIPT_OPTIONS } from '../../scripts/build-options.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { builtinModuleText, builtinsByRequire, LAZY } from '../../scripts/builtins-by-require.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { onFirstUse } from '../../scripts/on-first-use.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchSignalExit, signalExitLazyAssert } from '../../scripts/signal-exit-lazy-assert.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkStackUtilsLazy, patchErrorOverview } from '../../scripts/ink-stack-utils-lazy.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import * as clock from '../../scripts/clock-without-perf-hooks.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { yogaAtOnce } from '../../scripts/yoga-base64.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches } from '../../scripts/ink-caches.mjs';

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

test('meow loads when the command line is first read by it, and the stand-in is meow', async (t) => {
  const out = await runBundled<{ before: boolean; flags: unknown; after: boolean }>(
    t,
    'src/cli/args.ts',
    `let read = false;
    // meow's dependencies read this as they load.
    process.env = new Proxy(process.env, {
      get: (env, name) => ((read ||= name === 'YARGS_MIN_NODE_VERSION'), env[name]),
    });
    import meow from 'meow';
    const before = read;
    const cli = meow('', {
      importMeta: { url: 'file:///x.js' },
      argv: ['--relay', 'a', '--no-bell', 'list'],
      flags: { relay: { type: 'string', isMultiple: true }, bell: { type: 'boolean', default: true } },
      pkg: { name: 'x', version: '1' },
    });
    console.log(JSON.stringify({ before, flags: { ...cli.flags, input: cli.input }, after: read }));`,
    [builtinsByRequire, onFirstUse],
    // meow reads import.meta, which the shipped bundle gives each source (patches/import-meta.ts).
    { define: SCRIPT_OPTIONS.define, inject: SCRIPT_OPTIONS.inject },
  );
  assert.equal(out.before, false, 'meow not loaded with the module that imports it');
  assert.deepEqual(out.flags, { relay: ['a'], bell: false, input: ['list'] });
  assert.equal(out.after, true, 'loaded by its first call');
});

test("signal-exit, patched, needs no assert for a callback and throws assert's own error without one", async (t) => {
  const out = await runBundled<{ before: string[]; afterCall: string[]; error: string }>(
    t,
    'src/signal-exit-probe.ts',
    `${LOADED}
    import onExit from 'signal-exit';
    const before = loaded();
    const remove = onExit(() => {});
    remove();
    const afterCall = loaded();
    let error = '';
    try { onExit(undefined); } catch (e) { error = e.name + ': ' + e.message; }
    console.log(JSON.stringify({ before, afterCall, error }));`,
    [signalExitLazyAssert],
  );
  assert.ok(!out.before.includes('assert') && !out.afterCall.includes('assert'), 'assert not loaded');
  assert.equal(out.error, 'AssertionError: a callback must be provided for exit handler');
});

test("signal-exit's patch refuses a signal-exit it does not recognise", () => {
  assert.throws(() => patchSignalExit('module.exports = 1'), /signal-exit changed/);
});

/** A probe of Ink's ErrorOverview: how often stack-utils asked for Node's module list (it does as it loads), before and after one error's overview. */
const ERROR_OVERVIEW_PROBE = `
import './spy.ts';
import ErrorOverview from '${root}node_modules/ink/build/components/ErrorOverview.js';
const before = globalThis.aepModuleListReads;
const error = new Error('probe');
error.stack = 'Error: probe\\n    at run (' + process.cwd() + '/src/x.js:3:7)\\n    at node:internal/main:1:1';
const tree = ErrorOverview({ error });
console.log(JSON.stringify({ before, after: globalThis.aepModuleListReads, tree }));`;
const MODULE_LIST_SPY = `
const modules = require('node:module');
const list = modules.builtinModules;
globalThis.aepModuleListReads = 0;
Object.defineProperty(modules, 'builtinModules', { get: () => (globalThis.aepModuleListReads++, list), configurable: true });`;

test("Ink's error overview, patched, loads stack-utils on its first stack line and draws what Ink's own draws", async (t) => {
  type Out = { before: number; after: number; tree: unknown };
  const probe = async (plugins: Plugin[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-first-use-spy-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'spy.ts'), MODULE_LIST_SPY);
    return runBundled<Out>(
      t,
      'src/error-overview-probe.ts',
      ERROR_OVERVIEW_PROBE.replace('./spy.ts', join(dir, 'spy.ts')),
      plugins,
      {
        define: SCRIPT_OPTIONS.define,
      },
    );
  };
  const patched = await probe([inkStackUtilsLazy]);
  const stock = await probe([]);
  assert.equal(stock.before, 1, "Ink's own loads stack-utils with it");
  assert.equal(patched.before, 0, 'not loaded with Ink');
  assert.equal(patched.after, 1, 'loaded for the overview');
  assert.deepEqual(patched.tree, stock.tree);
  assert.match(JSON.stringify(patched.tree), /src\/x\.js/, 'the stack line parsed');
});

test("the error overview's patch refuses an ErrorOverview it does not recognise", () => {
  assert.throws(() => patchErrorOverview('export default 1'), /ErrorOverview changed/);
});

const INK_PROBE = `${LOADED}
import React from 'react';
import { render, Text } from 'ink';
import { Writable } from 'node:stream';
import { unstable_now } from 'scheduler';
const frames = [];
const stdout = Object.assign(new Writable({ write(chunk, _encoding, done) { frames.push(String(chunk)); done(); } }), { columns: 40, rows: 10 });
const app = render(React.createElement(Text, null, 'first frame'), { stdout, patchConsole: false, exitOnCtrlC: false });
const drawn = frames.join('').includes('first frame');
const perfAtFrame = loaded().includes('perf_hooks');
const a = unstable_now();
const origin = performance.now();
while (performance.now() - origin < 5);
const elapsed = unstable_now() - a;
app.unmount();
let renderTime;
const timed = render(React.createElement(Text, null, 'timed'), { stdout, patchConsole: false, exitOnCtrlC: false, onRender: (m) => { renderTime ??= m.renderTime; } });
timed.unmount();
console.log(JSON.stringify({ drawn, perfAtFrame, elapsed, renderTime }));`;

test("React and Ink, built as shipped, draw a first frame without loading perf_hooks; the scheduler's clock counts milliseconds", async (t) => {
  const out = await runBundled<{ drawn: boolean; perfAtFrame: boolean; elapsed: number; renderTime: unknown }>(
    t,
    'src/clock-probe.ts',
    INK_PROBE,
    [builtinsByRequire, inkCaches, yogaAtOnce, clock.clockWithoutPerfHooks],
    { define: SCRIPT_OPTIONS.define, inject: SCRIPT_OPTIONS.inject, external: ['react-devtools-core'] },
  );
  assert.equal(out.drawn, true, 'the frame was written');
  assert.equal(out.perfAtFrame, false, 'perf_hooks not loaded by then');
  assert.ok(
    out.elapsed >= 4.9 && out.elapsed < 5000,
    `5 ms on performance's clock read ${out.elapsed} ms on the scheduler's`,
  );
  assert.equal(typeof out.renderTime, 'number', 'an onRender still gets its render time');
});

test("the clock's patches refuse a scheduler and an Ink they do not recognise", () => {
  assert.throws(() => clock.patchSchedulerClock('module.exports = 1'), /scheduler changed/);
  assert.throws(() => clock.patchInkRenderTimer('export default 1'), /render changed/);
});
