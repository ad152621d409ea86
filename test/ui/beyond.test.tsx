// Beyond answering: the cause beside the request, the session
// timeline, cancel the run / session, pause and resume; driven by keys on
// the real App with a fake relay handle that records commands and serves reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { event, permission } from '../support/events.js';
import { KEY, RELAY, lines, renderApp } from '../support/ui.js';

const SOURCE = 'aep://host-a/agent/claude-code/session/s1';

function toolCall(capture: 'metadata' | 'redacted', args?: Record<string, unknown>) {
  const data: Record<string, unknown> = { tool: { name: 'Bash', call_id: 't_1' }, args_digest: 'b4e8d3c2' };
  if (args) data.args_redacted = args;
  return event({ type: 'tool.requested', subject: 'Bash', run: 'r_1', capture, data });
}

async function withCause(capture: 'metadata' | 'redacted', args?: Record<string, unknown>) {
  const tool = toolCall(capture, args);
  const request = permission('Permission requested: Bash — terraform apply', { run: 'r_1', cause: tool.id });
  const h = await renderApp({ events: [request], relayEvents: [tool, request] });
  return { h, tool, request };
}

test('x asks "Cancel run R of AGENT (session S)? y/n"; n keeps it running and sends nothing', async (t) => {
  const { h } = await withCause('redacted', { command: 'terraform apply' });
  t.after(h.unmount);
  await h.press('x');
  assert.match(h.frame(), /Cancel run r_1 of claude-code \(session s1\)\? y\/n/);
  await h.press('n');
  assert.match(h.frame(), /Nothing sent: it keeps running\./);
  assert.equal(h.client.controls.length, 0);
  await h.press('x', KEY.esc);
  assert.equal(h.client.controls.length, 0, 'Esc keeps it running too');
  await h.press('x', 'y');
  assert.deepEqual(
    h.client.controls.map((c) => c.request),
    [{ verb: 'cancel', scope: 'run' }],
  );
  assert.equal(h.client.sent[0].type, 'control.cancel');
  assert.equal(h.client.sent[0].run, 'r_1');
  assert.equal(h.client.sent[0].capture, 'metadata', 'no reason: nothing redacted');
  assert.match(h.frame(), /cancel sent/, 'the row says the cancel is in flight');
});

test('Tab types a one-line reason first (y and n are text there); Enter sends it; X cancels the session', async (t) => {
  const { h } = await withCause('redacted', { command: 'terraform apply' });
  t.after(h.unmount);
  await h.press('X');
  assert.match(h.frame(), /Cancel session s1 of claude-code \(every run\)\? y\/n/);
  await h.press(KEY.tab, 'why not yes');
  assert.match(h.frame(), /Reason: why not yes/);
  assert.equal(h.client.controls.length, 0, 'y and n inside the reason are text');
  await h.press(KEY.enter);
  assert.deepEqual(
    h.client.controls.map((c) => c.request),
    [{ verb: 'cancel', scope: 'session', reason: 'why not yes' }],
  );
  assert.equal(h.client.sent[0].capture, 'redacted', 'operator text declares redacted');
  assert.deepEqual(h.client.sent[0].data, { scope: 'session', reason: 'why not yes' });
});

test('an agent that does not accept cancel is said so plainly, and nothing is asked or sent', async (t) => {
  const { h } = await withCause('redacted', { command: 'terraform apply' });
  t.after(h.unmount);
  h.store.setRoster(RELAY, [
    { session: 's1', agent: 'claude-code', control: { accepts: ['control.attention.respond'] } },
  ]);
  await h.settle();
  await h.press('x');
  assert.match(h.frame(), /claude-code does not accept cancel \(not in its control\.accepts\): nothing sent\./);
  assert.doesNotMatch(h.frame(), /y\/n/);
  await h.press('p');
  assert.match(h.frame(), /does not accept pause/);
  assert.equal(h.client.controls.length, 0);
});

test("p pauses, then resumes once the agent reported the pause; the outcome shows on the session's rows", async (t) => {
  const { h } = await withCause('redacted', { command: 'terraform apply' });
  t.after(h.unmount);
  await h.press('p');
  assert.match(h.frame(), /Pause session s1 of claude-code\? y\/n/);
  await h.press('y');
  const pause = h.client.sent[0];
  assert.equal(pause.type, 'control.pause');
  // (The fake handle has no sender: settled here as the real one does on the ack.)
  h.store.commandSettled(pause.id, { state: 'accepted' });
  await h.apply([
    event({ type: 'control.accepted', cause: pause.id, source: SOURCE }),
    event({ type: 'progress.status', cause: pause.id, source: SOURCE, run: 'r_1', data: { phase: 'paused' } }),
  ]);
  assert.match(h.frame(), /paused/);
  await h.press('p');
  assert.match(h.frame(), /Resume session s1 of claude-code\? y\/n/);
});

test('the run cancelled and its dismissed request show inline on the row', async (t) => {
  const { h, request } = await withCause('redacted', { command: 'terraform apply' });
  t.after(h.unmount);
  await h.press('x', 'y');
  const cancel = h.client.sent[0];
  h.store.commandSettled(cancel.id, { state: 'accepted' });
  await h.apply([
    event({ type: 'control.accepted', cause: cancel.id, source: SOURCE }),
    event({
      type: 'attention.resolved',
      subject: request.id,
      cause: cancel.id,
      source: SOURCE,
      data: { resolution: 'dismissed' },
    }),
    event({ type: 'run.cancelled', run: 'r_1', cause: cancel.id, source: SOURCE, data: { by: 'control' } }),
  ]);
  assert.match(h.frame(), /run cancelled/);
  await h.press(KEY.enter);
  assert.match(h.frame(), /Control: your cancel: accepted · run r_1 cancelled/);
});

test('the cause at capture metadata: the tool is named, its arguments are said to be withheld', async (t) => {
  const { h, tool } = await withCause('metadata');
  t.after(h.unmount);
  await h.press(KEY.enter);
  await h.waitFor((f) => /Cause: tool\.requested Bash/.test(f), 'the cause');
  assert.match(h.frame(), /arguments withheld \(capture metadata; only their digest is sent\)/);
  // Read for its row before it was opened (row-causes.ts): the detail shows what that read found.
  assert.deepEqual(
    h.client.fetches,
    [{ id: [tool.id], source: [tool.source], session: ['s1'] }],
    'one read, by id, source and session',
  );
  await h.press(KEY.esc, KEY.enter);
  assert.equal(h.client.fetches.length, 1, 'cached: not read again');
});

test('the cause with its arguments, sanitized; an absent and an unreachable cause each say so in one line', async (t) => {
  const { h } = await withCause('redacted', { command: 'terraform apply \u001b]0;pwned\u0007-auto-approve' });
  t.after(h.unmount);
  await h.press(KEY.enter);
  await h.waitFor((f) => /│ command: terraform apply/.test(f), 'the arguments');
  assert.doesNotMatch(h.rawFrame(), /\u001b\]0;/, 'no escape sequence reaches the terminal');
  const gone = await renderApp({ events: [permission('p2', { cause: 'EVGONE' })] });
  t.after(gone.unmount);
  await gone.press(KEY.enter);
  await gone.waitFor((f) => /Cause: EVGONE is not held by the relay/.test(f), 'absent');
  const down = await renderApp({ events: [permission('p3', { cause: 'EVX' })] });
  t.after(down.unmount);
  down.client.history = 'could not connect: ECONNREFUSED';
  await down.press(KEY.enter);
  await down.waitFor((f) => /Cause: could not be read: could not connect: ECONNREFUSED\./.test(f), 'unreachable');
});

test('t shows the session timeline at 80x24: in order, the cause tree indented, windowed; Esc back', async (t) => {
  const run = event({ type: 'run.started', run: 'r_1' });
  const history = [run];
  for (let i = 0; i < 30; i++)
    history.push(event({ type: 'message.agent.delta', run: 'r_1', cause: run.id, data: { text: `step ${i}` } }));
  const tool = event({
    type: 'tool.requested',
    run: 'r_1',
    cause: run.id,
    capture: 'redacted',
    data: { tool: { name: 'Bash' }, args_redacted: { command: 'ls' } },
  });
  const request = permission('Permission requested: Bash — ls', { run: 'r_1', cause: tool.id });
  history.push(tool, request);
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  h.client.history = history;
  await h.press('t');
  const frame = await h.waitFor(
    (f) => /Timeline claude-code · session s1/.test(f) && /tool\.requested/.test(f),
    'the timeline',
  );
  assert.ok(lines(frame).length <= 24, 'fits 24 rows');
  assert.ok(
    lines(frame).every((l) => l.length <= 80),
    'fits 80 columns',
  );
  assert.match(frame, /of 33 · nested by cause/);
  assert.match(frame, /└ tool\.requested Bash command: ls/, 'the tool call is indented under its run');
  assert.match(
    frame,
    /▶ \d\d:\d\d:\d\d {5}└ attention\.requested permission: Permission requested: Bash/,
    'the request, two levels deep, marked',
  );
  assert.doesNotMatch(frame, /run\.started/, 'the oldest are above the window');
  await h.press(KEY.pageUp, KEY.pageUp, 'g');
  assert.match(h.frame(), /run\.started/);
  await h.press(KEY.esc);
  assert.doesNotMatch(h.frame(), /Timeline/);
  // The rows' read of the request's cause, then the timeline's.
  assert.deepEqual(h.client.fetches, [{ id: [tool.id], source: [tool.source], session: ['s1'] }, { session: 's1' }]);
});

test("one cause for the detail and the screen reader: another emitter's Event under the cause id is named as not this agent's, never as the cause", async (t) => {
  const own = toolCall('redacted', { command: 'rm -rf /important' });
  const decoy = {
    ...own,
    source: 'aep://evil-host/agent/x',
    data: { tool: { name: 'Bash' }, args_redacted: { command: 'npm test' } },
  };
  const request = permission('Permission requested: Bash', { run: 'r_1', cause: own.id });
  // A relay that does not honour the source in the filter: the decoy is all it holds under that id.
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  h.client.history = [decoy, request];
  h.client.fetchEvents = async () => ({ ok: true, events: [decoy], via: 'sse', dropped: 0 });
  await h.press(KEY.enter);
  await h.waitFor((f) => /not this agent's Event/.test(f), 'the decoy named');
  assert.match(h.frame(), /Cause: .*not this agent's Event \(it is from aep:\/\/evil-host\/agent\/x\)/);
  assert.doesNotMatch(h.frame(), /npm test/, 'the decoy is never shown as the cause');
  const spoken = await renderApp({ screenReader: true, events: [request] });
  t.after(spoken.unmount);
  spoken.client.fetchEvents = async () => ({ ok: true, events: [own], via: 'sse', dropped: 0 });
  await spoken.press(KEY.enter);
  await spoken.waitFor((f) => /^Cause: tool\.requested Bash/m.test(f), 'the cause spoken');
  assert.match(spoken.frame(), /^Cause: tool\.requested Bash command: rm -rf \/important/m);
});
