// Part of the ansi-styles-fast-path plugin (same package): ansi-tokenize
// cuts every row Ink draws anew into grapheme clusters with Intl.Segmenter,
// the most expensive step left in drawing a row that changed (about a third
// of a changed row's cost). A grapheme of more than one code unit needs a
// character that joins the next or the previous one (a combining mark, a
// joiner, a variation selector, a surrogate half, Hangul jamo, a prepended
// or spacing mark). A row made only of code points that never join (ASCII,
// Latin-1 and the Latin, Greek and Cyrillic letters and the punctuation,
// arrows, boxes and symbols the console draws) and of SGR sequences is
// therefore cut one code unit per grapheme: here it is, without the
// segmenter, into the same tokens (an ESC is a control, so no grapheme ever
// spans one). Anything else goes the package's own way. Checked against the
// package on random rows of joiners, marks, emoji, CJK and controls
// (test/build/ink-patches.test.ts).

const SIGNATURE = 'export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {';
const USES = ['function parseSGRSequence(string, offset)', 'function splitCompoundSGRSequences(code)', 'function isFullwidthGrapheme(grapheme, baseCodePoint)', 'getEndCode'];

const FAST = `/** Rows cut one code unit per grapheme: code points that never join a neighbour, and SGR sequences. */
const aepStandalone = /^(?:[\\u0020-\\u007E\\u00A0-\\u00AC\\u00AE-\\u02FF\\u0370-\\u0482\\u048A-\\u052F\\u2010-\\u2027\\u2030-\\u205E\\u2190-\\u23FF\\u2500-\\u27BF]|\\u001B\\[[0-9;]*m)*$/;
export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {
    if (!aepStandalone.test(str)) return aepSegmentedTokenize(str, endChar);
    const ret = [];
    let visible = 0;
    for (let index = 0; index < str.length; index++) {
        if (str.charCodeAt(index) === 0x1b) {
            const code = parseSGRSequence(str, index);
            for (const individualCode of splitCompoundSGRSequences(code)) {
                ret.push({ type: "ansi", code: individualCode, endCode: getEndCode(individualCode) });
            }
            index += code.length - 1;
            continue;
        }
        const value = str[index];
        const fullWidth = isFullwidthGrapheme(value, value.charCodeAt(0));
        ret.push({ type: "char", value, fullWidth });
        visible += fullWidth ? 2 : 1;
        if (visible >= endChar) break;
    }
    return ret;
}
function aepSegmentedTokenize(str, endChar = Number.POSITIVE_INFINITY) {`;

export function patchTokenize(source) {
  if (!source.includes(SIGNATURE) || !USES.every((use) => source.includes(use))) throw new Error('ansi-tokenize changed: the tokenize fast path no longer applies');
  return source.replace(SIGNATURE, FAST);
}
