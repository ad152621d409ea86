// Part of the ansi-styles-fast-path plugin (same package): a row made only
// of code points that never join a neighbour, and of SGR sequences, is cut
// into tokens without the grapheme segmenter (patches/tokenize.ts says why
// the tokens are the same). The fast path is asked first; for any other row
// it answers undefined and the package's own tokenize goes on, unchanged.
import { patchModule, replaceAnchor } from './patching.mjs';

const SIGNATURE = 'export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {';
/** The package's module-private helpers the fast path calls, as the package's own tokenize does. */
const USES = [
  'function parseSGRSequence(string, offset)',
  'function splitCompoundSGRSequences(code)',
  'function isFullwidthGrapheme(grapheme, baseCodePoint)',
  'getEndCode, linkCodePrefix',
];
/** The fast path, made once from those helpers, asked first; the package's own body follows unchanged. */
const ASKED_FIRST = [
  'const aepStandaloneTokens = aepStandaloneTokenizer({ parseSGRSequence, splitCompoundSGRSequences, isFullwidthGrapheme, getEndCode });',
  SIGNATURE,
  '    const aepFast = aepStandaloneTokens(str, endChar);',
  '    if (aepFast !== undefined)',
  '        return aepFast;',
].join('\n');

export function patchTokenize(source) {
  const changed = 'ansi-tokenize changed: the tokenize fast path no longer applies';
  for (const use of USES) replaceAnchor(source, use, (same) => same, changed);
  const asked = replaceAnchor(source, SIGNATURE, () => ASKED_FIRST, changed);
  return `import { standaloneTokenizer as aepStandaloneTokenizer } from ${patchModule('tokenize')};\n${asked}`;
}
