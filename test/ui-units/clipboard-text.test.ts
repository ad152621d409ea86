// The rule every OSC 52 the console writes follows (clipboard.ts, Hostile
// input V): control characters refused whole, anything but A–Z a–z 0–9 - _ . :
// single-quoted for a shell, a known secret redacted first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clipboardSequence } from '../../src/ui/alerts.js';
import { clipboardText } from '../../src/ui/clipboard.js';
import { addSecret, forgetSecrets } from '../../src/protocol/redact.js';

test('the rule every OSC 52 follows: controls refused, the rest quoted, a known secret redacted', (t) => {
  t.after(forgetSecrets);
  for (const ch of ['\u0000', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b'])
    assert.equal(clipboardText(`a${ch}b`).ok, false, JSON.stringify(ch));
  assert.equal(clipboardSequence('a\nb', {}), '');
  assert.deepEqual(clipboardText('A-z_0.9:x'), { ok: true, text: 'A-z_0.9:x', quoted: false });
  assert.deepEqual(clipboardText('a b'), { ok: true, text: "'a b'", quoted: true });
  assert.deepEqual(clipboardText('a`b`'), { ok: true, text: "'a`b`'", quoted: true });
  addSecret('PROFTOKEN-aaaa1111');
  assert.deepEqual(clipboardText('id-PROFTOKEN-aaaa1111'), { ok: true, text: "'id-[token]'", quoted: true });
});
