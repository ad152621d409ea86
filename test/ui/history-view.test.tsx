// `H`, the decision history view, at 80x24 with
// ink-testing-library and a real history file: newest first, one row per
// decision, `/` filters with the list's conventions, Enter opens one
// decision whole, Esc back; nothing from the file (control characters,
// bidi overrides) reaches the terminal raw.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import stringWidth from 'string-width';
import { DecisionLog } from '../../src/files/decision-log.js';
import type { DecisionLine, OutcomeLine } from '../../src/store/decisions.js';
import { KEY, renderApp } from '../support/ui.js';

async function fixture(count = 30) {
  const log = new DecisionLog(join(mkdtempSync(join(tmpdir(), 'aep-console-hview-')), 'aep-console'));
  const lines: (DecisionLine | OutcomeLine)[] = [];
  for (let i = 0; i < count; i++) {
    const id = `cmd-${String(i).padStart(2, '0')}`;
    const agent = i % 3 === 0 ? 'codex' : 'claude-code';
    const time = new Date(Date.parse('2026-12-01T09:00:00Z') + i * 60_000).toISOString();
    lines.push({
      t: 'decision',
      time,
      relay: 'http://127.0.0.1:8787',
      source: `aep://host/agent/${agent}`,
      agent,
      session: `s${i % 4}`,
      request: `req-${i}`,
      kind: 'permission',
      prompt: `Permission requested: Bash npm run task-${i} with a long tail of words to be cut at the edge of the terminal`,
      action: 'answer',
      sent: { option: i % 2 ? 'allow' : 'deny' },
      by: 'you',
      command_id: id,
      capture: 'redacted',
      cause: `tool.requested Bash command: npm run task-${i}`,
    });
    lines.push({
      t: 'outcome',
      command_id: id,
      time,
      state: 'applied',
      option: i % 2 ? 'allow' : 'deny',
      by: 'aep-console',
      latency_ms: 100 + i,
    });
  }
  // The newest: hostile text from the file (ESC sequences, BEL, a bidi override), a timeout and then a late apply.
  lines.push({
    t: 'decision',
    time: '2026-12-01T10:00:00.000Z',
    relay: 'http://127.0.0.1:8787',
    source: 'aep://host/agent/evil',
    agent: 'ev\u001b[2Jil',
    session: 's9',
    request: 'req-x',
    kind: 'input',
    prompt: 'Clear\u001b]52;c;cm0gLXJmIH4=\u0007 the \u202eScreen',
    action: 'answer',
    sent: { text: 'ok\u001b[31m' },
    by: 'you',
    command_id: 'cmd-evil',
    capture: 'redacted',
    batch: 3,
  });
  lines.push({
    t: 'outcome',
    command_id: 'cmd-evil',
    time: '2026-12-01T10:00:05.000Z',
    state: 'timeout',
    reason: 'no acknowledgement from the agent',
    latency_ms: 5000,
  });
  lines.push({
    t: 'outcome',
    command_id: 'cmd-evil',
    time: '2026-12-01T10:00:09.000Z',
    state: 'applied',
    text: 'ok',
    by: 'x\u009b2J',
    latency_ms: 9000,
  });
  assert.deepEqual(await log.append(lines), { ok: true });
  return { log, history: { read: () => ({ ...log.read(), file: log.file }) } };
}

/** The frame fits 80x24 and carries no control character but newlines. */
function assertFits(frame: string): void {
  const rows = frame.split('\n');
  assert.ok(rows.length <= 24, `${rows.length} rows`);
  for (const row of rows) assert.ok(stringWidth(row) <= 80, `row wider than 80: ${row}`);
  assert.ok(
    !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(frame),
    'no control or bidi character on screen',
  );
}

describe('H: the decision history', () => {
  it('opens newest first, one row per decision, fits 80x24, and hostile text from the file shows as markers', async () => {
    const { history, log } = await fixture();
    const ui = await renderApp({ history });
    try {
      await ui.press('H');
      const frame = await ui.waitFor((f) => f.includes('31 decisions, newest first'), 'the history');
      assertFits(frame);
      assert.ok(frame.includes(log.file.slice(0, 20)), 'it names its file');
      const rows = frame.split('\n').filter((r) => /\d\d-\d\d \d\d:\d\d:\d\d/.test(r));
      assert.ok(rows.length >= 15, `a screenful of rows (${rows.length})`);
      assert.match(rows[0], /▸ 12-01 10:00:00 ev␛\[2Jil/, 'the newest first, selected, its escape shown as a marker');
      assert.match(rows[0], /text "ok␛\[31m"/);
      assert.match(rows[0], /applied/);
      assert.match(rows[1], /12-01 09:29:00 claude-code +allow +applied allow/);
      // The prompt is cut as the list cuts it: the agent's lead-in goes before the command.
      assert.match(rows[1], /applied allow.* …Bash npm/, `the command, not "Permission req…": ${rows[1]}`);
      assert.match(ui.frame(), /Enter open · \/ filter · Esc back/);
      // The page moves; G is the oldest.
      await ui.press('G');
      assert.match(ui.frame(), /▸ 12-01 09:00:00 codex/);
      assertFits(ui.frame());
    } finally {
      ui.unmount();
    }
  });

  it('Enter opens one decision whole (prompt, cause, what was sent, the command id, every outcome); Esc back, Esc again to the list', async () => {
    const { history } = await fixture();
    const ui = await renderApp({ history });
    try {
      await ui.press('H');
      await ui.waitFor((f) => f.includes('newest first'), 'the history');
      await ui.press(KEY.enter);
      const whole = await ui.waitFor((f) => f.includes('Command: cmd-evil'), 'the decision');
      assertFits(whole);
      assert.match(whole, /Decided: 2026-12-01T10:00:00.000Z by you · answer \(one of a batch of 3\)/);
      assert.match(
        whole,
        /Clear␛\]52;c;cm0gLXJmIH4=␇ the ⟨U\+202E⟩Screen/,
        'the OSC 52 write and the bidi override are visible and inert',
      );
      assert.match(whole, /Sent: +text "ok␛\[31m"/);
      assert.match(whole, /10:00:05.000Z timeout · no acknowledgement from the agent after 5s/);
      assert.match(whole, /10:00:09.000Z applied · text "ok" · by x⟨U\+009B⟩2J after 9s/);
      await ui.press(KEY.down, KEY.enter);
      await ui.press(KEY.esc);
      await ui.waitFor((f) => f.includes('newest first'), 'back in the history');
      await ui.press(KEY.down, KEY.enter);
      const second = await ui.waitFor((f) => f.includes('Command: cmd-29'), 'the second decision');
      assert.match(second, /Cause: +tool\.requested Bash command: npm run task-29/);
      assert.match(second, /Agent: +claude-code · session s1/);
      await ui.press(KEY.esc, KEY.esc);
      await ui.waitFor((f) => !f.includes('newest first') && f.includes('Pending (0)'), 'back on the list');
    } finally {
      ui.unmount();
    }
  });

  it('/ filters as the list does: every word must match; Enter keeps it, Esc clears it first, then goes back', async () => {
    const { history } = await fixture();
    const ui = await renderApp({ history });
    try {
      await ui.press('H');
      await ui.waitFor((f) => f.includes('newest first'), 'the history');
      await ui.press('/', 'c', 'o', 'd', 'e', 'x', ' ', 'd', 'e', 'n', 'y');
      // codex at i = 0, 3, …, 27 (10 of them); deny at even i: 0, 6, 12, 18, 24.
      const typed = await ui.waitFor(
        (f) => f.includes('5 of 31 decisions match "codex deny"'),
        'the filter applied as typed',
      );
      assert.match(typed, /\/ filter: codex deny/);
      await ui.press(KEY.enter);
      const kept = ui.frame();
      const rows = kept.split('\n').filter((r) => /\d\d-\d\d \d\d:\d\d:\d\d/.test(r));
      assert.equal(rows.length, 5);
      for (const row of rows) assert.match(row, /codex +deny/);
      await ui.press(KEY.esc);
      await ui.waitFor((f) => f.includes('31 decisions, newest first'), 'filter cleared');
      await ui.press(KEY.esc);
      await ui.waitFor((f) => !f.includes('newest first'), 'back on the list');
    } finally {
      ui.unmount();
    }
  });

  it('without a history (--no-history) H says none is kept; with an empty one it says what will appear', async () => {
    const none = await renderApp({});
    try {
      await none.press('H');
      await none.waitFor((f) => f.includes('No history is kept (--no-history).'), 'said');
    } finally {
      none.unmount();
    }
    const { history } = await fixture(0);
    const empty = await renderApp({ history: { read: () => ({ ...history.read(), decisions: [] }) } });
    try {
      await empty.press('H');
      await empty.waitFor((f) => f.includes('No decisions yet'), 'said');
    } finally {
      empty.unmount();
    }
  });
});
