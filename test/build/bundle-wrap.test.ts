// The shipped bundle's last build step (scripts/bundle-wrap.mjs): one
// function expression, padded to the length at which Node keeps a Latin-1
// text outside V8's heap, its source map moved down by the line it adds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInThisContext } from 'node:vm';
// @ts-expect-error: a plain .mjs build script, without types
import { EXTERNAL_FROM, HEAD, wrapBundle } from '../../scripts/bundle-wrap.mjs';

type Wrapped = { code: string; map: { mappings: string; sources: string[] } };
const wrap = wrapBundle as (code: string, map: object) => Wrapped;

test('the wrapped text is a function of the five CommonJS names, run as require() runs a module', () => {
  const { code } = wrap(
    '"use strict";exports.sum=(a,b)=>a+b;exports.file=__filename;exports.strict=function(){return this}();\n//# sourceMappingURL=x.cjs.map\n',
    { version: 3, sources: ['a.ts'], mappings: 'AAAA' },
  );
  assert.ok(
    code.startsWith(`${HEAD}\n"use strict";`),
    'the head on a line of its own, the directive first in the body',
  );
  assert.ok(code.endsWith('\n//# sourceMappingURL=x.cjs.map\n'), "the map's comment stays last");
  assert.equal(code.match(/sourceMappingURL/g)?.length, 1);
  const run = runInThisContext(code) as (e: object, r: unknown, m: object, f: string, d: string) => void;
  const exports: { sum?: (a: number, b: number) => number; file?: string; strict?: unknown } = {};
  run.call(exports, exports, undefined, { exports }, '/here/x.cjs', '/here');
  assert.equal(exports.sum?.(2, 3), 5);
  assert.equal(exports.file, '/here/x.cjs');
  assert.equal(exports.strict, undefined, 'the directive still makes the body strict');
});

test('a short bundle is padded to the length Node makes external; a longer one is not', () => {
  const map = { version: 3, sources: [], mappings: '' };
  for (const size of [0, 1000, EXTERNAL_FROM - 200, EXTERNAL_FROM - 80, EXTERNAL_FROM - 20]) {
    const code = wrap(`${'x'.repeat(size)}\n//# sourceMappingURL=cli.cjs.map\n`, map).code;
    assert.ok(
      code.length >= EXTERNAL_FROM && code.length < Math.max(EXTERNAL_FROM + 200, size + 200),
      `${size}: ${code.length}`,
    );
  }
  const long = `${'x'.repeat(EXTERNAL_FROM + 10)}\n`;
  assert.equal(wrap(long, map).code, `${HEAD}\n${'x'.repeat(EXTERNAL_FROM + 10)}\n})\n\n`);
});

test('the source map gains one empty line first, and no column moves', () => {
  const map = { version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA,SAAS;AACA' };
  const { map: moved } = wrap('a;b\nc\n', map);
  assert.equal(moved.mappings, ';AAAA,SAAS;AACA');
  assert.deepEqual(moved.sources, ['a.ts']);
  assert.equal(map.mappings, 'AAAA,SAAS;AACA', 'the given map is left as it was');
});

test("Node keeps a Latin-1 text of EXTERNAL_FROM bytes outside V8's heap, and one a byte shorter inside it", () => {
  // An external string's bytes are counted in `external`; a heap string's are not.
  const externalGrowth = (length: number) => {
    const bytes = Buffer.alloc(length, 0x61);
    const before = process.memoryUsage().external;
    const text = bytes.toString('latin1');
    const grown = process.memoryUsage().external - before;
    assert.equal(text.length, length);
    return grown;
  };
  // A collection during the measure frees other files' buffers (the process is shared) and takes from the
  // growth, never adds to it: the best of a few tries is the string's own.
  const growths = Array.from({ length: 5 }, () => externalGrowth(EXTERNAL_FROM));
  assert.ok(Math.max(...growths) >= EXTERNAL_FROM, `external at the length: grew ${growths.join(', ')}`);
  assert.ok(externalGrowth(EXTERNAL_FROM - 1) < EXTERNAL_FROM / 2, 'on the heap a byte shorter');
});
