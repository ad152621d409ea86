// Ink's measure-text, patched (scripts/ink-caches.mjs): its module-level
// cache of every distinct text it measured, and the width it takes from
// widest-line, are swapped for these.
import stringWidth from 'string-width';
import { makeRoom } from './bounded-map.js';
import { ownCopy } from './own-copy.js';

export const MEASURE_CACHE_CAP = 1024;
export const LINE_WIDTHS_CAP = 512;
export const LONG_TEXT = 512;
export const LONG_TEXTS_KEPT = 8;

/**
 * The texts measured, bounded: past MEASURE_CACHE_CAP the oldest goes (the
 * console's ages and countdowns change every second, and kept forever the
 * cache would only grow). With `longApart`, texts over LONG_TEXT characters
 * (the console's whole frame) are kept a few at a time in a map of their
 * own: a frame's text is measured twice (layout, then drawing) and rarely
 * seen again, and a thousand of them would hold megabytes.
 */
export class MeasureCache<V> {
  private readonly short = new Map<string, V>();
  private readonly long = new Map<string, V>();
  private readonly longApart: boolean;

  constructor(longApart: boolean) {
    this.longApart = longApart;
  }

  get(text: string): V | undefined {
    return this.keptFor(text).get(text);
  }

  set(text: string, value: V): this {
    const kept = this.keptFor(text);
    makeRoom(kept, kept === this.short ? MEASURE_CACHE_CAP : LONG_TEXTS_KEPT);
    kept.set(text, value);
    return this;
  }

  private keptFor(text: string): Map<string, V> {
    return this.longApart && text.length > LONG_TEXT ? this.long : this.short;
  }
}

/**
 * widest-line's answer (the widest of `measure` over each line), each line's
 * width remembered, the last LINE_WIDTHS_CAP lines: the console draws its
 * frame as one text of many lines, of which a key changes two or three, and
 * string-width over a row with its styles and a wide character (a segmenter
 * pass) is most of a frame's layout. A line is kept by a copy of its own.
 */
export function lineByLineWidest(measure: (line: string) => number): (text: string) => number {
  const widths = new Map<string, number>();
  return (text) => {
    let widest = 0;
    for (const line of text.split('\n')) {
      let width = widths.get(line);
      if (width === undefined) {
        width = measure(line);
        makeRoom(widths, LINE_WIDTHS_CAP);
        widths.set(ownCopy(line), width);
      }
      if (width > widest) widest = width;
    }
    return widest;
  };
}

export const widestLine = lineByLineWidest(stringWidth);
