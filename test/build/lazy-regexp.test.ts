// The stand-in for an expression a patched package made as it loaded
// (scripts/patches/lazy-regexp.ts): made on its first use, and each way of
// asking it answers as the expression itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazyRegExp } from '../../scripts/patches/lazy-regexp.js';

test('each way of asking answers as the one expression the package made would, its state (lastIndex) too', () => {
  for (const flags of ['u', 'gu', 'v']) {
    // The package's own: one expression, asked in turn.
    const lazy = lazyRegExp('\\p{L}(\\d)', flags);
    const real = new RegExp('\\p{L}(\\d)', flags);
    const text = '-- a1 b2 é3 --';
    for (let round = 0; round < 2; round++) {
      assert.equal(lazy.test(text), real.test(text), flags);
      assert.deepEqual(lazy.exec(text)?.[0], real.exec(text)?.[0], flags);
      assert.equal(text.search(lazy), text.search(real), flags);
      assert.deepEqual(text.match(lazy), text.match(real), flags);
      assert.equal(text.replace(lazy, '[$1]'), text.replace(real, '[$1]'), flags);
    }
  }
});

test('a global expression asked through match starts from the beginning each time, as String.prototype.match does', () => {
  const lazy = lazyRegExp('\\p{Extended_Pictographic}', 'gu');
  assert.deepEqual('👍 x 👍'.match(lazy), ['👍', '👍']);
  assert.deepEqual('👍 x 👍'.match(lazy), ['👍', '👍']);
});
