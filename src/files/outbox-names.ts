// Journal file names (outbox.ts) and who owns a file: one file per answer,
// `<relay hash>-<command id>.<pid>.<start time>.json`. Ownership is the
// lock, and the owner is a process: its pid plus its start time
// (process-start.ts), so a pid reused by another program (after a reboot, or
// pid 1 in every container) does not hold a file.

import { createHash } from 'node:crypto';
import { canonicalRelay } from '../protocol/relay-url.js';

/** A process: a pid, and its start time where it can be read. */
export interface Owner {
  pid: number;
  start?: string;
}

export interface EntryName {
  hash: string;
  id: string;
  owner: Owner;
}

// Files written before start times were recorded lack the last part: pid liveness alone decides for them.
const ENTRY = /^([0-9a-f]{16})-([0-9A-Za-z_-]{1,128})\.(\d{1,10})(?:\.(\d{1,20}))?\.json$/;

/** The relay part of a name: hashed in its canonical spelling, so ws://h:p/ and http://h:p are one relay. */
/** Hashes already made, by relay as given: a batch of answers names one relay 50 times (bounded: a console watches a few). */
const hashes = new Map<string, string>();
const HASHES_KEPT = 64;

export function relayHash(relay: string): string {
  let hash = hashes.get(relay);
  if (hash === undefined) {
    hash = createHash('sha256').update(canonicalRelay(relay)).digest('hex').slice(0, 16);
    if (hashes.size >= HASHES_KEPT) hashes.clear();
    hashes.set(relay, hash);
  }
  return hash;
}

export function entryName(hash: string, id: string, owner: Owner): string {
  return `${hash}-${id}.${owner.pid}${owner.start === undefined ? '' : `.${owner.start}`}.json`;
}

/** A journal file's parts, or undefined for any other name (never read). */
export function parseEntryName(name: string): EntryName | undefined {
  const match = ENTRY.exec(name);
  if (!match) return undefined;
  const [, hash, id, pid, start] = match;
  return { hash, id, owner: start === undefined ? { pid: Number(pid) } : { pid: Number(pid), start } };
}

/**
 * Is the console that wrote a file (`owner`) still running? Its pid must be
 * alive and, when both start times are known, its start time the recorded
 * one: otherwise the pid now names another process and the file is
 * orphaned. Without /proc (or for files that recorded no start time) pid
 * liveness alone decides, which errs on the side of leaving the file alone
 * (and the status line says it is held). `me` is held by definition.
 */
export function heldByLive(
  owner: Owner,
  me: Owner,
  alive: (pid: number) => boolean,
  startOf: (pid: number) => string | undefined,
): boolean {
  if (owner.pid === me.pid && owner.start === me.start) return true;
  if (!alive(owner.pid)) return false;
  if (owner.start === undefined) return true;
  const now = startOf(owner.pid);
  return now === undefined || now === owner.start;
}
