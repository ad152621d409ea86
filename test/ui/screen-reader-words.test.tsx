import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent, FieldSpec } from '../../src/protocol/types.js';
import { parseRules } from '../../src/protocol/rules.js';
import { event, permission, requested } from '../support/events.js';
import { selectField } from '../support/requests.js';
import { KEY, answered, permissionFrom, renderApp, resolved } from '../support/ui.js';

// --screen-reader II: every region says what the keys do there, in words:
// the list names the selected request's options by the digits that pick
// them and a rule's suggestion; an outcome names its request and what was
// applied; form choices are picked by the digits they are read with; the
// timeline and the history are sentences, not rows.

const DRAWN = /[│┃┏┓┗┛━─┌┐└┘╭╮╰╯▸◆●○✓✗…└»▶]/;

function ask(agent: string, prompt: string): AepEvent {
  return permissionFrom(agent, `s-${agent}`, prompt);
}

test("the list: the selected request's options with the digits that pick them, and a digit opens it on that one", async (t) => {
  const h = await renderApp({ screenReader: true, events: [ask('codex', 'rm -rf build'), ask('claude', 'npm test')] });
  t.after(h.unmount);
  assert.match(h.frame(), /^Options: 1 Allow, 2 Deny\. A digit opens it on that option; Enter then sends it\.$/m);
  await h.press('2');
  assert.match(h.frame(), /^Selected: option 2, Deny\. Enter sends it\.$/m, 'the digit picked what the list read as 2');
  assert.equal(h.client.sent.length, 0);
  await h.press(KEY.esc, ' ', ' ');
  assert.match(
    h.frame(),
    /^Options every marked request offers: 1 Allow, 2 Deny\. A digit opens the batch on that option; Enter then asks before sending\.$/m,
  );
});

test('the list and the open request read a rule\'s suggestion: "Rule no prune suggests Deny."', async (t) => {
  const parsed = parseRules(
    JSON.stringify({ rules: [{ name: 'no prune', match: { agent: 'codex' }, decide: 'deny' }] }),
  );
  assert.ok(parsed.ok);
  const h = await renderApp({ screenReader: true, rules: parsed.rules, events: [ask('codex', 'docker system prune')] });
  t.after(h.unmount);
  assert.match(h.frame(), /^Rule no prune suggests Deny\.$/m);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^Rule no prune suggests Deny\.$/m);
  assert.match(h.frame(), /^Selected: option 2, Deny\. Enter sends it\.$/m, 'and opening it highlights that option');
});

test('an outcome names its request and what was applied: a text reply applied as Deny', async (t) => {
  const request = ask('codex', 'rm -rf build');
  const h = await renderApp({ screenReader: true, events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'use staging', KEY.enter);
  const sent = h.client.sent[0];
  assert.deepEqual(sent.data?.answer, { text: 'use staging' });
  h.store.commandSettled(sent.id, { state: 'accepted' });
  await h.apply(answered(request, { option: 'deny', text: 'use staging' }, {}, sent.id));
  await h.apply(resolved(request));
  const frame = h.frame();
  assert.equal(
    frame.match(/^codex, rm -rf build: your reply was applied as Deny, with your text kept\.$/gm)?.length,
    1,
    'said once',
  );
  assert.doesNotMatch(frame, /request resolved/, 'the resolve after it adds no line');
});

test('an answer from elsewhere names who answered and what', async (t) => {
  const request = ask('codex', 'git push --force');
  const h = await renderApp({ screenReader: true, events: [request] });
  t.after(h.unmount);
  await h.apply(answered(request, { option: 'allow' }, { by: 'ops-2' }));
  assert.match(h.frame(), /^codex, git push --force: answered elsewhere by ops-2: Allow\.$/m);
});

const FIELDS: FieldSpec[] = [
  selectField(
    'db',
    'Database',
    [
      ['pg', 'Postgres'],
      ['my', 'MySQL'],
    ],
    { other: true },
  ),
  selectField(
    'regions',
    'Regions',
    [
      ['us', 'US East'],
      ['eu', 'EU West'],
      ['ap', 'AP South'],
    ],
    { multi: true },
  ),
];

test('a form: choices are picked by the digits they are read with (a multi select toggles); nothing is sent until Submit', async (t) => {
  const form = requested(
    { kind: 'form', prompt: 'Configure the deploy', fields: FIELDS, respond_via: ['control'] },
    { agent: 'codex' },
  );
  const h = await renderApp({ screenReader: true, events: [form] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(
    h.frame(),
    /^Choices: 1 Postgres, 2 MySQL, 3 Other\. A digit from 1 to 3 picks that choice; 3 moves to Other, to type your own\.$/m,
  );
  await h.press('2');
  assert.match(h.frame(), /^Current value: MySQL\.$/m, '2 picked what was read as 2');
  assert.match(h.frame(), /^Highlighted: 2, MySQL\./m);
  await h.press(KEY.tab);
  assert.match(h.frame(), /^Choices: 1 US East, 2 EU West, 3 AP South\. A digit from 1 to 3 toggles that choice\.$/m);
  await h.press('1', '3', '1');
  assert.match(h.frame(), /^Current value: AP South\.$/m, '1 and 3 toggled on, 1 off again');
  await h.press(KEY.tab);
  assert.equal(h.client.sent.length, 0);
  await h.press(KEY.enter);
  const sent = h.client.sent[0];
  assert.deepEqual(sent?.data?.answer, { values: { db: 'my', regions: ['ap'] } });
  h.store.commandSettled(sent.id, { state: 'accepted' });
  await h.apply(answered(form, { values: { db: 'my', regions: ['ap'] } }, {}, sent.id));
  assert.match(
    h.frame(),
    /^codex, Configure the deploy: your form was applied: Database: MySQL; Regions: AP South\.$/m,
    'the values it applied, by their labels',
  );
});

test('the timeline is read as sentences: each Event, when, what, and which Event caused it', async (t) => {
  const run = event({ type: 'run.started', run: 'r_1' });
  const request = permission('git push --force', { run: 'r_1', cause: run.id });
  const h = await renderApp({ screenReader: true, events: [request] });
  t.after(h.unmount);
  h.client.history = [run, request];
  await h.press('t');
  const frame = await h.waitFor((f) => /^Event 2/m.test(f), 'the timeline');
  assert.match(
    frame,
    /^Timeline of the session s1 of claude-code: 2 Events, oldest first, each after the Event that caused it\.$/m,
  );
  assert.match(frame, /^Event 1, \d\d:\d\d:\d\d, run\.started/m);
  assert.match(frame, /^Event 2, this request, \d\d:\d\d:\d\d, attention\.requested.*, caused by event 1\.$/m);
  assert.doesNotMatch(frame, DRAWN);
});

test('the history is read as sentences: how many, and the selected decision in words; Enter reads it whole', async (t) => {
  const decision = (i: number) => ({
    time: `2026-07-03T09:0${i}:00Z`,
    relay: 'http://relay.test',
    source: 'aep://h/agent/codex',
    agent: 'codex',
    session: `s${i}`,
    request: `req-${i}`,
    kind: 'permission',
    prompt: `Run task ${i}`,
    action: 'answer' as const,
    sent: { option: 'deny' },
    by: 'you',
    command_id: `cmd-${i}`,
    capture: 'redacted' as const,
    outcomes: [
      { time: `2026-07-03T09:0${i}:01Z`, state: 'applied' as const, option: 'deny', by: 'codex', latency_ms: 900 },
    ],
  });
  const h = await renderApp({
    screenReader: true,
    history: {
      read: () => ({
        decisions: [decision(1), decision(2)],
        skipped: 0,
        torn: false,
        problems: [],
        file: '/state/history.jsonl',
      }),
    },
  });
  t.after(h.unmount);
  await h.press('H');
  const frame = await h.waitFor((f) => /^History: /m.test(f), 'the history');
  assert.match(frame, /^History: 2 decisions, newest first\.$/m);
  assert.match(
    frame,
    /^1 of 2: on 07-03 at 09:02:00 you answered codex, deny: applied deny by codex\. It asked: Run task 2$/m,
  );
  await h.press(KEY.down);
  assert.match(h.frame(), /^2 of 2: on 07-03 at 09:01:00 you answered codex/m);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^Decision: on 07-03 at 09:01:00 you answered codex/m);
  assert.match(h.frame(), /^Outcome 1 of 1, on 07-03 at 09:01:01: applied, deny, by codex, after 900ms\.$/m);
  assert.doesNotMatch(h.frame(), DRAWN);
});

test('an outcome names a long prompt by its start, cut at a word', async (t) => {
  const request = ask(
    'gemini-cli',
    'Permission requested: Bash — docker system prune -af --volumes --filter until=24h',
  );
  const h = await renderApp({ screenReader: true, events: [request] });
  t.after(h.unmount);
  await h.press('2', KEY.enter);
  const sent = h.client.sent[0];
  h.store.commandSettled(sent.id, { state: 'accepted' });
  await h.apply(answered(request, { option: 'deny' }, {}, sent.id));
  assert.match(
    h.frame(),
    /^gemini-cli, Permission requested: Bash — docker system prune\.\.\.: your Deny was applied\.$/m,
  );
});
