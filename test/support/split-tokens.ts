// A known token split by each class of character the eye skips, for the
// tests that it is redacted on every output (screen, list, --json, watch,
// the crash report). One table, so an output cannot be tested on fewer.

/** The token with `joiner` after each of its characters. */
export const spread = (token: string, joiner: string): string => [...token].map((ch) => ch + joiner).join('');

export const SPLITTERS: readonly [name: string, joiner: string][] = [
  // Invisible.
  ['U+FE0F (emoji presentation selector)', '\ufe0f'],
  ['U+FE00 (variation selector 1)', '\ufe00'],
  ['U+034F (combining grapheme joiner)', '\u034f'],
  ['U+E0100 (ideographic variation selector)', '\u{e0100}'],
  ['U+3164 (Hangul filler)', '\u3164'],
  ['U+180B (Mongolian selector)', '\u180b'],
  ['U+E0041 (tag)', '\u{e0041}'],
  ['U+00AD (soft hyphen)', '\u00ad'],
  ['U+200B + U+FE0F mixed', '\u200b\ufe0f'],
  // Combining marks: drawn on the letter before.
  ['U+0336 (combining long stroke overlay)', '\u0336'],
  ['U+0301 (combining acute accent)', '\u0301'],
  ['U+20E3 (combining enclosing keycap)', '\u20e3'],
  ['U+1D167 (musical combining tremolo, astral)', '\u{1d167}'],
  // Blank-looking letters.
  ['U+2800 (braille blank)', '\u2800'],
  ['U+115F (Hangul choseong filler)', '\u115f'],
  // Spaces of every width.
  ['U+00A0 (no-break space)', '\u00a0'],
  ['U+2000 (en quad)', '\u2000'],
  ['U+200A (hair space)', '\u200a'],
  ['U+202F (narrow no-break space)', '\u202f'],
  ['U+205F (medium mathematical space)', '\u205f'],
  ['U+3000 (ideographic space)', '\u3000'],
  ['U+0020 (space)', ' '],
  ['U+0336 + U+00A0 + U+2800 mixed', '\u0336\u00a0\u2800'],
];

/**
 * Whether `shown` still reads as `token` (or its tail) to an eye: with the
 * sanitizer's markers, marks, spaces, default ignorables and blank letters
 * taken out. An oracle of its own, not the redaction's table.
 */
export function readsAs(shown: string, token: string): boolean {
  const seen = shown
    .replace(/⟨U\+[0-9A-F]{4,6}⟩/g, '')
    .replace(/[\p{M}\s\p{Default_Ignorable_Code_Point}\u2800\u115f\u1160\u3164\uffa0]/gu, '');
  return seen.includes(token.slice(4));
}
