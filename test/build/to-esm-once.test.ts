// esbuild's __toESM made to give each CommonJS module one namespace
// (scripts/to-esm-once.mjs): every importer then reads the same namespace,
// whose getters read the module's values as they are now; the bundle's
// source map still names the right line and column after the insertion;
// and a helper in a form the plugin does not know fails the build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { toEsmOnce, toEsmOncePlugin } from '../../scripts/to-esm-once.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { shiftMappings } from '../../scripts/source-map-shift.mjs';

type Sourcemap = 'inline' | 'linked';

/** A project of an entry and two ES modules importing one CommonJS module, bundled to CommonJS; returns the bundle's path. */
async function project(
  t: { after: (fn: () => void) => void },
  plugins: Plugin[],
  minify: boolean,
  sourcemap: Sourcemap,
) {
  const dir = mkdtempSync(join(tmpdir(), 'aep-to-esm-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'counter.cjs'), 'exports.count = 0;\nexports.bump = () => { exports.count++; };\n');
  writeFileSync(join(dir, 'a.mjs'), "import * as counter from './counter.cjs';\nexport const a = counter;\n");
  writeFileSync(join(dir, 'b.mjs'), "import * as counter from './counter.cjs';\nexport const b = counter;\n");
  writeFileSync(
    join(dir, 'entry.mjs'),
    [
      "import { a } from './a.mjs';",
      "import { b } from './b.mjs';",
      'a.bump();',
      'console.log(JSON.stringify({ same: a === b, count: b.count, keys: Object.keys(a).sort() }));',
      "if (process.argv[2] === 'throw') {",
      "  throw new Error('here');",
      '}',
      '',
    ].join('\n'),
  );
  await build({
    entryPoints: { bundle: join(dir, 'entry.mjs') },
    outdir: dir,
    outExtension: { '.js': '.cjs' },
    absWorkingDir: dir,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    minify,
    sourcemap,
    plugins,
    logLevel: 'silent',
  });
  return join(dir, 'bundle.cjs');
}

/** Where the bundle's thrown error is, as node names it through the source map. */
function thrownAt(bundle: string): string {
  try {
    execFileSync(process.execPath, ['--enable-source-maps', bundle, 'throw'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr: string }).stderr;
    return /entry\.mjs:\d+:\d+/.exec(stderr)?.[0] ?? stderr;
  }
  throw new Error('the bundle did not throw');
}

for (const minify of [true, false])
  for (const sourcemap of ['inline', 'linked'] as Sourcemap[])
    test(`one namespace per CommonJS module, read as the module is now, and the source map still true (${minify ? 'minified' : 'not minified'}, ${sourcemap} map)`, async (t) => {
      const plain = await project(t, [], minify, sourcemap);
      const once = await project(t, [toEsmOncePlugin], minify, sourcemap);
      assert.ok(readFileSync(once, 'utf8').includes('aepByKind'), 'the bundle carries the wrapper');
      const run = (bundle: string) => JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
      assert.deepEqual(run(plain), { same: false, count: 1, keys: ['bump', 'count', 'default'] });
      assert.deepEqual(run(once), { same: true, count: 1, keys: ['bump', 'count', 'default'] });
      assert.equal(thrownAt(once), 'entry.mjs:6:9');
      assert.equal(thrownAt(plain), 'entry.mjs:6:9');
    });

test('a helper in another form fails, and a bundle without one is left as it is', () => {
  assert.throws(
    () => toEsmOnce('var h=(a,b)=>(b=a.x,g(a.__esModule?d(b,"default",{value:a}):b));'),
    /to-esm-once: esbuild's __toESM helper changed/,
  );
  assert.equal(toEsmOnce('console.log(1);'), undefined);
});

test('the source map edit moves the columns at and after the insertion on its line, and nothing else', () => {
  // Line 0: columns 0, 10, 25; line 1: column 4 (each segment: column delta, source, line delta, column delta).
  const mappings = 'AAAA,UAAC,eAAE;IACF';
  assert.equal(shiftMappings(mappings, 0, 12, 5), 'AAAA,UAAC,oBAAE;IACF', 'the segment at 25 moves to 30');
  assert.equal(shiftMappings(mappings, 0, 10, 100), 'AAAA,8GAAC,eAAE;IACF', 'from 10: 110, then 125');
  assert.equal(shiftMappings(mappings, 0, 26, 5), mappings, 'nothing after the point');
  assert.equal(shiftMappings(mappings, 1, 0, 3), 'AAAA,UAAC,eAAE;OACF', 'another line');
});
