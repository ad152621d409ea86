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

/**
 * `text` with a few random edits (replace, insert or delete one character
 * drawn from `alphabet`): at least one, up to `most`. For checking a
 * hand-written scanner against the pattern it replaced, near valid input.
 */
export function mutate(text: string, random: () => number, alphabet: string, most: number): string {
  const chars = [...text];
  for (let k = 0; k < 1 + Math.floor(random() * most); k++) {
    const at = Math.floor(random() * (chars.length + 1));
    const c = alphabet[Math.floor(random() * alphabet.length)];
    const action = random();
    if (action < 0.5) chars[at] = c;
    else if (action < 0.75) chars.splice(at, 0, c);
    else chars.splice(at, 1);
  }
  return chars.join('');
}
