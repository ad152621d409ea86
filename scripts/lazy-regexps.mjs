// Patches for the shipped bundle: expressions that name Unicode properties,
// made by string-width 8, the string-width 7 wrap-ansi carries and
// slice-ansi's tokenizer as they load, are made on first use instead
// (patches/lazy-regexp.ts says why). Applied by the plugins that load those
// files (string-width-precheck.mjs, lazy-segmenters.mjs): one plugin loads
// a file.
import { patchModule, replaceAnchor } from './patching.mjs';

const DECLARATION = /^const ([\w$]+) = \/(.+)\/([a-z]*);$/;

/**
 * A patch of one file whose module-level expressions are `anchors` (each a
 * declaration `const NAME = /PATTERN/FLAGS;`, exactly as the file has it).
 */
export function lazyRegExpPatch(anchors, what) {
  return (source) => {
    let patched = source;
    for (const anchor of anchors) {
      const [, name, pattern, flags] = DECLARATION.exec(anchor) ?? [];
      if (name === undefined) throw new Error(`not a declaration of an expression: ${anchor}`);
      patched = replaceAnchor(
        patched,
        anchor,
        () => `const ${name} = aepLazyRegExp(${JSON.stringify(pattern)}, ${JSON.stringify(flags)});`,
        `${what} changed: its expression ${name} is no longer made on first use`,
      );
    }
    return `import { lazyRegExp as aepLazyRegExp } from ${patchModule('lazy-regexp')};\n${patched}`;
  };
}

export const STRING_WIDTH_8_EXPRESSIONS = [
  'const visibleCharacterRegex = /[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v;',
  'const spacingMarkRegex = /\\p{Spacing_Mark}/v;',
  'const extendedPictographicRegex = /\\p{Extended_Pictographic}/gu;',
];

export const patchStringWidthExpressions = lazyRegExpPatch(STRING_WIDTH_8_EXPRESSIONS, 'string-width');

export const patchWrapAnsiStringWidthExpressions = lazyRegExpPatch(
  ['const defaultIgnorableCodePointRegex = /^\\p{Default_Ignorable_Code_Point}$/u;'],
  "wrap-ansi's string-width",
);

export const patchSliceAnsiExpressions = lazyRegExpPatch(
  ['const EMOJI_PRESENTATION_GRAPHEME_REGEX = /\\p{Emoji_Presentation}/u;'],
  'slice-ansi',
);
