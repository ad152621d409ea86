// A request as the table holds it (request-table.ts): its slot, and which
// of the slots under one subject an Event is about.

import type { AepEvent } from '../protocol/types.js';
import type { RequestRecord } from './types.js';
import type { TerminalStamped } from './terminal-order.js';

/** Events only the emitter of a request may send about it. */
const EMITTER_LIFECYCLE = new Set(['attention.answered', 'attention.resolved', 'attention.timeout']);

/**
 * A request held: its current record, found by the one lookup of its key (a
 * record is replaced on every change; the slot stays). The indexes hold the
 * slot, so a match or an eviction reads the record without a lookup by key.
 */
export interface Slot extends TerminalStamped {
  record: RequestRecord;
  /**
   * Whether the record may be held outside the table: set once request() or
   * allRequests() has handed it out. Until then nobody can compare it with a
   * later version, so a change is written into it instead of a copy: a
   * request answered and resolved within one burst (a replay, a busy relay)
   * is not copied twice for nobody.
   */
  shown: boolean;
  /** Where the slot is: waiting to be keyed (see RequestTable.keyed), in the map by key, or evicted. */
  place: SlotPlace;
  // `terminalStamp` (TerminalStamped): its place in the terminal order, 0 while open.
}

/** Slot.place: numbers, so every slot keeps one shape. */
export type SlotPlace = typeof WAITING | typeof KEYED | typeof GONE;
export const WAITING = 0;
export const KEYED = 1;
export const GONE = 2;

/**
 * Which of the requests held under an Event's (relay, session, subject) it is
 * about: a lifecycle Event only its emitter's (session names and ids collide
 * across emitters), a note or a command anyone's.
 */
export function slotFor(held: Slot | readonly Slot[] | undefined, event: AepEvent): Slot | undefined {
  if (held === undefined) return undefined;
  if (!Array.isArray(held)) {
    // The one request of that subject (almost always): no list to walk.
    const slot = held as Slot;
    return !EMITTER_LIFECYCLE.has(event.type) || slot.record.source === event.source ? slot : undefined;
  }
  const slots = held as readonly Slot[];
  // Loops, not find() with a closure: this runs for every lifecycle Event.
  if (EMITTER_LIFECYCLE.has(event.type)) {
    for (let i = 0; i < slots.length; i++) if (slots[i].record.source === event.source) return slots[i];
    return undefined;
  }
  if (slots.length === 1) return slots[0];
  // A console's note for a (session, id) two requests share could be about
  // either: it goes on neither (it was always shown on the first).
  if (event.type === 'attention.routed') return undefined;
  for (let i = 0; i < slots.length; i++) if (slots[i].record.agent === event.agent) return slots[i];
  return slots[0];
}
