// The rules' console state, pure: a new request's bell waits for
// its cause at most 2 s; a cause read lost on the way is asked for again;
// a rejected rule answer turns the rule off once; AUTO off keeps nothing held.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRules } from '../../src/protocol/rules.js';
import { ConsoleStore } from '../../src/store/store.js';
import {
  BELL_WAIT_MS,
  CAUSE_RETRY_MS,
  initialRules,
  onRuleCause,
  onRuleCommands,
  onRulesTick,
  runRules,
  ruleRowText,
  setAuto,
  verdictFor,
  type RuleEffect,
  type RulesModel,
} from '../../src/ui/rules/rule-state.js';
import { requestEvent } from '../relay/helpers.js';
import { CAUSE, RELAY, TESTS_OK_RULES } from '../support/tests-ok-rule.js';

/** The rules' effects, each send checked to carry what it was decided on (its rule and option) and shown without it. */
function sends(effects: readonly RuleEffect[]) {
  return effects.map((effect) => {
    if (effect.type !== 'send') return effect;
    const { basis, ...rest } = effect;
    assert.equal(`rule ${basis.rule}`, effect.by);
    assert.equal(basis.option, effect.answer.option);
    return rest;
  });
}

function setup(auto = true) {
  const store = new ConsoleStore({ now: () => 0 });
  store.applyEvent(RELAY, requestEvent({ cause: CAUSE }));
  const record = store.allRequests()[0]!;
  const rules = initialRules(TESTS_OK_RULES, auto)!;
  return { store, record, rules };
}

describe('the bell waits for the cause', () => {
  it('held while the cause is read, quiet, and one read asked for', () => {
    const { store, record, rules } = setup();
    const step = runRules(rules, [record.key], store, 1_000, new Set([record.key]));
    assert.deepEqual([...step.quiet], [record.key]);
    assert.deepEqual(
      step.effects.map((e) => e.type),
      ['fetch'],
    );
    assert.ok(step.rules.held.has(record.key));
  });
  it('rings once the wait runs out (not before)', () => {
    const { store, record, rules } = setup();
    const held = runRules(rules, [record.key], store, 1_000, new Set([record.key])).rules;
    assert.deepEqual(onRulesTick(held, store, 1_000 + BELL_WAIT_MS - 1).ring, []);
    const late = onRulesTick(held, store, 1_000 + BELL_WAIT_MS);
    assert.deepEqual(
      late.ring.map((r) => r.key),
      [record.key],
    );
    assert.equal(late.rules.held.size, 0, 'rung once');
  });
  it('the cause comes back and no rule answers: it rings then', () => {
    const { store, record, rules } = setup();
    const held = runRules(rules, [record.key], store, 1_000, new Set([record.key])).rules;
    const back = onRuleCause(
      held,
      record.key,
      {
        ok: true,
        events: [
          {
            aep: '0.1',
            id: CAUSE,
            type: 'tool.requested',
            time: record.time,
            source: record.source,
            agent: record.agent,
            session: record.session,
            data: { tool: { name: 'Bash' }, args: { command: 'rm -rf ~' } },
          },
        ],
        via: 'sse',
        dropped: 0,
      },
      store,
      1_100,
    );
    assert.deepEqual(
      back.ring.map((r) => r.key),
      [record.key],
    );
    assert.deepEqual(back.effects, []);
  });
  it('the cause comes back and the rule answers: sent, never rung', () => {
    const { store, record, rules } = setup();
    const held = runRules(rules, [record.key], store, 1_000, new Set([record.key])).rules;
    const back = onRuleCause(
      held,
      record.key,
      {
        ok: true,
        events: [
          {
            aep: '0.1',
            id: CAUSE,
            type: 'tool.requested',
            time: record.time,
            source: record.source,
            agent: record.agent,
            session: record.session,
            data: { tool: { name: 'Bash' }, args: { command: 'npm test' } },
          },
        ],
        via: 'sse',
        dropped: 0,
      },
      store,
      1_100,
    );
    assert.deepEqual(back.ring, []);
    assert.deepEqual(sends(back.effects), [
      { type: 'send', key: record.key, answer: { option: 'allow' }, by: 'rule tests ok' },
    ]);
    assert.equal(back.rules.answered.get(record.key), 'tests ok');
  });
  it('a read not back after 10 s is asked for again', () => {
    const { store, record, rules } = setup();
    const reading = runRules(rules, [record.key], store, 1_000).rules;
    assert.deepEqual(onRulesTick(reading, store, 5_000).effects, []);
    assert.deepEqual(
      onRulesTick(reading, store, 11_000).effects.map((e) => e.type),
      ['fetch'],
    );
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
    const answered: RulesModel = {
      ...initialRules(TESTS_OK_RULES, true)!,
      answered: new Map([[record.key, 'tests ok']]),
    };
    const respond = (id: string) => ({
      aep: '0.1',
      id,
      type: 'control.attention.respond',
      time: record.time,
      source: 'aep://c/console',
      agent: 'c',
    });
    // A saved answer from an earlier console for the same request, refused (a duplicate): the rule stays on.
    const saved = store.commandCreated(RELAY, record.key, respond('CMD0'), { option: 'allow' }, 10_000, { savedAt: 1 });
    store.commandSettled(saved.id, { state: 'rejected', reason: 'duplicate' });
    assert.equal(
      onRuleCommands(answered, [saved.id], store).told,
      undefined,
      'a refused saved answer never turns a rule off',
    );
    const command = store.commandCreated(RELAY, record.key, respond('CMD1'), { option: 'allow' }, 10_000, {
      by: 'rule tests ok',
    });
    store.commandSent(command.id);
    assert.equal(onRuleCommands(answered, [command.id], store).told, undefined, 'not rejected yet');
    store.commandSettled(command.id, { state: 'rejected', reason: 'refused', detail: 'no' });
    const off = onRuleCommands(answered, [command.id], store);
    assert.ok(off.rules.off.has('tests ok'));
    assert.match(
      off.told ?? '',
      /Rule tests ok turned off for this session: the agent rejected its answer \(refused: no\)/,
    );
    assert.equal(onRuleCommands(off.rules, [command.id], store).told, undefined, 'said once');
  });
});

describe('rules fail closed in the console (deny needing the cause + allow not needing it)', () => {
  const failClosed = parseRules(
    JSON.stringify({
      rules: [
        { name: 'no rm', match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'rm' }, decide: 'deny' },
        { name: 'claude perms', match: { agent: 'claude-*', kind: 'permission' }, decide: { option: 'allow' } },
      ],
    }),
  );
  assert.ok(failClosed.ok);
  const start = () => {
    const { store, record } = setup();
    const rules = initialRules(failClosed.ok ? failClosed.rules : [], true)!;
    return { store, record, rules };
  };
  const rmCause = (record: { time: string; source: string; agent: string; session: string }) => ({
    ok: true as const,
    events: [
      {
        aep: '0.1',
        id: CAUSE,
        type: 'tool.requested',
        time: record.time,
        source: record.source,
        agent: record.agent,
        session: record.session,
        seq: 1,
        data: { tool: { name: 'Bash' }, args: { command: 'rm -rf /important' } },
      },
    ],
    via: 'sse' as const,
    dropped: 0,
  });
  const empty = { ok: true as const, events: [], via: 'sse' as const, dropped: 0 };
  it('nothing sent while the cause is read; the read asks by id, source and session with the own Event pinned', () => {
    const { store, record, rules } = start();
    const step = runRules(rules, [record.key], store, 1_000, new Set([record.key]));
    assert.equal(verdictFor(step.rules, record).kind, 'waiting');
    const fetch = step.effects.find((e) => e.type === 'fetch');
    assert.deepEqual(fetch && 'filter' in fetch ? [fetch.filter, fetch.pin] : undefined, [
      { id: CAUSE, source: record.source, session: record.session },
      { id: CAUSE, source: record.source, session: record.session },
    ]);
    assert.ok(!step.effects.some((e) => e.type === 'send'));
  });
  it('a read that finds nothing: ask, nothing sent; tried once more after 2 s, not before, and only once', () => {
    const { store, record, rules } = start();
    const reading = runRules(rules, [record.key], store, 1_000).rules;
    const absent = onRuleCause(reading, record.key, empty, store, 1_100);
    assert.deepEqual(verdictFor(absent.rules, record), { kind: 'ask', rule: 'no rm', cause: 'absent' });
    assert.deepEqual(absent.effects, []);
    assert.deepEqual(onRulesTick(absent.rules, store, 1_100 + CAUSE_RETRY_MS - 1).effects, []);
    const again = onRulesTick(absent.rules, store, 1_100 + CAUSE_RETRY_MS);
    assert.deepEqual(
      again.effects.map((e) => e.type),
      ['fetch'],
    );
    assert.equal(verdictFor(again.rules, record).kind, 'waiting');
    const stillAbsent = onRuleCause(again.rules, record.key, empty, store, 3_200);
    assert.deepEqual(verdictFor(stillAbsent.rules, record), { kind: 'ask', rule: 'no rm', cause: 'absent' });
    assert.deepEqual(onRulesTick(stillAbsent.rules, store, 60_000).effects, [], 'one retry only');
  });
  it('a late cause that arrives by the read tried again turns it into the deny', () => {
    const { store, record, rules } = start();
    const reading = runRules(rules, [record.key], store, 1_000).rules;
    const absent = onRuleCause(reading, record.key, empty, store, 1_100).rules;
    const again = onRulesTick(absent, store, 3_100).rules;
    const late = onRuleCause(again, record.key, rmCause(record), store, 3_200);
    assert.deepEqual(sends(late.effects), [
      { type: 'send', key: record.key, answer: { option: 'deny' }, by: 'rule no rm' },
    ]);
    assert.equal(late.rules.causes.get(record.key)?.cause.state, 'event');
  });
  it('the row says why it asks: the cause not read, or its command withheld by capture', () => {
    const { store, record, rules } = start();
    const reading = runRules(rules, [record.key], store, 1_000).rules;
    assert.equal(
      ruleRowText(onRuleCause(reading, record.key, empty, store, 1_100).rules, record),
      'rule: ask (no rm: cause not read)',
    );
    const metadata = rmCause(record);
    const withheld = {
      ...metadata,
      events: [
        { ...metadata.events[0]!, capture: 'metadata' as const, data: { tool: { name: 'Bash' }, args_digest: 'ab' } },
      ],
    };
    const step = onRuleCause(reading, record.key, withheld, store, 1_100);
    assert.equal(ruleRowText(step.rules, record), 'rule: ask (no rm: command withheld)');
    assert.deepEqual(step.effects, [], 'the allow does not answer past a withheld command');
  });
  it('a refused read (403) is ask too, and tried once more', () => {
    const { store, record, rules } = start();
    const reading = runRules(rules, [record.key], store, 1_000).rules;
    const refused = onRuleCause(
      reading,
      record.key,
      { ok: false, reason: 'relay refused the token (HTTP 403)' },
      store,
      1_100,
    );
    assert.deepEqual(verdictFor(refused.rules, record), { kind: 'ask', rule: 'no rm', cause: 'unreadable' });
    assert.deepEqual(refused.effects, []);
    assert.deepEqual(
      onRulesTick(refused.rules, store, 3_100).effects.map((e) => e.type),
      ['fetch'],
    );
  });
});

describe('AUTO never answers a request the operator is at', () => {
  const allowAll = parseRules(
    JSON.stringify({ rules: [{ name: 'claude perms', match: { agent: 'claude-*' }, decide: { option: 'allow' } }] }),
  );
  assert.ok(allowAll.ok);
  it('deferred while open (or a draft held), answered on the clock once the operator has left it', () => {
    const { store, record } = setup();
    const rules = initialRules(allowAll.ok ? allowAll.rules : [], true)!;
    let at = true;
    const open = runRules(rules, [record.key], store, 1_000, new Set(), () => at);
    assert.deepEqual(open.effects, []);
    assert.ok(open.rules.deferred.has(record.key));
    assert.deepEqual(onRulesTick(open.rules, store, 2_000, () => at).effects, [], 'still there');
    at = false;
    const left = onRulesTick(open.rules, store, 3_000, () => at);
    assert.deepEqual(sends(left.effects), [
      { type: 'send', key: record.key, answer: { option: 'allow' }, by: 'rule claude perms' },
    ]);
    assert.equal(left.rules.deferred.size, 0);
  });
  it('AUTO turned on while the operator is at it: not answered then', () => {
    const { store, record } = setup();
    const rules = initialRules(allowAll.ok ? allowAll.rules : [], false)!;
    assert.deepEqual(setAuto(rules, true, store, 1_000, (key) => key === record.key).effects, []);
  });
});
