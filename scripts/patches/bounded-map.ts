import { ownCopy } from './own-copy.js';

/**
 * A Map that drops its oldest entry (a Map keeps insertion order) for each
 * new key past `cap`: not emptied at once, which would make the next frame
 * measure or tokenize every row again (a frame several times slower than
 * its neighbours). String keys are kept by a copy of their own (ownCopy).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly cap: number;

  constructor(cap: number) {
    super();
    this.cap = cap;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.cap && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(typeof key === 'string' ? (ownCopy(key) as K) : key, value);
  }
}

/** Drops `map`'s oldest entry when it holds `cap` or more. */
export function makeRoom<K, V>(map: Map<K, V>, cap: number): void {
  if (map.size >= cap) map.delete(map.keys().next().value as K);
}
