// One cause for every reader, in tables: what a
// read hands back, judged by the one resolver; the read keeps the own Event
// however many others a relay sends; the detail and the history name another
// emitter's Event as "not this agent's Event", never as the cause.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { causeQuery, resolveCause, type CauseRead } from '../../src/store/cause.js';
import { EventCollector } from '../../src/relay/event-collector.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { causeText } from '../../src/ui/inbox/cause-view.js';
import { causeSummary } from '../../src/ui/history/send-facts.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';
const CAUSE = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

const store = new ConsoleStore({ now: () => 0 });
store.applyEvent(RELAY, requestEvent({ cause: CAUSE }));
const record = store.allRequests()[0]!;

const tool = (command: string, over: Partial<AepEvent> = {}): AepEvent => ({
  aep: '0.1',
  id: CAUSE,
  type: 'tool.requested',
  time: record.time,
  source: record.source,
  agent: record.agent,
  session: record.session,
  seq: 1,
  capture: 'redacted',
  data: { tool: { name: 'Bash' }, args_redacted: { command } },
  ...over,
});
const own = tool('rm -rf /important');
const foreign = tool('npm test', { source: 'aep://evil/x' });
const otherSession = tool('npm test', { session: 's_other' });
const later = (i: number): AepEvent => tool('ls', { id: `01HZZZZZZZZZZZZZZZZZZZZZ${String(i).padStart(2, '0')}` });
const ok = (...events: AepEvent[]): CauseRead => ({ ok: true, events });

describe('the resolver', () => {
  const table: Array<[string, CauseRead, string, AepEvent?]> = [
    ['the own Event', ok(own), 'event', own],
    ['a same-id decoy from another session served first, then the own Event', ok(otherSession, own), 'event', own],
    ["another emitter's Event served first, then the own Event", ok(foreign, own), 'event', own],
    ['the own Event among 10 later Events', ok(own, ...Array.from({ length: 10 }, (_, i) => later(i))), 'event', own],
    ["only another emitter's Event", ok(foreign), 'foreign', foreign],
    ["only another session's Event", ok(otherSession), 'other-session', otherSession],
    ['nothing', ok(), 'absent'],
    ['only other ids', ok(later(1), later(2)), 'absent'],
    ['refused', { ok: false, reason: 'relay refused the token (HTTP 403)' }, 'unreadable'],
    ['out of time', { ok: false, reason: 'no answer within 8 s', timedOut: true }, 'timed-out'],
    [
      'the own Event, arguments withheld',
      ok(tool('x', { capture: 'metadata', data: { tool: { name: 'Bash' }, args_digest: 'ab' } })),
      'withheld',
    ],
  ];
  for (const [title, read, state, event] of table) {
    it(`${title}: ${state}`, () => {
      const cause = resolveCause(record, read);
      assert.equal(cause.state, state);
      if (event) assert.equal('event' in cause ? cause.event : undefined, event);
    });
  }
  it('found by the read tried again: late', () =>
    assert.deepEqual(resolveCause(record, ok(own), true), { state: 'event', event: own, late: true }));
  it("asks for the request's own Event by id, source and session", () => {
    assert.deepEqual(causeQuery(record)?.filter, { id: CAUSE, source: record.source, session: record.session });
  });
});

describe('the read keeps the own Event, not the newest N', () => {
  it('the pinned Event survives 10 later ones past a limit of 8', () => {
    const collector = new EventCollector(8, { id: CAUSE, source: record.source, session: record.session });
    for (const e of [otherSession, own, ...Array.from({ length: 10 }, (_, i) => later(i))])
      collector.add(JSON.stringify(e));
    assert.equal(collector.events.length, 9);
    assert.equal(collector.events[0]!.id, CAUSE);
    assert.equal(collector.events[0]!.session, record.session);
    assert.equal(resolveCause(record, { ok: true, events: collector.events }).state, 'event');
  });
  it("several pins (the rows' read of many causes): each own Event, and a second that differs, survive 40 decoys past a limit of 4", () => {
    const pins = Array.from({ length: 5 }, (_, i) => ({ id: `C${i}`, source: record.source, session: record.session }));
    const collector = new EventCollector(4, pins);
    const own = pins.map((pin) => tool('ls', { id: pin.id }));
    const differs = tool('rm -rf /', { id: 'C2' });
    const decoys = Array.from({ length: 40 }, (_, i) => later(i));
    for (const e of [own[0]!, ...decoys.slice(0, 20), ...own.slice(1), differs, own[2]!, ...decoys.slice(20)])
      collector.add(JSON.stringify(e));
    const ids = collector.events.map((e) => e.id);
    assert.deepEqual(ids.slice(0, 6), ['C0', 'C1', 'C2', 'C2', 'C3', 'C4'], 'every pin kept, C2 twice (they differ)');
    assert.equal(ids.length, 6 + 4, 'and only the newest 4 others');
    assert.equal(collector.events.filter((e) => e.id === 'C2').length, 2, 'the same Event again is not kept twice');
  });
  it("without a pin the newest 8 are kept (the timeline's read)", () => {
    const collector = new EventCollector(8);
    for (const e of [own, ...Array.from({ length: 10 }, (_, i) => later(i))]) collector.add(JSON.stringify(e));
    assert.equal(collector.events.length, 8);
    assert.ok(!collector.events.some((e) => e.id === CAUSE));
  });
});

describe('every reader says the same', () => {
  it("the detail names another emitter's Event as not this agent's, never as the cause", () => {
    const text = causeText(record, resolveCause(record, ok(foreign))) ?? '';
    assert.match(text, /not this agent's Event \(it is from aep:\/\/evil\/x\)/);
    assert.doesNotMatch(text, /npm test/);
  });
  it("the detail names another session's Event the same way", () => {
    assert.match(
      causeText(record, resolveCause(record, ok(otherSession))) ?? '',
      /not this agent's Event \(it is from session s_other\)/,
    );
  });
  it('the history records only the own cause', () => {
    assert.equal(causeSummary(record, resolveCause(record, ok(foreign))), undefined);
    assert.equal(causeSummary(record, resolveCause(record, ok(otherSession))), undefined);
    assert.match(causeSummary(record, resolveCause(record, ok(otherSession, own))) ?? '', /rm -rf \/important/);
  });
});
