// The rules screen (list.rules): every rule with its scope, what it
// decides, its end, how many requests it answered and when it was last
// used (from the decision history, as H reads it); rules.delete after y/n
// takes one out of the rules file the way `a` writes it (the CLI's own
// deleteRuleIn on a real file); --read-only refuses the delete as it is
// asked; an empty screen says how to make a rule; both keys rebind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRules } from '../../src/protocol/rules.js';
import { deleteRuleIn } from '../../src/files/rules-file-write.js';
import { foldDecisions } from '../../src/store/decision-fold.js';
import type { HistorySource } from '../../src/ui/history/history-state.js';
import { applyBindings } from '../../src/ui/key-table.js';
import { keymapFrom } from '../../src/ui/places/keymap.js';
import { permission } from '../support/events.js';
import { KEY, NOW, flat, renderApp } from '../support/ui.js';

const FILE = `{
  "rules": [
    {"name": "tests ok", "match": {"agent": "claude-*", "tool": "Bash", "command_prefix": "npm test"}, "decide": {"option": "allow"}},
    {"name": "docs edits", "match": {"agent": "claude-*", "path": "docs/**"}, "decide": {"option": "allow"}, "until": "2026-07-03T11:00:30Z"},
    {"name": "no rm", "match": {"agent": "claude-*", "command_prefix": "rm"}, "decide": "deny"}
  ]
}
`;

/** A rules file in a fresh directory, mode 600 as the console keeps it. */
function rulesFile(t: { after: (fn: () => void) => void }, text = FILE): string {
  const dir = mkdtempSync(join(tmpdir(), 'aep-rules-screen-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'rules.json');
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}

function loaded(path: string) {
  const parsed = parseRules(readFileSync(path, 'utf8'));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.rules;
}

/** A history in which "tests ok" answered two requests (one applied twice over) and "no rm" one, rejected. */
function history(): HistorySource {
  let n = 0;
  const line = (request: string, by: string, time: string, state: string) => {
    const command_id = `cmd-${++n}`;
    return [
      JSON.stringify({
        t: 'decision',
        time,
        relay: 'http://relay.test',
        source: 'aep://host/agent/claude-code',
        agent: 'claude-code',
        session: 's1',
        request,
        kind: 'permission',
        prompt: 'Bash',
        action: 'answer',
        sent: { option: 'allow' },
        by,
        command_id,
        capture: 'redacted',
      }),
      JSON.stringify({ t: 'outcome', command_id, time, state }),
    ].join('\n');
  };
  const text = [
    line('r1', 'rule tests ok', '2026-07-03T09:00:00Z', 'applied'),
    line('r2', 'rule tests ok', '2026-07-03T09:30:00Z', 'applied'),
    line('r3', 'rule no rm', '2026-07-03T09:40:00Z', 'rejected'),
    line('r4', 'you', '2026-07-03T09:50:00Z', 'applied'),
  ].join('\n');
  return {
    read: () => ({ ...foldDecisions([text]), problems: [], file: '/home/op/.local/state/aep-console/history.jsonl' }),
  };
}

test('R lists every rule: scope, what it decides, its end, answered and last used from the history; Esc back', async (t) => {
  const path = rulesFile(t);
  const h = await renderApp({
    events: [permission('Deploy?')],
    rules: loaded(path),
    history: history(),
    size: { columns: 160, rows: 30 },
  });
  t.after(h.unmount);
  await h.press('R');
  await h.waitFor((f) => /Rules \(3\), in the order they are tried/.test(f), 'the rules screen');
  const shown = flat(h.frame());
  assert.match(shown, /▸ tests ok · answer allow · no end/);
  assert.match(
    shown,
    /agent claude-\* · tool Bash · command "npm test" · rules file answered 2 · last used 2026-07-03T09:30:00Z/,
  );
  assert.match(shown, /docs edits · answer allow · until 2026-07-03T11:00:30Z/);
  assert.match(shown, /agent claude-\* · path "docs\/\*\*" · rules file answered 0 · never used/);
  assert.match(shown, /no rm · deny · no end/);
  assert.match(
    shown,
    /agent claude-\* · command "rm" · rules file answered 0 \(1 tried\) · last used 2026-07-03T09:40:00Z/,
  );
  assert.match(shown, /j\/k move · d delete · Esc back$/, 'the footer from its bindings');
  await h.press(KEY.esc);
  assert.match(flat(h.frame()), /Pending \(1\)/, 'back to the list');
});

test('rules.delete: y takes the selected rule out of the file as a writes it; the rest stay in force; n keeps it', async (t) => {
  const path = rulesFile(t);
  const before = readFileSync(path, 'utf8');
  const h = await renderApp({
    events: [permission('Deploy?')],
    rules: loaded(path),
    history: history(),
    deleteRule: deleteRuleIn(path),
    size: { columns: 160, rows: 30 },
  });
  t.after(h.unmount);
  await h.press('R', 'j', 'd');
  assert.match(
    flat(h.frame()),
    /Remove this rule from the rules file\? y removes it · any other key keeps it · docs edits/,
  );
  await h.press('n');
  assert.match(flat(h.frame()), /Kept: no rule deleted\./);
  assert.equal(readFileSync(path, 'utf8'), before, 'n: the file untouched');
  await h.press('d', 'y');
  await h.waitFor((f) => /Rule "docs edits" deleted from .*rules\.json\./.test(flat(f)), 'the notice');
  assert.match(flat(h.frame()), /Rules \(2\)/);
  assert.doesNotMatch(flat(h.frame()), /docs edits ·/);
  const after = readFileSync(path, 'utf8');
  assert.deepEqual(
    loaded(path).map((r) => r.name),
    ['tests ok', 'no rm'],
  );
  // Written as `a` writes (its editor save, every other byte kept): the one rule's line is gone, nothing else moved.
  assert.equal(after, before.replace(/ {4}\{"name": "docs edits".*\n/, ''));
});

test('--read-only: rules.delete is refused as it is asked, and the file stays', async (t) => {
  const path = rulesFile(t);
  const before = readFileSync(path, 'utf8');
  const h = await renderApp({
    events: [permission('Deploy?')],
    rules: loaded(path),
    deleteRule: deleteRuleIn(path),
    readOnly: true,
    size: { columns: 160, rows: 30 },
  });
  t.after(h.unmount);
  await h.press('R', 'd');
  assert.match(flat(h.frame()), /Read-only console \(--read-only\)/);
  assert.doesNotMatch(flat(h.frame()), /Remove this rule/);
  await h.press('y');
  await h.settle();
  assert.equal(readFileSync(path, 'utf8'), before);
  assert.match(flat(h.frame()), /Rules \(3\)/);
});

test('no rules: the screen says how to make one', async (t) => {
  const h = await renderApp({ events: [permission('Deploy?')], size: { columns: 100, rows: 24 } });
  t.after(h.unmount);
  await h.press('R');
  const shown = flat(h.frame());
  assert.match(shown, /Rules \(0\)/);
  assert.match(shown, /No rules yet\. Make one from a request: open it, highlight an option, press a\./);
  assert.match(shown, /--rules F/);
});

test('list.rules and rules.delete rebind (config.json keys): the new keys act, the old ones do nothing there', async (t) => {
  const map = keymapFrom({ 'list.rules': 'L', 'rules.delete': 'x' });
  assert.ok('bindings' in map, 'error' in map ? map.error : '');
  t.after(applyBindings(map.bindings));
  const path = rulesFile(t);
  const h = await renderApp({
    events: [permission('Deploy?')],
    rules: loaded(path),
    deleteRule: deleteRuleIn(path),
    size: { columns: 160, rows: 30 },
    now: NOW,
  });
  t.after(h.unmount);
  await h.press('R');
  assert.doesNotMatch(flat(h.frame()), /Rules \(3\)/, 'R no longer opens it');
  await h.press('L');
  await h.waitFor((f) => /Rules \(3\)/.test(f), 'L opens it');
  assert.match(flat(h.frame()), /x delete/, 'the footer names the new key');
  await h.press('d');
  assert.doesNotMatch(flat(h.frame()), /Remove this rule/, 'd does nothing there now');
  await h.press('x');
  assert.match(flat(h.frame()), /Remove this rule from the rules file\?/);
});

test('the screen reader says the rules screen in sentences, the selected rule named as such', async (t) => {
  const path = rulesFile(t);
  const h = await renderApp({ events: [permission('Deploy?')], rules: loaded(path), screenReader: true });
  t.after(h.unmount);
  await h.press('R', 'j');
  await h.waitFor((f) => /3 rules, in the order they are tried\./.test(flat(f)), 'the sentences');
  const said = flat(h.frame());
  assert.match(
    said,
    /Rule 1: tests ok ; answer allow ; no end\. agent claude-\* ; tool Bash ; command "npm test" ; rules file\./,
  );
  assert.match(said, /Selected: Rule 2: docs edits ; answer allow ; until 2026-07-03T11:00:30Z\./);
});
