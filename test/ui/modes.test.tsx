import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyRows } from '../../src/ui/key-rows.js';
import { permission, requested } from '../support/events.js';
import { KEY, flat, lines, permissionFrom, renderApp, selectedRow, type Harness } from '../support/ui.js';

const listedAgents = (h: Harness) =>
  lines(h.frame())
    .filter((l) => /^.[●○◐✓⊘✗] /.test(l))
    .map((l) => l.slice(2).trim().split(/\s+/)[1]);

function fleet() {
  return [
    permissionFrom('claude-code', 'sess-alpha', 'Run rm -rf build/?'),
    permissionFrom('codex', 'sess-bravo', 'Deploy to STAGING now?'),
    requested(
      { kind: 'input', prompt: 'Which branch?', respond_via: ['control'] },
      { agent: 'aider', session: 'sess-charlie', source: 'aep://h/agent/aider/session/sess-charlie' },
    ),
  ];
}

// ── filter ────────────────────────────────────────────────────────────────

test('/ filters live as you type; Enter keeps it, the status line shows it; Esc clears it', async (t) => {
  const h = await renderApp({ events: fleet() });
  t.after(h.unmount);
  assert.deepEqual(listedAgents(h), ['claude-code', 'codex', 'aider']);
  await h.press('/', 'CODE');
  assert.match(h.frame(), /^\/ filter: CODE/m);
  assert.deepEqual(listedAgents(h), ['claude-code', 'codex'], 'agent substring, case-insensitive, while typing');
  await h.press('X');
  assert.deepEqual(listedAgents(h), ['codex']);
  await h.press(KEY.enter);
  assert.match(h.frame(), /filter "CODEX"/);
  assert.match(h.frame(), /j\/k move/, 'back to browse');
  assert.match(h.frame(), /Esc clears the filter/, 'the footer says how to clear the kept filter');
  assert.deepEqual(listedAgents(h), ['codex']);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^agent codex$/m, 'Enter opens the filtered row');
  await h.press(KEY.esc, '/', KEY.esc);
  assert.doesNotMatch(h.frame(), /filter "/);
  assert.deepEqual(listedAgents(h), ['claude-code', 'codex', 'aider']);
});

for (const [needle, expected] of [
  ['bravo', ['codex']],
  ['INPUT', ['aider']],
  ['staging', ['codex']],
  ['rm -rf', ['claude-code']],
  ['sess-', ['claude-code', 'codex', 'aider']],
  ['zzz', []],
] as const) {
  test(`filter "${needle}" matches session, kind or prompt substrings`, async (t) => {
    const h = await renderApp({ events: fleet() });
    t.after(h.unmount);
    await h.press('/', needle, KEY.enter);
    assert.deepEqual(listedAgents(h), [...expected]);
  });
}

test('keys typed into the filter are text: q and ? do not quit or open help; Backspace edits', async (t) => {
  const h = await renderApp({ events: fleet() });
  t.after(h.unmount);
  await h.press('/', 'q', '?', 'x');
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /^\/ filter: q\?x/m);
  await h.press(KEY.backspace, KEY.ctrlH, KEY.backspace, 'aid');
  assert.match(h.frame(), /^\/ filter: aid/m);
  assert.deepEqual(listedAgents(h), ['aider']);
});

// ── help ──────────────────────────────────────────────────────────────────

test('? shows a help overlay listing every key of the key table in full at 80x24, scrolling; any other key closes it', async (t) => {
  const h = await renderApp({ events: [permission()], size: { columns: 80, rows: 24 } });
  t.after(h.unmount);
  await h.press('?');
  // The table is taller than 80x24: scroll through it and collect every row seen.
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    // The help rows only: not the status line, the scroll indicator or the footer.
    for (const l of lines(h.frame()).slice(1, -2)) seen.add(l);
    assert.ok(lines(h.frame()).length <= 23, 'never taller than the terminal');
    await h.press(KEY.pageDown);
  }
  const text = [...seen].join('\n');
  const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
  const all = squeeze([...seen].join(' '));
  for (const row of keyRows()) {
    assert.ok(all.includes(squeeze(`${row.keys} ${row.does}`)), `help lists ${row.keys}: ${row.does} (uncut)\n${text}`);
  }
  assert.match(text, /^On a text row every printable key is text: q j k \/ \? r y n act elsewhere\.$/m);
  assert.match(text, /^Marks: ● pending {2}◐ answered {2}○ informational {2}✓ resolved {2}⊘ timed out {2}✗ stale$/m);
  assert.match(h.frame(), /any other key closes/);
  await h.press('x');
  assert.doesNotMatch(h.frame(), /any other key close/);
  assert.ok(selectedRow(h.frame()), 'back on the list');
  await h.press('?', KEY.enter);
  assert.doesNotMatch(h.frame(), /any other key close/);
  assert.ok(selectedRow(h.frame()), 'the Enter that closes help does not also open a request');
});

test('help from an open request returns to it, and the closing key never answers', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, '?');
  // Said once, by the footer (the header, the last row and the footer each said it).
  assert.match(h.frame(), /^Keys$/m);
  assert.equal(h.frame().split('any other key closes').length - 1, 1);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /^▸ 2 Deny/m, 'back on the answer screen, highlight kept');
});

// ── quit ──────────────────────────────────────────────────────────────────

test('q with nothing pending quits at once', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press('q');
  assert.equal(h.quits(), 1);
});

test('Ctrl-C with nothing pending quits at once', async (t) => {
  const h = await renderApp();
  t.after(h.unmount);
  await h.press(KEY.ctrlC);
  assert.equal(h.quits(), 1);
});

test('q with an unsent draft asks first: any other key stays, y quits', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'not sent yet', KEY.esc, 'q');
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /^Quit\? 1 unsent draft would be lost · y quits · any other key stays$/m);
  await h.press('n');
  assert.equal(h.quits(), 0);
  assert.doesNotMatch(h.frame(), /Quit\?/);
  assert.ok(selectedRow(h.frame()), 'back on the list');
  await h.press('q', KEY.enter);
  assert.equal(h.quits(), 0, 'Enter is "any other key"');
  assert.equal(h.client.sent.length, 0, 'and does not open or send anything');
  await h.press('q', 'y');
  assert.equal(h.quits(), 1);
});

test('Ctrl-C while typing a reply asks first; Ctrl-C again quits', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'half', KEY.ctrlC);
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /Quit\?/);
  await h.press('x');
  assert.doesNotMatch(h.frame(), /Quit\?/);
  assert.match(h.frame(), /▸ Reply: half/, 'the draft is untouched and still being edited');
  await h.press(KEY.ctrlC, KEY.ctrlC);
  assert.equal(h.quits(), 1);
});

test('q with a command in flight asks first', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, KEY.enter, KEY.esc, 'q');
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /Quit\?/);
  await h.press('Y');
  assert.equal(h.quits(), 1);
});

test('Ctrl-C with a command in flight asks first; y quits', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, KEY.enter, KEY.esc, KEY.ctrlC);
  assert.equal(h.client.sent.length, 1);
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /^Quit\? 1 answer in flight: kept, sent next start · y quits · any other key stays$/m);
  await h.press('y');
  assert.equal(h.quits(), 1);
});

test('q does not ask once the command is accepted and the draft was sent', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'use staging', KEY.enter);
  h.store.commandSettled(h.client.sent[0].id, { state: 'accepted' });
  await h.settle();
  await h.press(KEY.esc, 'q');
  assert.equal(h.quits(), 1, flat(h.frame()));
});
