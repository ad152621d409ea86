// The plain-SGR fast path of Ink's ANSI sanitizer (scripts/ink-sanitize-fast-path.mjs,
// scripts/patches/sanitize.ts):
// for every text, the patched sanitizer returns what Ink's own returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs build script, without types
import { INK_PATCHES } from '../../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchSanitize } from '../../scripts/ink-sanitize-fast-path.mjs';
import { INK_BUILD, bundled, pluginOf, type PatchEntry } from './patched-build.js';

type Sanitize = (text: string) => string;

/** Ink's sanitizer as it is, and as the bundle builds it. */
async function sanitizers(t: { after: (fn: () => void) => void }): Promise<{ stock: Sanitize; patched: Sanitize }> {
  const file = join(INK_BUILD, 'sanitize-ansi.js');
  const stock = ((await import(pathToFileURL(file).href)) as { default: Sanitize }).default;
  const { exports } = await bundled<{ sanitize: { default: Sanitize } }>(
    t,
    [pluginOf('sanitize-fast-path', INK_PATCHES['sanitize-fast-path'] as PatchEntry[])],
    { sanitize: file },
  );
  return { stock, patched: exports.sanitize.default };
}

// Pieces a text is made of: plain text, wide and combining characters, SGR
// sequences of every shape, other CSI, OSC, DCS, lone and broken escapes,
// C1 controls, bells.
const PIECES = [
  'abc',
  ' ',
  '漢字',
  'e\u0301',
  '👍🏽',
  '\n',
  '\u0007',
  '\u001b',
  '\u001b[',
  '\u001b[m',
  '\u001b[0m',
  '\u001b[1;31m',
  '\u001b[38:5:196m',
  '\u001b[38;2;1;2;3m',
  '\u001b[?25l',
  '\u001b[2J',
  '\u001b[1 q',
  '\u001b[<5m',
  '\u001b]8;;https://x\u0007',
  '\u001b]0;title\u001b\\',
  '\u001bP1$r\u001b\\',
  '\u001b7',
  '\u001b(B',
  '\u009b31m',
  '\u009d0;t\u009c',
  '\u0085',
  '\u0090',
  '\u001b[31',
  '\u001b[3',
  '\u001b[;m',
  '\u001b[1m\u001b[22m',
  '[31m',
  'm',
];

test("the sanitizer with the plain-SGR fast path returns what Ink's own returns, for 20,000 random texts and the console's styled rows", async (t) => {
  const { stock, patched } = await sanitizers(t);
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let n = 0; n < 20_000; n++) {
    const text = Array.from(
      { length: 1 + Math.floor(random() * 8) },
      () => PIECES[Math.floor(random() * PIECES.length)],
    ).join('');
    assert.equal(patched(text), stock(text), JSON.stringify(text));
  }
  const row =
    '\u001b[7m\u001b[1m▸\u001b[22m\u001b[27m\u001b[31m●\u001b[39m \u001b[2mPermission requested: Bash\u001b[22m';
  const frame = Array.from({ length: 30 }, () => row).join('\n');
  assert.equal(patched(frame), frame);
  assert.equal(stock(frame), frame);
});

test('the sanitize patch refuses an Ink whose sanitizer it does not recognise', () => {
  assert.throws(() => patchSanitize('export default (text) => text;'), /sanitize-ansi changed/);
});
