// What the session-level commands (AEP-0004 §5: control.cancel, control.pause,
// control.resume) did to each session, folded from the Events themselves:
// the commands seen on the wire (anyone's: the relay fans them out), their
// acks, and the outcomes cause-linked to them (`run.cancelled`, a
// `session.ended`, the vendor's pause report such as `progress.status`).
// AEP-0004 §6: an outcome's `cause` is the command's id or its ack's id, so
// acks are indexed one hop back to their command. Keyed by (relay, session):
// commands are foreign-emitter events and carry no emitter source of the
// target. Everything is bounded: a flood of commands or sessions evicts the oldest.
import { displayLine } from '../protocol/sanitize.js';
import { controlVerbOf, type ControlVerb } from '../protocol/control.js';
import type { AepEvent } from '../protocol/types.js';

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

export interface SessionControl {
  commands: SeenControl[];
  /** Runs the target reported cancelled (`run.cancelled`), by run id. */
  cancelledRuns: Map<string, { cause?: string; reason?: string; time: string }>;
  /** The last pause/resume outcome cause-linked to a command. */
  paused?: { paused: boolean; cause: string; time: string };
  /** A session.ended caused by a cancel. */
  endedByCancel?: { cause: string; time: string };
}

const SEP = '\u001f';
const MAX_SESSIONS = 2_000;
const MAX_COMMANDS = 20;
const MAX_RUNS = 50;

export class SessionControls {
  private readonly sessions = new Map<string, SessionControl>();
  /** relay+command id (or its ack's id) → the session key and the command id. */
  private readonly byId = new Map<string, { key: string; command: string }>();

  get(relay: string, session: string): SessionControl | undefined {
    return this.sessions.get(relay + SEP + session);
  }

  /** Folds one fresh (deduplicated) Event; true when something changed. */
  observe(relay: string, event: AepEvent): boolean {
    if (typeof event.session !== 'string') return false;
    const verb = controlVerbOf(event.type);
    if (verb) return this.command(relay, event, verb);
    if (typeof event.cause !== 'string') return event.type === 'run.cancelled' ? this.runCancelled(relay, event, undefined) : false;
    const link = this.byId.get(relay + SEP + event.cause);
    if (event.type === 'run.cancelled') return this.runCancelled(relay, event, link);
    if (!link) return false;
    const state = this.sessions.get(link.key);
    const seen = state?.commands.find((c) => c.id === link.command);
    if (!state || !seen) return false;
    if (event.type === 'control.accepted' || event.type === 'control.rejected') {
      if (seen.ack) return false;
      const reason = event.type === 'control.rejected' && typeof event.data?.reason === 'string' ? displayLine(event.data.reason, 40) : undefined;
      seen.ack = { accepted: event.type === 'control.accepted', ...(reason ? { reason } : {}) };
      this.byId.set(relay + SEP + event.id, link);
      return true;
    }
    if (event.type === 'session.ended' && seen.verb === 'cancel') {
      state.endedByCancel = { cause: seen.id, time: event.time };
      seen.outcome = 'session ended';
      return true;
    }
    if (seen.verb === 'pause' || seen.verb === 'resume') {
      // The first outcome linked to the command is the report (AEP-0004 §5:
      // vendor-defined, e.g. progress.status); later linked events are the work resuming.
      if (seen.outcome) return false;
      state.paused = { paused: seen.verb === 'pause', cause: seen.id, time: event.time };
      seen.outcome = seen.verb === 'pause' ? 'paused' : 'resumed';
      return true;
    }
    return false;
  }

  private command(relay: string, event: AepEvent, verb: ControlVerb): boolean {
    const key = relay + SEP + event.session;
    const state = this.ensure(key);
    if (state.commands.some((c) => c.id === event.id)) return false;
    const data = event.data ?? {};
    const seen: SeenControl = { id: event.id, verb, by: displayLine(event.agent, 60), time: event.time };
    if (verb === 'cancel') seen.scope = data.scope === 'session' ? 'session' : 'run';
    if (typeof event.run === 'string') seen.run = event.run;
    if (typeof data.reason === 'string' && data.reason) seen.reason = displayLine(data.reason, 200);
    state.commands.push(seen);
    while (state.commands.length > MAX_COMMANDS) state.commands.shift();
    this.byId.set(relay + SEP + event.id, { key, command: event.id });
    this.trimIds();
    return true;
  }

  private runCancelled(relay: string, event: AepEvent, link: { key: string; command: string } | undefined): boolean {
    if (typeof event.run !== 'string') return false;
    const state = this.ensure(relay + SEP + event.session);
    const data = event.data ?? {};
    const cause = link?.command;
    state.cancelledRuns.set(event.run, {
      ...(cause ? { cause } : {}),
      ...(typeof data.reason === 'string' && data.reason ? { reason: displayLine(data.reason, 200) } : {}),
      time: event.time,
    });
    while (state.cancelledRuns.size > MAX_RUNS) state.cancelledRuns.delete(state.cancelledRuns.keys().next().value as string);
    const seen = cause ? state.commands.find((c) => c.id === cause) : undefined;
    if (seen && !seen.outcome) seen.outcome = `run ${displayLine(event.run, 24)} cancelled`;
    return true;
  }

  private ensure(key: string): SessionControl {
    let state = this.sessions.get(key);
    if (!state) {
      state = { commands: [], cancelledRuns: new Map() };
      this.sessions.set(key, state);
      while (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    }
    return state;
  }

  private trimIds(): void {
    while (this.byId.size > MAX_SESSIONS * MAX_COMMANDS) this.byId.delete(this.byId.keys().next().value as string);
  }
}
