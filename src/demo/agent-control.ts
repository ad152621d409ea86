// What a demo agent does with the session-level commands of AEP-0004 §5, as
// a conformant target must: nack what it did not declare in
// `control.accepts` (`unsupported`), ack the rest within the window, then
// report the outcome cause-linked to the command:
//   control.cancel {scope: run}     → the run's pending requests dismissed
//                                      (attention.resolved, AEP-0002 §7.2), run.cancelled,
//                                      and a fresh run for what comes next;
//   control.cancel {scope: session} → the same, then session.ended;
//   control.pause / control.resume  → progress.status {phase: paused|running}
//                                      (vendor-defined report), raising stops / restarts.
// Pure decisions over a small host interface; the agent does the wire.

import type { AepEvent, NackReason } from '../protocol/types.js';
import { isPlainObject } from './wire.js';

export const DEMO_ACCEPTS = ['control.attention.respond', 'control.cancel', 'control.pause', 'control.resume'];

export interface ControlHost {
  accepts: readonly string[];
  /** The current run. */
  run(): string;
  paused(): boolean;
  setPaused(paused: boolean): void;
  /** Pending requests of a run (all runs when undefined): their ids. */
  pendingIn(run: string | undefined): string[];
  dismiss(requestId: string, cause: string): void;
  emit(
    type: string,
    rest: { cause?: string; run?: string; capture?: 'metadata' | 'redacted'; data?: Record<string, unknown> },
  ): void;
  /** Starts a new run (after a cancel), returns its id. */
  nextRun(cause: string): string;
  endSession(cause: string): void;
}

export type ControlDecision =
  { ack: 'accepted'; apply: () => void } | { ack: 'rejected'; reason: NackReason; detail: string };

export function decideControl(cmd: AepEvent, host: ControlHost, runStartedAt: number): ControlDecision {
  if (!host.accepts.includes(cmd.type))
    return { ack: 'rejected', reason: 'unsupported', detail: `${cmd.type} is not accepted by this agent` };
  const data = isPlainObject(cmd.data) ? cmd.data : {};
  switch (cmd.type) {
    case 'control.cancel': {
      const scope = data.scope;
      if (scope !== 'run' && scope !== 'session')
        return { ack: 'rejected', reason: 'invalid', detail: 'scope must be "run" or "session"' };
      if (scope === 'run' && typeof cmd.run === 'string' && cmd.run !== host.run())
        return { ack: 'rejected', reason: 'refused', detail: `run ${cmd.run} is not running` };
      const reason = typeof data.reason === 'string' ? data.reason.slice(0, 500) : undefined;
      return {
        ack: 'accepted',
        apply: () => {
          const run = host.run();
          for (const id of host.pendingIn(scope === 'run' ? run : undefined)) host.dismiss(id, cmd.id);
          host.emit('run.cancelled', {
            cause: cmd.id,
            run,
            capture: reason ? 'redacted' : 'metadata',
            data: { by: 'control', duration_ms: Math.max(0, Date.now() - runStartedAt), ...(reason ? { reason } : {}) },
          });
          if (scope === 'session') host.endSession(cmd.id);
          else host.nextRun(cmd.id);
        },
      };
    }
    case 'control.pause':
    case 'control.resume': {
      const pause = cmd.type === 'control.pause';
      if (host.paused() === pause)
        return { ack: 'rejected', reason: 'refused', detail: pause ? 'already paused' : 'not paused' };
      return {
        ack: 'accepted',
        apply: () => {
          host.setPaused(pause);
          host.emit('progress.status', {
            cause: cmd.id,
            run: host.run(),
            data: { phase: pause ? 'paused' : 'running' },
          });
        },
      };
    }
    default:
      return { ack: 'rejected', reason: 'unsupported', detail: `${cmd.type} is not accepted by this agent` };
  }
}
