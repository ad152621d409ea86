// Command ids are ULIDs (AEP-0004 §3: the target dedupes on them): 48 bits
// of milliseconds, then 80 random bits, in Crockford's base 32. Made here
// rather than by the ulid package, whose generator draws each of the 16
// random characters through a call of its own: a batch makes 50 ids in the
// task of the key that confirmed it. The random bits are crypto bytes,
// drawn 256 at a time; a byte's low five bits are one character (256 is a
// multiple of 32, so every character is equally likely).

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The largest time a ULID holds (2^48 - 1 ms). */
const TIME_MAX = 2 ** 48 - 1;

const pool = new Uint8Array(256);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** A new ULID for a command made at `time` (ms since the epoch). */
export function commandId(time: number): string {
  if (!Number.isInteger(time) || time < 0 || time > TIME_MAX) throw new RangeError(`not a ULID time: ${time}`);
  let head = '';
  for (let rest = time, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) head = ALPHABET[rest % 32] + head;
  let tail = '';
  for (let i = 0; i < 16; i++) tail += ALPHABET[randomByte() & 31];
  return head + tail;
}
