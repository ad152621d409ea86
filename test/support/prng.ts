// A seeded PRNG, so a fuzz run is reproducible from its seed alone
// (Math.random cannot be seeded): the demo's mulberry32, good enough spread
// for picking mutations, not for anything cryptographic.
import { seededRandom as mulberry32 } from '../../src/demo/wire.js';

export { mulberry32 };

export class Rng {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}
