// esbuild plugin for the shipped bundle: @alcalzone/ansi-tokenize's
// styledCharsToString, the per-character step of Ink's floor, skips the
// style diff between neighbours styled alike (patches/styled-chars.ts says
// why the bytes are the same). To be offered upstream; until then it is
// carried here, as the string-width precheck is.
import { patchTokenize } from './ansi-tokenize-fast-path.mjs';
import { patchTokenizeSegmenter } from './lazy-segmenters.mjs';
import { patchModule, patchingPlugin, replaceAnchor } from './patching.mjs';

/** The package's loop, replaced whole by the fast path's (the function keeps its name and signature). */
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

// And each character took a copy of the style list in force: a row of 80
// characters, 80 arrays. The list is never changed once made
// (reduceAnsiCodesIncremental returns a new one, and nothing that reads a
// character's styles writes to them: the diff, the string, Ink's output),
// so the characters of a run share it; the fast path then also finds two
// neighbours' styles the same at once (a === b).
const COPY = 'styles: [...codes],';

export function patchStyledChars(source) {
  const changed = 'ansi-tokenize changed: the styles fast path no longer applies';
  replaceAnchor(source, 'codes = reduceAnsiCodesIncremental(codes, [token]);', (same) => same, changed);
  const shared = replaceAnchor(source, COPY, () => 'styles: codes,', changed);
  const fast = replaceAnchor(shared, LOOP, () => '    ret += aepStyledCharsToString(chars);', changed);
  return [
    `import { stylesFastPath as aepStylesFastPath } from ${patchModule('styled-chars')};`,
    fast,
    // Made from the package's own helpers, which this module imports.
    'const aepStyledCharsToString = aepStylesFastPath(ansiCodesToString, diffAnsiCodes);',
    '',
  ].join('\n');
}

const tokenizeFile = (name) =>
  new RegExp(`[\\\\/]node_modules[\\\\/]@alcalzone[\\\\/]ansi-tokenize[\\\\/]build[\\\\/]${name.replace('.', '\\.')}$`);

/** Each patch of the package on its own, by name: the shipped bundle carries both; the tests also build each alone. */
export const TOKENIZE_PATCHES = {
  'styles-fast-path': [
    {
      file: '@alcalzone/ansi-tokenize/build/styledChars.js',
      filter: tokenizeFile('styledChars.js'),
      patch: patchStyledChars,
      ablation: 'styles-fast-path',
    },
  ],
  // Its tokenizer's fast path (ansi-tokenize-fast-path.mjs).
  'tokenize-fast-path': [
    {
      file: '@alcalzone/ansi-tokenize/build/tokenize.js',
      filter: tokenizeFile('tokenize.js'),
      patch: patchTokenize,
      ablation: 'tokenize-fast-path',
    },
  ],
  // Its segmenter, made on first use (lazy-segmenters.mjs).
  'lazy-segmenter': [
    {
      file: '@alcalzone/ansi-tokenize/build/tokenize.js',
      filter: tokenizeFile('tokenize.js'),
      patch: patchTokenizeSegmenter,
      ablation: 'lazy-segmenters',
    },
  ],
};

export const ansiStylesFastPath = patchingPlugin('ansi-styles-fast-path', Object.values(TOKENIZE_PATCHES).flat());
