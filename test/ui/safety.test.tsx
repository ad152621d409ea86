import { test, before } from 'node:test';
import assert from 'node:assert/strict';
// Ink styles through chalk, which finds no color support under the test
// runner. Force it on (each test file runs in its own process): sanitization
// is then checked with real styling codes in the frame, and NO_COLOR is what
// must turn color off.
import chalk from 'chalk';
import { permission, requested } from '../support/events.js';
import {
  KEY,
  answered,
  flat,
  permissionFrom,
  renderApp,
  resolved,
  sessionEnded,
  stripStyle,
  timedOut,
} from '../support/ui.js';

before(() => {
  chalk.level = 1;
});

const ESC = '\u001b';
const HOSTILE_PROMPT = `copy ${ESC}]52;c;cm0gLXJmIH4=\u0007 clear ${ESC}[2J hide ls ${ESC}[24D${ESC}[K c1 \u009b31m bidi \u202eexe.txt zw a\u200bb`;

/** No byte that could steer the terminal survives, apart from Ink's own styling codes. */
function assertInert(raw: string): void {
  for (const [seq, name] of [
    [`${ESC}]52`, 'OSC 52 clipboard write'],
    [`${ESC}[2J`, 'clear screen'],
    [`${ESC}[24D`, 'cursor move'],
    [`${ESC}[K`, 'erase line'],
    ['\u009b', 'C1 CSI'],
    ['\u0007', 'BEL'],
    ['\u202e', 'bidi override'],
    ['\u200b', 'zero-width space'],
  ] as const) {
    assert.ok(!raw.includes(seq), `${name} reached the frame`);
  }
  assert.ok(!stripStyle(raw).includes(ESC), 'no ESC outside styling codes');
}

test('a hostile prompt is shown inert, with visible markers, in the list and in the detail', async (t) => {
  const h = await renderApp({
    events: [permission(HOSTILE_PROMPT)],
    size: { columns: 200, rows: 30 },
    stdout: { columns: 200, rows: 30 },
  });
  t.after(h.unmount);
  assertInert(h.rawFrame());
  await h.press(KEY.enter);
  const raw = h.rawFrame();
  assertInert(raw);
  const frame = flat(h.frame());
  for (const marker of [
    '␛]52;c;cm0gLXJmIH4=␇',
    '␛[2J',
    'ls ␛[24D␛[K',
    '⟨U+009B⟩31m',
    '⟨U+202E⟩exe.txt',
    'a⟨U+200B⟩b',
  ]) {
    assert.ok(frame.includes(marker), `marker ${marker} visible`);
  }
});

test('narrow list rows and the detail both sanitize (80 columns)', async (t) => {
  const h = await renderApp({ events: [permission(`${ESC}[2Jwipe \u202eevil`)] });
  t.after(h.unmount);
  assertInert(h.rawFrame());
  assert.match(h.frame(), /␛\[2Jwipe ⟨U\+202E⟩evil/);
  await h.press(KEY.enter);
  assertInert(h.rawFrame());
  assert.match(h.frame(), /^┃ ␛\[2Jwipe ⟨U\+202E⟩evil$/m);
});

test('agent name, session and option labels with control characters are sanitized', async (t) => {
  const request = requested(
    {
      kind: 'permission',
      prompt: 'ok',
      options: [
        { id: 'allow', label: `Allow${ESC}[8m hidden` },
        { id: 'deny', label: 'Deny\u0007' },
      ],
      respond_via: ['control'],
    },
    {
      agent: `evil${ESC}[31mbot\u0007`,
      session: `s${ESC}]0;title\u0007x`,
      source: 'aep://host-x/agent/evil/session/s',
    },
  );
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  assertInert(h.rawFrame());
  assert.match(h.frame(), /evil␛\[31mbot␇/, 'the agent column is sanitized (and cut to its width)');
  await h.press(KEY.enter);
  assertInert(h.rawFrame());
  const frame = h.frame();
  assert.match(frame, /^agent evil␛\[31mbot␇$/m);
  assert.match(frame, /^session s␛\]0;title␇x$/m);
  assert.match(frame, /Allow␛\[8m hidden {2}\[allow\]/);
  assert.match(frame, /Deny␇ {2}\[deny\]/);
});

test('what the agent recorded (answer text, who) is sanitized in the outcome', async (t) => {
  const request = permission();
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  await h.apply([
    answered(request, { option: 'deny', text: `${ESC}[2Jboom` }, { by: `mallory${ESC}]52;c;x\u0007` }),
    resolved(request),
  ]);
  assertInert(h.rawFrame());
  assert.match(flat(h.frame()), /answered by mallory␛\]52;c;x␇ via control: Deny \[deny\] \(text: "␛\[2Jboom"\)/);
});

// ── bell and notifications ────────────────────────────────────────────────

test('a new live pending request rings the bell exactly once', async (t) => {
  const request = permission();
  const h = await renderApp();
  t.after(h.unmount);
  assert.deepEqual(h.writes, []);
  await h.apply(request);
  assert.deepEqual(h.writes, ['\u0007']);
  await h.apply(request); // duplicate delivery
  h.store.updateRelay(h.client.relay, { connection: { kind: 'live' } });
  await h.press('j', 'k');
  await h.apply(answered(request, { option: 'allow' }));
  assert.deepEqual(h.writes, ['\u0007'], 'no second bell for the same request');
  await h.apply(permissionFrom('codex', 's2', 'another'));
  assert.deepEqual(h.writes, ['\u0007'], 'a second request within 5 s is coalesced into the first bell');
  assert.match(h.frame(), /2 pending \(\+1 since bell\)/, 'the status line counts it');
  await h.press('j');
  assert.doesNotMatch(h.frame(), /since bell/, 'a key: the operator has seen it');
});

test('replayed history never rings', async (t) => {
  const h = await renderApp({ events: [permission()], replayed: true });
  t.after(h.unmount);
  await h.apply(permissionFrom('codex', 's2', 'from the replay'), { replayed: true });
  assert.deepEqual(h.writes, []);
  assert.match(h.frame(), /2 pending/);
});

test('informational and already-terminal requests do not ring', async (t) => {
  const h = await renderApp();
  t.after(h.unmount);
  await h.apply(requested({ kind: 'other', prompt: 'fyi', respond_via: ['oob'] }));
  assert.deepEqual(h.writes, []);
});

test('bell={false} never rings', async (t) => {
  const h = await renderApp({ bell: false });
  t.after(h.unmount);
  await h.apply([permission(), permissionFrom('codex', 's2', 'x')]);
  assert.deepEqual(h.writes, []);
});

test('notify writes OSC 9 and OSC 777 with sanitized text that cannot end the sequence', async (t) => {
  const h = await renderApp({ notify: true, bell: false });
  t.after(h.unmount);
  await h.apply(permissionFrom(`evil${ESC}]52;c;x\u0007`, 's9', 'p'));
  assert.equal(h.writes.length, 1);
  const body = 'evil␛]52 c x␇ needs you: permission';
  assert.equal(h.writes[0], `${ESC}]9;aep-console: ${body}\u0007${ESC}]777;notify;aep-console;${body}\u0007`);
});

test('notify inside tmux wraps the sequences in DCS passthrough with ESC doubled', async (t) => {
  const h = await renderApp({ notify: true, env: { TMUX: '/tmp/tmux-1000/default,42,0' } });
  t.after(h.unmount);
  await h.apply(permission());
  assert.equal(h.writes.length, 2);
  assert.equal(h.writes[0], '\u0007');
  const body = 'claude-code needs you: permission';
  const inner = `${ESC}]9;aep-console: ${body}\u0007${ESC}]777;notify;aep-console;${body}\u0007`;
  assert.equal(h.writes[1], `${ESC}Ptmux;${inner.replaceAll(ESC, ESC + ESC)}${ESC}\\`);
});

// ── NO_COLOR ──────────────────────────────────────────────────────────────

/** SGR codes that set a color or dim: everything except bold (1/22) and inverse (7/27). */
const COLOR_SGR = /\u001b\[(?:2|3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

function fleet() {
  const answeredOne = permissionFrom('bravo', 'sb', 'b');
  const resolvedOne = permissionFrom('charlie', 'sc', 'c');
  const timedOne = permissionFrom('delta', 'sd', 'd');
  const staleOne = permissionFrom('echo', 'se', 'e');
  return [
    permissionFrom('alpha', 'sa', 'a'),
    answeredOne,
    answered(answeredOne, { option: 'allow' }, { by: 'other-console' }),
    requested(
      { kind: 'other', prompt: 'fyi', respond_via: ['oob'] },
      { agent: 'foxtrot', session: 'sf', source: 'aep://h/agent/foxtrot/session/sf' },
    ),
    resolvedOne,
    answered(resolvedOne, { option: 'deny' }),
    resolved(resolvedOne),
    timedOne,
    timedOut(timedOne),
    staleOne,
    sessionEnded(staleOne),
  ];
}

test('with color available the states are colored (the check below can fail)', async (t) => {
  const h = await renderApp({ events: fleet() });
  t.after(h.unmount);
  assert.match(h.rawFrame(), COLOR_SGR);
});

test('NO_COLOR: no color codes at all, and every state still reads from its mark', async (t) => {
  const h = await renderApp({ events: fleet(), env: { NO_COLOR: '1' } });
  t.after(h.unmount);
  const raw = h.rawFrame();
  assert.doesNotMatch(raw, COLOR_SGR);
  const frame = h.frame();
  for (const [mark, agent] of [
    ['●', 'alpha'],
    ['◐', 'bravo'],
    ['○', 'foxtrot'],
    ['✓', 'charlie'],
    ['⊘', 'delta'],
    ['✗', 'echo'],
  ]) {
    assert.match(frame, new RegExp(`^.${mark}\\s+\\S+ +${agent} `, 'm'), `${agent} carries ${mark}`);
  }
  assert.match(frame, /^Pending \(3\) · 2 to answer · 1 informational$/m);
  assert.match(frame, /^Recent \(3\)$/m);
  assert.match(frame, /^▸● /m, 'the selection is marked by a glyph, not only by inverse video');
  await h.press('?');
  assert.match(h.frame(), /Marks: ● pending {2}◐ answered {2}○ informational {2}✓ resolved {2}⊘ timed out {2}✗ stale/);
});

test('NO_COLOR: answer states are words, not colors', async (t) => {
  const h = await renderApp({ events: [permission()], env: { NO_COLOR: '1' } });
  t.after(h.unmount);
  await h.press(KEY.enter, 'use staging', KEY.enter);
  assert.doesNotMatch(h.rawFrame(), COLOR_SGR);
  assert.match(h.frame(), /^▸● .* sent /m, 'the row says sent in words');
  await h.press(KEY.enter);
  assert.match(h.frame(), /… sending/);
  assert.match(h.frame(), /^● permission · pending · notice/m);
  h.store.commandSettled(h.client.sent[0].id, { state: 'rejected', reason: 'busy' });
  await h.settle();
  assert.doesNotMatch(h.rawFrame(), COLOR_SGR);
  assert.match(flat(h.frame()), /✗ rejected: busy — fix it and send again/);
});
