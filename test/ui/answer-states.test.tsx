import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permission } from '../support/events.js';
import {
  KEY,
  answered,
  flat,
  foreignRespond,
  lines,
  permissionFrom,
  renderApp,
  resolved,
  sessionEnded,
  timedOut,
  type Harness,
} from '../support/ui.js';

/** Opens the selected request, answers it, and (once back on the list, the row saying "sent") opens it again to follow its state. */
async function openAndSend(h: Harness, ...keys: string[]): Promise<string> {
  await h.press(KEY.enter, ...keys, KEY.enter);
  assert.equal(h.client.sent.length, 1, 'one command sent');
  assert.match(h.frame(), /^▸● .* sent /m, 'back on the list, the row says sent');
  await h.press(KEY.enter);
  return h.client.sent[0].id;
}

const replyRow = (frame: string) => lines(frame).find((l) => /^[▸ ] Reply:/.test(l));

test('sending → accepted → the outcome the agent recorded (a text answer applied as deny)', async (t) => {
  const request = permission();
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  const id = await openAndSend(h, 'use staging');
  assert.match(h.frame(), /… sending/);
  assert.match(flat(h.frame()), /you sent text: "use staging"/);
  assert.doesNotMatch(h.frame(), /^▸/m, 'controls are locked while sending');

  h.store.commandSettled(id, { state: 'accepted' });
  await h.settle();
  assert.match(h.frame(), /✓ accepted, waiting for the agent/);

  await h.apply(answered(request, { option: 'deny', text: 'use staging' }, { by: 'aep-console' }, id));
  assert.match(
    flat(h.frame()),
    /answered by you via control: Deny \[deny\] \(your text: "use staging"\) · waiting for the agent to resolve/,
  );
  assert.doesNotMatch(h.frame(), /accepted, waiting/, 'the outcome replaces the ack');

  await h.apply(resolved(request, { resolution: 'answered', latency_ms: 4000 }));
  const frame = h.frame();
  assert.match(flat(frame), /answered by you via control: Deny \[deny\] \(your text: "use staging"\) · after 4s/);
  assert.match(frame, /^✓ permission · resolved/m);
  assert.doesNotMatch(frame, /Reply:/, 'a resolved request has no controls');
  await h.press(KEY.up, KEY.enter, 'x', KEY.enter);
  assert.equal(h.client.sent.length, 1, 'nothing more is sent');
});

test('rejected: reason and detail shown, the reply text still there to fix and resend', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  const id = await openAndSend(h, 'use staging');
  h.store.commandSettled(id, { state: 'rejected', reason: 'invalid', detail: 'say allow or deny' });
  await h.settle();
  assert.match(flat(h.frame()), /✗ rejected: invalid say allow or deny — fix it and send again/);
  assert.match(replyRow(h.frame()) ?? '', /^▸ Reply: use staging/);
  await h.press(
    KEY.backspace,
    KEY.backspace,
    KEY.backspace,
    KEY.backspace,
    KEY.backspace,
    KEY.backspace,
    KEY.backspace,
    'deny',
    KEY.enter,
  );
  assert.equal(h.client.sent.length, 2);
  assert.deepEqual(h.client.sent[1].data?.answer, { text: 'use deny' });
  assert.notEqual(h.client.sent[1].id, id, 'a corrected answer is a new command');
});

test('ack timeout: says how long it waited, r resends the same command id', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, KEY.enter, KEY.enter);
  const id = h.client.sent[0].id;
  await h.press('r');
  assert.deepEqual(h.client.resent, [], 'r does nothing while the command is still in its ack window');
  h.store.commandSettled(id, { state: 'timeout' });
  await h.settle();
  assert.match(flat(h.frame()), /⊘ no answer from the agent in 10s — press r to resend the same command/);
  assert.match(h.frame(), /r resend \(same id\)/);
  await h.press('r');
  assert.deepEqual(h.client.resent, [id]);
  assert.equal(h.client.sent.length, 1, 'no new command');
  assert.match(h.frame(), /… sending \(retry 1 of 2, same id\)/);
});

for (const [code, text] of [
  ['no-route', 'no route to session'],
  ['ambiguous', 'two agents claim this session'],
  ['unauthorized', 'relay refuses control: no token'],
] as const) {
  test(`relay refusal ${code} shows "${text}"`, async (t) => {
    const h = await renderApp({ events: [permission()] });
    t.after(h.unmount);
    await h.press(KEY.enter, KEY.up, KEY.enter, KEY.enter);
    h.store.commandSettled(h.client.sent[0].id, { state: 'refused-by-relay', code, detail: 'relay says so' });
    await h.settle();
    assert.match(flat(h.frame()), new RegExp(`✗ ${text}.*\\(relay says so\\)`));
  });
}

test('answered by another console while open: controls lock, the screen says who and how, keys send nothing', async (t) => {
  const request = permission();
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'half-typed');
  const theirs = foreignRespond(request, { option: 'allow' });
  await h.apply([theirs, answered(request, { option: 'allow' }, { by: 'other-console' }, theirs.id)]);
  assert.match(
    flat(h.frame()),
    /answered by other-console via control: Allow \[allow\] · waiting for the agent to resolve/,
  );
  assert.doesNotMatch(h.frame(), /^▸/m, 'no control is highlighted');
  await h.press(KEY.up, KEY.enter, 'x', KEY.enter, KEY.down, KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /Already answered/);
  assert.match(h.frame(), /Esc back to the list/);

  await h.apply(resolved(request));
  const frame = h.frame();
  assert.match(flat(frame), /answered by other-console via control: Allow \[allow\]/);
  assert.doesNotMatch(frame, /Reply:|\[deny\]/, 'controls are gone once resolved');
  await h.press(KEY.enter, 'y', KEY.enter);
  assert.equal(h.client.sent.length, 0);
});

test('who answered falls back to the sender of the command the agent names as cause', async (t) => {
  const request = permission();
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  const theirs = foreignRespond(request, { option: 'deny' }, 'phone-sink');
  await h.apply([theirs, answered(request, { option: 'deny' }, {}, theirs.id), resolved(request)]);
  assert.match(flat(h.frame()), /answered by phone-sink via control: Deny \[deny\]/);
});

test('timed out while open: locked, says it timed out and how long the agent waited', async (t) => {
  const request = permission();
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'too late');
  await h.apply(timedOut(request, 30_000));
  const frame = h.frame();
  assert.match(flat(frame), /timed out: the agent stopped waiting after 30s with no answer/);
  assert.match(frame, /^⊘ permission · timeout/m);
  assert.doesNotMatch(frame, /Reply:/);
  await h.press(KEY.enter, KEY.up, KEY.enter, KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /This request is closed/);
  await h.press(KEY.esc);
  assert.match(h.frame(), /^Recent \(1\)$/m);
  assert.match(h.frame(), /^▸⊘ /m);
});

test('stale (session ended) while open: locked and says so', async (t) => {
  const request = permission();
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up);
  await h.apply(sessionEnded(request));
  assert.match(flat(h.frame()), /stale: the session ended before this request was answered/);
  assert.doesNotMatch(h.frame(), /Reply:/);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 0);
});

test('an open request is pinned: a list reordering underneath never redirects the answer', async (t) => {
  const bravo = permissionFrom('bravo', 'sb', 'bravo prompt');
  const h = await renderApp({ events: [permissionFrom('alpha', 'sa', 'alpha prompt'), bravo] });
  t.after(h.unmount);
  await h.press('j', KEY.enter, KEY.up);
  await h.apply([
    permissionFrom('charlie', 'sc', 'urgent', { severity: 'critical' }),
    permissionFrom('delta', 'sd', 'urgent', { severity: 'critical' }),
  ]);
  assert.match(h.frame(), /^agent bravo$/m);
  await h.press(KEY.enter);
  assert.equal(h.client.sent[0].subject, bravo.id);
  assert.equal(h.client.sent[0].session, 'sb');
});
