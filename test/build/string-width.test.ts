// The bundle's string-width precheck (scripts/string-width-precheck.mjs) must
// not change a single width: compare it with the package itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import stringWidth from 'string-width';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStringWidth } from '../../scripts/string-width-precheck.mjs';

test('string-width with the emoji precheck gives the same widths', async (t) => {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('string-width'), 'utf8');
  const patched = (patchStringWidth as (s: string) => string)(source);
  assert.notEqual(patched, source);
  // Beside the original, so its own imports resolve the same way.
  const dir = mkdtempSync(join(tmpdir(), 'aep-sw-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(require.resolve('string-width'), '..', `index.precheck-${process.pid}.js`);
  writeFileSync(file, patched);
  t.after(() => rmSync(file, { force: true }));
  const { default: patchedWidth } = (await import(pathToFileURL(file).href)) as { default: (s: string) => number };

  const samples = [
    'plain ascii', '│ ● ▸ · … ━ ┃ ┏', '漢字かな한국어', '👍', '👍🏽', '🏳️‍🌈', '🇫🇷🇯🇵', '#️⃣', '1⃣', '©', '©️', '❤', '❤️',
    '👨‍👩‍👧‍👦', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'e\u0301', 'ﾊﾝｶｸ', 'Ａ', '\u200b\u200d', 'שלום', 'مرحبا', '\u{1F3FB}', '☝🏿', '⌚', '↔️', 'x\u20e3',
  ];
  for (let cp = 0x20; cp < 0x30000; cp += cp < 0x3000 ? 1 : 7) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    samples.push(String.fromCodePoint(cp), `${String.fromCodePoint(cp)}\ufe0f`);
  }
  for (const sample of samples) assert.equal(patchedWidth(sample), stringWidth(sample), JSON.stringify(sample));
});
