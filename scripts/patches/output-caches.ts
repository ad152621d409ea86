// Ink's Output, patched (scripts/ink-caches.mjs): every frame's Output makes
// its own caches (a row's styled characters, a text's widths) that live for
// that frame only, so a row that did not change is tokenized again. Here
// every Output shares one set that outlives the frame, bounded (past
// OUTPUT_CACHE_LINES rows the oldest go). The character objects are only
// read, never changed, so sharing them between frames draws the same bytes.
import { BoundedMap } from './bounded-map.js';

export const OUTPUT_CACHE_LINES = 256;

/** The maps of Ink's OutputCaches (output.js), which its methods read and fill. */
export interface OutputCacheMaps {
  styledChars: Map<string, unknown>;
  blockWidths: Map<string, number>;
  widths: Map<string, number>;
}

let shared: OutputCacheMaps | undefined;

/** The one set of caches, made by `create` the first time and bounded. */
export function sharedCaches<C extends OutputCacheMaps>(create: () => C): C {
  if (shared === undefined) {
    const caches = create();
    caches.styledChars = new BoundedMap(OUTPUT_CACHE_LINES);
    caches.blockWidths = new BoundedMap(OUTPUT_CACHE_LINES);
    caches.widths = new BoundedMap(OUTPUT_CACHE_LINES * 16);
    shared = caches;
  }
  return shared as C;
}
