// The shipped bundle as the bin's loader reads it (src/boot/load-bundle.ts):
// one function expression with CommonJS's five parameters, which the loader
// compiles as is, instead of esbuild's module text that it would have to
// wrap as Node's require() does.
//
// Why, both about the ~3 MB the process allocates before its first frame:
// - Wrapping at load joined a short text to the megabyte of the bundle,
//   and V8 copied the two into one new string to compile it: a second
//   megabyte, in the young generation.
// - Node makes a Latin-1 (or ASCII) string of 1,031,913 bytes
//   (EXTERN_APEX in its string_bytes.cc) or as long an external one, kept
//   outside V8's heap; a shorter one is copied into the young generation. The bundle is
//   just under that, so it is padded past it with a comment.
// Each megabyte there brought a scavenge (about a millisecond) before the
// first frame. test/build/bundle-wrap.test.ts holds both to be so.

/** Node's length from which a Latin-1 string is made external (EXTERN_APEX, src/string_bytes.cc). */
export const EXTERNAL_FROM = 0xfbee9;

export const HEAD = '(function (exports, require, module, __filename, __dirname) {';
const TAIL = '})';
import { ablated } from './ablate.mjs';

const MAP_COMMENT = /\n\/\/# sourceMappingURL=([^\n]+)\n?$/;

/**
 * Wraps esbuild's text `code` (with its source map `map`, parsed): the head
 * on a line of its own (so the map gains one empty line and no column
 * moves), the tail, the padding, and the map's comment last, where tools
 * look for it.
 */
export function wrapBundle(code, map) {
  const comment = MAP_COMMENT.exec(code);
  const body = comment ? code.slice(0, comment.index) : code.replace(/\n$/, '');
  const end = comment ? `\n//# sourceMappingURL=${comment[1]}\n` : '\n';
  let text = `${HEAD}\n${body}\n${TAIL}\n`;
  const short = EXTERNAL_FROM - (text.length + end.length);
  // (AEP_ABLATE=bundle-padding: not padded, ablate.mjs.)
  if (short > 0 && !ablated('bundle-padding')) {
    const note = '/* padding: Node keeps a text this long outside the heap (scripts/bundle-wrap.mjs) ';
    text += `${note}${' '.repeat(Math.max(0, short - note.length - 2))}*/`;
  }
  return { code: text + end, map: { ...map, mappings: `;${map.mappings}` } };
}
