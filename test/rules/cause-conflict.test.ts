// A cause read to the end: two different Events under the request's cause
// identity (source, session, id) make the cause unreadable, whether the read
// hands back both (the relay held them before the request, or got the second
// after it), the second comes after any number of decoys, or it arrives live
// after the rules read the first (a suggestion is then withdrawn). The same
// Event delivered twice is one Event. Every reader says the same: the rules,
// the detail, the history.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { causeNotFound, resolveCause, type CauseRead } from '../../src/store/cause.js';
import { EventCollector } from '../../src/relay/event-collector.js';
import type { FetchResult } from '../../src/relay/fetch-events.js';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { causeText } from '../../src/ui/inbox/cause-view.js';
import { causeSummary } from '../../src/ui/history/send-facts.js';
import { causeOf } from '../../src/ui/cause-of.js';
import {
  initialRules,
  onRuleCause,
  ruleRowText,
  runRules,
  suggestedOption,
  verdictFor,
} from '../../src/ui/rules/rule-state.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';
const CAUSE = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

function setup() {
  const store = new ConsoleStore({ now: () => 0 });
  store.applyEvent(RELAY, requestEvent({ cause: CAUSE }));
  const record = store.allRequests()[0]!;
  return { store, record };
}
const { record } = setup();

/** The request's own cause (same id, source and session) with `command`; `over` changes the envelope. */
const tool = (command: unknown, over: Partial<AepEvent> = {}): AepEvent => ({
  aep: '0.1',
  id: CAUSE,
  type: 'tool.requested',
  time: record.time,
  source: record.source,
  agent: record.agent,
  session: record.session,
  seq: 1,
  capture: 'redacted',
  data: { tool: { name: 'Bash' }, args: { command } },
  ...over,
});
const npmTest = tool('npm test');
const rmRf = tool('rm -rf /');
const decoy = (i: number): AepEvent => tool('ls', { id: `01HZZZZZZZZZZZZZZZZZZZZZ${String(i).padStart(2, '0')}` });
const ok = (...events: AepEvent[]): CauseRead => ({ ok: true, events });
/** A read as the relay layer hands it back (an SSE single pass). */
const fetched = (...events: AepEvent[]): FetchResult => ({ ok: true, events, via: 'sse', dropped: 0 });
/** The same Event as delivered again by another hop: members in another order. */
const reserialized = (event: AepEvent): AepEvent =>
  JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(event).reverse()))) as AepEvent;

function rules(...list: unknown[]): Rule[] {
  const parsed = parseRules(JSON.stringify({ rules: list }));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.rules;
}
const testsOk = {
  name: 'tests ok',
  match: { agent: 'claude-*', command_prefix: 'npm test' },
  decide: { option: 'allow' },
};
const noRm = { name: 'no rm', match: { agent: 'claude-*', command_prefix: 'rm' }, decide: 'deny' };

describe('the resolver reads to the end', () => {
  const table: Array<[string, CauseRead, string]> = [
    ['"npm test", then "rm -rf /" under the same identity', ok(npmTest, rmRf), 'conflicting'],
    ['"rm -rf /", then "npm test"', ok(rmRf, npmTest), 'conflicting'],
    ['the two with decoys between them', ok(npmTest, decoy(1), decoy(2), rmRf), 'conflicting'],
    ['the same command, another time', ok(npmTest, tool('npm test', { time: '2030-01-01T00:00:00Z' })), 'conflicting'],
    ['an argv and a string of the same words', ok(npmTest, tool(['npm', 'test'])), 'conflicting'],
    ['the same Event twice (a redelivery)', ok(npmTest, npmTest), 'event'],
    ['the same Event, re-serialized by a hop', ok(npmTest, reserialized(npmTest)), 'event'],
    [
      "a second Event under the id from another emitter: not the cause's",
      ok(npmTest, tool('rm', { source: 'aep://x/y' })),
      'event',
    ],
    ['a second Event under the id in another session', ok(npmTest, tool('rm', { session: 's_other' })), 'event'],
  ];
  for (const [title, read, state] of table) {
    it(`${title}: ${state}`, () => assert.equal(resolveCause(record, read).state, state));
  }
  it('conflicting is not read again (it is no "not found")', () =>
    assert.equal(causeNotFound(resolveCause(record, ok(npmTest, rmRf))), false));
});

describe('the read keeps a second, different Event under the identity, however many come between', () => {
  const pin = { id: CAUSE, source: record.source, session: record.session };
  it('"npm test", 20 decoys, "rm -rf /" past a limit of 8: conflicting', () => {
    const collector = new EventCollector(8, pin);
    for (const e of [npmTest, ...Array.from({ length: 20 }, (_, i) => decoy(i)), rmRf])
      collector.add(JSON.stringify(e));
    assert.equal(resolveCause(record, { ok: true, events: collector.events }).state, 'conflicting');
  });
  it('"npm test", "rm -rf /", then 20 decoys: conflicting', () => {
    const collector = new EventCollector(8, pin);
    for (const e of [npmTest, rmRf, ...Array.from({ length: 20 }, (_, i) => decoy(i))])
      collector.add(JSON.stringify(e));
    assert.equal(resolveCause(record, { ok: true, events: collector.events }).state, 'conflicting');
  });
  it('the same Event delivered 20 times: the cause', () => {
    const collector = new EventCollector(8, pin);
    for (let i = 0; i < 20; i++) collector.add(JSON.stringify(npmTest));
    const cause = resolveCause(record, { ok: true, events: collector.events });
    assert.equal(cause.state, 'event');
  });
});

describe('AUTO with two causes in the read (the relay held both, before or after the request)', () => {
  for (const [title, read] of [
    ['"npm test" then "rm -rf /"', fetched(npmTest, rmRf)],
    ['"rm -rf /" then "npm test"', fetched(rmRf, npmTest)],
  ] as const) {
    it(`${title}: nothing sent, not even the deny`, () => {
      const { store, record: r } = setup();
      const model = initialRules(rules(testsOk), true)!;
      const reading = runRules(model, [r.key], store, 1_000).rules;
      const back = onRuleCause(reading, r.key, read, store, 1_100);
      assert.deepEqual(back.effects, []);
      assert.deepEqual(verdictFor(back.rules, r), { kind: 'none' });
      const withDeny = initialRules(rules(testsOk, noRm), true)!;
      const denied = onRuleCause(runRules(withDeny, [r.key], store, 1_000).rules, r.key, read, store, 1_100);
      assert.deepEqual(denied.effects, []);
      assert.deepEqual(verdictFor(denied.rules, r), { kind: 'ask', rule: 'no rm', cause: 'conflicting' });
      assert.equal(ruleRowText(denied.rules, r), 'rule: ask (no rm: two causes)');
    });
  }
  it('the second arrived live after the request, before the read came back with only the first: nothing sent', () => {
    const { store, record: r } = setup();
    const model = initialRules(rules(testsOk), true)!;
    const reading = runRules(model, [r.key], store, 1_000).rules;
    store.applyEvent(RELAY, rmRf);
    const back = onRuleCause(reading, r.key, fetched(npmTest), store, 1_100);
    assert.deepEqual(back.effects, []);
    assert.deepEqual(verdictFor(back.rules, store.request(r.key)!), { kind: 'none' });
  });
  it('both arrived live after the request: conflicting before any read', () => {
    const { store, record: r } = setup();
    store.applyEvent(RELAY, npmTest);
    store.applyEvent(RELAY, rmRf);
    // No read yet (it would be `waiting`): two different Events seen are enough.
    const model = initialRules(rules(testsOk, noRm), true)!;
    assert.deepEqual(verdictFor(model, store.request(r.key)!), { kind: 'ask', rule: 'no rm', cause: 'conflicting' });
  });
});

describe('live after a suggestion: the suggestion is withdrawn', () => {
  function suggested() {
    const { store, record: r } = setup();
    const model = initialRules(rules(testsOk, noRm), false)!;
    const reading = runRules(model, [r.key], store, 1_000).rules;
    const back = onRuleCause(reading, r.key, fetched(npmTest), store, 1_100).rules;
    assert.equal(suggestedOption(back, store.request(r.key)!), 'allow');
    assert.equal(ruleRowText(back, store.request(r.key)!), 'rule: allow (tests ok)');
    return { store, key: r.key, rules: back };
  }
  it('a different Event under the identity arrives live: no suggestion, the row says why', () => {
    const { store, key, rules: model } = suggested();
    const heard: Array<Set<string>> = [];
    store.subscribe((change) => heard.push(change.requests));
    store.applyEvent(RELAY, rmRf);
    assert.ok(
      heard.some((requests) => requests.has(key)),
      'the request is said changed',
    );
    const now = store.request(key)!;
    assert.equal(suggestedOption(model, now), undefined);
    assert.deepEqual(verdictFor(model, now), { kind: 'ask', rule: 'no rm', cause: 'conflicting' });
    assert.equal(ruleRowText(model, now), 'rule: ask (no rm: two causes)');
  });
  it('it arrives as a duplicate the store drops (same source and id): still seen', () => {
    const { store, key, rules: model } = suggested();
    store.applyEvent(RELAY, npmTest);
    assert.equal(suggestedOption(model, store.request(key)!), 'allow', 'the same Event live changes nothing');
    assert.equal(store.applyEvent(RELAY, rmRf), 'duplicate');
    assert.equal(suggestedOption(model, store.request(key)!), undefined);
  });
  it('the same Event redelivered live (re-serialized): the suggestion stays', () => {
    const { store, key, rules: model } = suggested();
    store.applyEvent(RELAY, reserialized(npmTest));
    assert.equal(suggestedOption(model, store.request(key)!), 'allow');
  });
  it("another emitter's or another session's Event under the id: the suggestion stays", () => {
    const { store, key, rules: model } = suggested();
    store.applyEvent(RELAY, tool('rm -rf /', { source: 'aep://evil/agent/x/session/s1' }));
    store.applyEvent(RELAY, tool('rm -rf /', { session: 's_other' }));
    assert.equal(suggestedOption(model, store.request(key)!), 'allow');
  });
  it('a closed request no longer watches its cause (the index holds open requests only)', () => {
    const { store, record: r } = setup();
    store.applyEvent(RELAY, {
      ...npmTest,
      id: '01HZZZZZZZZZZZZZZZZZZZZZZR',
      type: 'attention.resolved',
      subject: r.id,
      seq: 2,
      data: { resolution: 'answered' },
    });
    assert.equal(store.request(r.key)?.state, 'resolved');
    store.applyEvent(RELAY, npmTest);
    store.applyEvent(RELAY, rmRf);
    assert.equal(store.request(r.key)?.causeSeen, undefined);
  });
  it('the detail and the history say the same', () => {
    const { store, key, rules: model } = suggested();
    store.applyEvent(RELAY, rmRf);
    const now = store.request(key)!;
    const seen = causeOf({ causes: new Map(), rules: model }, now);
    assert.equal(seen.state, 'conflicting');
    assert.match(causeText(now, seen) ?? '', /two different Events carry it; cause unknown/);
    assert.equal(causeSummary(now, seen), undefined);
  });
});
