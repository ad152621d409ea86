// A regular expression made on first use (scripts/lazy-segmenters.mjs,
// string-width-precheck.mjs).

/**
 * The ways a package asks an expression: test and exec, and as String's
 * search, match and replace do. The five patched today use test, search and
 * match; the rest keep a later version of the package working the same.
 */
export type LazyRegExp = Pick<
  RegExp,
  'test' | 'exec' | typeof Symbol.search | typeof Symbol.match | typeof Symbol.replace
>;

/**
 * Stands for `new RegExp(source, flags)` in a package that makes one as it
 * loads. V8 builds the set of every Unicode property an expression names as
 * it makes the expression (ICU's tables: about 0.3 ms a property, the first
 * time in a process), and the console's first frame asks nothing of these:
 * its text takes the width and tokenizer fast paths. The real expression is
 * made on the first call, and each call is the real one's.
 */
export function lazyRegExp(source: string, flags: string): LazyRegExp {
  let made: RegExp | undefined;
  const real = () => (made ??= new RegExp(source, flags));
  return {
    test: (text: string) => real().test(text),
    exec: (text: string) => real().exec(text),
    [Symbol.search]: (text: string) => real()[Symbol.search](text),
    [Symbol.match]: (text: string) => real()[Symbol.match](text),
    [Symbol.replace]: ((text: string, replacement: string) =>
      real()[Symbol.replace](text, replacement)) as RegExp[typeof Symbol.replace],
  };
}
