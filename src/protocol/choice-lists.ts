// The option lists a fleet sends over and over ("Allow" / "Deny" on every
// permission request, the same choices in every deploy form): a list read
// equal to one of the last few is handed out again instead of a copy. The
// console keeps every open request's payload, so one copy per distinct list
// instead of one per request is less to allocate at intake and less for the
// garbage collector to carry. Payloads are read, never changed; a shared list
// is frozen besides, so a change would throw rather than reach every request.
import { isObj } from './guards.js';
import type { Choice } from './types.js';

/** Lists remembered (the last ones read clean); a longer list is never shared (comparing it would cost its copy). */
const KEPT = 4;
const LONGEST_SHARED = 16;

const recent: (Choice[] | undefined)[] = new Array<Choice[] | undefined>(KEPT).fill(undefined);
let next = 0;

/** A remembered list with exactly `raw`'s ids and labels, if there is one. */
export function sharedChoices(raw: readonly unknown[]): Choice[] | undefined {
  const length = raw.length;
  if (length === 0 || length > LONGEST_SHARED) return undefined;
  for (let k = 0; k < KEPT; k++) {
    const list = recent[k];
    if (list === undefined || list.length !== length || !sameChoices(list, raw)) continue;
    if (!Object.isFrozen(list)) {
      for (let i = 0; i < length; i++) Object.freeze(list[i]);
      Object.freeze(list);
    }
    return list;
  }
  return undefined;
}

/** Remembers a list read from `raw` with nothing dropped, cut or flagged (so reading `raw` again gives an equal one). */
export function rememberChoices(list: Choice[]): void {
  if (list.length === 0 || list.length > LONGEST_SHARED) return;
  recent[next] = list;
  next = next + 1 === KEPT ? 0 : next + 1;
}

function sameChoices(list: readonly Choice[], raw: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const entry = raw[i];
    // The kept list holds strings: equal members are strings, as a clean read requires.
    if (!isObj(entry) || entry.id !== list[i].id || entry.label !== list[i].label) return false;
  }
  return true;
}
