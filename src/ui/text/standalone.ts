// Code points that never join a neighbour into one grapheme cluster: ASCII,
// Latin-1 (but the soft hyphen, a control to the segmenter) and the Latin,
// IPA, Greek and Cyrillic letters, general punctuation, arrows, technical
// symbols, boxes, shapes and dingbats. None is a combining mark, a joiner, a
// variation selector, a surrogate half, Hangul jamo, a prepended or spacing
// mark or a regional indicator, so a text made only of them is one grapheme
// per code unit (test/build/string-width.test.ts checks each against
// Intl.Segmenter). The console's rows are such text; the segmenter, whose
// first use loads ICU's break rules, is left for anything else. The one
// definition for the console's own cutting (wrap.ts) and the bundle's
// patches of string-width and the ANSI tokenizer (scripts/patches/).

/** The set, as the inside of a character class. */
export const STANDALONE_CLASS =
  '\\u0020-\\u007E\\u00A0-\\u00AC\\u00AE-\\u02FF\\u0370-\\u0482\\u048A-\\u052F\\u2010-\\u2027\\u2030-\\u205E\\u2190-\\u23FF\\u2500-\\u27BF';

/** A text made only of the set (the empty text too). */
export const STANDALONE_ONLY = new RegExp(`^[${STANDALONE_CLASS}]*$`);
