import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permission, requested } from '../support/events.js';
import { KEY, flat, lines, permissionFrom, renderApp } from '../support/ui.js';

/** The Reply row as drawn (highlighted or not). */
const replyRow = (frame: string) => lines(frame).find((l) => /^[▸ ] Reply:/.test(l));

test('opening puts the highlight on the Reply row, options listed above it in request order', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  const rows = lines(h.frame());
  const allow = rows.findIndex((l) => l.includes('Allow  [allow]'));
  const deny = rows.findIndex((l) => l.includes('Deny  [deny]'));
  const reply = rows.findIndex((l) => l.startsWith('▸ Reply:'));
  assert.ok(allow > 0 && deny === allow + 1 && reply === deny + 1, `order: ${allow} ${deny} ${reply}`);
  assert.equal(rows.filter((l) => l.startsWith('▸')).length, 1, 'only the Reply row is highlighted');
});

test('Enter on an empty Reply sends nothing and says why', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /Enter on an empty Reply sends nothing/);
  await h.press(' ', ' ', KEY.enter);
  assert.equal(h.client.sent.length, 0, 'blank text is empty too');
});

test('↑ then Enter sends {option:"deny"} as a metadata-capture command for that request', async (t) => {
  const request = permission();
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up);
  assert.match(h.frame(), /^▸ 2 Deny {2}\[deny\]$/m);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 1);
  const sent = h.client.sent[0];
  assert.deepEqual(sent.data?.answer, { option: 'deny' });
  assert.equal(sent.capture, 'metadata');
  assert.equal(sent.type, 'control.attention.respond');
  assert.equal(sent.subject, request.id);
  assert.equal(sent.session, request.session);
  assert.equal(sent.seq, undefined);
});

test('↑ ↑ Enter sends the first option; k/j move between options when no text is being edited', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, 'k');
  assert.match(h.frame(), /^▸ 1 Allow {2}\[allow\]$/m);
  await h.press('j', 'k', KEY.up);
  assert.match(h.frame(), /^▸ 1 Allow {2}\[allow\]$/m, 'clamped at the first option');
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0].data?.answer, { option: 'allow' });
});

test('typed text is sent as {text} exactly as typed, never rewritten into an option', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'A', 'l', 'l', 'o', 'w');
  assert.match(replyRow(h.frame()) ?? '', /▸ Reply: Allow/);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 1);
  assert.deepEqual(h.client.sent[0].data?.answer, { text: 'Allow' });
  assert.equal(h.client.sent[0].capture, 'redacted');
});

test('a pasted reply keeps its spacing and punctuation', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, '  use staging, not prod!  ', KEY.enter);
  assert.deepEqual(h.client.sent[0].data?.answer, { text: '  use staging, not prod!  ' });
});

test('typing while an option is highlighted goes to the Reply row', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, 'x');
  assert.doesNotMatch(h.frame(), /^▸ 2 Deny/m);
  assert.match(replyRow(h.frame()) ?? '', /^▸ Reply: x/);
  await h.press('y', KEY.enter);
  assert.deepEqual(h.client.sent[0].data?.answer, { text: 'xy' });
});

test('Backspace erases whether the terminal sends 0x7F or 0x08', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'abcd', KEY.backspace);
  assert.match(replyRow(h.frame()) ?? '', /Reply: abc\s*$/);
  await h.press(KEY.ctrlH);
  assert.match(replyRow(h.frame()) ?? '', /Reply: ab\s*$/);
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0].data?.answer, { text: 'ab' });
});

test('q j k ? r / y n typed on the Reply row are text, not commands', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'q', 'j', 'k', '?', 'r', '/', 'y', 'n');
  assert.equal(h.quits(), 0, 'q did not quit');
  assert.doesNotMatch(h.frame(), /any other key closes|Quit\?|\/ filter:/);
  assert.match(replyRow(h.frame()) ?? '', /▸ Reply: qjk\?r\/yn/);
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0].data?.answer, { text: 'qjk?r/yn' });
});

test('drafts: text typed for one request is kept across Esc and restored when it is reopened', async (t) => {
  const h = await renderApp({
    events: [permissionFrom('alpha', 'sa', 'first'), permissionFrom('bravo', 'sb', 'second')],
  });
  t.after(h.unmount);
  await h.press(KEY.enter, 'draft for alpha', KEY.esc);
  assert.match(h.frame(), /Pending \(2\)/);
  await h.press('j', KEY.enter);
  assert.match(h.frame(), /^agent bravo$/m);
  assert.match(replyRow(h.frame()) ?? '', /^▸ Reply:\s*$/, 'the other request has its own empty Reply');
  await h.press('other', KEY.esc, 'k', KEY.enter);
  assert.match(h.frame(), /^agent alpha$/m);
  assert.match(replyRow(h.frame()) ?? '', /▸ Reply: draft for alpha/);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 1);
  assert.deepEqual(h.client.sent[0].data?.answer, { text: 'draft for alpha' });
  assert.equal(h.client.sent[0].subject, h.store.allRequests().find((r) => r.agent === 'alpha')?.id);
});

test('informational request: options shown as information, no Reply row, Enter sends nothing', async (t) => {
  const request = requested({
    kind: 'permission',
    prompt: 'Allow Bash: git push?',
    options: [
      { id: 'yes', label: 'Yes, push' },
      { id: 'no', label: 'No' },
    ],
    respond_via: ['oob'],
  });
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  assert.match(h.frame(), /^▸○ /m, 'the list marks it informational');
  await h.press(KEY.enter);
  const frame = h.frame();
  assert.match(flat(frame), /Options \(for information; the answer belongs to the agent's own UI\):/);
  assert.match(frame, /· Yes, push/);
  assert.match(frame, /· No/);
  assert.match(flat(frame), /informational: the answer belongs to the agent's own UI/);
  assert.doesNotMatch(frame, /Reply:/);
  await h.press(KEY.enter, KEY.up, KEY.enter, 'no', KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /answered in the agent's own UI/);
});

test('roster without a claimant: warning on open, first Enter only warns, second Enter sends', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  h.store.setRoster(h.client.relay, []);
  await h.press(KEY.enter);
  assert.match(h.frame(), /⚠ no agent is connected for this session/);
  await h.press(KEY.up, KEY.enter);
  assert.equal(h.client.sent.length, 0, 'the first Enter sends nothing');
  assert.match(
    flat(h.frame()),
    /No agent is connected for this session right now: .* Enter sends anyway, Esc cancels\./,
  );
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 1);
  assert.deepEqual(h.client.sent[0].data?.answer, { option: 'deny' });
});

test('two agents claim the session: nothing is sent, however often Enter is pressed, and the detail says why', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  h.store.setRoster(h.client.relay, [
    { session: 's1', agent: 'claude-code' },
    { session: 's1', agent: 'claude-code' },
  ]);
  await h.press(KEY.enter);
  assert.match(h.frame(), /⚠ 2 agents claim this session/);
  assert.match(h.frame(), /⚠ No answer can be sent: 2 agents are live in session "s1" on this relay/);
  await h.press('1', KEY.enter, KEY.enter, KEY.enter);
  assert.equal(h.client.sent.length, 0, 'the route is not safe: the ledger refuses, no second Enter overrides it');
  assert.match(h.frame(), /Not sent: another agent shares this session name/);
});

test('roster warning: Esc cancels the confirmation, and a different answer needs its own confirmation', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  // A roster that names no agent for the session: the relay will likely refuse with no-route.
  h.store.setRoster(h.client.relay, [{ session: 'elsewhere', agent: 'codex' }]);
  await h.press(KEY.enter);
  await h.press(KEY.up, KEY.enter);
  assert.match(h.frame(), /Enter sends anyway/);
  await h.press(KEY.esc);
  assert.doesNotMatch(h.frame(), /Enter sends anyway/);
  assert.match(h.frame(), /^▸ 2 Deny/m, 'Esc cancelled the confirmation, not the answer screen');
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 0);
  await h.press(KEY.up, KEY.enter);
  assert.equal(h.client.sent.length, 0, 'switching to Allow asks again');
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0].data?.answer, { option: 'allow' });
});

test('capture metadata: the prompt is marked as synthesized and labels as withheld', async (t) => {
  const request = requested(
    {
      kind: 'permission',
      prompt: 'claude-code requests permission: Bash',
      options: [
        { id: 'allow', label: '1' },
        { id: 'deny', label: '2' },
      ],
      respond_via: ['control'],
    },
    { capture: 'metadata' },
  );
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  const frame = h.frame();
  assert.match(frame, /prompt synthesized by the agent: content withheld at capture metadata/);
  assert.match(frame, /option 1 \(label withheld\)/);
  assert.match(frame, /option 2 \(label withheld\)/);
  await h.press(KEY.up, KEY.enter);
  assert.deepEqual(h.client.sent[0].data?.answer, { option: 'deny' }, 'the id is still sent, losslessly');
});
