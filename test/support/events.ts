// The one builder of test Events: every helper that makes an Event (here,
// test/relay/helpers.ts, test/demo/helpers.ts) is an emitter described to
// `emitterEvents`, and differs from the others only in who it is and how it
// numbers and dates what it emits.
import type { AepEvent } from '../../src/protocol/types.js';

/** Who emits, and how: the envelope fields a test does not care about. */
export interface EmitterShape {
  agent: string;
  host: string;
  /** The id and seq of the next event of `session` (called once per event). */
  next(session: string): { id: string; seq: number };
  time(): string;
  /** The source of a session's events; by default one per session on `host`. */
  source?(session: string): string;
  /** Fields every event of this emitter carries (epoch, capture), before the test's own. */
  envelope?: Partial<AepEvent>;
}

export type EventOf = (partial: Partial<AepEvent> & { type: string }) => AepEvent;

/** A builder of one emitter's events: the test passes only what it cares about; its fields win. */
export function emitterEvents(shape: EmitterShape): EventOf {
  return (partial) => {
    const session = partial.session ?? 's1';
    const { id, seq } = shape.next(session);
    return {
      aep: '0.1',
      id,
      time: shape.time(),
      source: shape.source ? shape.source(session) : `aep://${shape.host}/agent/${shape.agent}/session/${session}`,
      agent: shape.agent,
      session,
      seq,
      ...shape.envelope,
      ...partial,
    } as AepEvent;
  };
}

let counter = 0;

/** claude-code on host-a, one source for all sessions, ids EV000001… and seqs counting across the file. */
export const event: EventOf = emitterEvents({
  agent: 'claude-code',
  host: 'host-a',
  next: () => {
    counter++;
    return { id: `EV${String(counter).padStart(6, '0')}`, seq: counter };
  },
  time: () => '2026-07-03T10:00:00Z',
  source: () => 'aep://host-a/agent/claude-code/session/s1',
});

export function requested(data: Record<string, unknown>, extra: Partial<AepEvent> = {}): AepEvent {
  return event({ type: 'attention.requested', severity: 'notice', capture: 'redacted', data, ...extra });
}

export const permission = (prompt = 'Permission requested: Bash — rm -rf build/', extra: Partial<AepEvent> = {}) =>
  requested(
    {
      kind: 'permission',
      prompt,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
    },
    extra,
  );
