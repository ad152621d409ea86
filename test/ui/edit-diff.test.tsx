// Seeing what you approve: a request whose cause is a file edit shows the
// change as a diff in the detail (under the cause's arguments), its counts
// on the row and a sentence for the screen reader; driven on the real App
// with the arguments each tool really sends, read through the cause read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { event, permission } from '../support/events.js';
import { KEY, lines, renderApp } from '../support/ui.js';
import { buildDetailLines } from '../../src/ui/inbox/detail-view.js';
import { diffLines } from '../../src/ui/inbox/diff-view.js';
import { emptyEditor } from '../../src/ui/text/editor.js';
import { ConsoleStore } from '../../src/store/store.js';

function toolCall(tool: string, args: Record<string, unknown> | undefined, capture: AepEvent['capture'] = 'full') {
  const data: Record<string, unknown> = { tool: { name: tool, call_id: 't_1' }, args_digest: 'b4e8d3c2' };
  if (args) data.args = args;
  return event({ type: 'tool.requested', subject: tool, run: 'r_1', capture, data });
}

async function open(
  tool: AepEvent,
  options: { screenReader?: boolean; size?: { columns: number; rows: number } } = {},
) {
  const request = permission(`Permission requested: ${String(tool.subject)}`, { run: 'r_1', cause: tool.id });
  const h = await renderApp({ events: [request], screenReader: options.screenReader, size: options.size });
  h.client.history = [tool, request];
  await h.press(KEY.enter);
  return h;
}

const EDIT = {
  file_path: 'src/app.ts',
  old_string: 'const port = 8080;\nconst host = "localhost";',
  new_string: 'const port = 3000;\nconst host = "localhost";',
};

test('a Claude Code Edit: the path heads the diff with its counts, - and + lines under the arguments; the row carries the counts', async (t) => {
  const h = await open(toolCall('Edit', EDIT));
  t.after(h.unmount);
  const frame = await h.waitFor((f) => /- const port = 8080;/.test(f), 'the diff');
  const rows = lines(frame);
  const args = rows.findIndex((l) => /file_path: src\/app\.ts/.test(l));
  const head = rows.findIndex((l) => /src\/app\.ts {2}\+1 \u22121/.test(l));
  assert.ok(args >= 0 && head > args, `the arguments first, then the diff:\n${frame}`);
  assert.match(frame, /\+ const port = 3000;/);
  assert.match(frame, / {4}const host = "localhost";/, 'a shared line is context, unmarked');
  await h.press(KEY.esc);
  await h.waitFor((f) => /\+1 \u22121 Permission requested: Edit/.test(f), 'the counts on the row');
});

const shapes: [tool: string, args: Record<string, unknown>, path: RegExp, marked: RegExp[]][] = [
  [
    'MultiEdit',
    { file_path: 'lib/a.ts', edits: [{ old_string: 'let a = 1;', new_string: 'const a = 1;' }] },
    /lib\/a\.ts {2}\+1 \u22121/,
    [/- let a = 1;/, /\+ const a = 1;/],
  ],
  [
    'Write',
    { file_path: 'README.md', content: '# Demo\nHello\n' },
    /README\.md {2}\+2 \u22120 \(replaces the whole file\)/,
    [/\+ # Demo/, /\+ Hello/],
  ],
  [
    'replace',
    { file_path: '/w/x.py', old_string: 'print 1', new_string: 'print(1)' },
    /\/w\/x\.py {2}\+1 \u22121/,
    [/- print 1/, /\+ print\(1\)/],
  ],
  ['write_file', { file_path: '/w/n.md', content: 'new' }, /\/w\/n\.md {2}\+1 \u22120/, [/\+ new/]],
  [
    'apply_patch',
    {
      input:
        '*** Begin Patch\n*** Update File: src/server.ts\n@@\n-const port = 8080;\n+const port = 9090;\n*** End Patch\n',
    },
    /src\/server\.ts {2}\+1 \u22121/,
    [/- const port = 8080;/, /\+ const port = 9090;/],
  ],
];

for (const [tool, args, path, marked] of shapes)
  test(`the detail shows a ${tool}'s diff: its path, counts and marked lines`, async (t) => {
    const h = await open(toolCall(tool, args));
    t.after(h.unmount);
    const frame = await h.waitFor((f) => path.test(f), `the ${tool} header`);
    for (const m of marked) assert.match(frame, m);
  });

test('a capture that withholds the arguments says the diff is withheld, and shows none', async (t) => {
  const h = await open(toolCall('Edit', undefined, 'metadata'));
  t.after(h.unmount);
  const frame = await h.waitFor((f) => /the diff is withheld \(capture metadata\)/.test(f), 'withheld said');
  assert.doesNotMatch(frame, /^ +[-+] /m, 'no marked line is guessed');
});

test('a Bash request carrying a diff member shows its command first, and no diff', async (t) => {
  const h = await open(toolCall('Bash', { diff: '-a\n+b', command: 'git apply fix.patch' }));
  t.after(h.unmount);
  const frame = await h.waitFor((f) => /command: git apply/.test(f), 'the command');
  const rows = lines(frame);
  const command = rows.findIndex((l) => /command: git apply fix\.patch/.test(l));
  const diff = rows.findIndex((l) => /diff: /.test(l));
  assert.ok(command >= 0 && diff > command, `the command before the diff member:\n${frame}`);
});

test('the screen reader says the edit in a sentence', async (t) => {
  const edit = {
    file_path: 'src/app.ts',
    old_string: 'a\nb\nc',
    new_string: Array.from({ length: 12 }, (_, i) => `n${i}`).join('\n'),
  };
  const h = await open(toolCall('Edit', edit), { screenReader: true });
  t.after(h.unmount);
  await h.waitFor((f) => /edit to src\/app\.ts: 3 lines removed, 12 added\./.test(f), 'the sentence');
});

test('the screen reader reads the edit line by line in the open request, after what it asks', async (t) => {
  const h = await open(toolCall('Edit', EDIT), { screenReader: true });
  t.after(h.unmount);
  const frame = await h.waitFor((f) => /The edit, line by line:/.test(f), 'the lines read');
  const flat = frame.replace(/\s+/g, ' ');
  assert.match(
    flat,
    /File src\/app\.ts\. Removed: const port = 8080; Added: const port = 3000; Unchanged: const host = "localhost"/,
  );
  assert.ok(flat.indexOf('Options:') < flat.indexOf('The edit, line by line:'), 'the options first');
});

test('a diff longer than the screen scrolls with PgDn, and says what is below', async (t) => {
  const content = Array.from({ length: 120 }, (_, i) => `row ${i}`).join('\n');
  const h = await open(toolCall('Write', { file_path: 'big.txt', content }), { size: { columns: 80, rows: 24 } });
  t.after(h.unmount);
  const first = await h.waitFor((f) => /\+ row 0\b/.test(f), 'the diff top');
  assert.match(first, /diff .*more lines \(PgUp\/PgDn\)/);
  await h.press(KEY.pageDown, KEY.pageDown);
  const moved = await h.waitFor((f) => /\+ row 10\b/.test(f), 'scrolled');
  assert.doesNotMatch(moved, /\+ row 0\b/);
});

test('a diff past the cap is scrolled to its end, where a row says how many lines are not shown', () => {
  const content = Array.from({ length: 1000 }, (_, i) => `row ${i}`).join('\n');
  const tool = toolCall('Write', { file_path: 'big.txt', content });
  const store = new ConsoleStore({ now: () => 0 });
  store.applyEvent('r', permission('Write big.txt', { cause: tool.id }));
  const record = store.allRequests()[0]!;
  const diff = diffLines(record, { state: 'event', event: tool }, 80);
  const text = buildDetailLines({
    record,
    diff,
    draft: { reply: emptyEditor, highlight: 0 },
    lock: 'none',
    focused: true,
    width: 80,
    height: 22,
    scroll: 100_000,
    now: 0,
    relay: 'r',
  }).map((l) => l.map((s) => s.text).join(''));
  assert.ok(
    text.some((l) => /601 more lines of the diff not shown/.test(l)),
    text.join('\n'),
  );
  assert.ok(
    text.some((l) => /\u2191/.test(l) && /diff/.test(l)),
    'the rows above are counted',
  );
});

test("at 80x24 an Edit's cause cut for the diff says how many arguments are not shown, and PgDn shows each", async (t) => {
  const args = {
    file_path: 'src/server/config.ts',
    old_string: 'export const config = {\n  port: 8080,\n  host: "localhost",\n};',
    new_string: 'export const config = {\n  port: 3000,\n  host: "0.0.0.0",\n  retries: 3,\n};',
    replace_all: true,
  };
  const tool = toolCall('Edit', args);
  const request = permission('Permission requested: Edit — src/server/config.ts', { run: 'r_1', cause: tool.id });
  (request.data as { options: unknown[] }).options.push({ id: 'session', label: "Yes, and don't ask again" });
  const h = await renderApp({ events: [request], relayEvents: [tool, request], size: { columns: 80, rows: 24 } });
  t.after(h.unmount);
  await h.press(KEY.enter);
  const first = await h.waitFor((f) => /src\/server\/config\.ts {2}\+3 \u22122/.test(f), 'the diff');
  assert.match(first, /│ file_path: src\/server\/config\.ts\n {2}… ↓3 more arguments \(PgUp\/PgDn\)/);
  const seen = new Set<string>();
  for (let i = 0; i < 4; i++) {
    for (const name of ['file_path', 'old_string', 'new_string', 'replace_all'])
      if (new RegExp(`│ ${name}: `).test(h.frame())) seen.add(name);
    assert.match(h.frame(), /Cause: tool\.requested Edit/, 'what the Event is stays');
    await h.press(KEY.pageDown);
  }
  assert.deepEqual(
    [...seen],
    ['file_path', 'old_string', 'new_string', 'replace_all'],
    'each argument, none stepped over',
  );
  assert.match(h.frame(), /│ replace_all: true\n {2}… ↑3 more arguments \(PgUp\/PgDn\)/);
});
