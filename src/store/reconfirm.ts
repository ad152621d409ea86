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
export class Reconfirmations {
  private readonly rounds = new Map<string, Set<string>>();

  begin(relay: string, openKeys: Iterable<string>): void {
    this.rounds.set(relay, new Set(openKeys));
  }

  active(relay: string): boolean {
    return this.rounds.has(relay);
  }

  /** An event about request `key` arrived from `relay`. */
  seen(relay: string, key: string): void {
    this.rounds.get(relay)?.delete(key);
  }

  abandon(relay: string): void {
    this.rounds.delete(relay);
  }

  /** Ends the round; the keys no event re-confirmed (none when no round was running). */
  complete(relay: string): string[] {
    const left = this.rounds.get(relay);
    this.rounds.delete(relay);
    return left ? [...left] : [];
  }
}
