// A new console takes over the answers an earlier one journaled for this
// relay (outbox.ts; only those whose command agrees with its request) after
// its first replay, and decides each only on proof ("Saved answers only on
// proof"): nothing is resent or dropped before a read of its session, made
// since the link came back, has ENDED (the gate's read, gate.ts). Then:
// - its request is closed (a closing Event, or answered by someone else):
//   dropped, the reason said;
// - its request is open: handed to the command sender, with its original id,
//   and sent through the gate (held, said, if another agent could take it);
// - its request is not in what the relay holds: kept on disk, not sent, said.
// Before that it waits, and the status line says why (reading, or why no
// read could end: a relay without SSE, a deadline). The operator's own
// answer needs no proof to win: a saved answer of a request answered here
// is superseded, never sent. The relay's status line also keeps saying what
// the directory scan found (outbox.notes): not saved to disk and why, files
// kept aside, answers held by a running console, answers for relays not
// watched here.

import { answerFate } from '../store/closed-reason.js';
import { displayLine } from '../protocol/sanitize.js';
import { requestKeyOnRelay } from '../store/identity.js';
import type { ConsoleStore } from '../store/store.js';
import type { CommandSender } from './commands.js';
import type { JournaledAnswer, Outbox } from '../files/outbox.js';
import type { DecisionSink } from '../files/decision-recorder.js';
import type { WireGate } from './gate.js';

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
  /** Why each waiting one is not sent yet, at the last look: command id → words. */
  private readonly keptWhy = new Map<string, string>();

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
    /** The gate's reads of sessions: the only proof a saved answer is sent or dropped on. */
    private readonly proofs?: Pick<WireGate, 'proof' | 'prove'>,
  ) {}

  /** At start: the status line says at once when answers cannot be saved, and again whenever that changes. */
  start(): void {
    this.outbox.onProblem(() => this.showNotes());
    this.outbox.check();
    this.showNotes();
  }

  /** A replay burst ended: take over what earlier consoles left (once), then decide what proof allows. */
  burstEnded(): void {
    if (!this.taken) {
      this.taken = true;
      const found = this.outbox.recover(this.relay);
      for (const entry of found.entries)
        this.waiting.set(entry.event.id, { ...entry, requestKey: rekey(entry, this.relay) });
      for (const aside of found.keptAside.slice(0, 3))
        this.store.warnRelay(this.relay, `a saved answer file was unreadable (${aside.why}): kept aside, not sent`);
    }
    this.decide();
  }

  /** One of the gate's reads of a session ended (or did not): what waited on it is decided now. */
  readEnded(): void {
    if (this.waiting.size) this.decide();
  }

  /**
   * An Event that may close a request arrived: journaled answers of this
   * console whose request closed are no longer needed on disk. A waiting
   * saved answer is looked at again (dropped only once a read has ended).
   */
  eventSeen(): void {
    this.commands.dropClosed();
    if (this.waiting.size) this.decide();
  }

  /** The operator answered a request here: a saved answer still waiting for it is superseded now, never sent. */
  answered(): void {
    if (this.waiting.size) this.decide();
  }

  /**
   * Whether `session` has been read to its end since the link came back;
   * starts that read when none was made (only once the replay is taken over,
   * on a live link). Else the words the status line says why it waits.
   */
  private proven(session: string): true | string {
    const shown = displayLine(session, 60);
    const proof = this.proofs?.proof(session) ?? { state: 'failed' as const, why: 'this console reads no session' };
    if (proof.state === 'ended') return true;
    if (proof.state === 'failed')
      return `no read of session "${shown}" has ended since the relay came back (${displayLine(proof.why, 200)})`;
    const live = this.store.getRelay(this.relay)?.connection.kind === 'live';
    if (proof.state === 'none' && !(live && this.proofs?.prove(session)))
      return `waiting for the relay, then for a read of session "${shown}"`;
    return `sent or dropped only once the read of session "${shown}" has ended (reading it now)`;
  }

  private decide(): void {
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
      this.keptWhy.delete(id);
      this.outbox.clear(id);
      dropped.set(why, (dropped.get(why) ?? 0) + 1);
    };
    for (const [id, entry] of [...this.waiting]) {
      if (this.store.command(id)) {
        this.waiting.delete(id); // already a command of this console: it owns the file now
        this.keptWhy.delete(id);
        continue;
      }
      const request = this.store.request(entry.requestKey);
      // The operator's answer wins, proof or not: one given here, meanwhile, supersedes the saved one.
      const mine = this.store.lastCommandFor(entry.requestKey);
      if (request && mine && mine.savedAt === undefined) {
        drop(
          id,
          `you answered the request here yourself, so the earlier console's answer was not sent (superseded)`,
          'superseded',
        );
        continue;
      }
      if (!this.taken || this.hold(entry)) continue;
      const proven = this.proven(request?.session ?? entry.event.session ?? '');
      if (proven !== true) {
        this.keptWhy.set(id, proven);
        continue;
      }
      const fate = request ? answerFate(request, id) : undefined;
      if (!request || !fate) this.keptWhy.set(id, "its request is not in the relay's read of its session");
      else if (fate.kind === 'applied') drop(id, 'the agent had already applied them', 'applied');
      else if (fate.kind === 'closed') drop(id, `the relay shows the request closed (${fate.why})`);
      else {
        this.waiting.delete(id);
        this.keptWhy.delete(id);
        this.commands.adopt(entry);
        resent++;
      }
    }
    if (resent)
      this.store.warnRelay(
        this.relay,
        `resending ${resent === 1 ? '1 answer' : `${resent} answers`} saved by an earlier ` +
          `console (same command ids), after a read of the session ended`,
      );
    for (const [why, n] of dropped) this.store.warnRelay(this.relay, `dropped ${answers(n)}: ${why}`);
    this.showNotes();
  }

  private showNotes(): void {
    const notes = this.outbox.notes(this.relay);
    // One line per reason, in the order the answers were found.
    const byWhy = new Map<string, number>();
    for (const id of this.waiting.keys()) {
      const why = this.keptWhy.get(id) ?? 'waiting for the replay to be taken over';
      byWhy.set(why, (byWhy.get(why) ?? 0) + 1);
    }
    for (const [why, n] of byWhy) notes.push(`${answers(n)} kept, not sent: ${why} (in ${this.outbox.dir})`);
    const shown = this.store.getRelay(this.relay)?.outboxNotes ?? [];
    if (shown.length !== notes.length || shown.some((note, i) => note !== notes[i]))
      this.store.updateRelay(this.relay, { outboxNotes: notes });
  }
}
