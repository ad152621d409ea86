import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEvent } from '../../src/protocol/parse.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { counts, inboxOrder, pendingByUrgency, recentFirst } from '../../src/store/selectors.js';
import { describeOutcome } from '../../src/ui/words/outcome.js';
import { fixtureJson, goldenLines } from '../protocol/fixtures.js';

const RELAY = 'http://relay.test';

function applyLines(store: ConsoleStore, lines: string[]): void {
  for (const raw of lines) {
    const parsed = parseEvent(raw);
    assert.ok(parsed.ok, `golden line rejected: ${raw.slice(0, 120)} ${parsed.ok ? '' : parsed.reason}`);
    if (parsed.ok) store.applyEvent(RELAY, parsed.event, { issues: parsed.issues });
  }
}

function snapshot(store: ConsoleStore): string {
  return JSON.stringify({ requests: store.allRequests(), positions: store.resumePositions(RELAY) });
}

test('golden corpus: every line applies and derives the three requests', () => {
  const store = new ConsoleStore({ now: () => 0 });
  applyLines(store, goldenLines());
  const requests = store.allRequests();
  assert.equal(requests.length, 3);

  const allowed = requests.find((r) => r.id === '01JX9YB4RQ000000000000GOLD')!;
  assert.equal(allowed.state, 'resolved');
  assert.deepEqual(allowed.answered?.answer, { option: 'allow' });
  assert.equal(allowed.answered?.via, 'control');
  assert.equal(allowed.resolution?.latencyMs, 4250);
  assert.equal(allowed.commands.length, 1, 'the telegram-sink command is recorded');
  assert.equal(allowed.commands[0].agent, 'telegram-sink');
  assert.deepEqual(allowed.commands[0].ack, { accepted: true });
  assert.deepEqual(
    allowed.routed.map(({ by, to, via }) => ({ by, to, via })),
    [{ by: 'telegram-sink', to: undefined, via: undefined }],
  );

  const timedOut = requests.find((r) => r.id === '01JX9YBQARQ20000000000GOLD')!;
  assert.equal(timedOut.state, 'timeout');
  assert.equal(timedOut.timeout?.afterMs, 30000);

  const form = requests.find((r) => r.session === 's_form')!;
  assert.equal(form.state, 'resolved');
  assert.equal(form.payload.kind, 'form');
  assert.equal(form.payload.fields.length, 4);
  assert.deepEqual(form.answered?.answer.values, {
    name: 'billing-api',
    staged: true,
    regions: ['1', '3'],
    db: 'MariaDB',
  });
  assert.match(describeOutcome(form)!.summary, /Regions: us-east, ap-south; Database: "MariaDB" \(other\)/);
});

test('golden corpus: a second full pass changes nothing', () => {
  const store = new ConsoleStore({ now: () => 0 });
  applyLines(store, goldenLines());
  const before = snapshot(store);
  const version = store.version;
  for (const raw of goldenLines()) {
    const parsed = parseEvent(raw);
    if (parsed.ok) assert.equal(store.applyEvent(RELAY, parsed.event), 'duplicate');
  }
  assert.equal(snapshot(store), before);
  assert.equal(store.version, version, 'duplicates do not even notify');
});

test('golden corpus: resume positions are the highest (epoch, seq) per session', () => {
  const store = new ConsoleStore();
  applyLines(store, goldenLines());
  const positions = Object.fromEntries(store.resumePositions(RELAY).map((p) => [p.session, [p.epoch, p.seq]]));
  assert.deepEqual(positions.s_8f2c, [0, 20]);
  assert.deepEqual(positions.s_form, [0, 2]);
  assert.deepEqual(positions.s_epoch, [1, 0], 'a new epoch outranks a higher seq of the old one');
});

const base = { aep: '0.1', time: '2026-07-03T10:00:00Z' };
function ev(partial: Partial<AepEvent> & { id: string; type: string }): AepEvent {
  return { ...base, source: 'aep://h/agent/a/session/s1', agent: 'a', session: 's1', ...partial } as AepEvent;
}
function request(id: string, extra: Partial<AepEvent> = {}, data: Record<string, unknown> = {}): AepEvent {
  return ev({
    id,
    type: 'attention.requested',
    seq: 0,
    severity: 'notice',
    data: { kind: 'permission', prompt: `p ${id}`, ...data },
    ...extra,
  });
}

test('invalid stream cases are tolerated; a dangling request becomes stale at session.ended', () => {
  type Case = { name: string; event?: unknown; events?: unknown[] };
  const cases = fixtureJson<{ cases: Case[] }>('invalid-cases.json').cases;
  const store = new ConsoleStore();
  for (const c of cases) {
    for (const raw of c.events ?? [c.event]) {
      const parsed = parseEvent(raw);
      if (parsed.ok) store.applyEvent(RELAY, parsed.event);
    }
  }
  const dangling = store.allRequests().find((r) => r.id === 'LC3A')!;
  assert.equal(dangling.state, 'stale');
  const collision = store.allRequests().filter((r) => r.id === 'DUPC1');
  assert.equal(collision.length, 0, 'run events never become requests');
});

test('lifecycle events that arrive before their request are held and applied', () => {
  const store = new ConsoleStore();
  assert.equal(
    store.applyEvent(
      RELAY,
      ev({ id: 'ans', type: 'attention.answered', seq: 1, subject: 'req', data: { answer: { option: 'deny' } } }),
    ),
    'held',
  );
  assert.equal(
    store.applyEvent(
      RELAY,
      ev({ id: 'res', type: 'attention.resolved', seq: 2, subject: 'req', data: { resolution: 'answered' } }),
    ),
    'held',
  );
  store.applyEvent(RELAY, request('req'));
  const record = store.allRequests()[0];
  assert.equal(record.state, 'resolved');
  assert.deepEqual(record.answered?.answer, { option: 'deny' });
});

test('two emitters sharing a session name: lifecycle goes to the request whose agent matches', () => {
  const store = new ConsoleStore();
  store.applyEvent(RELAY, request('same', { agent: 'alpha', source: 'aep://x/agent/alpha' }));
  store.applyEvent(RELAY, request('same', { agent: 'beta', source: 'aep://y/agent/beta' }));
  store.applyEvent(
    RELAY,
    ev({ id: 't1', type: 'attention.timeout', seq: 1, subject: 'same', agent: 'beta', source: 'aep://y/agent/beta' }),
  );
  const byAgent = Object.fromEntries(store.allRequests().map((r) => [r.agent, r.state]));
  assert.deepEqual(byAgent, { alpha: 'pending', beta: 'timeout' });
});

test('pending requests sort by severity, then nearest expiry, then oldest', () => {
  const store = new ConsoleStore();
  store.applyEvent(RELAY, request('old-notice'));
  store.applyEvent(RELAY, request('expiring-late', {}, { expires_at: '2026-07-03T11:00:00Z' }));
  store.applyEvent(RELAY, request('expiring-soon', {}, { expires_at: '2026-07-03T10:05:00Z' }));
  store.applyEvent(RELAY, request('critical', { severity: 'critical' }));
  store.applyEvent(RELAY, request('new-notice'));
  assert.deepEqual(
    pendingByUrgency(store.allRequests()).map((r) => r.id),
    ['critical', 'expiring-soon', 'expiring-late', 'old-notice', 'new-notice'],
  );
});

test('informational requests, recent ordering and counts', () => {
  const store = new ConsoleStore();
  store.applyEvent(RELAY, request('oob', {}, { respond_via: ['oob'] }));
  store.applyEvent(RELAY, request('a'));
  store.applyEvent(RELAY, request('b'));
  store.applyEvent(RELAY, ev({ id: 'tb', type: 'attention.timeout', seq: 3, subject: 'b' }));
  store.applyEvent(RELAY, ev({ id: 'ta', type: 'attention.timeout', seq: 4, subject: 'a' }));
  const oob = store.allRequests().find((r) => r.id === 'oob')!;
  assert.equal(oob.state, 'informational');
  assert.deepEqual(
    recentFirst(store.allRequests()).map((r) => r.id),
    ['a', 'b'],
  );
  assert.deepEqual(counts(store.allRequests()), { pending: 1, recent: 2 });
  assert.deepEqual(
    inboxOrder(store.allRequests()).map((r) => r.id),
    ['oob', 'a', 'b'],
  );
});

test('terminal requests are pruned oldest-first past the cap; pending ones never', () => {
  const store = new ConsoleStore({ terminalCap: 2 });
  for (let i = 0; i < 5; i++) store.applyEvent(RELAY, request(`p${i}`));
  for (let i = 0; i < 5; i++) store.applyEvent(RELAY, request(`t${i}`));
  for (let i = 0; i < 5; i++)
    store.applyEvent(RELAY, ev({ id: `x${i}`, type: 'attention.timeout', seq: 10 + i, subject: `t${i}` }));
  const ids = store
    .allRequests()
    .map((r) => r.id)
    .sort();
  assert.deepEqual(ids, ['p0', 'p1', 'p2', 'p3', 'p4', 't3', 't4']);
});

test('dedupe memory is bounded and keyed by (relay, source, id)', () => {
  const store = new ConsoleStore({ dedupeCap: 3 });
  const e = request('r1');
  assert.equal(store.applyEvent(RELAY, e), 'applied');
  assert.equal(store.applyEvent(RELAY, e), 'duplicate');
  assert.equal(
    store.applyEvent(RELAY, { ...e, source: 'aep://other/agent/a' }),
    'applied',
    'same id from another emitter is a different event',
  );
  assert.equal(store.applyEvent('http://other-relay', e), 'applied', 'another relay is another stream');
});

test("the console's own command states", () => {
  const store = new ConsoleStore({ now: () => 1000 });
  store.applyEvent(RELAY, request('r1'));
  const key = store.allRequests()[0].key;
  const cmd = ev({
    id: 'CMD1',
    type: 'control.attention.respond',
    subject: 'r1',
    cause: 'r1',
    data: { answer: { option: 'allow' } },
  });
  store.commandCreated(RELAY, key, cmd, { option: 'allow' }, 10_000);
  assert.equal(store.lastCommandFor(key)?.queued, true);
  store.commandSent('CMD1');
  store.commandSent('CMD1');
  assert.equal(store.lastCommandFor(key)?.attempts, 2);
  assert.equal(store.inFlightCommands().length, 1);
  store.commandSettled('CMD1', { state: 'refused-by-relay', code: 'no-route', detail: 'nobody home' });
  assert.deepEqual((({ state, code, detail }) => ({ state, code, detail }))(store.lastCommandFor(key)!), {
    state: 'refused-by-relay',
    code: 'no-route',
    detail: 'nobody home',
  });
  assert.equal(store.inFlightCommands().length, 0);
});

test('roster: claimants and ack windows', () => {
  const store = new ConsoleStore();
  assert.equal(store.claimants(RELAY, 's1'), undefined);
  store.setRoster(RELAY, [
    { session: 's1', agent: 'a', control: { accepts: ['control.attention.respond'], ack_window_ms: 2500 } },
    { session: 's2', agent: 'b' },
    { session: 's2', agent: 'c' },
  ]);
  assert.equal(store.claimants(RELAY, 's1'), 1);
  assert.equal(store.claimants(RELAY, 's2'), 2);
  assert.equal(store.claimants(RELAY, 's3'), 0);
  assert.equal(store.ackWindowMs(RELAY, 's1'), 2500);
  assert.equal(store.ackWindowMs(RELAY, 's2'), undefined);
});

test('a routing note or a command re-delivered after the dedupe memory forgot it is not appended twice', () => {
  const store = new ConsoleStore({ dedupeCap: 1 });
  const relay = 'http://relay.test';
  const base = {
    aep: '0.1',
    time: '2026-07-03T10:00:00Z',
    source: 'aep://h/agent/a/session/s',
    agent: 'a',
    session: 's',
  };
  store.applyEvent(relay, {
    ...base,
    id: 'R1',
    type: 'attention.requested',
    seq: 1,
    data: { kind: 'permission', prompt: 'ok?', options: [{ id: 'y', label: 'Yes' }] },
  });
  const routed = { ...base, id: 'N1', type: 'attention.routed', seq: 2, subject: 'R1', data: { to: 'phone' } };
  const respond = {
    aep: '0.1',
    time: base.time,
    source: 'aep://h/agent/sink',
    agent: 'sink',
    session: 's',
    id: 'C1',
    type: 'control.attention.respond',
    subject: 'R1',
    data: { answer: { option: 'y' } },
  };
  for (let i = 0; i < 3; i++) {
    store.applyEvent(relay, routed);
    store.applyEvent(relay, respond);
    store.applyEvent(relay, { ...base, id: `X${i}`, type: 'progress.status', seq: 10 + i, data: {} });
  }
  const record = store.allRequests()[0];
  assert.equal(record.routed.length, 1);
  assert.equal(record.commands.length, 1);
});

test("the route check through the store: another emitter's Event in the session counts only after the request arrived, sessions interleaved", () => {
  const store = new ConsoleStore({ now: () => 0 });
  const A = 'aep://host-a/agent/deployer';
  const B = 'aep://host-b/agent/deployer';
  const seqs = new Map<string, number>();
  const send = (source: string, session: string, id: string, type = 'tool.requested') => {
    const seq = (seqs.get(source + session) ?? 0) + 1;
    seqs.set(source + session, seq);
    const event = { aep: '0.1', id, type, time: '2026-12-01T10:00:00Z', source, agent: 'deployer', session, seq };
    const parsed = parseEvent(
      JSON.stringify({ ...event, data: type === 'attention.requested' ? { prompt: 'Go?' } : {} }),
    );
    assert.ok(parsed.ok);
    store.applyEvent(RELAY, parsed.event);
  };
  send(B, 's1', 'b1');
  send(A, 's1', 'REQ1', 'attention.requested');
  // Other sessions between them: each emitter session's entry is kept on its resume position, not found as the last one.
  send(A, 's2', 'x1');
  send(B, 's2', 'x2');
  const first = store.allRequests().find((r) => r.id === 'REQ1')!;
  assert.equal(store.unsafeRoute(first), undefined, 'B spoke in s1 before REQ1 only');
  send(A, 's1', 'REQ2', 'attention.requested');
  send(B, 's2', 'x3');
  send(B, 's1', 'b2');
  const second = store.allRequests().find((r) => r.id === 'REQ2')!;
  assert.match(store.unsafeRoute(first) ?? '', /host-b.*since this request/);
  assert.match(store.unsafeRoute(second) ?? '', /host-b.*since this request/);
});
