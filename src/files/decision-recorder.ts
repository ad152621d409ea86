// Writes the decision history as decisions happen, the one writer of its
// lines. It listens to the store: every command this console makes (an
// answer, a batch member, cancel, pause, resume) appears there when it is
// made and again when it settles, whichever path made it (the keys, a rule,
// `respond`, an answer saved by an earlier console). The command carries
// everything its decision line records (who, the cause shown, the batch: its
// send carried them, store/types.ts SendFacts), so the line is handed to the
// log in the same step the command is made, never completed later. A saved
// answer dropped on proof is told by the relay client (`dropped`). Lines are
// written off the event loop (decision-log.ts), one append at a time: what
// is made while one is under way goes in the next. Lines a failed append did
// not write are kept (to a bound) and written with the next append, or
// retried on a timer, and the failure is said on the status line.

import type { ConsoleStore } from '../store/store.js';
import type { StoreChange } from '../store/writers.js';
import type { CommandState } from '../store/types.js';
import {
  actionOf,
  answeredLine,
  decisionLine,
  outcomeLine,
  type DecisionLine,
  type OutcomeLine,
} from '../store/decisions.js';
import type { DecisionLog } from './decision-log.js';
import { track } from './pending.js';
import type { JournaledAnswer } from './outbox.js';

/** Commands whose last state is remembered (a late ack after a timeout is one more outcome); oldest forgotten first. */
const MAX_TRACKED = 5_000;
/** Lines kept for a retry after failed appends; past it the oldest go, and that is said. */
const MAX_UNWRITTEN = 10_000;
export const RETRY_MS = 5_000;

/** What the relay client tells the history besides the store. */
export interface DecisionSink {
  /**
   * A saved answer of an earlier console was dropped: on proof its request
   * closed (`applied` when the agent had it, `closed-elsewhere`), or because
   * the operator answered the request here first (`superseded`).
   */
  dropped(
    relay: string,
    entry: JournaledAnswer,
    why: string,
    outcome: 'applied' | 'closed-elsewhere' | 'superseded' | 'not-sent',
  ): void;
}

export class DecisionRecorder implements DecisionSink {
  private readonly seen = new Map<string, CommandState>();
  /** Answers acknowledged before the emitter recorded them: request key → command id (its record is one more outcome). */
  private readonly awaitingRecord = new Map<string, string>();
  private queue: (DecisionLine | OutcomeLine)[] = [];
  private unsubscribe?: () => void;
  /** Why the last write failed (said once per relay, on its status line). */
  private problem?: string;
  /** Lines a failed append did not write, oldest first. */
  private unwritten: (DecisionLine | OutcomeLine)[] = [];
  /** Lines given up (past MAX_UNWRITTEN): said with the problem. */
  private lost = 0;
  private retry?: ReturnType<typeof setTimeout>;
  /** The append under way (at most one). */
  private writing?: Promise<void>;

  constructor(
    private readonly store: ConsoleStore,
    private readonly log: DecisionLog,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.unsubscribe ??= this.store.subscribe((change) => this.onChange(change));
  }

  /** Writes what is queued and stops listening; resolves once the writes are done (a stop bounds the wait). */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearTimeout(this.retry);
    await this.flush();
    // One more try for what a failed append kept.
    if (this.unwritten.length) await this.flush();
  }

  /** Lines of a decision the store does not see (a hide): written like the others, kept for a retry if that fails. */
  add(lines: readonly (DecisionLine | OutcomeLine)[]): void {
    for (const line of lines) this.enqueue(line);
    this.write();
  }

  dropped(
    relay: string,
    entry: JournaledAnswer,
    why: string,
    outcome: 'applied' | 'closed-elsewhere' | 'superseded' | 'not-sent',
  ): void {
    const record = this.store.request(entry.requestKey);
    const command = {
      id: entry.event.id,
      relay,
      requestKey: entry.requestKey,
      event: entry.event,
      answer: entry.answer,
      state: 'sending' as const,
      queued: false,
      attempts: 0,
      ackWindowMs: entry.ackWindowMs,
      createdAt: entry.createdAt,
    };
    const line = decisionLine(command, record);
    // The decision is the drop (now); what was dropped is the answer saved then.
    this.enqueue({ ...line, action: 'drop', time: new Date(this.now()).toISOString() });
    const at = this.now();
    this.enqueue({
      t: 'outcome',
      command_id: entry.event.id,
      time: new Date(at).toISOString(),
      state: outcome,
      reason: why,
      ...(record?.answered?.by && outcome === 'closed-elsewhere' ? { by: record.answered.by } : {}),
    });
    this.write();
  }

  private take(change: StoreChange): void {
    for (const id of change.commands) {
      const command = this.store.command(id);
      if (!command) continue;
      const before = this.seen.get(id);
      if (before === command.state) continue;
      this.track(id, command.state);
      const record = this.store.request(command.requestKey);
      if (before === undefined) this.enqueue(decisionLine(command, record));
      // An outcome only on a real change of verdict: a resend of a timed-out command is back to `sending`, not news.
      const outcome = outcomeLine(command, record);
      if (outcome) this.enqueue(outcome);
      if (command.state === 'accepted' && actionOf(command) === 'answer' && record?.answered?.cause !== command.id) {
        this.awaitingRecord.set(command.requestKey, id);
        while (this.awaitingRecord.size > MAX_TRACKED)
          this.awaitingRecord.delete(this.awaitingRecord.keys().next().value as string);
      }
    }
    if (!this.awaitingRecord.size) return;
    for (const key of change.requests) {
      const id = this.awaitingRecord.get(key);
      const command = id === undefined ? undefined : this.store.command(id);
      if (!command) continue;
      const line = answeredLine(command, this.store.request(key), this.now());
      if (!line) continue;
      this.awaitingRecord.delete(key);
      this.enqueue(line);
    }
  }

  /** What one change made, written now (or with the next append, when one is under way). */
  private onChange(change: StoreChange): void {
    this.take(change);
    this.write();
  }

  private track(id: string, state: CommandState): void {
    this.seen.delete(id);
    this.seen.set(id, state);
    while (this.seen.size > MAX_TRACKED) this.seen.delete(this.seen.keys().next().value as string);
  }

  private enqueue(line: DecisionLine | OutcomeLine): void {
    this.queue.push(line);
  }

  /** Starts the append of what is queued unless one is under way (its end starts the next): never deferred. */
  private write(): void {
    if (!this.writing && this.queue.length) void this.flush();
  }

  /** Writes everything queued (and what failed before), in one append; resolves when it is written or kept for a retry. */
  flush(): Promise<void> {
    const before = this.writing;
    // Chained: one append at a time, in order, and a flush resolves only once everything before it is written.
    // With none under way the append starts in this call.
    const run = () => this.appendQueued();
    const writing: Promise<void> = before ? before.then(run, run) : run();
    this.writing = writing;
    const done = () => {
      if (this.writing !== writing) return;
      this.writing = undefined;
      // Made while this append was under way: the next one, now.
      this.write();
    };
    void writing.then(done, done);
    // Tracked after `done` is registered: a stop waiting for writes sees the next append before this one leaves.
    track(writing);
    return writing;
  }

  private appendQueued(): Promise<void> {
    const lines = [...this.unwritten, ...this.queue];
    if (!lines.length) return Promise.resolve();
    this.queue = [];
    this.unwritten = [];
    return this.append(lines);
  }

  private async append(lines: (DecisionLine | OutcomeLine)[]): Promise<void> {
    const result = await this.log.append(lines);
    if (result.ok) {
      if (this.problem) {
        this.problem = undefined;
        this.lost = 0;
        for (const relay of this.store.relays()) this.dropWarning(relay.relay);
      }
      return;
    }
    // Kept for the next append (or the retry below), never dropped in silence.
    this.unwritten = lines;
    if (this.unwritten.length > MAX_UNWRITTEN) {
      this.lost += this.unwritten.length - MAX_UNWRITTEN;
      this.unwritten = this.unwritten.slice(-MAX_UNWRITTEN);
    }
    clearTimeout(this.retry);
    if (this.unsubscribe) {
      this.retry = setTimeout(() => void this.flush(), RETRY_MS);
      this.retry.unref?.();
    }
    const why = `${result.why}; ${this.unwritten.length} kept to retry${this.lost ? `, ${this.lost} lost` : ''}`;
    if (why === this.problem) return;
    for (const relay of this.store.relays()) this.dropWarning(relay.relay);
    this.problem = why;
    for (const relay of this.store.relays()) if (!relay.file) this.store.warnRelay(relay.relay, `${WARNING}: ${why}`);
  }

  private dropWarning(relay: string): void {
    const warnings = this.store.getRelay(relay)?.warnings ?? [];
    const kept = warnings.filter((w) => !w.startsWith(WARNING));
    if (kept.length !== warnings.length) this.store.updateRelay(relay, { warnings: kept });
  }
}

const WARNING = 'decisions are not kept in the history';
