/**
 * Which open requests a relay re-delivered when it replayed everything after
 * a (re)connect. A relay that restarted with an empty buffer, or evicted a
 * request, replays without it: the console keeps the request (it may well be
 * still waiting) but must not claim the relay still vouches for it.
 *
 * A round starts when the console subscribes from "all" and holds the keys of
 * the relay's open requests; every event about one of them (a duplicate
 * included: a re-delivery is exactly the confirmation) takes it out; what is
 * left when the replay completes was not re-confirmed. A cut-short replay
 * gives no verdict.
 */
import type { RequestKey } from './identity.js';

export class Reconfirmations {
  private readonly rounds = new Map<string, Set<RequestKey>>();
  /** Open requests marked `unconfirmed`: an event about one clears its mark. */
  private readonly unconfirmed = new Set<RequestKey>();

  /** Whether events from `relay` can confirm anything now (a round runs, or marks wait to be cleared). */
  watching(relay: string): boolean {
    // A round with nothing left to confirm (the first replay into an empty
    // store) can confirm nothing: the intake then builds no request key per Event.
    // Sizes first: no relay is replaying almost always, and this runs for every Event.
    return this.unconfirmed.size > 0 || (this.rounds.size > 0 && (this.rounds.get(relay)?.size ?? 0) > 0);
  }

  /**
   * The relay vouched for request `key` (an event about it arrived). Calls
   * `unmark` and returns true when that cleared its mark.
   */
  vouch(relay: string, key: RequestKey, unmark: () => void): boolean {
    this.seen(relay, key);
    if (!this.unconfirmed.delete(key)) return false;
    unmark();
    return true;
  }

  /**
   * Ends the round: each open request it did not re-confirm is marked (via
   * `mark`); marks of requests no longer open are forgotten. True when any
   * request was newly marked.
   */
  settle(relay: string, isOpen: (key: RequestKey) => boolean, mark: (key: RequestKey) => void): boolean {
    let marked = false;
    for (const key of this.complete(relay)) {
      if (!isOpen(key) || this.unconfirmed.has(key)) continue;
      mark(key);
      this.unconfirmed.add(key);
      marked = true;
    }
    for (const key of this.unconfirmed) if (!isOpen(key)) this.unconfirmed.delete(key);
    return marked;
  }

  begin(relay: string, openKeys: Iterable<RequestKey>): void {
    this.rounds.set(relay, new Set(openKeys));
  }

  active(relay: string): boolean {
    return this.rounds.has(relay);
  }

  /** An event about request `key` arrived from `relay`. */
  seen(relay: string, key: RequestKey): void {
    this.rounds.get(relay)?.delete(key);
  }

  abandon(relay: string): void {
    this.rounds.delete(relay);
  }

  /** Ends the round; the keys no event re-confirmed (none when no round was running). */
  complete(relay: string): RequestKey[] {
    const left = this.rounds.get(relay);
    this.rounds.delete(relay);
    return left ? [...left] : [];
  }
}
