import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { event, requested } from '../support/events.js';
import { KEY, NOW, lines, permissionFrom, renderApp, timedOut, type Harness } from '../support/ui.js';

// Triage at fleet scale: rows that tell requests apart at every
// width, a selection that stays in Pending, two-key answers, batch answers,
// the filter, and empty states that say why they are empty.

const inSeconds = (s: number) => new Date(NOW + s * 1000).toISOString();

/** A permission prompt as the demo agents phrase it, expiring in `expires` seconds. */
function bash(agent: string, command: string, expires?: number, extra: Partial<AepEvent> = {}): AepEvent {
  return permissionFrom(agent, `s-${agent}-${command.length}`, `Permission requested: Bash — ${command}`, {
    ...extra,
    data: {
      kind: 'permission',
      prompt: `Permission requested: Bash — ${command}`,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
      ...(expires !== undefined ? { expires_at: inSeconds(expires) } : {}),
    },
  });
}

const form = (agent: string) =>
  requested(
    {
      kind: 'form',
      prompt: 'Configure the deploy',
      fields: [{ id: 'name', type: 'string', label: 'Name', required: true }],
      respond_via: ['control'],
    },
    { agent, session: `s-${agent}`, source: `aep://h/agent/${agent}` },
  );

const rowOf = (h: Harness, text: string) => lines(h.frame()).find((l) => l.includes(text));

for (const size of [
  { columns: 80, rows: 24 },
  { columns: 100, rows: 30 },
  { columns: 160, rows: 45 },
]) {
  test(`${size.columns}x${size.rows}: each row reads severity, agent, age, labelled time left and as much of the prompt as tells it apart`, async (t) => {
    const h = await renderApp({
      size,
      stdout: size.columns > 100 ? size : undefined,
      events: [
        bash('codex', 'docker system prune -af --volumes', 35, { severity: 'warning' }),
        bash('codex', 'git push --force origin main', 540, { severity: 'warning' }),
        bash('gemini', 'rm -rf build/'),
      ],
    });
    t.after(h.unmount);
    const prune = rowOf(h, 'docker system p');
    const push = rowOf(h, 'git push --force');
    assert.ok(prune && push, `both prompts show, so the rows differ:\n${h.frame()}`);
    assert.match(prune!, /^▸● {2}warn codex +30s ⏳35s /, 'severity in words, agent, age, then the time left labelled');
    assert.match(push!, /⏳9m /);
    assert.match(
      rowOf(h, 'gemini') ?? '',
      /^ ● {2}note gemini +30s …?(Permission requested: )?(Bash — )?rm -rf build\//,
      'no time left: the prompt takes its columns',
    );
    if (size.columns === 80)
      assert.match(
        prune!,
        /…Bash — docker system prune -af --volumes$|…docker system prune -af --volumes$/,
        'the lead-in goes first',
      );
    if (size.columns === 160) assert.match(push!, /git push --force origin main/, 'the whole command where it fits');
  });
}

test('informational requests are counted apart; a form says its kind', async (t) => {
  const info = requested(
    { kind: 'permission', prompt: 'Allow make test?', options: [{ id: 'y', label: 'Yes' }], respond_via: ['ui'] },
    { agent: 'gemini', session: 's-g', source: 'aep://h/agent/gemini' },
  );
  const h = await renderApp({ events: [bash('codex', 'ls'), info, form('claude')] });
  t.after(h.unmount);
  assert.match(h.frame(), /^Pending \(3\) · 2 to answer · 1 informational$/m);
  assert.match(rowOf(h, 'claude') ?? '', /\[form\] Configure the deploy/);
});

test('after an answer the selection is on the next open request with no answer in flight, never in Recent', async (t) => {
  const h = await renderApp({ events: [bash('alpha', 'one'), bash('bravo', 'two'), bash('charlie', 'three')] });
  t.after(h.unmount);
  await h.press('j', '1', KEY.enter);
  assert.equal(h.client.sent.length, 1);
  assert.match(h.frame(), /^Pending \(3\)/m, 'back on the list');
  assert.match(rowOf(h, 'bravo') ?? '', /^ ● .* sent /, 'the answered row says sent');
  assert.match(rowOf(h, 'charlie') ?? '', /^▸/, 'the selection moved on to the next request');
  await h.press('1', KEY.enter);
  assert.match(rowOf(h, 'alpha') ?? '', /^▸/, 'nothing below: the one above, skipping those in flight');
  await h.press('2', KEY.enter);
  assert.equal(h.client.sent.length, 3);
  assert.deepEqual(
    h.client.sent.map((e) => e.data?.answer),
    [{ option: 'allow' }, { option: 'allow' }, { option: 'deny' }],
  );
});

test('a request that closes under the selection hands it to its neighbour in Pending', async (t) => {
  const events = [bash('alpha', 'one'), bash('bravo', 'two'), bash('charlie', 'three')];
  const h = await renderApp({ events });
  t.after(h.unmount);
  await h.press('j');
  await h.apply(timedOut(events[1]));
  assert.match(h.frame(), /Recent \(1\)/);
  assert.match(rowOf(h, 'charlie') ?? '', /^▸/, 'the neighbour below takes the selection');
  await h.apply(timedOut(events[2]));
  assert.match(rowOf(h, 'alpha') ?? '', /^▸/, 'the last one closing hands it up');
  await h.apply(timedOut(events[0]));
  const fresh = bash('delta', 'four');
  await h.apply(fresh);
  assert.match(
    rowOf(h, 'delta') ?? '',
    /^▸/,
    'left in Recent by the last close, the selection goes to the next new request',
  );
});

test('a rejected answer marks its row and rings once; the focus stays where the operator is', async (t) => {
  // Replayed: they ring nothing, so the rejection's bell is not coalesced into theirs (alert-gate.ts).
  const h = await renderApp({ events: [bash('alpha', 'one'), bash('bravo', 'two')], replayed: true });
  t.after(h.unmount);
  await h.press('2', KEY.enter);
  const bells = h.writes.filter((w) => w === '\u0007').length;
  await h.press('/', 'bra');
  h.store.commandSettled(h.client.sent[0].id, { state: 'rejected', reason: 'invalid', detail: 'no' });
  await h.settle();
  assert.match(h.frame(), /^\/ filter: bra/m, 'still typing the filter');
  assert.equal(h.writes.filter((w) => w === '\u0007').length, bells + 1, 'one bell');
  h.store.commandQueued(h.client.sent[0].id);
  await h.press(KEY.enter, KEY.esc);
  assert.match(rowOf(h, 'alpha') ?? '', /✗ rejected|sent|queued/);
  assert.equal(h.writes.filter((w) => w === '\u0007').length, bells + 1, 'never twice for one rejection');
});

test('two keys answer a permission: a digit opens on that option (numbered), Enter sends; a digit alone sends nothing', async (t) => {
  const h = await renderApp({ events: [bash('alpha', 'one')] });
  t.after(h.unmount);
  await h.press('2');
  assert.equal(h.client.sent.length, 0, 'a digit alone never sends');
  assert.match(h.frame(), /^ {2}1 Allow {2}\[allow\]$/m);
  assert.match(h.frame(), /^▸ 2 Deny {2}\[deny\]$/m);
  await h.press('1');
  assert.match(h.frame(), /^▸ 1 Allow/m, 'another digit only moves the highlight');
  await h.press(KEY.enter);
  assert.deepEqual(
    h.client.sent.map((e) => e.data?.answer),
    [{ option: 'allow' }],
  );
});

test('a stray Enter only opens; a digit past the options says so and highlights nothing', async (t) => {
  const h = await renderApp({ events: [bash('alpha', 'one')] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.enter);
  assert.equal(h.client.sent.length, 0);
  await h.press(KEY.esc, '7');
  assert.match(h.frame(), /No option 7: this request has 2\./);
  assert.match(h.frame(), /^▸ Reply:/m);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 0);
});

test('batch: Space marks and moves down, forms cannot be marked, Esc clears marks', async (t) => {
  const h = await renderApp({ events: [bash('alpha', 'one'), form('claude'), bash('bravo', 'two')] });
  t.after(h.unmount);
  const order = lines(h.frame()).filter((l) => /^[▸ ]● /.test(l));
  assert.equal(order.length, 3);
  await h.press(KEY.space);
  assert.match(rowOf(h, 'alpha') ?? '', /^ ●.◆/, 'alpha marked');
  await h.press(KEY.space);
  assert.match(h.frame(), /Forms cannot be marked/);
  assert.doesNotMatch(rowOf(h, 'claude') ?? '', /◆/);
  await h.press('j', KEY.space);
  assert.match(h.frame(), /2 marked: Enter\/1-2 answer them · Esc clears marks/);
  await h.press(KEY.esc);
  assert.doesNotMatch(h.frame(), /◆/);
  assert.equal(h.client.sent.length, 0);
});

test('batch: * marks what the filter shows; a digit opens the batch; y sends one command per request, each with its own id', async (t) => {
  const prunes = ['a1', 'a2', 'a3', 'a4', 'a5'].map((agent) => bash(agent, 'docker system prune -af'));
  const h = await renderApp({ events: [...prunes, bash('b1', 'ls -la'), bash('b2', 'cat /etc/hosts')] });
  t.after(h.unmount);
  await h.press('/', 'docker prune', KEY.enter, '*');
  assert.match(h.frame(), /5 marked/);
  await h.press('2');
  assert.match(h.frame(), /Batch answer · 5 marked requests/);
  assert.match(h.frame(), /^▸ 2 Deny {2}\[deny\]$/m);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^Send "Deny" to 5 requests\? y\/n$/m);
  await h.press('n');
  assert.equal(h.client.sent.length, 0, 'n sends nothing');
  assert.match(h.frame(), /Batch answer/);
  await h.press(KEY.enter, 'y');
  assert.equal(h.client.sent.length, 5);
  assert.equal(new Set(h.client.sent.map((e) => e.id)).size, 5, 'distinct command ids');
  assert.deepEqual(
    new Set(h.client.sent.map((e) => e.subject)),
    new Set(prunes.map((e) => e.id)),
    'one per marked request',
  );
  for (const e of h.client.sent) assert.deepEqual(e.data?.answer, { option: 'deny' });
  assert.match(h.frame(), /Sent "Deny" to 5 requests\./);
  for (const agent of ['a1', 'a2', 'a3', 'a4', 'a5'])
    assert.match(rowOf(h, ` ${agent} `) ?? '', / sent /, `${agent}'s row shows its own state`);
  assert.doesNotMatch(h.frame(), /◆/, 'the marks are gone');
});

test('batch: only the options every marked request offers; the Reply row sends the same text to each', async (t) => {
  const odd = permissionFrom('c1', 's-c1', 'Deploy?', {
    data: {
      kind: 'permission',
      prompt: 'Deploy?',
      options: [
        { id: 'deny', label: 'Deny' },
        { id: 'later', label: 'Later' },
      ],
      respond_via: ['control'],
    },
  });
  const h = await renderApp({ events: [bash('a1', 'one'), odd] });
  t.after(h.unmount);
  await h.press(KEY.space, KEY.space, KEY.enter);
  assert.match(h.frame(), /^ {2}1 Deny {2}\[deny\]$/m);
  assert.doesNotMatch(h.frame(), /Allow|Later/);
  await h.press('not today', KEY.enter, 'y');
  assert.deepEqual(
    h.client.sent.map((e) => e.data?.answer),
    [{ text: 'not today' }, { text: 'not today' }],
  );
});

test('filter: / starts fresh, every word must match (agent, session, host, kind, severity or prompt), Esc in the list clears it', async (t) => {
  const h = await renderApp({
    events: [
      bash('codex', 'docker system prune', undefined, { severity: 'warning' }),
      bash('codex', 'git push'),
      bash('gemini', 'docker ps'),
    ],
  });
  t.after(h.unmount);
  await h.press('/', 'docker warn', KEY.enter);
  assert.equal(lines(h.frame()).filter((l) => /^[▸ ]● /.test(l)).length, 1, 'both words must match');
  assert.match(h.frame(), /Esc clears the filter/);
  await h.press('/');
  assert.match(h.frame(), /^\/ filter: $|^\/ filter: {2}/m, 'a fresh filter, not the kept one');
  await h.press('host-a codex', KEY.enter);
  assert.equal(lines(h.frame()).filter((l) => /^[▸ ]● /.test(l)).length, 2);
  await h.press(KEY.esc);
  assert.doesNotMatch(h.frame(), /filter "/);
  assert.equal(lines(h.frame()).filter((l) => /^[▸ ]● /.test(l)).length, 3);
});

test('empty states say why: a filter hiding requests, not connected, token refused, history arriving, truly nothing', async (t) => {
  const h = await renderApp({ events: [bash('codex', 'ls')] });
  t.after(h.unmount);
  await h.press('/', 'zzz', KEY.enter);
  assert.match(h.frame(), /the filter "zzz" hides 1 pending request · Esc clears it/);
  await h.press(KEY.esc);
  await h.apply(timedOut(h.store.allRequests()[0] as unknown as AepEvent));
  const cases: [Parameters<Harness['store']['updateRelay']>[1], RegExp][] = [
    [
      { connection: { kind: 'reconnecting', retryAt: NOW + 4000, reason: 'ECONNREFUSED' } },
      /not connected: reconnecting in 4s \(ECONNREFUSED\) · cannot tell what is waiting/,
    ],
    [{ connection: { kind: 'connecting' } }, /not connected: connecting · cannot tell what is waiting/],
    [
      { connection: { kind: 'unauthorized', detail: 'HTTP 401' } },
      /token refused: check --token, AEP_TOKEN or --token-file/,
    ],
    [{ connection: { kind: 'live' }, replaying: true }, /reading the relay's history…/],
    [{ connection: { kind: 'live' }, replaying: false }, /nothing waiting for you/],
  ];
  for (const [patch, text] of cases) {
    h.store.updateRelay(h.client.relay, patch);
    await h.settle();
    assert.match(h.frame(), text);
    if (!/nothing waiting/.test(String(text)))
      assert.doesNotMatch(h.frame(), /nothing waiting/, 'never "nothing waiting" when it cannot know');
  }
});

test('g/G and Home/End go to the first and last request; Ctrl-Z asks the CLI to suspend', async (t) => {
  const h = await renderApp({ events: [bash('alpha', 'one'), bash('bravo', 'two'), bash('charlie', 'three')] });
  t.after(h.unmount);
  await h.press('G');
  assert.match(rowOf(h, 'charlie') ?? '', /^▸/);
  await h.press('g');
  assert.match(rowOf(h, 'alpha') ?? '', /^▸/);
  await h.press('\u001a');
  assert.equal(h.suspends(), 1);
});

test('unsent drafts are marked on their rows, the quit prompt counts them, and a draft lost to another answer says so', async (t) => {
  const events = [bash('alpha', 'one'), bash('bravo', 'two')];
  const h = await renderApp({ events });
  t.after(h.unmount);
  await h.press(KEY.enter, 'wait', KEY.esc, 'j', KEY.enter, 'later', KEY.esc);
  assert.match(rowOf(h, 'alpha') ?? '', /✎/);
  assert.match(rowOf(h, 'bravo') ?? '', /✎/);
  await h.press('q');
  assert.match(h.frame(), /^Quit\? 2 unsent drafts would be lost · y quits · any other key stays$/m);
  await h.press('x');
  await h.apply(
    event({
      type: 'attention.answered',
      subject: events[0].id,
      cause: events[0].id,
      session: events[0].session,
      source: events[0].source,
      agent: events[0].agent,
      data: { answer: { option: 'allow' }, by: 'someone-else', via: 'control' },
    }),
  );
  await h.press('k', KEY.enter);
  assert.match(h.frame(), /Your draft "wait" was not sent: someone else answered this request first\./);
});

test('without a UTF-8 locale the marks and rules fall back to ASCII', async (t) => {
  const h = await renderApp({
    events: [bash('alpha', 'one', 35), bash('bravo', 'two')],
    env: { LANG: 'C' },
    size: { columns: 100, rows: 24 },
  });
  t.after(h.unmount);
  await h.press(KEY.space);
  const frame = h.frame();
  assert.match(
    frame,
    /^ ! \*note alpha +30s <35s /m,
    'pending !, marked *, time left <35s (T is the mark of a timed-out request)',
  );
  assert.match(frame, /^>! {2}note bravo/m, 'the selection is >');
  assert.match(frame, / \| /, 'the rule between list and detail');
  assert.doesNotMatch(frame, /[●▸◆⏳│┃┏✎]/, 'no UTF-8 mark or rule');
  // The prompts' "Bash — " is agent text, shown as sent.
  assert.doesNotMatch(
    frame.replace(/Bash —/g, ''),
    /[^\x00-\x7f]/,
    'nothing else but ASCII: separators, arrows and cuts too',
  );
  await h.press('?');
  assert.doesNotMatch(h.frame(), /[^\x00-\x7f]/, 'the help too (its arrows, its separators)');
});

test('--demo: help shows the demo relay and the list command that reads it', async (t) => {
  const h = await renderApp({
    events: [],
    demo: {
      relay: 'http://127.0.0.1:5555',
      listCommand: 'aep-console list --relay http://127.0.0.1:5555 --token-file /tmp/x/token',
    },
  });
  t.after(h.unmount);
  await h.press('?');
  assert.match(h.frame(), /Demo relay: http:\/\/127\.0\.0\.1:5555/);
  assert.match(h.frame(), /aep-console list --relay http:\/\/127\.0\.0\.1:5555 --token-file \/tmp\/x\/token/);
});
