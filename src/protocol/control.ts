// Building the session-level commands of AEP-0004 §5: `control.cancel`
// (`{scope: "run"|"session", reason?}`), `control.pause` and
// `control.resume` (`{}`). Like answers they carry no `seq` (foreign-emitter
// events), `session` addresses the target, `run` narrows a run cancel, and
// `cause` names the Event that prompted the command (the request the
// operator was looking at, AEP-0004 §6). A reason is operator text:
// `[redacted]`, so a command carrying one declares `capture: "redacted"`.
import { commandId } from './command-id.js';
import type { AepEvent } from './types.js';

export type ControlVerb = 'cancel' | 'pause' | 'resume';
export type ControlScope = 'run' | 'session';

export const CONTROL_TYPES: Record<ControlVerb, string> = {
  cancel: 'control.cancel',
  pause: 'control.pause',
  resume: 'control.resume',
};

/** The verb of a session-level command type, if it is one. */
// Asked for every Event the store folds: one lookup, no list built per call.
const VERB_OF_TYPE = new Map<string, ControlVerb>(
  (Object.entries(CONTROL_TYPES) as [ControlVerb, string][]).map(([verb, type]) => [type, verb]),
);

export function controlVerbOf(type: string): ControlVerb | undefined {
  return VERB_OF_TYPE.get(type);
}

/** What the operator asked for: a verb, where it points, and (cancel only) an optional reason. */
export interface ControlRequest {
  verb: ControlVerb;
  /** cancel only: the request's run, or its whole session. */
  scope?: ControlScope;
  reason?: string;
}

export interface ControlInput extends ControlRequest {
  session: string;
  /** The run to cancel (scope "run"). */
  run?: string;
  /** The Event that prompted the command (the request on screen). */
  cause?: string;
  name: string;
  host: string;
  now?: Date;
  id?: string;
}

/** Longest reason sent: one line, as typed in the confirmation. */
export const MAX_REASON_CHARS = 500;

export function buildControl(input: ControlInput): AepEvent {
  const now = input.now instanceof Date && !Number.isNaN(input.now.getTime()) ? input.now : new Date();
  const data: Record<string, unknown> = {};
  const reason =
    input.verb === 'cancel' && typeof input.reason === 'string'
      ? input.reason.replace(/\s+/g, ' ').trim().slice(0, MAX_REASON_CHARS)
      : '';
  if (input.verb === 'cancel') data.scope = input.scope === 'session' ? 'session' : 'run';
  if (reason) data.reason = reason;
  const event: AepEvent = {
    aep: '0.1',
    id: input.id ?? commandId(now.getTime()),
    type: CONTROL_TYPES[input.verb],
    time: now.toISOString(),
    source: `aep://${encodeURIComponent(input.host)}/agent/${encodeURIComponent(input.name)}`,
    agent: input.name,
    session: input.session,
    capture: reason ? 'redacted' : 'metadata',
    data,
  };
  if (input.verb === 'cancel' && data.scope === 'run' && input.run) event.run = input.run;
  if (input.cause) event.cause = input.cause;
  return event;
}
