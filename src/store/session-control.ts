// What the session-level commands (AEP-0004 §5: control.cancel,
// control.pause, control.resume) did to each session, folded from the Events
// themselves: the commands seen on the wire (anyone's: the relay fans them
// out), their acks, and the outcomes cause-linked to them (`run.cancelled`, a
// `session.ended`, the vendor's pause report such as `progress.status`).
// AEP-0004 §6: an outcome's `cause` is the command's id or its ack's id, so
// acks are indexed one hop back to their command.
//
// Two keys, because the two halves are said by different parties. A command
// is a foreign-emitter Event: its `source` is the sender's, and `session`
// names the target's session without saying whose, so commands are kept per
// (relay, session). What a session's runs and pauses became is said by its own
// emitter, and session identity is emitter-scoped (AEP-0001 §5.2): two agents
// sharing a session name are two sessions, so that state is kept per (relay,
// source, session), as requests are and as the SDK's state projection keeps
// sessions. Runs follow the projection's run rule (AEP-0002 §2 convention 5):
// the first terminal of a run wins; a second one in the same epoch is the
// emitter's `run-terminal-exclusivity` violation (counted in violations.ts)
// and changes nothing here. Everything is bounded: a flood of commands,
// sessions or runs evicts the oldest.
import { displayLine } from '../protocol/sanitize.js';
import { controlVerbOf, type ControlVerb } from '../protocol/control.js';
import type { AepEvent } from '../protocol/types.js';
import {
  commandKey,
  emitterSessionKey,
  sessionKey,
  type CommandKey,
  type EmitterSessionKey,
  type SessionKey,
} from './identity.js';

export interface SeenControl {
  id: string;
  verb: ControlVerb;
  scope?: 'run' | 'session';
  run?: string;
  /** Who sent it (asserted identity). */
  by: string;
  reason?: string;
  time: string;
  ack?: { accepted: boolean; reason?: string };
  /** The outcome the target reported, in a few words. */
  outcome?: string;
}

/** One emitter's session as its commands and their outcomes left it. */
export interface SessionControl {
  /** Commands addressed to the session's name (by anyone, to whichever emitter holds it). */
  commands: readonly SeenControl[];
  /** Runs of this emitter whose first terminal was `run.cancelled`, by run id. */
  cancelledRuns: ReadonlyMap<string, { cause?: string; reason?: string; time: string }>;
  /** The last pause/resume outcome cause-linked to a command. */
  paused?: { paused: boolean; cause: string; time: string };
  /** A session.ended caused by a cancel. */
  endedByCancel?: { cause: string; time: string };
}

type RunStatus = 'finished' | 'failed' | 'cancelled';

/** Terminal run verbs and the status each records (AEP-0002 §2 convention 5). */
export const RUN_TERMINAL: ReadonlyMap<string, RunStatus> = new Map([
  ['run.finished', 'finished'],
  ['run.failed', 'failed'],
  ['run.cancelled', 'cancelled'],
]);

interface TargetState {
  cancelledRuns: Map<string, { cause?: string; reason?: string; time: string }>;
  /** Every run's first terminal in its epoch (the rule needs the finished ones too). */
  endedRuns: Map<string, { status: RunStatus; epoch: number }>;
  paused?: { paused: boolean; cause: string; time: string };
  endedByCancel?: { cause: string; time: string };
}

interface CommandLink {
  /** The (relay, session) of the command's list. */
  key: SessionKey;
  /** The session the command addressed: only that session's emitter reports on it. */
  session: string;
  command: string;
}

const MAX_SESSIONS = 2_000;
const MAX_COMMANDS = 20;
const MAX_RUNS = 50;
const NO_COMMANDS: readonly SeenControl[] = Object.freeze([]);
const NO_RUNS: SessionControl['cancelledRuns'] = new Map();

export class SessionControls {
  /** (relay, session) → the commands addressed to it. */
  private readonly sent = new Map<SessionKey, SeenControl[]>();
  /** (relay, source, session) → what that emitter reported. */
  private readonly targets = new Map<EmitterSessionKey, TargetState>();
  /** (relay, command id or its ack's id) → the command. */
  private readonly byId = new Map<CommandKey, CommandLink>();

  /** The session `session` of emitter `source` on `relay`; undefined when nothing was seen for it. */
  get(relay: string, source: string, session: string): SessionControl | undefined {
    const commands = this.sent.get(sessionKey(relay, session));
    const target = this.targets.get(emitterSessionKey(relay, source, session));
    if (!commands && !target) return undefined;
    return {
      commands: commands ?? NO_COMMANDS,
      cancelledRuns: target?.cancelledRuns ?? NO_RUNS,
      ...(target?.paused ? { paused: target.paused } : {}),
      ...(target?.endedByCancel ? { endedByCancel: target.endedByCancel } : {}),
    };
  }

  /** Folds one fresh (deduplicated) Event; true when something changed. */
  observe(relay: string, event: AepEvent): boolean {
    if (typeof event.session !== 'string') return false;
    const verb = controlVerbOf(event.type);
    if (verb) return this.command(relay, event, verb);
    const link = typeof event.cause === 'string' ? this.byId.get(commandKey(relay, event.cause)) : undefined;
    // The target answers in the session the command addressed; a link from elsewhere is not its outcome.
    const linked = link && link.session === event.session ? link : undefined;
    const terminal = RUN_TERMINAL.get(event.type);
    if (terminal) return this.runEnded(relay, event, terminal, linked);
    if (event.type === 'run.started') return this.runStarted(relay, event);
    if (!linked) return false;
    const seen = this.sent.get(linked.key)?.find((c) => c.id === linked.command);
    if (!seen) return false;
    if (event.type === 'control.accepted' || event.type === 'control.rejected') {
      if (seen.ack) return false;
      const reason =
        event.type === 'control.rejected' && typeof event.data?.reason === 'string'
          ? displayLine(event.data.reason, 40)
          : undefined;
      seen.ack = { accepted: event.type === 'control.accepted', ...(reason ? { reason } : {}) };
      this.byId.set(commandKey(relay, event.id), linked);
      this.trimIds();
      return true;
    }
    if (event.type === 'session.ended' && seen.verb === 'cancel') {
      this.target(relay, event).endedByCancel = { cause: seen.id, time: event.time };
      seen.outcome = 'session ended';
      return true;
    }
    if (seen.verb === 'pause' || seen.verb === 'resume') {
      // The first outcome linked to the command is the report (AEP-0004 §5:
      // vendor-defined, e.g. progress.status); later linked events are the work resuming.
      if (seen.outcome) return false;
      this.target(relay, event).paused = { paused: seen.verb === 'pause', cause: seen.id, time: event.time };
      seen.outcome = seen.verb === 'pause' ? 'paused' : 'resumed';
      return true;
    }
    return false;
  }

  private command(relay: string, event: AepEvent, verb: ControlVerb): boolean {
    const session = event.session as string;
    const key = sessionKey(relay, session);
    let commands = this.sent.get(key);
    if (commands?.some((c) => c.id === event.id)) return false;
    if (!commands) {
      commands = [];
      remember(this.sent, key, commands);
    }
    const data = event.data ?? {};
    const seen: SeenControl = { id: event.id, verb, by: displayLine(event.agent, 60), time: event.time };
    if (verb === 'cancel') seen.scope = data.scope === 'session' ? 'session' : 'run';
    if (typeof event.run === 'string') seen.run = event.run;
    if (typeof data.reason === 'string' && data.reason) seen.reason = displayLine(data.reason, 200);
    commands.push(seen);
    while (commands.length > MAX_COMMANDS) commands.shift();
    this.byId.set(commandKey(relay, event.id), { key, session, command: event.id });
    this.trimIds();
    return true;
  }

  /**
   * A run's terminal. The first one in an epoch is the run's status; a
   * second one there changes nothing (the rule is the emitter's to break, not
   * a new fact). A later epoch is the emitter restarting, as for a second
   * session.ended (violations.ts): its terminal is news.
   */
  private runEnded(relay: string, event: AepEvent, status: RunStatus, link: CommandLink | undefined): boolean {
    if (typeof event.run !== 'string') return false;
    const run = event.run;
    const epoch = epochOf(event);
    const state = this.target(relay, event);
    const first = state.endedRuns.get(run);
    if (first && epoch <= first.epoch) return false;
    remember(state.endedRuns, run, { status, epoch }, MAX_RUNS);
    if (status !== 'cancelled') return state.cancelledRuns.delete(run);
    const data = event.data ?? {};
    const cause = link?.command;
    remember(
      state.cancelledRuns,
      run,
      {
        ...(cause ? { cause } : {}),
        ...(typeof data.reason === 'string' && data.reason ? { reason: displayLine(data.reason, 200) } : {}),
        time: event.time,
      },
      MAX_RUNS,
    );
    const seen = link ? this.sent.get(link.key)?.find((c) => c.id === link.command) : undefined;
    if (seen && !seen.outcome) seen.outcome = `run ${displayLine(run, 24)} cancelled`;
    return true;
  }

  /** A run started again in a later epoch than it ended (the emitter restarted, reusing the id): it lives again. */
  private runStarted(relay: string, event: AepEvent): boolean {
    if (typeof event.run !== 'string') return false;
    const state = this.targets.get(emitterSessionKey(relay, event.source, event.session as string));
    const ended = state?.endedRuns.get(event.run);
    if (!state || !ended || epochOf(event) <= ended.epoch) return false;
    state.endedRuns.delete(event.run);
    state.cancelledRuns.delete(event.run);
    return true;
  }

  private target(relay: string, event: AepEvent): TargetState {
    const key = emitterSessionKey(relay, event.source, event.session as string);
    let state = this.targets.get(key);
    if (!state) {
      state = { cancelledRuns: new Map(), endedRuns: new Map() };
      remember(this.targets, key, state);
    }
    return state;
  }

  private trimIds(): void {
    while (this.byId.size > MAX_SESSIONS * MAX_COMMANDS) this.byId.delete(this.byId.keys().next().value as CommandKey);
  }
}

function epochOf(event: AepEvent): number {
  return typeof event.epoch === 'number' ? event.epoch : 0;
}

/** Sets `key` as the newest entry; past `cap` the oldest goes. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, cap = MAX_SESSIONS): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > cap) map.delete(map.keys().next().value as K);
}
