// A new console takes over the answers an earlier one journaled for this
// relay (outbox.ts; only those whose command agrees with its request) after
// its first replay, and then decides each on proof only:
// - its request is shown closed (a closing Event, or answered by someone
//   else): dropped, and the reason said;
// - the operator answers it here first: superseded, never sent;
// - its request is held here: handed to the command sender as a saved
//   answer, which the gate at the wire sends only once a read of its
//   session, made since the link came back, has ended (and which it holds,
//   said, if that read shows another agent could take it);
// - its request is not (yet) here: kept on disk, not sent, and the status
//   line says how many and why. Every later burst and closing Event looks
//   again.
// The relay's status line also keeps saying what the directory scan found
// (outbox.notes): not saved to disk and why, files kept aside, answers held
// by a running console, answers for relays not watched here.

import { answerFate } from '../store/closed-reason.js';
import { requestKeyOnRelay } from '../store/identity.js';
import type { ConsoleStore } from '../store/store.js';
import type { CommandSender } from './commands.js';
import type { JournaledAnswer, Outbox } from './outbox.js';
import type { DecisionSink } from './decision-recorder.js';
import type { BurstVerdict } from './subscription.js';

const answers = (n: number) => `${n} saved ${n === 1 ? 'answer' : 'answers'}`;

/**
 * The saved answer's request key on this relay: the earlier console may have
 * spelled the relay another way (same canonical relay), or be one that joined
 * the key's parts with U+001F (identity.ts). A key that cannot be read names
 * no request: the answer is kept, not sent.
 */
function rekey(entry: JournaledAnswer, relay: string): string {
  return requestKeyOnRelay(entry.requestKey, relay, entry.event) ?? entry.requestKey;
}

export class SavedAnswers {
  private taken = false;
  /** Taken over, neither resent nor dropped yet: command id → answer. */
  private readonly waiting = new Map<string, JournaledAnswer>();
  /** Why the waiting ones were not sent at the last look. */
  private keptWhy = '';

  constructor(
    private readonly store: ConsoleStore,
    private readonly relay: string,
    private readonly outbox: Outbox,
    private readonly commands: CommandSender,
    /** The decision history: every drop is recorded there too. */
    private readonly decisions?: DecisionSink,
    /**
     * Saved answers not to resend now, though proof would allow it: those for
     * the request `respond` was started to answer (the operator's answer wins
     * once it is made; if it is never made, the saved one stays on disk).
     */
    private readonly hold: (entry: JournaledAnswer) => boolean = () => false,
  ) {}

  /** At start: the status line says at once when answers cannot be saved, and again whenever that changes. */
  start(): void {
    this.outbox.onProblem(() => this.showNotes());
    this.outbox.check();
    this.showNotes();
  }

  /** A replay burst ended: take over what earlier consoles left (once), then decide what proof allows. */
  burstEnded(verdict: BurstVerdict): void {
    if (!this.taken) {
      this.taken = true;
      const found = this.outbox.recover(this.relay);
      for (const entry of found.entries)
        this.waiting.set(entry.event.id, { ...entry, requestKey: rekey(entry, this.relay) });
      for (const aside of found.keptAside.slice(0, 3))
        this.store.warnRelay(this.relay, `a saved answer file was unreadable (${aside.why}): kept aside, not sent`);
    }
    this.decide(verdict);
  }

  /**
   * An Event that may close a request arrived: journaled answers of this
   * console whose request closed are no longer needed on disk, and a waiting
   * saved answer whose request it closed is dropped now (that is proof enough).
   */
  eventSeen(): void {
    this.commands.dropClosed();
    if (this.waiting.size) this.decide(undefined);
  }

  /** The operator answered a request here: a saved answer still waiting for it is superseded now, never sent. */
  answered(): void {
    if (this.waiting.size) this.decide(undefined);
  }

  /** `verdict` undefined: no burst just ended, so nothing is resent, only drops on proof. */
  private decide(verdict: BurstVerdict | undefined): void {
    let resent = 0;
    const dropped = new Map<string, number>();
    const drop = (
      id: string,
      why: string,
      outcome: 'applied' | 'closed-elsewhere' | 'superseded' = 'closed-elsewhere',
    ) => {
      const entry = this.waiting.get(id);
      if (entry) this.decisions?.dropped(this.relay, entry, why, outcome);
      this.waiting.delete(id);
      this.outbox.clear(id);
      dropped.set(why, (dropped.get(why) ?? 0) + 1);
    };
    for (const [id, entry] of [...this.waiting]) {
      const request = this.store.request(entry.requestKey);
      if (this.store.command(id)) {
        this.waiting.delete(id); // already a command of this console: it owns the file now
        continue;
      }
      if (!request) continue;
      const fate = answerFate(request, id);
      // The operator's answer wins: one given here, meanwhile, supersedes the saved one.
      const mine = this.store.lastCommandFor(entry.requestKey);
      if (fate.kind === 'applied') drop(id, 'the agent had already applied them', 'applied');
      else if (fate.kind === 'closed') drop(id, `the relay shows the request closed (${fate.why})`);
      else if (mine && mine.savedAt === undefined)
        drop(
          id,
          `you answered the request here yourself, so the earlier console's answer was not sent (superseded)`,
          'superseded',
        );
      else if (this.hold(entry)) continue;
      else {
        this.waiting.delete(id);
        this.commands.adopt(entry);
        resent++;
      }
    }
    if (verdict) this.keptWhy = 'their requests are not in what the relay has sent';
    if (resent)
      this.store.warnRelay(
        this.relay,
        `${resent === 1 ? '1 answer' : `${resent} answers`} saved by an earlier console: sent (same command ids) only once a read of the session has ended`,
      );
    for (const [why, n] of dropped) this.store.warnRelay(this.relay, `dropped ${answers(n)}: ${why}`);
    this.showNotes();
  }

  private showNotes(): void {
    const notes = this.outbox.notes(this.relay);
    if (this.waiting.size)
      notes.push(`${answers(this.waiting.size)} kept, not sent: ${this.keptWhy} (in ${this.outbox.dir})`);
    const shown = this.store.getRelay(this.relay)?.outboxNotes ?? [];
    if (shown.length !== notes.length || shown.some((note, i) => note !== notes[i]))
      this.store.updateRelay(this.relay, { outboxNotes: notes });
  }
}
