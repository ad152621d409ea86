// Identifiers holding U+001F. The store once joined relay,
// session, source and id with that character, so two requests (or sessions,
// or runs) whose strings joined to the same text were one: the second request
// was dropped as a duplicate, a session's end staled another emitter's
// request, a run's end counted as a second terminal of someone else's run,
// a violation went unreported. Each case below folds two identities that
// joined alike and checks that what is said about one reaches it alone.
// Emitter Events go through the parser (it lets U+001F through in session
// names and ids); a source holding one is refused there, so those cases are
// folded directly (the store does not lean on the parser for its keys).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEvent } from '../../src/protocol/parse.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';

const U = '\u001f';
const R = 'http://relay.test';
const S = 'aep://h/agent/a/session/x';
const CONSOLE = 'aep://ops/agent/aep-console';

let n = 0;
function ev(partial: Partial<AepEvent> & { type: string; session: string }): AepEvent {
  return { aep: '0.1', id: `e${++n}`, time: '2026-07-03T10:00:00Z', source: S, agent: 'a', ...partial } as AepEvent;
}
const request = (session: string, id: string, extra: Partial<AepEvent> = {}) =>
  ev({
    type: 'attention.requested',
    session,
    id,
    seq: ++n,
    data: { kind: 'permission', prompt: `p ${id}`, options: [{ id: 'allow', label: 'Allow' }] },
    ...extra,
  });

/** Through the parser, as a relay's line. */
function fold(store: ConsoleStore, event: AepEvent): string {
  const parsed = parseEvent(JSON.stringify(event));
  assert.ok(parsed.ok, `rejected: ${parsed.ok ? '' : parsed.reason}`);
  return parsed.ok ? store.applyEvent(R, parsed.event) : 'rejected';
}

const states = (store: ConsoleStore) =>
  Object.fromEntries(store.allRequests().map((r) => [`${r.session}|${r.source}|${r.id}`, r.state]));

// Joined as relay␟session␟source␟id, these two were one key.
const A = { session: 'b', id: `x${U}${S}${U}y` };
const B = { session: `b${U}${S}${U}x`, id: 'y' };

test('two requests whose parts joined alike are two requests', () => {
  const store = new ConsoleStore();
  assert.equal(fold(store, request(A.session, A.id)), 'applied');
  assert.equal(fold(store, request(B.session, B.id)), 'applied', 'not taken for a duplicate of the first');
  assert.equal(store.allRequests().length, 2);
  assert.equal(new Set(store.allRequests().map((r) => r.key)).size, 2);
});

test('answers and lifecycle Events reach the request they name, not its look-alike', () => {
  const cases: { name: string; events: (s: ConsoleStore) => AepEvent[]; want: Record<string, string> }[] = [
    {
      name: 'an answer to the first, a timeout of the second',
      events: () => [
        ev({
          type: 'attention.answered',
          session: A.session,
          subject: A.id,
          seq: ++n,
          data: { answer: { option: 'allow' } },
        }),
        ev({ type: 'attention.timeout', session: B.session, subject: B.id, seq: ++n, data: {} }),
      ],
      want: { [`${A.session}|${S}|${A.id}`]: 'answered', [`${B.session}|${S}|${B.id}`]: 'timeout' },
    },
    {
      name: 'the second resolved',
      events: () => [
        ev({
          type: 'attention.resolved',
          session: B.session,
          subject: B.id,
          seq: ++n,
          data: { resolution: 'answered' },
        }),
      ],
      want: { [`${A.session}|${S}|${A.id}`]: 'pending', [`${B.session}|${S}|${B.id}`]: 'resolved' },
    },
  ];
  for (const c of cases) {
    const store = new ConsoleStore();
    fold(store, request(A.session, A.id));
    fold(store, request(B.session, B.id));
    for (const event of c.events(store)) assert.equal(fold(store, event), 'applied', c.name);
    assert.deepEqual(states(store), c.want, c.name);
  }
});

test('an answer held for a request not yet seen waits for that request, not one whose subject joined alike', () => {
  const store = new ConsoleStore();
  // relay␟session␟subject: ('b', 'c␟d') and ('b␟c', 'd') were one held group.
  assert.equal(
    fold(
      store,
      ev({
        type: 'attention.answered',
        session: 'b',
        subject: `c${U}d`,
        seq: 50,
        data: { answer: { option: 'allow' } },
      }),
    ),
    'held',
  );
  fold(store, request(`b${U}c`, 'd'));
  fold(store, request('b', `c${U}d`));
  assert.deepEqual(states(store), { [`b${U}c|${S}|d`]: 'pending', [`b|${S}|c${U}d`]: 'answered' });
});

test('a command and its ack reach the request they name', () => {
  const store = new ConsoleStore();
  fold(store, request(A.session, A.id));
  fold(store, request(B.session, B.id));
  fold(store, {
    ...ev({
      type: 'control.attention.respond',
      session: B.session,
      subject: B.id,
      source: CONSOLE,
      agent: 'aep-console',
      data: { answer: { option: 'allow' } },
    }),
    id: 'cmd-1',
  });
  fold(store, ev({ type: 'control.accepted', session: B.session, cause: 'cmd-1', seq: ++n, data: {} }));
  const byId = Object.fromEntries(
    store.allRequests().map((r) => [r.id, r.commands.map((c) => `${c.id} ${c.ack?.accepted}`)]),
  );
  assert.deepEqual(byId, { [A.id]: [], [B.id]: ['cmd-1 true'] });
});

test("the end of one emitter's session stales its own requests, not a look-alike session of another source", () => {
  // relay␟session␟source: ('b␟c', S) and ('b', 'c␟S') were one emitter session.
  const store = new ConsoleStore();
  const other = `c${U}${S}`;
  store.applyEvent(R, request(`b${U}c`, 'q1'));
  store.applyEvent(R, request('b', 'q2', { source: other, seq: 1 }));
  store.applyEvent(R, ev({ type: 'session.ended', session: `b${U}c`, seq: 100, data: {} }));
  assert.deepEqual(states(store), { [`b${U}c|${S}|q1`]: 'stale', [`b|${other}|q2`]: 'pending' });
  // A later request of the other source is not taken for one raised before the end.
  store.applyEvent(R, request('b', 'q3', { source: other, seq: 2 }));
  assert.equal(states(store)[`b|${other}|q3`], 'pending');
  assert.deepEqual(
    store.violations().recent.map((v) => `${v.rule} ${v.session} ${v.source}`),
    [`ended-with-pending-attention b${U}c ${S}`],
  );
});

test('session-level commands are listed for the emitter session they were sent from', () => {
  // relay␟source␟session: ('S␟b', 'c') and (S, 'b␟c') were one.
  const store = new ConsoleStore();
  const other = `${S}${U}b`;
  store.applyEvent(R, request(`b${U}c`, 'q1'));
  store.applyEvent(R, request('c', 'q2', { source: other }));
  const key = store.allRequests().find((r) => r.id === 'q2')!.key;
  store.commandCreated(
    R,
    key,
    ev({ type: 'control.cancel', session: 'c', id: 'cancel-1', source: CONSOLE, data: { scope: 'session' } }),
    {},
    10_000,
  );
  assert.deepEqual(
    store.controlCommandsFor(R, other, 'c').map((c) => c.id),
    ['cancel-1'],
  );
  assert.deepEqual(store.controlCommandsFor(R, S, `b${U}c`), []);
});

test("one run's end is not a second terminal of a run whose parts joined alike", () => {
  // relay␟source␟session␟run: ('b␟c', 'r') and ('b', 'c␟r') were one run.
  const store = new ConsoleStore();
  fold(store, ev({ type: 'run.finished', session: `b${U}c`, run: 'r', seq: 1, data: {} }));
  fold(store, ev({ type: 'run.failed', session: 'b', run: `c${U}r`, seq: 1, data: {} }));
  assert.equal(store.violations().total, 0);
  fold(store, ev({ type: 'run.cancelled', session: 'b', run: `c${U}r`, seq: 2, data: {} }));
  assert.deepEqual(
    store.violations().recent.map((v) => `${v.rule} ${v.session} ${v.run}`),
    [`run-terminal-exclusivity b c${U}r`],
  );
});

test('two violations whose parts joined alike are both reported', () => {
  // rule␟relay␟source␟session␟id: ('b', 'c␟d') and ('b␟c', 'd') were one report.
  const store = new ConsoleStore();
  for (const [session, id] of [
    ['b', `c${U}d`],
    [`b${U}c`, 'd'],
  ]) {
    fold(store, ev({ type: 'progress.status', session, seq: 5, data: {} }));
    fold(store, ev({ type: 'progress.status', session, id, seq: 3, data: {} }));
  }
  assert.deepEqual(
    store.violations().recent.map((v) => `${v.rule} ${v.session} ${v.id}`),
    [`seq-regression b c${U}d`, `seq-regression b${U}c d`],
  );
});
