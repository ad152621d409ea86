// The words a new operator tripped on, one test each: what the list, the footer, help and the history say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecisionLog } from '../../src/files/decision-log.js';
import { hideLines, type DecisionLine, type OutcomeLine } from '../../src/store/decisions.js';
import { ConsoleStore } from '../../src/store/store.js';
import { parseRules } from '../../src/protocol/rules.js';
import { ASCII_GLYPHS } from '../../src/ui/glyphs.js';
import { buildFormLines } from '../../src/ui/form/form-view.js';
import { initialFormDraft } from '../../src/ui/form/form-state.js';
import { startScript } from '../../src/demo/agent-script.js';
import type { RaiseRequest } from '../../src/demo/agent-types.js';
import { requested } from '../support/events.js';
import { answered, permissionFrom, resolved } from '../support/ui-events.js';
import { KEY, flat, lines, renderApp } from '../support/ui.js';

const selected = (frame: string) => lines(frame).find((l) => l.startsWith('▸') || l.startsWith('>')) ?? '';
const footer = (frame: string) => lines(frame).at(-1) ?? '';

test('with a filter, a new request never takes the selection from a Recent row', async (t) => {
  const done = permissionFrom('gemini-1', 's1', 'Permission requested: Bash — ls');
  const h = await renderApp({
    events: [
      permissionFrom('gemini-2', 's2', 'Permission requested: Bash — pwd'),
      done,
      answered(done, { option: 'allow' }),
      resolved(done),
    ],
  });
  t.after(h.unmount);
  await h.press('/', 'gemini', KEY.enter, 'j');
  assert.match(selected(h.frame()), /gemini-1/, h.frame());
  await h.apply(permissionFrom('gemini-3', 's3', 'Permission requested: Bash — date'));
  await h.apply(permissionFrom('codex', 's4', 'Permission requested: Bash — whoami'));
  assert.match(selected(h.frame()), /gemini-1/, h.frame());
});

test('with a filter that matches only Recent rows, a new match does not take the selection from the Recent row', async (t) => {
  const done = permissionFrom('gemini-1', 's1', 'Permission requested: Bash — ls');
  const h = await renderApp({
    events: [
      permissionFrom('codex', 's2', 'Permission requested: Bash — pwd'),
      done,
      answered(done, { option: 'allow' }),
      resolved(done),
    ],
  });
  t.after(h.unmount);
  await h.press('/', 'gemini', KEY.enter);
  assert.match(selected(h.frame()), /gemini-1/, h.frame());
  await h.apply(permissionFrom('gemini-3', 's3', 'Permission requested: Bash — date'));
  assert.match(selected(h.frame()), /gemini-1/, h.frame());
});

test('a rule\'s answer reads `✓ deny · rule codex no prune`, never "you"', async (t) => {
  const parsed = parseRules(
    JSON.stringify({ rules: [{ name: 'codex no prune', match: { agent: 'codex' }, decide: { option: 'deny' } }] }),
  );
  assert.ok(parsed.ok);
  const request = permissionFrom('codex', 's1', 'Permission requested: Bash — docker system prune -af');
  const h = await renderApp({ events: [request], rules: parsed.rules, auto: true });
  t.after(h.unmount);
  await h.waitFor(() => h.client.sent.length === 1, "the rule's answer");
  h.store.commandSettled(h.client.sent[0]!.id, { state: 'accepted' });
  await h.apply(answered(request, { option: 'deny' }, {}, h.client.sent[0]!.id));
  await h.waitFor((f) => /✓ deny · rule codex no prune/.test(f), 'the rule named as who answered');
  assert.doesNotMatch(h.frame(), /· you/);
});

test('ASCII: the answered mark is not the cut mark; the list and help say which is which', async (t) => {
  assert.notEqual(ASCII_GLYPHS.mark('answered'), ASCII_GLYPHS.cut);
  const request = permissionFrom('codex', 's1', `Permission requested: Bash — ${'echo word '.repeat(20)}`);
  const h = await renderApp({ events: [request], env: { LANG: 'C' } });
  t.after(h.unmount);
  await h.apply(answered(request, { option: 'allow' }));
  const row = selected(h.frame());
  assert.match(row, /^>a /, `answered: ${row}`);
  assert.match(row, /~$/, `cut: ${row}`);
  await h.press('?');
  assert.match(h.frame(), /a answered/);
  assert.doesNotMatch(h.frame(), /~ answered/);
});

test('the ? legend names the No agent connected group', async (t) => {
  const h = await renderApp({ events: [permissionFrom('codex', 's1', 'ls')] });
  t.after(h.unmount);
  await h.press('?');
  assert.match(
    flat(h.frame()),
    /Groups: Pending · No agent connected \(its agent is gone\) · Snoozed \(z: not now; back by itself\) · Recent/,
  );
});

test('the a question has its own footer; the Reply row does not offer a always', async (t) => {
  const h = await renderApp({
    events: [permissionFrom('codex', 's1', 'Permission requested: Bash — rm -rf build')],
    rules: [],
  });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.doesNotMatch(footer(h.frame()), /a always/, `on the Reply row a is text: ${footer(h.frame())}`);
  await h.press('1');
  assert.match(footer(h.frame()), /a always/, 'on an option it is offered');
  await h.press('a');
  assert.match(flat(h.frame()), /Always answer Allow like this\?/);
  assert.match(footer(h.frame()), /scope · y save and send · n back/, footer(h.frame()));
  assert.doesNotMatch(footer(h.frame()), /a always|Enter send/);
});

test('"1 more line", not "1 more lines"', () => {
  const form = requested({
    kind: 'form',
    prompt: 'Form',
    fields: Array.from({ length: 4 }, (_, i) => ({ id: `f${i}`, type: 'string', label: `Field ${i}` })),
    respond_via: ['control'],
  });
  const store = new ConsoleStore();
  store.applyEvent('r', form);
  const fields = store.allRequests()[0].payload.fields!;
  const text = (height: number) =>
    buildFormLines({ fields, draft: initialFormDraft(), width: 60, height, labelsWithheld: false, focused: true }).map(
      (l) => l.map((s) => s.text).join(''),
    );
  const rows = text(5);
  assert.ok(
    rows.some((r) => /↓ 1 more line$/.test(r)) || rows.some((r) => /↓ \d+ more lines$/.test(r)),
    rows.join('\n'),
  );
  assert.ok(!rows.some((r) => /\b1 more lines/.test(r)), rows.join('\n'));
  for (let height = 3; height <= 6; height++)
    assert.ok(!text(height).some((r) => /\b1 more lines/.test(r)), text(height).join('\n'));
  assert.ok(
    [3, 4, 5, 6].some((height) => text(height).some((r) => /\b1 more line$/.test(r))),
    'some height leaves exactly one line below',
  );
});

test('the history view keeps names distinct as the list does, and a hide reads hidden', async (t) => {
  const log = new DecisionLog(join(mkdtempSync(join(tmpdir(), 'aep-console-words-')), 'aep-console'));
  const lines: (DecisionLine | OutcomeLine)[] = [];
  for (const n of [1, 2, 3]) {
    const id = `cmd-${n}`;
    const agent = `claude-code-${n}`;
    const time = new Date(Date.parse('2026-12-01T09:00:00Z') + n * 60_000).toISOString();
    lines.push({
      t: 'decision',
      time,
      relay: 'http://relay.test',
      source: `aep://h/agent/${agent}`,
      agent,
      session: `s${n}`,
      request: `req-${n}`,
      kind: 'permission',
      prompt: 'Run it?',
      action: 'answer',
      sent: { option: 'allow' },
      by: 'you',
      command_id: id,
      capture: 'redacted',
    });
    lines.push({ t: 'outcome', command_id: id, time, state: 'applied', option: 'allow', by: 'aep-console' });
  }
  const store = new ConsoleStore({ now: () => Date.parse('2026-12-01T09:10:00Z') });
  store.applyEvent('http://relay.test', permissionFrom('claude-code-4', 's4', 'Hide me'));
  lines.push(...hideLines(store.allRequests()[0], Date.parse('2026-12-01T09:10:00Z')));
  assert.deepEqual(await log.append(lines), { ok: true });
  const h = await renderApp({ history: { read: () => ({ ...log.read(), file: log.file }) } });
  t.after(h.unmount);
  await h.press('H');
  await h.waitFor((f) => f.includes('newest first'), 'the history');
  const frame = h.frame();
  for (const n of [1, 2, 3, 4]) assert.match(frame, new RegExp(`claude-…-${n} `), frame);
  assert.match(frame, /claude-…-4 +hide +hidden /, frame);
  assert.doesNotMatch(frame, /hide +applied/);
});

test("the demo: one agent's requests can be told apart (no two prompts alike)", () => {
  const raised: RaiseRequest[] = [];
  let seed = 7;
  const stop = startScript({
    name: 'codex-6',
    raise: (r) => {
      raised.push(r);
      return `id-${raised.length}`;
    },
    pendingCount: () => 0,
    rng: () => (seed = (seed * 16807) % 2147483647) / 2147483647,
    timing: { initialBurst: 40 },
  });
  stop();
  assert.equal(raised.length, 40);
  assert.equal(new Set(raised.map((r) => r.prompt)).size, 40, raised.map((r) => r.prompt).join('\n'));
});
