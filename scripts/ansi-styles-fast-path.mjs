// esbuild plugin for the shipped bundle: Ink turns its output grid back into
// text one character at a time (@alcalzone/ansi-tokenize's
// styledCharsToString), and for every character diffs its styles against the
// previous one's: three Sets, four arrays and a join, even when both are
// unstyled or styled alike, as nearly every neighbour in a row is. That is
// most of Ink's per-character cost per frame ("the Ink floor"). Here the diff
// is skipped when the two style lists hold the same codes in the same order:
// it would be empty (nothing to undo, nothing to add), so the text written is
// byte for byte the same (test/build/ansi-styles-fast-path.test.ts). To be
// offered upstream; until then it is carried here, as the string-width
// precheck is.
import { patchTokenize } from './ansi-tokenize-fast-path.mjs';
import { patchingPlugin } from './patching.mjs';

const LOOP = `    for (let i = 0; i < chars.length; i++) {
        const char = chars[i];
        if (i === 0) {
            ret += ansiCodesToString(char.styles);
        }
        else {
            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
        }
        ret += char.value;
        // reset active styles at the end of the string
        if (i === chars.length - 1) {
            ret += ansiCodesToString(diffAnsiCodes(char.styles, []));
        }
    }`;

const FAST_LOOP = `    for (let i = 0; i < chars.length; i++) {
        const char = chars[i];
        if (i === 0) {
            if (char.styles.length > 0) ret += ansiCodesToString(char.styles);
        }
        else if (!aepSameStyles(chars[i - 1].styles, char.styles)) {
            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
        }
        ret += char.value;
        // reset active styles at the end of the string
        if (i === chars.length - 1 && char.styles.length > 0) {
            ret += ansiCodesToString(diffAnsiCodes(char.styles, []));
        }
    }`;

const SAME_STYLES = `/** Same codes in the same order: the diff between them is empty. */
function aepSameStyles(a, b) {
    if (a === b) return true;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
        if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
    }
    return true;
}
`;

// And each character took a copy of the style list in force: a row of 80
// characters, 80 arrays. The list is never changed once made
// (reduceAnsiCodesIncremental returns a new one, and nothing that reads a
// character's styles writes to them: the diff, the string, Ink's output),
// so the characters of a run share it; the fast path above then also finds
// two neighbours' styles the same at once (a === b).
const COPY = `            ret.push({
                ...token,
                styles: [...codes],
            });`;
const SHARE = `            ret.push({
                ...token,
                styles: codes,
            });`;

export function patchStyledChars(source) {
  if (!source.includes(LOOP) || !source.includes(COPY) || !source.includes('codes = reduceAnsiCodesIncremental(codes, [token]);')) throw new Error('ansi-tokenize changed: the styles fast path no longer applies');
  return `${SAME_STYLES}${source.replace(LOOP, FAST_LOOP).replace(COPY, SHARE)}`;
}

export const ansiStylesFastPath = patchingPlugin('ansi-styles-fast-path', [
  { file: '@alcalzone/ansi-tokenize/build/styledChars.js', filter: /[\\/]node_modules[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/, patch: patchStyledChars },
  // Its tokenizer's fast path (ansi-tokenize-fast-path.mjs).
  { file: '@alcalzone/ansi-tokenize/build/tokenize.js', filter: /[\\/]node_modules[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/, patch: patchTokenize },
]);
