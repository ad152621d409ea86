// Who else has a request open (store/open-elsewhere.ts, protocol/routed.ts):
// the note as built, as folded (its age from arrival, an old replayed one
// already lapsed), and what the other consoles read of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { resolved } from '../support/ui-events.js';
import { permission } from '../support/events.js';
import { buildRouted, consoleRouteName, consoleSource, routedAt, ROUTED_LAPSE_MS } from '../../src/protocol/routed.js';
import {
  agoText,
  openElsewhere,
  openElsewhereText,
  openElsewhereWord,
  openNoteLapsesAt,
} from '../../src/store/open-elsewhere.js';
import { parseEvent } from '../../src/protocol/parse.js';

const RELAY = 'http://relay.test';
const T0 = Date.parse('2026-07-03T10:00:00Z');
const ME = consoleSource('box', 'ops-1', '11-aa');
const OTHER = consoleSource('box', 'ops-2', '22-bb');

function setUp() {
  let clock = T0;
  const store = new ConsoleStore({ now: () => clock });
  const request = permission('Drop the table?');
  store.applyEvent(RELAY, request);
  const key = store.allRequests()[0].key;
  const note = (source: string, name: string, at = new Date(clock)) =>
    store.applyEvent(
      RELAY,
      buildRouted({ request: { id: request.id, session: request.session! }, name, source, now: at }),
    );
  return { store, request, key, note, record: () => store.request(key)!, advance: (ms: number) => (clock += ms) };
}

test('the note as built: consumer-emitted, no seq, the request as subject and cause, to aep-console:NAME via tui; it parses', () => {
  const event = buildRouted({
    request: { id: 'R1', session: 's1' },
    name: 'ops 2/x',
    source: consoleSource('h ost', 'ops 2/x', '1-ab'),
    now: new Date(T0),
  });
  assert.equal(event.type, 'attention.routed');
  assert.equal('seq' in event, false);
  assert.deepEqual(
    [event.subject, event.cause, event.session, event.agent, event.capture],
    ['R1', 'R1', 's1', 'ops 2/x', 'metadata'],
  );
  assert.deepEqual(event.data, { to: 'aep-console:ops 2/x', via: 'tui' });
  assert.equal(event.source, 'aep://h%20ost/agent/ops%202%2Fx/console/1-ab');
  assert.ok(parseEvent(JSON.stringify(event)).ok, 'our own parser takes it (seq-less foreign-emitter Event)');
});

test('consoleRouteName: only aep-console:NAME is a console', () => {
  const table: [string | undefined, string | undefined][] = [
    ['aep-console:ops-2', 'ops-2'],
    ['aep-console:', undefined],
    ['telegram', undefined],
    [undefined, undefined],
  ];
  for (const [to, name] of table) assert.equal(consoleRouteName(to), name, String(to));
});

test('routedAt: arrival, unless the note says it is older than a lapse (a replay after a restart)', () => {
  const table: [unknown, number][] = [
    [new Date(T0 - 5_000).toISOString(), T0],
    [new Date(T0 + 30_000).toISOString(), T0],
    [new Date(T0 - ROUTED_LAPSE_MS - 1).toISOString(), T0 - ROUTED_LAPSE_MS - 1],
    ['not a time', T0],
    [undefined, T0],
  ];
  for (const [time, at] of table) assert.equal(routedAt(time, T0), at, String(time));
});

test("another console's note shows until it lapses; our own never; the newest wins", () => {
  const s = setUp();
  s.note(ME, 'ops-1');
  assert.equal(openElsewhere(s.record(), T0, ME), undefined, 'our own note is not shown');
  s.advance(10_000);
  s.note(OTHER, 'ops-2');
  const open = openElsewhere(s.record(), T0 + 12_000, ME);
  assert.deepEqual(open, { name: 'ops-2', at: T0 + 10_000 });
  assert.equal(openElsewhereText(open!, T0 + 22_000), 'open in console ops-2, 12 s ago');
  assert.equal(openElsewhereWord(open!), 'open in console ops-2');
  assert.equal(openNoteLapsesAt(s.record(), T0 + 12_000), T0 + 10_000 + ROUTED_LAPSE_MS);
  assert.equal(openElsewhere(s.record(), T0 + 10_000 + ROUTED_LAPSE_MS - 1, ME)?.name, 'ops-2');
  assert.equal(openElsewhere(s.record(), T0 + 10_000 + ROUTED_LAPSE_MS, ME), undefined, 'lapsed');
  assert.equal(openNoteLapsesAt(s.record(), T0 + 10_000 + ROUTED_LAPSE_MS), undefined);
  // Without knowing our own source (no relay client), every console note counts.
  assert.equal(openElsewhere(s.record(), T0 + 10_000, undefined)?.name, 'ops-2');
});

test('a renewal keeps it shown; a replayed old note is lapsed at once; a closed request shows none', () => {
  const s = setUp();
  s.note(OTHER, 'ops-2');
  s.advance(100_000);
  s.note(OTHER, 'ops-2');
  s.advance(100_000);
  assert.equal(openElsewhere(s.record(), T0 + 200_000, ME)?.at, T0 + 100_000, 'the renewal counts');
  const old = setUp();
  old.advance(10 * 60_000);
  old.note(OTHER, 'ops-2', new Date(T0));
  assert.equal(openElsewhere(old.record(), T0 + 10 * 60_000, ME), undefined, 'ten minutes old on arrival');
  s.store.applyEvent(RELAY, resolved(s.request));
  assert.equal(openElsewhere(s.record(), T0 + 200_000, ME), undefined, 'closed');
});

test('a router that is not a console (a pager) is not "open in console"; hostile names are sanitized', () => {
  const s = setUp();
  s.store.applyEvent(RELAY, {
    ...buildRouted({ request: { id: s.request.id, session: s.request.session! }, name: 'pager', source: OTHER }),
    data: { to: 'oncall', via: 'push' },
  });
  assert.equal(openElsewhere(s.record(), T0, ME), undefined);
  s.note(OTHER, 'evil\u001b[2J\u0007name');
  const open = openElsewhere(s.record(), T0, ME)!;
  assert.doesNotMatch(openElsewhereText(open, T0), /[\u0000-\u001f\u007f]/);
  assert.equal(agoText(61_000), '1 min ago');
});
