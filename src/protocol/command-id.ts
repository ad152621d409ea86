// Command ids are ULIDs (AEP-0004 §3: the target dedupes on them). The ulid
// package draws each of an id's 16 random characters with a call of its own
// to crypto.getRandomValues, a one-byte array made and checked each time:
// 800 calls for a batch of 50 answers, all in the task of the key that
// confirmed it. The same crypto bytes, drawn 256 at a time, each giving one
// character as the package's own generator does (a byte / 256).
import { ulid } from 'ulid';

const pool = new Uint8Array(256);
let next = pool.length;

function randomUnit(): number {
  if (next === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]! / 256;
}

/** A new ULID for a command made at `time` (ms since the epoch). */
export function commandId(time: number): string {
  return ulid(time, randomUnit);
}
