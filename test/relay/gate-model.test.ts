// The gate at the wire, model-based: seeded random interleavings of an
// answer, the retry timer, `r`, a reconnect, cancel and pause, a second
// emitter appearing in the session (in the roster, by an Event, by a twin
// request; before the request or after it), the roster present or absent,
// the memory of the session evicted, reads of the session that end (or
// not), and acks. A recording link checks every frame written against the
// property: no command for the request is written while the gate, asked at
// that instant (every Event received folded first), refuses it.
//
// Runs the real store, gate and command sender; only the socket and the
// session read are played here (the relay's log of the session is the read's answer).

import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import type { AepEvent } from '../../src/protocol/types.js';
import type { ControlRequest } from '../../src/protocol/control.js';
import { CommandSender } from '../../src/relay/commands.js';
import { takeCleared, WireGate, type ClearedFrame } from '../../src/relay/gate.js';
import { IngestBatch } from '../../src/relay/ingest-batch.js';
import type { SessionRead } from '../../src/relay/session-read.js';
import { resolveTiming } from '../../src/relay/timing.js';
import { gateRefusal } from '../../src/store/ledger.js';
import { ConsoleStore } from '../../src/store/store.js';
import { Rng } from '../support/prng.js';

const R = 'http://relay.test';
const A = 'aep://host-a/agent/codex';
const B = 'aep://host-b/agent/codex';
const REQ = '01REQUESTOFA0000000000000';
/** Seeds run; each is a few dozen steps. */
const RUNS = Number(process.env.AEP_GATE_MODEL_RUNS ?? 1_500);

let ids = 0;
function event(source: string, type: string, fields: Partial<AepEvent> = {}): AepEvent {
  return {
    aep: '0.1',
    id: `ev-${++ids}`,
    type,
    time: '2026-12-07T10:00:00Z',
    source,
    agent: 'codex',
    session: 's1',
    ...fields,
  };
}

const request = (source: string, id = REQ): AepEvent =>
  event(source, 'attention.requested', {
    id,
    severity: 'warning',
    capture: 'redacted',
    data: {
      kind: 'permission',
      prompt: 'git push --force?',
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
    },
  });

interface World {
  rng: Rng;
  store: ConsoleStore;
  ingest: IngestBatch;
  sender: CommandSender;
  ready: boolean;
  heard: number;
  /** Everything the relay holds in session s1, in its order (what an ended read returns). */
  relayLog: AepEvent[];
  /** Reads the gate started and the test has not ended yet. */
  reads: ((read: SessionRead) => void)[];
  violations: string[];
  written: number;
  steps: string[];
}

/** An Event reaches the console: queued in the ingest batch, folded when the gate (or a step) drains it. */
function arrive(w: World, e: AepEvent): void {
  if (e.session === 's1') w.relayLog.push(e);
  w.ingest.add(() => void w.store.applyEvent(R, e));
}

function build(seed: number): World {
  const rng = new Rng(seed);
  const store = new ConsoleStore({ sessionsRemembered: 50 });
  store.addRelay(R);
  // Drained only by the gate and by the steps that say so: Events wait, as on a busy loop.
  const ingest = new IngestBatch(store, () => undefined);
  const w = {
    rng,
    store,
    ingest,
    ready: true,
    heard: 0,
    relayLog: [],
    reads: [],
    violations: [],
    written: 0,
    steps: [],
  } as unknown as World;
  const timing = resolveTiming({ defaultAckWindowMs: 3_000, probeTimeoutMs: 1_000 });
  const gate = new WireGate(
    store,
    R,
    () => ingest.flush(),
    () => new Promise<SessionRead>((resolve) => w.reads.push(resolve)),
    (session) => w.sender.gateReadDone(session),
  );
  const link = {
    ready: () => w.ready,
    send: (frame: ClearedFrame) => {
      if (!takeCleared(frame)) {
        w.violations.push('a frame the gate did not clear reached the link');
        return false;
      }
      check(w, frame.event);
      return true;
    },
    heard: () => w.heard,
    probe: () => undefined,
  };
  w.sender = new CommandSender({ store, relay: R, link, timing, gate }, { name: 'aep-console', host: 'test' });
  return w;
}

/** The property, at the instant of the write: what the gate would say now, every Event received folded. */
function check(w: World, frame: AepEvent): void {
  w.written++;
  w.ingest.flush();
  const command = w.store.command(frame.id);
  const record = command && w.store.request(command.requestKey);
  if (!record) {
    w.violations.push(`${frame.type} written for a request the store does not hold`);
    return;
  }
  const refused = gateRefusal(w.store, record, frame.type === 'control.attention.respond' ? 'respond' : 'control');
  if (refused) w.violations.push(`${frame.type} written while the gate refuses: ${refused.code} (${refused.why})`);
}

const keyOf = (w: World) => w.store.allRequests().find((r) => r.source === A && r.id === REQ)?.key;

const control = (verb: ControlRequest['verb']): ControlRequest =>
  verb === 'cancel' ? { verb, scope: 'session' } : { verb };

/** One random step; its name is kept for the failure message. */
async function step(w: World): Promise<void> {
  const { rng, store, sender } = w;
  const key = keyOf(w);
  const commands = key ? store.commandsFor(key) : [];
  const choice = rng.int(15);
  const say = (name: string) => w.steps.push(name);
  switch (choice) {
    case 0:
    case 1:
      say('answer');
      if (key) sender.respond(key, { option: rng.pick(['allow', 'deny']) });
      break;
    case 2:
    case 3:
      say('tick');
      mock.timers.tick(rng.pick([500, 1_000, 3_000, 6_000]));
      break;
    case 4:
      say('r');
      for (const c of commands) sender.resend(c.id);
      break;
    case 5:
      say(w.ready ? 'link drops' : 'link back');
      if (w.ready) {
        w.ready = false;
        sender.disconnected();
      } else {
        w.ready = true;
        sender.flush();
      }
      break;
    case 6:
      say('cancel / pause');
      if (key) sender.control(key, control(rng.pick(['cancel', 'pause', 'resume'] as const)));
      break;
    case 7:
      say('B speaks in s1');
      arrive(w, event(B, 'tool.requested', { data: { tool: 'Bash' } }));
      break;
    case 8:
      say('B raises a twin');
      arrive(w, request(B));
      break;
    case 9:
      say('roster');
      store.setRoster(
        R,
        rng.pick([[], [{ session: 's1', agent: 'codex' }], [{ session: 's1' }, { session: 's1', agent: 'codex' }]]),
      );
      break;
    case 10:
      say('memory evicted');
      for (let i = 0; i < 60; i++) store.applyEvent(R, event(A, 'session.started', { session: `other-${ids}-${i}` }));
      break;
    case 11:
      say('fold');
      w.ingest.flush();
      break;
    case 12: {
      const resolve = w.reads.shift();
      if (!resolve) break;
      const ended = rng.chance(0.7);
      say(ended ? 'read ends' : 'read cut');
      resolve(ended ? { ended: true, events: [...w.relayLog] } : { ended: false, why: 'cut by its deadline' });
      await new Promise((done) => setImmediate(done));
      break;
    }
    default: {
      say('ack');
      const last = commands.at(-1);
      if (last) arrive(w, event(A, 'control.accepted', { cause: last.id }));
      w.heard++;
    }
  }
}

async function run(seed: number): Promise<World> {
  const w = build(seed);
  // Before the request: nothing, B speaks, or B raises the same id.
  const before = w.rng.int(3);
  if (before === 1) arrive(w, event(B, 'tool.requested'));
  if (before === 2) arrive(w, request(B));
  arrive(w, request(A));
  w.ingest.flush();
  w.steps.push(['alone', 'B spoke before', 'B twin before'][before]);
  for (let i = 0; i < 30 && !w.violations.length; i++) await step(w);
  return w;
}

test(`the gate at the wire: ${RUNS} seeded interleavings never write a command the gate refuses at that instant`, async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  t.after(() => mock.timers.reset());
  const failed: string[] = [];
  let written = 0;
  for (let seed = 1; seed <= RUNS; seed++) {
    const w = await run(seed);
    written += w.written;
    w.sender.dispose();
    if (w.violations.length) failed.push(`seed ${seed}: ${w.violations[0]}\n    after ${w.steps.join(' → ')}`);
  }
  assert.ok(written > RUNS / 2, `the runs put commands on the wire (${written}), so the property was tested`);
  assert.deepEqual(failed.slice(0, 5), [], `${failed.length} of ${RUNS} seeds failed`);
});
