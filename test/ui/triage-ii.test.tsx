import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { requested } from '../support/events.js';
import {
  KEY,
  NOW,
  answered,
  lines,
  manyRequests,
  permissionFrom,
  renderApp,
  resolved,
  selectedRow,
  timedOut,
  type Harness,
} from '../support/ui.js';
import { cutName } from '../../src/ui/words/agent-name.js';
import type { RequestRecord } from '../../src/store/types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsoleStore } from '../../src/store/store.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { hiddenKeys, recordHide, recordSnooze, recordUnhide } from '../../src/cli/history.js';

// Triage II: names that stay distinct,
// the request id shown and copied, who answered, where the selection lands,
// requests hidden with d, and Ctrl-D / Ctrl-U.

const rowOf = (h: Harness, text: string) => lines(h.frame()).find((l) => l.includes(text));

const allowDeny = (agent: string, prompt: string) => permissionFrom(agent, `s-${agent}`, prompt);

function formOf(agent: string, fields = 1): AepEvent {
  const list = Array.from({ length: fields }, (_, i) => ({ id: `f${i}`, type: 'string', label: `Field ${i}` }));
  return requested(
    { kind: 'form', prompt: `Configure ${agent}`, fields: list, respond_via: ['control'] },
    { agent, session: `s-${agent}`, source: `aep://h/agent/${agent}` },
  );
}

test('names cut in the list keep the end that differs; the detail shows the name whole', async (t) => {
  const size = { columns: 100, rows: 30 };
  const h = await renderApp({
    size,
    stdout: size,
    events: ['10', '11', '12'].map((n) => allowDeny(`gemini-cli-long-${n}`, `prompt ${n}`)),
  });
  t.after(h.unmount);
  const rows = ['10', '11', '12'].map((n) => rowOf(h, `prompt ${n}`) ?? '');
  for (const [i, n] of ['10', '11', '12'].entries())
    assert.match(rows[i], new RegExp(`gemini-…-${n} `), `row ${n} keeps its distinct end:\n${h.frame()}`);
  assert.match(h.frame(), /agent gemini-cli-long-1\d/, 'the detail names the agent whole');
  assert.equal(cutName('gemini-cli-10', 12), 'gemini-…-10');
  assert.equal(cutName('gemini-cli-10', 13), 'gemini-cli-10', 'a name that fits is never cut');
  assert.equal(cutName('claude-code-reviewer-3', 14), 'claude-code…-3');
  assert.equal(cutName('gemini-cli-10', 12, '~'), 'gemini-~-10', 'the ASCII fallback');
});

test('the detail shows the request id; y copies it (OSC 52) and the footer says so', async (t) => {
  const request = allowDeny('codex', 'git push');
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(h.frame(), new RegExp(`request ${request.id} · y copies`));
  await h.press(KEY.up, 'y');
  const osc = `\u001b]52;c;${Buffer.from(request.id).toString('base64')}\u0007`;
  const copies = () => h.writes.filter((w) => w.startsWith('\u001b]52;'));
  assert.deepEqual(copies(), [osc], 'OSC 52 with the id written');
  assert.match(h.frame(), new RegExp(`copied ${request.id}`));
  assert.equal(h.client.sent.length, 0, 'y on an option is no answer');
  // On the Reply row, y is text.
  await h.press(KEY.down, KEY.down, 'y');
  assert.equal(copies().length, 1, 'typed on the Reply row, y is text');
  await h.press(KEY.esc, KEY.esc);
});

test('in browse y copies the selected id; inside tmux the passthrough form goes too', async (t) => {
  const request = allowDeny('codex', 'git push');
  const h = await renderApp({ events: [request], env: { TMUX: '/tmp/tmux-1/default,1,0' } });
  t.after(h.unmount);
  await h.press('y');
  const osc = `\u001b]52;c;${Buffer.from(request.id).toString('base64')}\u0007`;
  const passthrough = `\u001bPtmux;${osc.replaceAll('\u001b', '\u001b\u001b')}\u001b\\`;
  assert.equal(h.writes.filter((w) => w.includes(']52;')).join(''), osc + passthrough);
  assert.match(h.frame(), new RegExp(`^copied ${request.id}`, 'm'));
});

test('Recent rows say who answered, how many form values, and how long a timeout waited', async (t) => {
  const mine = allowDeny('alpha', 'mine');
  const theirs = allowDeny('bravo', 'theirs');
  const late = allowDeny('charlie', 'late');
  const form = formOf('delta', 3);
  const h = await renderApp({
    size: { columns: 120, rows: 24 },
    stdout: { columns: 120, rows: 24 },
    events: [mine, theirs, late, form],
  });
  t.after(h.unmount);
  const selectRow = async (text: string) => {
    for (let i = 0; i < 6 && !selectedRow(h.frame())?.includes(text); i++) await h.press('j');
  };
  await selectRow('mine');
  await h.press('1', KEY.enter);
  const mineCommand = h.client.sent[0].id;
  h.store.commandSettled(mineCommand, { state: 'accepted' });
  await h.apply([answered(mine, { option: 'allow' }, { by: 'aep-console@test-host' }, mineCommand), resolved(mine)]);
  await h.apply([answered(theirs, { option: 'deny' }, { by: 'other-op' }), resolved(theirs)]);
  await h.apply(timedOut(late, 300_000));
  await h.press('g');
  await selectRow('Configure delta');
  await h.press(KEY.enter, 'a', KEY.tab, 'b', KEY.tab, 'c', KEY.tab, KEY.enter);
  const formCommand = h.client.sent[1]?.id;
  assert.ok(formCommand, `the form was sent:\n${h.frame()}`);
  h.store.commandSettled(formCommand, { state: 'accepted' });
  await h.apply([answered(form, { values: { f0: 'a', f1: 'b', f2: 'c' } }, {}, formCommand), resolved(form)]);
  assert.match(rowOf(h, 'mine') ?? '', /✓ allow · you /);
  assert.match(rowOf(h, 'theirs') ?? '', /✓ deny · other-op /);
  assert.match(rowOf(h, 'late') ?? '', /⏱ timed out after 5m /);
  assert.match(rowOf(h, ' note delta ') ?? '', /✓ form · 3 values · you /, h.frame());
});

test('ASCII: a timed-out row reads in words alone', async (t) => {
  const late = allowDeny('charlie', 'late');
  const h = await renderApp({ events: [late], env: { LANG: 'C' } });
  t.after(h.unmount);
  await h.apply(timedOut(late, 300_000));
  const row = rowOf(h, 'late') ?? '';
  assert.match(row, / timed out after 5m /);
  assert.doesNotMatch(row, /⏱/);
});

test('after a form is sent the selection goes to the next open request, forms included', async (t) => {
  const h = await renderApp({ events: [formOf('alpha'), formOf('bravo'), formOf('charlie')] });
  t.after(h.unmount);
  const first = selectedRow(h.frame()) ?? '';
  await h.press(KEY.enter, 'x', KEY.tab, KEY.enter);
  assert.equal(h.client.sent.length, 1, `sent:\n${h.frame()}`);
  const now = selectedRow(h.frame()) ?? '';
  assert.notEqual(now, first);
  assert.match(now, /\[form\] Configure/, 'the next form takes the selection');
});

test('after a batch the selection stays on the row that was selected while it is still open', async (t) => {
  const h = await renderApp({ events: manyRequests(5) });
  t.after(h.unmount);
  await h.press(KEY.space, KEY.space, KEY.space, 'k');
  const agentOf = (row: string | undefined) => /agent-\d\d/.exec(row ?? '')?.[0];
  const before = agentOf(selectedRow(h.frame()));
  assert.equal(before, 'agent-02');
  await h.press('2', KEY.enter, 'y');
  assert.equal(h.client.sent.length, 3);
  assert.equal(agentOf(selectedRow(h.frame())), before, `stays on the row it was on:\n${h.frame()}`);
});

test('Esc from a request that closed while open lands on the nearest open request in Pending', async (t) => {
  const events = [allowDeny('alpha', 'one'), allowDeny('bravo', 'two'), allowDeny('charlie', 'three')];
  const h = await renderApp({ events });
  t.after(h.unmount);
  await h.press('j');
  const open = selectedRow(h.frame()) ?? '';
  const closing = events.find((e) => open.includes(String(e.agent)))!;
  await h.press(KEY.enter);
  await h.apply(timedOut(closing));
  await h.press(KEY.esc);
  const now = selectedRow(h.frame()) ?? '';
  assert.ok(!now.includes(String(closing.agent)), `not on the closed one:\n${h.frame()}`);
  const pendingRows = lines(h.frame()).slice(
    lines(h.frame()).findIndex((l) => l.startsWith('Pending')) + 1,
    lines(h.frame()).findIndex((l) => l.startsWith('Recent')),
  );
  assert.ok(
    pendingRows.some((l) => l.startsWith('▸')),
    `the selection is in Pending:\n${h.frame()}`,
  );
});

test('a new filter puts the selection on its first match', async (t) => {
  const h = await renderApp({ events: manyRequests(6) });
  t.after(h.unmount);
  await h.press('G');
  await h.press('/', 'p', 'r', 'o', 'm', 'p', 't', KEY.enter);
  const rows = lines(h.frame()).filter((l) => /prompt number/.test(l));
  assert.ok(rows[0].startsWith('▸'), `the first match is selected:\n${h.frame()}`);
});

test('Ctrl-D / Ctrl-U move half a page in the list, and are in the README Keys table', async (t) => {
  const h = await renderApp({ events: manyRequests(40) });
  t.after(h.unmount);
  const at = () => Number(/prompt number (\d+)/.exec(selectedRow(h.frame()) ?? '')?.[1]);
  const start = at();
  await h.press('\u0004');
  const down = at();
  assert.notEqual(down, start);
  await h.press('\u0004', '\u0015');
  assert.equal(at(), down, 'Ctrl-U goes back what Ctrl-D went');
  await h.press('\u0015');
  assert.equal(at(), start);
  await h.press(KEY.pageDown);
  const page = at();
  await h.press('g', '\u0004', '\u0004');
  assert.ok(Math.abs(at() - page) <= 1 && at() > start, `two half pages are a page (${at()} vs ${page})`);
});

test('d hides a request after y/n: not listed, not counted, recorded in the history', async (t) => {
  const hidden: RequestRecord[] = [];
  const h = await renderApp({
    events: [allowDeny('alpha', 'one'), allowDeny('bravo', 'two')],
    history: {
      read: () => ({ decisions: [], skipped: 0, torn: false, problems: [] }),
      hide: (record) => hidden.push(record),
    },
  });
  t.after(h.unmount);
  const target = selectedRow(h.frame()) ?? '';
  await h.press('d');
  assert.match(h.frame(), /^Hide this request from this console\? y hides · any other key keeps it · /m);
  await h.press('n');
  assert.match(h.frame(), /Pending \(2\)/);
  assert.equal(hidden.length, 0);
  await h.press('d', 'y');
  assert.match(h.frame(), /Pending \(1\)/);
  assert.match(h.frame(), / 1 pending /, 'the status line no longer counts it');
  assert.equal(hidden.length, 1);
  assert.ok(target.includes(hidden[0].agent), 'the request selected when d was pressed');
  assert.ok(!h.frame().includes(target.slice(2, 30)), 'no longer listed');
});

test('the resume question says n keeps the session paused', async (t) => {
  const request = allowDeny('alpha', 'one');
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press('p', 'y');
  const pausedBy = h.client.sent.at(-1)!;
  await h.apply({
    ...pausedBy,
    id: 'ACK1',
    type: 'control.accepted',
    cause: pausedBy.id,
    source: request.source,
    agent: request.agent,
    data: {},
  } as AepEvent);
  await h.press('p');
  const frame = h.frame();
  if (/Resume/.test(frame)) assert.match(frame, /n\/Esc keeps it paused/);
  else assert.match(frame, /n\/Esc keeps it running/, `a pause question:\n${frame}`);
});

const deployForm = () =>
  requested({
    kind: 'form',
    prompt: 'Configure the new service deployment',
    respond_via: ['control'],
    fields: [
      { id: 'name', type: 'string', label: 'Service name', required: true },
      { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 10 },
      { id: 'staged', type: 'boolean', label: 'Staged rollout' },
      {
        id: 'db',
        type: 'select',
        label: 'Database',
        required: true,
        other: true,
        choices: [
          { id: '1', label: 'PostgreSQL' },
          { id: '2', label: 'SQLite' },
        ],
      },
      {
        id: 'regions',
        type: 'select',
        multi: true,
        label: 'Regions',
        choices: [
          { id: 'eu', label: 'Europe West' },
          { id: 'us', label: 'US East' },
        ],
      },
    ],
  });

test('60x15: an open form gives its fields the room, the provenance shrinks first', async (t) => {
  const size = { columns: 60, rows: 15 };
  const h = await renderApp({ events: [deployForm()], size, stdout: size });
  t.after(h.unmount);
  await h.press(KEY.enter);
  const frame = h.frame();
  for (const label of ['Service name', 'Replicas', 'Staged rollout', 'Database', 'Regions', '[ Submit ]'])
    assert.ok(frame.includes(label), `${label} shows:\n${frame}`);
  assert.ok(lines(frame).length <= 15);
});

test('100x30: the summary before Submit shows the values chosen (the constraint yields first)', async (t) => {
  const size = { columns: 100, rows: 30 };
  const h = await renderApp({ events: [deployForm()], size, stdout: size });
  t.after(h.unmount);
  await h.press(
    KEY.enter,
    'billing',
    KEY.tab,
    '3',
    KEY.tab,
    KEY.space,
    KEY.tab,
    KEY.down,
    KEY.down,
    'Whatever db',
    KEY.enter,
    KEY.space,
    KEY.tab,
  );
  assert.match(h.frame(), /Database\*: "Whatever db" \(other\)/);
  assert.match(h.frame(), /Regions \(pick any\): Europe West/);
});

test('a number out of range: typing and Submit say it in one wording, and Enter refuses it like Submit', async (t) => {
  const h = await renderApp({ events: [deployForm()], size: { columns: 80, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter, 'billing', KEY.tab, '42');
  assert.match(h.frame(), /✗ must be at most 10/);
  await h.press(KEY.enter);
  assert.match(
    lines(h.frame()).find((l) => l.startsWith('▸')) ?? '',
    /^▸ Replicas/,
    `Enter keeps the focus on the field:\n${h.frame()}`,
  );
  assert.match(h.frame(), /✗ must be at most 10/);
  await h.press(KEY.backspace, KEY.backspace, '3', KEY.enter);
  assert.match(lines(h.frame()).find((l) => l.startsWith('▸')) ?? '', /^▸ Staged rollout/);
});

test('a hide is a decision in the history, and what earlier runs hid stays hidden', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-hide-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const log = new DecisionLog(dir);
  const events = [allowDeny('alpha', 'one'), allowDeny('bravo', 'two')];
  const first = await renderApp({ events });
  const record = first.store.allRequests().find((r) => r.agent === 'alpha')!;
  first.unmount();
  const recorder = new DecisionRecorder(first.store, log);
  recordHide(recorder, () => NOW)(record);
  await recorder.stop();
  const decisions = log.read().decisions;
  assert.equal(decisions.length, 1);
  assert.equal(decisions[0].action, 'hide');
  assert.equal(decisions[0].request, record.id);
  assert.deepEqual([...(await hiddenKeys(log)())], [record.key]);
  const readHidden = hiddenKeys(log);
  let reading: Promise<ReadonlySet<string>> | undefined;
  const again = await renderApp({
    events,
    history: { read: () => ({ ...log.read() }), hidden: () => (reading = readHidden()) },
  });
  t.after(again.unmount);
  // Read off the key path, after the first frame: the list loses the row once the read is in.
  assert.ok(reading, 'the read started with the console');
  await reading;
  await again.waitFor((f) => /Pending \(1\)/.test(f), 'the hidden request gone');
  assert.ok(!again.frame().includes(' alpha '), 'the request hidden before is not listed');
});

test('an agent gone from the roster 60 s: its request moves to "No agent connected", not counted as waiting; back, it returns', async (t) => {
  let clock = NOW;
  const store = new ConsoleStore({ now: () => clock });
  const gone = permissionFrom('gemini-cli-7', 's-gone', 'Permission requested: Bash — make deploy');
  const here = permissionFrom('codex-2', 's-here', 'Permission requested: Bash — ls');
  const h = await renderApp({ store, clock: () => clock, events: [gone, here] });
  t.after(h.unmount);
  await h.apply([]);
  store.setRoster(h.client.relay, [{ session: 's-gone' }, { session: 's-here' }] as never);
  clock += 5_000;
  store.setRoster(h.client.relay, [{ session: 's-here' }] as never);
  await h.settle();
  assert.match(h.frame(), /Pending \(2\)/, 'under a minute: still waiting');
  clock += 59_000;
  store.setRoster(h.client.relay, [{ session: 's-here' }] as never);
  await h.settle();
  assert.match(h.frame(), /Pending \(2\)/, '59 s is not yet a minute');
  clock += 2_000;
  store.setRoster(h.client.relay, [{ session: 's-here' }] as never);
  await h.settle();
  let frame = h.frame();
  assert.match(frame, /Pending \(1\)/);
  assert.match(frame, /^No agent connected \(1\) · answerable if the agent comes back$/m);
  assert.match(frame, / 1 pending · 1 no agent · 0 recent/);
  const at = (text: string) => lines(frame).findIndex((l) => l.includes(text));
  assert.ok(
    at('make deploy') > at('No agent connected') && at('No agent connected') > at('Bash — ls'),
    `below Pending:\n${frame}`,
  );
  // Still answerable: opening it offers the options.
  await h.press('G', KEY.enter);
  assert.match(h.frame(), /Allow {2}\[allow\]/);
  await h.press(KEY.esc);
  store.setRoster(h.client.relay, [{ session: 's-here' }, { session: 's-gone' }] as never);
  await h.settle();
  frame = h.frame();
  assert.match(frame, /Pending \(2\)/);
  assert.doesNotMatch(frame, /No agent connected/);
});

test('with only requests of gone agents, the empty state says nothing waits on you', async (t) => {
  let clock = NOW;
  const store = new ConsoleStore({ now: () => clock });
  const h = await renderApp({
    store,
    clock: () => clock,
    events: [permissionFrom('gemini-cli-7', 's-gone', 'make deploy')],
  });
  t.after(h.unmount);
  store.setRoster(h.client.relay, []);
  clock += 61_000;
  store.setRoster(h.client.relay, []);
  await h.settle();
  assert.match(h.frame(), /Pending \(0\)/);
  assert.match(h.frame(), /No agent connected \(1\)/);
  assert.match(h.frame(), / 0 pending · 1 no agent /);
});

test('z and an undone hide are recorded; a hide undone (Z) is not hidden at the next start', async () => {
  const log = new DecisionLog(mkdtempSync(join(tmpdir(), 'aep-console-unhide-')));
  const store = new ConsoleStore();
  store.applyEvent('http://relay.test', allowDeny('alpha', 'Drop the table?'));
  const record = store.allRequests()[0];
  const recorder = new DecisionRecorder(store, log);
  recordHide(recorder, () => NOW)(record);
  recordSnooze(recorder, () => NOW + 1)(record, NOW + 600_001);
  await recorder.stop();
  assert.deepEqual([...(await hiddenKeys(log)())], [record.key], 'hidden');
  const later = new DecisionRecorder(store, log);
  recordUnhide(later, () => NOW + 2)(record);
  await later.stop();
  const actions = log.read().decisions.map((d) => `${d.action} ${JSON.stringify(d.sent)}`);
  assert.deepEqual(actions, ['hide {}', `snooze {"until":"${new Date(NOW + 600_001).toISOString()}"}`, 'unhide {}']);
  assert.deepEqual([...(await hiddenKeys(log)())], [], 'shown again: not hidden at the next start');
});
