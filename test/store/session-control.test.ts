// Run and session state per (source, session), as the SDK's state projection
// keeps sessions: two agents sharing a session name never see each other's
// cancelled runs, pauses or ends, and a run's first terminal is its status
// (a second one in the same epoch is `run-terminal-exclusivity`). Folded
// through the real store, so the fold's dedupe and rule counting are in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';

const RELAY = 'http://relay.test';
const A = 'aep://host-a/agent/claude-code/session/shared';
const B = 'aep://host-b/agent/codex/session/shared';
const CONSOLE = 'aep://ops/agent/aep-console';
const SESSION = 'shared';

type Step = Partial<AepEvent> & { type: string; source: string };

/** Emitter Events get a rising seq (one counter for the case: each emitter's stays in order); commands get none. */
function build(steps: Step[]): AepEvent[] {
  let seq = 0;
  return steps.map((step, i) => {
    const command = step.source === CONSOLE;
    return {
      aep: '0.1',
      id: `e${i}`,
      time: `2026-08-01T09:00:${String(i).padStart(2, '0')}Z`,
      agent: command ? 'aep-console' : 'agent',
      session: SESSION,
      ...(command ? {} : { seq: ++seq }),
      data: {},
      ...step,
    } as AepEvent;
  });
}

const cancelRun = (id: string, run = 'r1'): Step => ({
  id,
  type: 'control.cancel',
  source: CONSOLE,
  run,
  data: { scope: 'run' },
});
const cancelSession = (id: string): Step => ({
  id,
  type: 'control.cancel',
  source: CONSOLE,
  data: { scope: 'session' },
});
const pause = (id: string): Step => ({ id, type: 'control.pause', source: CONSOLE });
const by = (source: string, type: string, extra: Partial<AepEvent> = {}): Step => ({ type, source, ...extra });
const ask = (source: string, id: string, run = 'r1'): Step => ({
  id,
  type: 'attention.requested',
  source,
  run,
  data: { kind: 'input', prompt: 'go on?' },
});

interface View {
  cancelled: string[];
  paused: boolean;
  ended: boolean;
}
const NOTHING: View = { cancelled: [], paused: false, ended: false };

const cases: { name: string; steps: Step[]; a: View; b: View; rules?: string[] }[] = [
  {
    name: "B cancels its own run r1: A's run r1 in the same session name is untouched",
    steps: [
      ask(A, 'qa'),
      ask(B, 'qb'),
      cancelRun('c1'),
      by(B, 'control.accepted', { cause: 'c1' }),
      by(B, 'run.cancelled', { run: 'r1', cause: 'c1' }),
    ],
    a: NOTHING,
    b: { ...NOTHING, cancelled: ['r1'] },
  },
  {
    name: "a run.cancelled nobody caused is still only its emitter's",
    steps: [
      by(A, 'run.started', { run: 'r1' }),
      by(B, 'run.started', { run: 'r1' }),
      by(B, 'run.cancelled', { run: 'r1' }),
    ],
    a: NOTHING,
    b: { ...NOTHING, cancelled: ['r1'] },
  },
  {
    name: "B reports the pause: only B's session is paused",
    steps: [
      pause('p1'),
      by(B, 'control.accepted', { cause: 'p1' }),
      by(B, 'progress.status', { cause: 'p1', data: { phase: 'paused' } }),
    ],
    a: NOTHING,
    b: { ...NOTHING, paused: true },
  },
  {
    name: "a cancel ends B's session: only B's is ended, only B's open request goes stale and is flagged",
    steps: [ask(A, 'qa'), ask(B, 'qb'), cancelSession('c1'), by(B, 'session.ended', { cause: 'c1' })],
    a: NOTHING,
    b: { ...NOTHING, ended: true },
    rules: ['ended-with-pending-attention'],
  },
  {
    name: 'an Event in another session citing the command is not its outcome',
    steps: [
      pause('p1'),
      by(B, 'progress.status', { cause: 'p1', session: 'elsewhere' }),
      by(B, 'run.cancelled', { run: 'r1', cause: 'p1', session: 'elsewhere' }),
    ],
    a: NOTHING,
    b: NOTHING,
  },
  {
    name: 'the same run id in two emitters, each ending once: no violation',
    steps: [by(A, 'run.finished', { run: 'r1' }), by(B, 'run.cancelled', { run: 'r1' })],
    a: NOTHING,
    b: { ...NOTHING, cancelled: ['r1'] },
  },
  {
    name: 'a run ended twice: the first terminal stays, the second is run-terminal-exclusivity',
    steps: [
      by(B, 'run.started', { run: 'r1' }),
      by(B, 'run.failed', { run: 'r1' }),
      by(B, 'run.cancelled', { run: 'r1' }),
    ],
    a: NOTHING,
    b: NOTHING,
    rules: ['run-terminal-exclusivity'],
  },
  {
    name: 'cancelled then finished: it stays cancelled, one violation',
    steps: [by(B, 'run.cancelled', { run: 'r1' }), by(B, 'run.finished', { run: 'r1' })],
    a: NOTHING,
    b: { ...NOTHING, cancelled: ['r1'] },
    rules: ['run-terminal-exclusivity'],
  },
  {
    name: 'a terminal redelivered (same id, same Event) is not a second end',
    steps: [
      by(B, 'run.cancelled', { id: 'end', run: 'r1', seq: 5, time: 't' }),
      by(B, 'run.cancelled', { id: 'end', run: 'r1', seq: 5, time: 't' }),
    ],
    a: NOTHING,
    b: { ...NOTHING, cancelled: ['r1'] },
  },
  {
    name: 'a terminal with no run.started still ends the run (as in the SDK projection)',
    steps: [by(B, 'run.cancelled', { run: 'r-orphan' }), by(B, 'run.finished', { run: 'r-orphan' })],
    a: NOTHING,
    b: { ...NOTHING, cancelled: ['r-orphan'] },
    rules: ['run-terminal-exclusivity'],
  },
  {
    name: 'the emitter restarted (later epoch) and reused the run id: the run lives again, its new end is no violation',
    steps: [
      by(B, 'run.cancelled', { run: 'r1' }),
      by(B, 'run.started', { run: 'r1', epoch: 1, seq: 0 }),
      by(B, 'run.finished', { run: 'r1', epoch: 1, seq: 1 }),
    ],
    a: NOTHING,
    b: NOTHING,
  },
  {
    name: 'a terminal without a run, or from a command, is no run',
    steps: [by(B, 'run.cancelled'), by(B, 'run.cancelled'), cancelRun('c1')],
    a: NOTHING,
    b: NOTHING,
  },
];

function view(store: ConsoleStore, source: string): View {
  const state = store.sessionControl(RELAY, source, SESSION);
  return {
    cancelled: [...(state?.cancelledRuns.keys() ?? [])],
    paused: state?.paused?.paused === true,
    ended: state?.endedByCancel !== undefined,
  };
}

test('session control per (source, session): table', () => {
  for (const c of cases) {
    const store = new ConsoleStore();
    for (const event of build(c.steps)) store.applyEvent(RELAY, event);
    assert.deepEqual(view(store, A), c.a, `${c.name}: A`);
    assert.deepEqual(view(store, B), c.b, `${c.name}: B`);
    assert.deepEqual(
      store.violations().recent.map((v) => v.rule),
      c.rules ?? [],
      `${c.name}: violations`,
    );
  }
});

test("the shared session name: the cancelled run and the ended session reach only the emitter's own requests", () => {
  const store = new ConsoleStore();
  const steps = [
    ask(A, 'qa'),
    ask(B, 'qb'),
    cancelRun('c1'),
    by(B, 'run.cancelled', { run: 'r1', cause: 'c1' }),
    cancelSession('c2'),
    by(B, 'session.ended', { cause: 'c2' }),
  ];
  for (const event of build(steps)) store.applyEvent(RELAY, event);
  const bySource = Object.fromEntries(store.allRequests().map((r) => [r.source, r]));
  assert.equal(bySource[A].state, 'pending');
  assert.equal(bySource[A].violations, undefined);
  assert.equal(bySource[B].state, 'stale');
  assert.deepEqual(bySource[B].violations, ['ended-with-pending-attention']);
  // The commands addressed the session name: both emitters' views list them (whose they were, nobody can say).
  assert.deepEqual(
    store.sessionControl(RELAY, A, SESSION)?.commands.map((c) => c.id),
    ['c1', 'c2'],
  );
  assert.deepEqual(
    store.sessionControl(RELAY, B, SESSION)?.commands.map((c) => [c.id, c.outcome]),
    [
      ['c1', 'run r1 cancelled'],
      ['c2', 'session ended'],
    ],
  );
  const [violation] = store.violations().recent;
  assert.equal(violation.source, B);
});

test('run-terminal-exclusivity names the emitter, session, run and the second terminal; the relay counts it once', () => {
  const store = new ConsoleStore();
  const events = build([by(B, 'run.finished', { run: 'r1' }), by(B, 'run.failed', { run: 'r1' })]);
  for (const event of [...events, ...events]) store.applyEvent(RELAY, event);
  assert.deepEqual(store.violations().recent, [
    { rule: 'run-terminal-exclusivity', relay: RELAY, source: B, session: SESSION, run: 'r1', id: 'e1' },
  ]);
  assert.equal(store.getRelay(RELAY)?.violations, 1, 'a redelivered second terminal is the same violation');
});
