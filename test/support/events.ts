import type { AepEvent } from '../../src/protocol/types.js';

let counter = 0;

/** Builds test events with sane envelopes; only what a test cares about is passed. */
export function event(partial: Partial<AepEvent> & { type: string }): AepEvent {
  counter++;
  return {
    aep: '0.1',
    id: `EV${String(counter).padStart(6, '0')}`,
    time: '2026-07-03T10:00:00Z',
    source: 'aep://host-a/agent/claude-code/session/s1',
    agent: 'claude-code',
    session: 's1',
    seq: counter,
    ...partial,
  } as AepEvent;
}

export function requested(data: Record<string, unknown>, extra: Partial<AepEvent> = {}): AepEvent {
  return event({ type: 'attention.requested', severity: 'notice', capture: 'redacted', data, ...extra });
}

export const permission = (prompt = 'Permission requested: Bash — rm -rf build/', extra: Partial<AepEvent> = {}) =>
  requested({ kind: 'permission', prompt, options: [{ id: 'allow', label: 'Allow' }, { id: 'deny', label: 'Deny' }], respond_via: ['control'] }, extra);
