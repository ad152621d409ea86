// The outbox's saved answers (outbox.ts): what a journal file holds, when an
// entry read back is fit to be taken over, and what a look at the directory found.

import type { AepEvent, Answer } from '../protocol/types.js';
import { parseRequestKey, requestKeyOnRelay } from '../store/identity.js';

/** One journaled answer. */
export interface JournaledAnswer {
  relay: string;
  requestKey: string;
  event: AepEvent;
  answer: Answer;
  ackWindowMs: number;
  createdAt: number;
}

/**
 * A saved answer is taken over only when its command is addressed to the
 * request it was journaled for: the command's session and subject are the
 * request key's (the gate at the wire, "Saved answers only on proof").
 * Anything else would answer another request while the screen said this one.
 */
export function agreesWithItsRequest(entry: JournaledAnswer, relay: string): boolean {
  const key = requestKeyOnRelay(entry.requestKey, relay, entry.event);
  const request = key === undefined ? undefined : parseRequestKey(key);
  return (
    request !== undefined &&
    entry.event.type === 'control.attention.respond' &&
    entry.event.session === request.session &&
    entry.event.subject === request.id
  );
}

/** Whether a parsed journal file holds an entry (it is hostile until checked). */
export function isEntry(value: unknown): value is JournaledAnswer {
  const v = value as Partial<JournaledAnswer> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.relay === 'string' &&
    typeof v.requestKey === 'string' &&
    typeof v.event === 'object' &&
    v.event !== null &&
    typeof v.event.id === 'string' &&
    typeof v.answer === 'object' &&
    v.answer !== null &&
    typeof v.ackWindowMs === 'number' &&
    typeof v.createdAt === 'number'
  );
}

/** What a look at the directory found for one relay, besides the answers taken over. */
export interface Recovery {
  /** Answers left by consoles no longer running, now this console's. */
  entries: JournaledAnswer[];
  /** Files for this relay held by a console still running (pid and, where known, start time match). */
  held: number;
  /** Unreadable or torn files, moved aside (into `kept-aside/`) with why. */
  keptAside: { name: string; why: string }[];
  /** Files for relays this console does not watch. */
  unwatched: number;
  /** The directory is not the operator's own: nothing was read. */
  unfit?: string;
}
