// ansi-tokenize's styledCharsToString, replaced (scripts/ansi-styles-fast-path.mjs).
// Ink turns its output grid back into text one character at a time, and the
// package diffs each character's styles against the previous one's: three
// Sets, four arrays and a join, even when both are unstyled or styled alike,
// as nearly every neighbour in a row is. That is most of Ink's per-character
// cost per frame. Here the diff is skipped when the two style lists hold the
// same codes in the same order: it would be empty (nothing to undo, nothing
// to add), so the text written is byte for byte the same
// (test/build/ink-patches.test.ts).
import type { AnsiCode, StyledChar } from '@alcalzone/ansi-tokenize';

/** Same codes in the same order: the diff between them is empty. */
export function sameStyles(a: readonly AnsiCode[], b: readonly AnsiCode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  }
  return true;
}

/** The package's styledCharsToString, from its own two helpers (passed in by the patched module, which imports them). */
export function stylesFastPath(
  ansiCodesToString: (codes: AnsiCode[]) => string,
  diffAnsiCodes: (from: AnsiCode[], to: AnsiCode[]) => AnsiCode[],
): (chars: StyledChar[]) => string {
  return (chars) => {
    let out = '';
    for (let i = 0; i < chars.length; i++) {
      const char = chars[i];
      if (i === 0) {
        if (char.styles.length > 0) out += ansiCodesToString(char.styles);
      } else if (!sameStyles(chars[i - 1].styles, char.styles)) {
        out += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
      }
      out += char.value;
      // The styles in force are undone after the last character.
      if (i === chars.length - 1 && char.styles.length > 0) out += ansiCodesToString(diffAnsiCodes(char.styles, []));
    }
    return out;
  };
}
