// The rules' console state (issue 26), pure: a new request's bell waits for
// its cause at most 2 s; a cause read lost on the way is asked for again;
// a rejected rule answer turns the rule off once; AUTO off keeps nothing held.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRules } from '../../src/protocol/rules.js';
import { ConsoleStore } from '../../src/store/store.js';
import { BELL_WAIT_MS, initialRules, onRuleCause, onRuleCommands, onRulesTick, runRules, setAuto, type RulesModel } from '../../src/ui/rules/rule-state.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';
const CAUSE = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const parsed = parseRules(JSON.stringify({ rules: [{ name: 'tests ok', match: { agent: 'claude-*', command_prefix: 'npm test' }, decide: { option: 'allow' } }] }));
assert.ok(parsed.ok);

function setup(auto = true) {
  const store = new ConsoleStore({ now: () => 0 });
  store.applyEvent(RELAY, requestEvent({ cause: CAUSE }));
  const record = store.allRequests()[0]!;
  const rules = initialRules(parsed.ok ? parsed.rules : [], auto)!;
  return { store, record, rules };
}

describe('the bell waits for the cause', () => {
  it('held while the cause is read, quiet, and one read asked for', () => {
    const { store, record, rules } = setup();
    const step = runRules(rules, [record.key], store, 1_000, new Set([record.key]));
    assert.deepEqual([...step.quiet], [record.key]);
    assert.deepEqual(step.effects.map((e) => e.type), ['fetch']);
    assert.ok(step.rules.held.has(record.key));
  });
  it('rings once the wait runs out (not before)', () => {
    const { store, record, rules } = setup();
    const held = runRules(rules, [record.key], store, 1_000, new Set([record.key])).rules;
    assert.deepEqual(onRulesTick(held, store, 1_000 + BELL_WAIT_MS - 1).ring, []);
    const late = onRulesTick(held, store, 1_000 + BELL_WAIT_MS);
    assert.deepEqual(late.ring.map((r) => r.key), [record.key]);
    assert.equal(late.rules.held.size, 0, 'rung once');
  });
  it('the cause comes back and no rule answers: it rings then', () => {
    const { store, record, rules } = setup();
    const held = runRules(rules, [record.key], store, 1_000, new Set([record.key])).rules;
    const back = onRuleCause(held, record.key, { ok: true, events: [{ aep: '0.1', id: CAUSE, type: 'tool.requested', time: record.time, source: record.source, agent: record.agent, session: record.session, data: { tool: { name: 'Bash' }, args: { command: 'rm -rf ~' } } }], via: 'sse', dropped: 0 }, store, 1_100);
    assert.deepEqual(back.ring.map((r) => r.key), [record.key]);
    assert.deepEqual(back.effects, []);
  });
  it('the cause comes back and the rule answers: sent, never rung', () => {
    const { store, record, rules } = setup();
    const held = runRules(rules, [record.key], store, 1_000, new Set([record.key])).rules;
    const back = onRuleCause(held, record.key, { ok: true, events: [{ aep: '0.1', id: CAUSE, type: 'tool.requested', time: record.time, source: record.source, agent: record.agent, session: record.session, data: { tool: { name: 'Bash' }, args: { command: 'npm test' } } }], via: 'sse', dropped: 0 }, store, 1_100);
    assert.deepEqual(back.ring, []);
    assert.deepEqual(back.effects, [{ type: 'send', key: record.key, answer: { option: 'allow' }, by: 'rule tests ok' }]);
    assert.equal(back.rules.answered.get(record.key), 'tests ok');
  });
  it('a read not back after 10 s is asked for again', () => {
    const { store, record, rules } = setup();
    const reading = runRules(rules, [record.key], store, 1_000).rules;
    assert.deepEqual(onRulesTick(reading, store, 5_000).effects, []);
    assert.deepEqual(onRulesTick(reading, store, 11_000).effects.map((e) => e.type), ['fetch']);
  });
  it('suggest only (no AUTO): nothing held, nothing sent', () => {
    const { store, record, rules } = setup(false);
    const step = runRules(rules, [record.key], store, 1_000, new Set([record.key]));
    assert.equal(step.quiet.size, 0);
    assert.equal(step.rules.held.size, 0);
    assert.ok(step.effects.every((e) => e.type === 'fetch'));
  });
  it('AUTO off lets go of every held bell', () => {
    const { store, record, rules } = setup();
    const held = runRules(rules, [record.key], store, 1_000, new Set([record.key])).rules;
    assert.equal(setAuto(held, false, store, 1_100).rules.held.size, 0);
  });
});

describe('a rejected rule answer', () => {
  it('turns the rule off once, and says why', () => {
    const { store, record } = setup();
    const answered: RulesModel = { ...initialRules(parsed.ok ? parsed.rules : [], true)!, answered: new Map([[record.key, 'tests ok']]) };
    const command = store.commandCreated(RELAY, record.key, { aep: '0.1', id: 'CMD1', type: 'control.attention.respond', time: record.time, source: 'aep://c/console', agent: 'c' }, { option: 'allow' }, 10_000);
    store.commandSent(command.id);
    assert.equal(onRuleCommands(answered, [command.id], store).told, undefined, 'not rejected yet');
    store.commandSettled(command.id, { state: 'rejected', reason: 'refused', detail: 'no' });
    const off = onRuleCommands(answered, [command.id], store);
    assert.ok(off.rules.off.has('tests ok'));
    assert.match(off.told ?? '', /Rule tests ok turned off for this session: the agent rejected its answer \(refused: no\)/);
    assert.equal(onRuleCommands(off.rules, [command.id], store).told, undefined, 'said once');
  });
});
