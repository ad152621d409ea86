// The console cuts text at grapheme clusters. Text made only of characters
// that never join a neighbour (src/ui/text/standalone.ts) is cut one code
// unit at a time, without Intl.Segmenter, whose first use loads ICU's break
// rules before a first frame that needs none; the cuts are the segmenter's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STANDALONE_ONLY } from '../../src/ui/text/standalone.js';
import { fit, graphemes, wrapText } from '../../src/ui/text/wrap.js';

/** The oracle (made when first asked: a file sharing this process counts the segmenters its bundle makes). */
let segmenter: Intl.Segmenter | undefined;
const segments = (text: string) =>
  [...(segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)].map(
    (part) => part.segment,
  );

/** Every code unit of the set, in order. */
function standaloneCharacters(): string[] {
  const out: string[] = [];
  for (let unit = 0; unit < 0x10000; unit++) {
    const character = String.fromCharCode(unit);
    if (STANDALONE_ONLY.test(character)) out.push(character);
  }
  return out;
}

test('text of standalone characters is cut where the segmenter cuts it', () => {
  const characters = standaloneCharacters();
  assert.ok(characters.includes('·') && characters.includes('⏳') && !characters.includes('\u00ad'));
  // Each beside itself, a letter and a wide symbol, in one text per character.
  for (const character of characters) {
    const text = `a${character}${character}é${character}⏳`;
    assert.deepEqual([...graphemes(text)], segments(text), `U+${character.charCodeAt(0).toString(16)}`);
  }
});

test('text with a joiner, a mark, a surrogate pair or a soft hyphen still goes to the segmenter', () => {
  for (const text of ['e\u0301 · x', '👍🏽 · ok', '🏳️‍🌈·', 'a\u00adb', '1️⃣ ·', '\u1100\u1161 ·']) {
    assert.ok(!STANDALONE_ONLY.test(text), text);
    assert.deepEqual([...graphemes(text)], segments(text), text);
  }
});

test("the console's rows are cut without the segmenter", () => {
  // The text itself is iterated (one code unit a step), not the segmenter's segments.
  for (const row of [
    'j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit',
    '▸ ● warn codex   12m ⏳9m …Bash — rm -rf build/',
    'Ω é ─│┌ ✓ ✗ ←→',
  ])
    assert.equal(graphemes(row), row);
  assert.equal(fit('j/k move · Enter open · 1-2 option · Space mark', 40), 'j/k move · Enter open · 1-2 option · Sp…');
  assert.deepEqual(wrapText('⏳9m · Permission requested: Bash', 12), [
    '⏳9m · ',
    'Permission ',
    'requested: ',
    'Bash',
  ]);
});
