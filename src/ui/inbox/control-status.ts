// What cancel / pause did, shown on every row of the affected session (the
// list) and in the detail: the console's own command in flight or refused,
// the run cancelled (`run.cancelled`), a request dismissed by it, the
// session paused. Read from the store's session-control fold.

import { displayLine } from '../../protocol/sanitize.js';
import { controlVerbOf } from '../../protocol/control.js';
import type { StoreSnapshot } from '../store-snapshot.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { glyphs } from '../glyphs.js';

/** What the control's words read of the store (a snapshot, or the store itself). */
type ControlReader = Pick<StoreSnapshot, 'sessionControl' | 'controlCommandsFor'>;

export interface ControlMark {
  text: string;
  color: string;
}

/** A row's few words about its session's control, or undefined. */
export function controlRowStatus(record: RequestRecord, store: ControlReader): ControlMark | undefined {
  const state = store.sessionControl(record.relay, record.source, record.session);
  if (record.run && state?.cancelledRuns.has(record.run)) return { text: 'run cancelled', color: 'red' };
  if (state?.endedByCancel) return { text: 'cancelled', color: 'red' };
  if (record.resolution?.resolution === 'dismissed') return { text: 'dismissed', color: 'gray' };
  const own = store.controlCommandsFor(record.relay, record.source, record.session).at(-1);
  if (own && own.state !== 'accepted') {
    const verb = controlVerbOf(own.event.type) ?? 'command';
    if (own.state === 'sending')
      return {
        text: own.gate === 'waiting' ? `${verb} waiting` : own.queued ? `${verb} queued` : `${verb} sent`,
        color: 'yellow',
      };
    if (own.state === 'timeout') return { text: `${verb}: no ack`, color: 'red' };
    if (own.state === 'not-sent') return { text: `${verb} not sent`, color: 'yellow' };
    return { text: `${verb} ${glyphs().no}`, color: 'red' };
  }
  if (state?.paused?.paused && OPEN_STATES.has(record.state)) return { text: 'paused', color: 'yellow' };
  return undefined;
}

/** The detail's line about the session's control, or undefined when nothing happened. */
export function sessionLine(record: RequestRecord, store: ControlReader): ControlMark | undefined {
  const state = store.sessionControl(record.relay, record.source, record.session);
  const own = store.controlCommandsFor(record.relay, record.source, record.session).at(-1);
  const parts: string[] = [];
  if (own) {
    const verb = controlVerbOf(own.event.type) ?? 'command';
    const what =
      own.state === 'sending'
        ? own.gate === 'waiting'
          ? 'waiting for a read of the session (the console cannot tell who else speaks there)'
          : own.queued
            ? 'queued'
            : 'sent, waiting for the agent'
        : own.state === 'not-sent'
          ? displayLine(own.reason ?? 'not sent', 300)
          : own.state === 'accepted'
            ? 'accepted'
            : own.state === 'timeout'
              ? 'no answer from the agent'
              : own.state === 'rejected'
                ? `rejected: ${displayLine(own.reason ?? '', 30)} ${displayLine(own.detail ?? '', 80)}`.trim()
                : `refused by the relay: ${displayLine(own.code ?? '', 30)}`;
    parts.push(`your ${verb}: ${what}`);
  }
  if (record.run && state?.cancelledRuns.has(record.run)) parts.push(`run ${displayLine(record.run, 30)} cancelled`);
  else if (state?.endedByCancel) parts.push('session ended by a cancel');
  if (state?.paused) parts.push(state.paused.paused ? 'session paused' : 'session resumed');
  if (!parts.length) return undefined;
  const bad =
    own &&
    (own.state === 'rejected' ||
      own.state === 'refused-by-relay' ||
      own.state === 'timeout' ||
      own.state === 'not-sent');
  return { text: `Control: ${parts.join(` ${glyphs().dot} `)}`, color: bad ? 'red' : 'yellow' };
}
