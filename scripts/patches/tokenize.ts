// ansi-tokenize's tokenize, given a fast path (scripts/ansi-tokenize-fast-path.mjs).
// The package cuts every row Ink draws anew into grapheme clusters with
// Intl.Segmenter, the most expensive step left in drawing a row that changed
// (about a third of a changed row's cost). A grapheme of more than one code
// unit needs a character that joins the next or the previous one (a
// combining mark, a joiner, a variation selector, a surrogate half, Hangul
// jamo, a prepended or spacing mark). A row made only of code points that
// never join (ASCII, Latin-1 and the Latin, Greek and Cyrillic letters and
// the punctuation, arrows, boxes and symbols the console draws) and of SGR
// sequences is therefore cut one code unit per grapheme: here it is, without
// the segmenter, into the same tokens (an ESC is a control, so no grapheme
// ever spans one). Anything else goes the package's own way
// (test/build/ink-patches.test.ts compares the two on random rows).
import type { Token } from '@alcalzone/ansi-tokenize';
import { STANDALONE_CLASS } from '../../src/ui/text/standalone.js';

/** Rows cut one code unit per grapheme: code points that never join a neighbour, and SGR sequences. */
export const STANDALONE_ROW = new RegExp(`^(?:[${STANDALONE_CLASS}]|\\u001B\\[[0-9;]*m)*$`);

/** The tokenizer module's own helpers (module-private there: the patched module passes them in). */
export interface TokenizerParts {
  parseSGRSequence(string: string, offset: number): string | undefined;
  splitCompoundSGRSequences(code: string): string[];
  isFullwidthGrapheme(grapheme: string, baseCodePoint: number): boolean;
  getEndCode(code: string): string;
}

/** tokenize(str, endChar) for a row of STANDALONE_ROW, or undefined for any other (the package's own way then). */
export function standaloneTokenizer(parts: TokenizerParts): (str: string, endChar: number) => Token[] | undefined {
  const { parseSGRSequence, splitCompoundSGRSequences, isFullwidthGrapheme, getEndCode } = parts;
  return (str, endChar) => {
    if (!STANDALONE_ROW.test(str)) return undefined;
    const tokens: Token[] = [];
    let visible = 0;
    for (let index = 0; index < str.length; index++) {
      if (str.charCodeAt(index) === 0x1b) {
        // A whole SGR sequence: the row matched STANDALONE_ROW.
        const code = parseSGRSequence(str, index) as string;
        for (const individualCode of splitCompoundSGRSequences(code))
          tokens.push({ type: 'ansi', code: individualCode, endCode: getEndCode(individualCode) });
        index += code.length - 1;
        continue;
      }
      const value = str[index];
      const fullWidth = isFullwidthGrapheme(value, value.charCodeAt(0));
      tokens.push({ type: 'char', value, fullWidth });
      visible += fullWidth ? 2 : 1;
      if (visible >= endChar) break;
    }
    return tokens;
  };
}
