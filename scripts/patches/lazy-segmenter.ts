// Intl.Segmenter, made on first use (scripts/lazy-segmenters.mjs).

/** The one method the patched packages call on their segmenter. */
export type Segments = Pick<Intl.Segmenter, 'segment'>;

/**
 * Stands for `new Intl.Segmenter(locales, options)` in a package that makes
 * one as it loads: the first segmenter a process makes loads ICU's break
 * rules (about 14 ms), and the console's first frame segments nothing, so
 * the real one is made when `segment` is first called.
 */
export function lazySegmenter(locales?: string | string[], options?: Intl.SegmenterOptions): Segments {
  let segmenter: Intl.Segmenter | undefined;
  return {
    segment(input: string): Intl.Segments {
      segmenter ??= new Intl.Segmenter(locales, options);
      return segmenter.segment(input);
    },
  };
}
