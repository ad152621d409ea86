import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { requested } from '../support/events.js';
import { KEY, NOW, permissionFrom, renderApp } from '../support/ui.js';

// --screen-reader: the same App, keys and update; only the view differs.

/** The marks, rules and boxes the full screen draws: none is spoken. */
const DRAWN = /[│┃┏┓┗┛━─┌┐└┘╭╮╰╯▸◆●○✓✗…]/;

const inSeconds = (s: number) => new Date(NOW + s * 1000).toISOString();

function ask(
  agent: string,
  prompt: string,
  extra: { expires?: number; severity?: AepEvent['severity'] } = {},
): AepEvent {
  return permissionFrom(agent, `s-${agent}`, prompt, {
    severity: extra.severity ?? 'notice',
    data: {
      kind: 'permission',
      prompt,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
      ...(extra.expires !== undefined ? { expires_at: inSeconds(extra.expires) } : {}),
    },
  });
}

test('the list is read as sentences: how many wait, and the selected one with its place, kind, severity and time left', async (t) => {
  const h = await renderApp({
    screenReader: true,
    events: [
      ask('codex-5', 'Run rm -rf build/', { expires: 40, severity: 'warning' }),
      ask('claude-1', 'Edit README.md'),
      ask('gemini-2', 'Push to main'),
    ],
  });
  t.after(h.unmount);
  const frame = h.frame();
  assert.doesNotMatch(frame, DRAWN);
  assert.match(frame, /^3 requests waiting for you\.$/m);
  assert.match(frame, /^1 of 3: codex-5 asks permission, warning, 40 seconds left: Run rm -rf build\/$/m);
  await h.press(KEY.down);
  assert.match(h.frame(), /^2 of 3: \S+ asks permission: /m);
  assert.doesNotMatch(h.frame(), /1 of 3/, 'one region at a time: only the selected request');
});

test('a permission: its options numbered, the highlight in words, ↑ Enter sends deny, and the outcome is one appended line', async (t) => {
  const h = await renderApp({ screenReader: true, events: [ask('codex-5', 'Run rm -rf build/')] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^Open request: codex-5 asks permission: Run rm -rf build\/$/m);
  assert.match(h.frame(), /^Options: 1 Allow, 2 Deny\.$/m);
  assert.match(h.frame(), /^Selected: Reply, empty\./m);
  await h.press(KEY.up);
  assert.match(h.frame(), /^Selected: option 2, Deny\. Enter sends it\.$/m);
  assert.doesNotMatch(h.frame(), DRAWN);
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { option: 'deny' });
  assert.match(
    h.frame(),
    /^codex-5: your deny was sent, waiting for the agent to accept it\.$/m,
    "back on the list, the answer's state in words",
  );
  h.store.commandSettled(h.client.sent[0].id, { state: 'accepted' });
  await h.settle();
  // ink-testing-library's frames carry the <Static> log above the region: the line is there once.
  assert.equal(
    h
      .frame()
      .match(/^codex-5, Run rm -rf build\/: your Deny was accepted; the agent has yet to say what it applied\.$/gm)
      ?.length,
    1,
    'the acceptance is said once, naming the request',
  );
  assert.match(h.frame(), /^codex-5: your deny was accepted\.$/m, 'and the region says it too');
});

test('a question: typed words are the reply, read back as typed, and Enter sends them', async (t) => {
  const h = await renderApp({
    screenReader: true,
    events: [
      requested(
        { kind: 'input', prompt: 'Which branch?', options: [], respond_via: ['control'] },
        { agent: 'codex-5' },
      ),
    ],
  });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^Open request: codex-5 asks a question: Which branch\?$/m);
  await h.press('main');
  assert.match(h.frame(), /^Selected: Reply, your text so far: main\. Enter sends it\.$/m);
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { text: 'main' });
});

test('a form is read field by field: its place, label, whether required, its constraint and its current value', async (t) => {
  const fields = [
    { id: 'name', type: 'string', label: 'Service name', required: true },
    { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 10 },
  ];
  const h = await renderApp({
    screenReader: true,
    events: [
      requested(
        { kind: 'form', prompt: 'Configure the deploy', fields, respond_via: ['control'] },
        { agent: 'codex-5' },
      ),
    ],
  });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^Open request: codex-5 asks you to fill in a form: Configure the deploy$/m);
  assert.match(h.frame(), /^Field 1 of 2: Service name, required, text\.$/m);
  assert.match(h.frame(), /^Current value: empty\.$/m);
  await h.press('billing');
  assert.match(h.frame(), /^Current value: billing\.$/m);
  await h.press(KEY.tab);
  assert.match(h.frame(), /^Field 2 of 2: Replicas, optional, 1.10\.$/m);
  assert.doesNotMatch(h.frame(), /Service name/, 'one field at a time');
  await h.press('3', KEY.tab);
  assert.match(h.frame(), /^On Submit\. Enter sends the form\.$/m);
  assert.doesNotMatch(h.frame(), DRAWN);
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { values: { name: 'billing', replicas: 3 } });
});

test('a batch: the marked requests, the options they share numbered, the question, and y sends one command each', async (t) => {
  const h = await renderApp({ screenReader: true, events: [ask('a1', 'docker prune'), ask('a2', 'docker prune')] });
  t.after(h.unmount);
  await h.press('*');
  assert.match(h.frame(), /^2 requests marked for a batch answer\.$/m);
  await h.press('2');
  const frame = h.frame();
  assert.match(frame, /^Batch answer to 2 marked requests, one command each\.$/m);
  assert.match(frame, /^1 of 2: a\d asks permission: docker prune$/m);
  assert.match(frame, /^Options every marked request offers: 1 Allow, 2 Deny\.$/m);
  assert.match(frame, /^Selected: option 2, Deny\. Enter asks before sending it to every marked request\.$/m);
  assert.doesNotMatch(frame, DRAWN);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^Send "Deny" to 2 requests\? y\/n$/m);
  await h.press('y');
  assert.equal(h.client.sent.length, 2);
  assert.deepEqual(
    h.client.sent.map((e) => e.data?.answer),
    [{ option: 'deny' }, { option: 'deny' }],
  );
});

test('help is read as one sentence per key, with the part of the console it works in', async (t) => {
  const h = await renderApp({ screenReader: true, events: [ask('codex-5', 'p')] });
  t.after(h.unmount);
  await h.press('?');
  assert.match(h.frame(), /^Keys\.$/m);
  assert.match(h.frame(), /^In the list, k\/j or Up\/Down: move the selection/m);
  assert.match(h.frame(), /^In the list, 1 to 9: open it with option N highlighted/m);
  assert.match(h.frame(), /^In a form, Tab\/Shift-Tab: next \/ previous field/m);
  assert.match(h.frame(), /^In a form, 1 to 9: in a select field: pick choice N/m);
  assert.match(h.frame(), /^Anywhere, also while you type, Ctrl-L: redraw/m);
  assert.doesNotMatch(h.frame(), /In anywhere|In list:|In open:/, 'each place said as a sentence says it');
});

test('a new request is one appended line, and the region then counts it', async (t) => {
  const h = await renderApp({ screenReader: true, events: [ask('codex-5', 'first')] });
  t.after(h.unmount);
  await h.apply(ask('claude-1', 'second'));
  assert.match(h.frame(), /^New request from claude-1: it asks permission: second$/m);
  assert.match(h.frame(), /^2 requests waiting for you\.$/m);
  assert.equal(h.writes.filter((w) => w.includes('\u0007')).length, 1, 'the bell still rings');
});

test("a on an option: the rule's scopes as numbered sentences, the one picked named; n sends nothing", async (t) => {
  const h = await renderApp({ screenReader: true, events: [ask('codex-5', 'Run npm test')] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, KEY.up, 'a');
  assert.match(h.frame(), /^Always answer Allow like this\?$/m);
  assert.match(h.frame(), /^2 this session; matches 1 open now; this console, ends with it$/m);
  assert.match(h.frame(), /^Selected: \d\.$/m);
  assert.doesNotMatch(h.frame(), DRAWN);
  await h.press('n');
  assert.match(h.frame(), /^Options: 1 Allow, 2 Deny\.$/m);
  assert.equal(h.client.sent.length, 0);
});
