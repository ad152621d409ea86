// `a`'s second row (how long a rule lasts) and rules with an end in the
// console, on a fake clock: a one-hour rule suggests and answers within its
// hour and stops at its end; until this session ends keeps the rule in this
// console, narrowed to the session; the keys of the second row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { event, permission } from '../support/events.js';
import { KEY, NOW, flat, renderApp } from '../support/ui.js';

const HOUR = 3_600_000;

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

function rules(list: unknown[]): Rule[] {
  const parsed = parseRules(JSON.stringify({ rules: list }));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.rules;
}

test('a 4 y asks how long; 2 y saves a one-hour rule and sends; it suggests within the hour, not after', async (t) => {
  const first = bashRequest('npm test -- --ci');
  const next = bashRequest('npm test -- --watch', 's2');
  const later = bashRequest('npm test -- --bail', 's3');
  let now = NOW;
  const saved: Rule[] = [];
  const h = await renderApp({
    events: [first.request],
    relayEvents: [first.tool, next.tool, later.tool],
    size: { columns: 160, rows: 30 },
    clock: () => now,
    saveRule: (rule) => (saved.push(rule), { ok: true, path: '/home/op/rules.json' }),
  });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, KEY.up);
  await h.waitFor((f) => f.includes('command: npm test -- --ci'), 'the cause in the detail');
  await h.press('a', '4', 'y');
  const asked = flat(h.frame());
  assert.match(asked, /How long\? The rule claude-code, Bash and npm test/);
  assert.match(asked, /▸ 1 until this session ends · this console only/, 'the narrowest first');
  assert.match(asked, /2 one hour · until 2026-07-03T11:00:30Z/);
  assert.match(asked, /3 until local midnight · until 2026-07-0[34]T\d\d:00:00Z/);
  assert.match(asked, /4 no end · rules file, no until/);
  assert.match(asked, /2-4 are added to the rules file; 1 stays in this console\./);
  assert.match(asked, /↑\/↓ 1-4 how long · y save and send · n back/, 'its own footer');
  assert.equal(h.client.sent.length, 0, 'nothing sent while it asks');
  await h.press('2', 'y');
  assert.equal(h.client.sent.length, 1, 'y sends the option');
  assert.deepEqual(h.client.sent[0]!.data?.answer, { option: 'allow' });
  assert.equal(saved.length, 1);
  assert.equal(saved[0]!.until, NOW + HOUR, 'one hour from now, in whole seconds');
  // 59 minutes on: the rule is in force and suggests.
  now = NOW + HOUR - 60_000;
  await h.apply(next.request);
  await h.waitFor((f) => /rule: allow/.test(f), 'the rule suggesting within its hour');
  // Past its end: a key reads the clock, and the suggestion is gone from the rows.
  now = NOW + HOUR;
  await h.apply(later.request);
  await h.press('j');
  await h.settle();
  assert.doesNotMatch(h.frame(), /rule: allow/, 'an ended rule suggests nothing');
});

test('AUTO: a rule with an end answers before it and not at or after it; the row says why nothing matched', async (t) => {
  const early = bashRequest('npm test');
  const late = bashRequest('npm test -- --ci', 's2');
  let now = NOW;
  const ending = rules([
    {
      name: 'tests ok',
      match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'npm test' },
      decide: { option: 'allow' },
      until: new Date(NOW + HOUR).toISOString().replace('.000Z', 'Z'),
    },
  ]);
  const h = await renderApp({
    events: [early.request],
    relayEvents: [early.tool, late.tool],
    rules: ending,
    auto: true,
    clock: () => now,
  });
  t.after(h.unmount);
  await h.waitFor(() => h.client.sent.length === 1, 'the rule answering within its hour');
  assert.equal(h.client.sent[0]!.subject, early.request.id);
  now = NOW + HOUR;
  await h.apply(late.request);
  await h.waitFor(() => h.client.fetches.length >= 2, 'the second cause read');
  await h.settle();
  assert.equal(h.client.sent.length, 1, 'an ended rule answers nothing');
});

test('until this session ends: kept here only, narrowed to the session; n on the second row goes back to the scopes', async (t) => {
  const first = bashRequest('make lint');
  const saved: Rule[] = [];
  const h = await renderApp({
    events: [first.request],
    relayEvents: [first.tool],
    size: { columns: 160, rows: 30 },
    saveRule: (rule) => (saved.push(rule), { ok: true, path: '/x' }),
  });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, KEY.up);
  await h.waitFor((f) => f.includes('command: make lint'), 'the cause in the detail');
  await h.press('a', '3', 'y');
  assert.match(flat(h.frame()), /How long\? The rule claude-code and Bash/);
  await h.press('n');
  assert.match(flat(h.frame()), /Always answer Allow like this\?/, 'n: back to the scopes');
  assert.doesNotMatch(flat(h.frame()), /How long/);
  await h.press('y', KEY.down, KEY.up, 'y');
  assert.equal(h.client.sent.length, 1, 'sent once');
  assert.equal(saved.length, 0, 'a session-long rule is never written to the file');
  // The rules screen lists it, ending with the session.
  await h.press(KEY.esc, 'R');
  await h.waitFor((f) => /Rules \(1\)/.test(f), 'the rules screen');
  assert.match(flat(h.frame()), /allow claude-code Bash · answer allow · this session/);
  assert.match(flat(h.frame()), /agent claude-code · tool Bash · session s1 · this console only no history kept/);
});
