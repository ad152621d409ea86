// Rules in the console: a rule suggests (the row says so, opening
// highlights its option, nothing is sent before Enter); with AUTO it answers
// through the same send path as a key, never rings, and the row names it; a
// rejected rule answer turns the rule off for the session; A asks first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { event, permission } from '../support/events.js';
import { KEY, answered, flat, lines, renderApp } from '../support/ui.js';

function rules(list: unknown[]): Rule[] {
  const parsed = parseRules(JSON.stringify({ rules: list }));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.rules;
}

const TESTS_OK = rules([
  {
    name: 'tests ok',
    match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'npm test' },
    decide: { option: 'allow' },
  },
]);

/** A Bash tool call and the permission request it caused. */
function bashRequest(command: string, session = 's1'): { tool: AepEvent; request: AepEvent } {
  const tool = event({ type: 'tool.requested', session, data: { tool: { name: 'Bash' }, args: { command } } });
  const request = permission(`Permission requested: Bash — ${command}`, {
    cause: tool.id,
    session,
    source: tool.source,
  });
  return { tool, request };
}

test('suggest: the row says rule: allow (NAME), opening highlights Allow, only Enter sends', async (t) => {
  const { tool, request } = bashRequest('npm test -- --ci');
  const h = await renderApp({ events: [request], relayEvents: [tool], rules: TESTS_OK });
  t.after(h.unmount);
  await h.waitFor((f) => f.includes('rule: allow (tests ok)'), 'the suggestion on the row');
  assert.match(h.frame(), /rules: suggest \(1\)/, 'the status line says the rules only suggest');
  assert.equal(h.client.sent.length, 0, 'a suggestion sends nothing');
  assert.deepEqual(h.writes, ['\u0007'], 'suggesting does not silence the bell');
  await h.press('\r');
  assert.match(h.frame(), /^▸ 1 Allow {2}\[allow\]$/m, "the rule's option is highlighted");
  assert.match(flat(h.frame()), /rule: allow \(tests ok\): highlighted; nothing is sent until Enter/);
  assert.equal(h.client.sent.length, 0);
  await h.press('\r');
  assert.equal(h.client.sent.length, 1);
  assert.deepEqual(h.client.sent[0]!.data?.answer, { option: 'allow' });
});

test('suggest: a command the rule does not cover gets no suggestion (and opening starts on Reply)', async (t) => {
  const { tool, request } = bashRequest('npm testing');
  const h = await renderApp({ events: [request], relayEvents: [tool], rules: TESTS_OK });
  t.after(h.unmount);
  await h.waitFor(() => h.client.fetches.length > 0, 'the cause read');
  await h.settle();
  assert.doesNotMatch(h.frame(), /rule: allow/);
  await h.press('\r');
  assert.ok(
    lines(h.frame()).some((l) => l.startsWith('▸ Reply:')),
    'the highlight stays on Reply',
  );
});

test('AUTO: the rule answers through the send path, once, without a bell; the row names the rule', async (t) => {
  const ok = bashRequest('npm test');
  const other = bashRequest('rm -rf build', 's2');
  const h = await renderApp({
    events: [ok.request, other.request],
    relayEvents: [ok.tool, other.tool],
    rules: TESTS_OK,
    auto: true,
  });
  t.after(h.unmount);
  await h.waitFor((f) => f.includes('· rule tests ok'), 'the rule answer on the row');
  assert.match(h.frame(), /AUTO/);
  assert.equal(h.client.sent.length, 1, "exactly the rule's answer");
  assert.equal(h.client.sent[0]!.subject, ok.request.id);
  assert.deepEqual(h.client.sent[0]!.data?.answer, { option: 'allow' });
  // The one the rule does not answer rings; the answered one never did.
  await h.waitFor(() => h.writes.length > 0, 'the bell for the request no rule answers');
  assert.deepEqual(h.writes, ['\u0007']);
  await h.apply(ok.request); // a duplicate delivery is not answered twice
  assert.equal(h.client.sent.length, 1);
  // Once the agent records it, the row says the rule answered: `✓ allow · rule tests ok`, never "you".
  h.store.commandSettled(h.client.sent[0]!.id, { state: 'accepted' });
  await h.apply(answered(ok.request, { option: 'allow' }, {}, h.client.sent[0]!.id));
  await h.waitFor((f) => /✓ allow · rule tests ok/.test(f), 'the rule named as who answered');
  assert.doesNotMatch(h.frame(), /· you · rule/);
});

test('AUTO: a rejected rule answer turns the rule off for the session and says so', async (t) => {
  const first = bashRequest('npm test');
  const second = bashRequest('npm test -- --watch', 's2');
  const h = await renderApp({
    events: [first.request],
    relayEvents: [first.tool, second.tool],
    rules: TESTS_OK,
    auto: true,
    size: { columns: 180, rows: 24 },
  });
  t.after(h.unmount);
  await h.waitFor(() => h.client.sent.length === 1, 'the rule answer');
  h.store.commandSettled(h.client.sent[0]!.id, { state: 'rejected', reason: 'refused', detail: 'not now' });
  await h.waitFor(
    (f) =>
      /Rule tests ok turned off for this session: the agent rejected its answer \(refused: not now\)/.test(flat(f)),
    'the note',
  );
  assert.match(h.frame(), /AUTO · 1 off/);
  assert.match(h.frame(), /✗ rejected · rule tests ok/);
  await h.apply(second.request);
  await h.waitFor(() => h.client.fetches.length >= 1, 'reads');
  await h.settle();
  assert.equal(h.client.sent.length, 1, 'the rule turned off answers nothing more');
  assert.doesNotMatch(h.frame(), /rule: allow \(tests ok\)/, 'nor suggests');
});

test('A asks y/n before AUTO, then the rules answer what is open; A again turns it off at once', async (t) => {
  const { tool, request } = bashRequest('npm test');
  const h = await renderApp({ events: [request], relayEvents: [tool], rules: TESTS_OK });
  t.after(h.unmount);
  await h.waitFor((f) => f.includes('rule: allow (tests ok)'), 'the suggestion');
  await h.press('A');
  assert.match(h.frame(), /Let the rules answer what they match \(AUTO\)\? y\/n/);
  await h.press('n');
  assert.equal(h.client.sent.length, 0, 'n: nothing');
  assert.match(h.frame(), /rules: suggest/);
  await h.press('A', 'y');
  await h.waitFor(() => h.client.sent.length === 1, 'the rule answer after y');
  assert.match(h.frame(), /AUTO/);
  await h.press('A');
  assert.match(h.frame(), /rules: suggest/);
  assert.match(h.frame(), /AUTO off/);
});

test('A without rules says how to load them', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press('A');
  assert.match(flat(h.frame()), /No rules loaded: start with --rules F/);
});

test('a rule on the agent alone answers without reading any cause; a form is never answered', async (t) => {
  const byAgent = rules([{ name: 'claude yes', match: { agent: 'claude-code' }, decide: { option: 'allow' } }]);
  const form = event({
    type: 'attention.requested',
    session: 's3',
    severity: 'notice',
    capture: 'redacted',
    data: {
      kind: 'form',
      prompt: 'Deploy?',
      fields: [{ id: 'n', type: 'string', label: 'N' }],
      respond_via: ['control'],
    },
  });
  const h = await renderApp({ events: [permission(), form], rules: byAgent, auto: true });
  t.after(h.unmount);
  await h.waitFor(() => h.client.sent.length === 1, 'the rule answer');
  await h.settle();
  assert.equal(h.client.sent.length, 1, 'the form is left alone');
  assert.equal(h.client.fetches.length, 0, 'no cause read for a rule that needs none');
});

test('a on an option: the scopes with their counts, 4 picks agent, tool and prefix, y asks how long, 4 no end and y save the rule and send; the rule then suggests', async (t) => {
  const first = bashRequest('npm test -- --ci');
  const second = bashRequest('npm test -- --watch', 's2');
  const saved: Rule[] = [];
  const h = await renderApp({
    events: [first.request],
    relayEvents: [first.tool, second.tool],
    size: { columns: 160, rows: 30 },
    saveRule: (rule) => {
      saved.push(rule);
      return { ok: true, path: '/home/op/.config/aep-console/rules.json' };
    },
  });
  t.after(h.unmount);
  await h.press('\r', KEY.up, KEY.up);
  await h.waitFor((f) => f.includes('command: npm test -- --ci'), 'the cause in the detail');
  await h.press('a');
  const asked = flat(h.frame());
  assert.match(asked, /Always answer Allow like this\?/);
  assert.match(asked, /1 this run · not for this request: the request names no run/);
  assert.match(asked, /▸ 2 this session · matches 1 open now · this console, ends with it/);
  assert.match(asked, /3 claude-code and Bash · matches 1 open now · saved to the rules file/);
  assert.match(asked, /4 claude-code, Bash and npm test · matches 1 open now · saved to the rules file/);
  await h.press('n');
  assert.doesNotMatch(flat(h.frame()), /Always answer/);
  assert.equal(h.client.sent.length, 0, 'n: nothing sent');
  await h.press('a', '4', 'y');
  assert.match(flat(h.frame()), /How long\? The rule claude-code, Bash and npm test/);
  assert.equal(h.client.sent.length, 0, 'the second row asks first: nothing sent');
  await h.press('4', 'y');
  assert.equal(h.client.sent.length, 1);
  assert.deepEqual(h.client.sent[0]!.data?.answer, { option: 'allow' });
  assert.deepEqual(
    saved.map((r) => r.match),
    [{ agent: 'claude-code', tool: 'Bash', command_prefix: 'npm test' }],
  );
  await h.waitFor((f) => /saved to \/home\/op\/\.config\/aep-console\/rules\.json/.test(flat(f)), 'the notice');
  await h.apply(second.request);
  // The row keeps its prompt's room (the suggestion's verb, the prompt); the detail names the rule.
  await h.waitFor(
    (f) => /rule: allow …?Bash — npm test -- --watch/.test(f) && /rules: suggest \(1\)/.test(f),
    'the new rule suggesting on the next request',
  );
  await h.press('j');
  assert.match(h.frame(), /│ rule: allow \(allow claude-code Bash npm test\)/);
  assert.equal(h.client.sent.length, 1, 'suggesting only: nothing more sent');
});

test('a rules file that cannot be written: the rule is kept for this console, and its JSON goes on the clipboard to add by hand', async (t) => {
  const first = bashRequest('npm test -- --ci');
  const json =
    '{"name":"allow claude-code Bash npm test","match":{"agent":"claude-code","tool":"Bash","command_prefix":"npm test"},"decide":{"option":"allow"}}';
  const h = await renderApp({
    events: [first.request],
    relayEvents: [first.tool],
    size: { columns: 100, rows: 30 },
    saveRule: () => ({
      ok: false,
      reason: `the rules file /dotfiles/rules.json is read-only (mode 0444); add it by hand: ${json}`,
      byHand: json,
    }),
  });
  t.after(h.unmount);
  await h.press('\r', KEY.up, KEY.up);
  await h.waitFor((f) => f.includes('command: npm test -- --ci'), 'the cause in the detail');
  await h.press('a', '4', 'y', '4', 'y');
  await h.waitFor((f) => /kept for this console only; its JSON is on the clipboard/.test(flat(f)), 'the notice');
  const osc52 = h.writes.find((w) => w.startsWith('\u001b]52;c;'));
  assert.ok(osc52, 'an OSC 52 clipboard write');
  assert.equal(
    Buffer.from(osc52.slice(7, -1), 'base64').toString('utf8'),
    `'${json}'`,
    "the rule's JSON, whole, on the clipboard (single-quoted for a shell, as every OSC 52: Hostile input V)",
  );
  assert.match(flat(h.frame()), /on the clipboard \(sing…/, 'the notice (cut at 100 columns) says it is quoted');
});

test("a session rule is kept in memory only (never saved) and answers the session's next request under AUTO", async (t) => {
  const first = bashRequest('make lint');
  const next = bashRequest('make lint --fix');
  const saved: Rule[] = [];
  const h = await renderApp({
    events: [first.request],
    relayEvents: [first.tool, next.tool],
    rules: TESTS_OK,
    auto: true,
    saveRule: (rule) => (saved.push(rule), { ok: true, path: '/x' }),
  });
  t.after(h.unmount);
  await h.press('\r', KEY.up, KEY.up, 'a');
  assert.match(flat(h.frame()), /▸ 2 this session/);
  await h.press('y');
  assert.equal(h.client.sent.length, 1, "the key's own answer, once");
  assert.equal(saved.length, 0, 'a session rule is not written to the file');
  await h.apply(next.request);
  await h.waitFor(() => h.client.sent.length === 2, 'the session rule answering the next request');
  assert.equal(h.client.sent[1]!.subject, next.request.id);
});
