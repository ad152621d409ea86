// Edits read from the arguments each tool really sends (edit-diff.ts): a
// table of Claude Code, Gemini CLI and Codex shapes with the paths, counts
// and marked lines they give; shapes that are not edits; hostile text; the cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_DIFF_LINES, editDiff, editSentence, eventEdit, type DiffLine } from '../../src/protocol/edit-diff.js';

const marked = (lines: DiffLine[]) =>
  lines.map((l) =>
    l.kind === 'line'
      ? `${l.mark}${l.text}`
      : l.kind === 'file'
        ? `F ${l.path}${l.note ? ` (${l.note})` : ''}`
        : `@ ${l.text}`,
  );

const PATCH = [
  '*** Begin Patch',
  '*** Update File: src/server.ts',
  '@@ function listen()',
  ' const host = "localhost";',
  '-const port = 8080;',
  '+const port = Number(process.env.PORT ?? 8080);',
  '*** Add File: docs/port.md',
  '+# Port',
  '+Set PORT to change it.',
  '*** Delete File: old/legacy.ts',
  '*** Update File: a.ts',
  '*** Move to: b.ts',
  '-x',
  '+y',
  '*** End Patch',
].join('\n');

const table: [
  name: string,
  tool: string,
  args: unknown,
  paths: string[],
  added: number,
  removed: number,
  lines: string[],
][] = [
  [
    'Claude Code Edit: shared lines kept as context',
    'Edit',
    {
      file_path: 'src/app.ts',
      old_string: 'const port = 8080;\nconst host = "localhost";',
      new_string: 'const port = 3000;\nconst host = "localhost";',
    },
    ['src/app.ts'],
    1,
    1,
    ['F src/app.ts', '-const port = 8080;', '+const port = 3000;', ' const host = "localhost";'],
  ],
  [
    'Claude Code Edit: a line kept between changes is context, not removed and added again',
    'Edit',
    {
      file_path: 'src/config.ts',
      old_string: 'export const config = {\n  port: 8080,\n  timeoutMs: 5000,\n};',
      new_string: 'export const config = {\n  port: 3000,\n  timeoutMs: 5000,\n  retries: 3,\n};',
    },
    ['src/config.ts'],
    2,
    1,
    [
      'F src/config.ts',
      ' export const config = {',
      '-  port: 8080,',
      '+  port: 3000,',
      '   timeoutMs: 5000,',
      '+  retries: 3,',
      ' };',
    ],
  ],
  [
    'Claude Code Edit with replace_all',
    'Edit',
    { file_path: 'a.ts', old_string: 'foo', new_string: 'bar', replace_all: true },
    ['a.ts'],
    1,
    1,
    ['F a.ts (every occurrence replaced)', '-foo', '+bar'],
  ],
  [
    'Claude Code MultiEdit',
    'MultiEdit',
    {
      file_path: '/repo/src/app.ts',
      edits: [
        { old_string: 'a', new_string: 'b' },
        { old_string: 'c\nd', new_string: 'e', replace_all: true },
      ],
    },
    ['/repo/src/app.ts'],
    2,
    3,
    ['F /repo/src/app.ts', '@ edit 1 of 2', '-a', '+b', '@ edit 2 of 2 (every occurrence)', '-c', '-d', '+e'],
  ],
  [
    'Claude Code Write: every line added, the whole file replaced',
    'Write',
    { file_path: 'notes.txt', content: 'one\ntwo\nthree\n' },
    ['notes.txt'],
    3,
    0,
    ['F notes.txt (replaces the whole file)', '+one', '+two', '+three'],
  ],
  [
    'Gemini CLI replace',
    'replace',
    { file_path: '/w/x.py', old_string: 'print 1', new_string: 'print(1)', expected_replacements: 1 },
    ['/w/x.py'],
    1,
    1,
    ['F /w/x.py', '-print 1', '+print(1)'],
  ],
  [
    'Gemini CLI write_file',
    'write_file',
    { file_path: '/w/new.md', content: '# Title' },
    ['/w/new.md'],
    1,
    0,
    ['F /w/new.md (replaces the whole file)', '+# Title'],
  ],
  [
    'Codex apply_patch in input: update, add, delete, move',
    'apply_patch',
    { input: PATCH },
    ['src/server.ts', 'docs/port.md', 'old/legacy.ts', 'a.ts', 'b.ts'],
    4,
    2,
    [
      'F src/server.ts',
      '@ @@ function listen()',
      ' const host = "localhost";',
      '-const port = 8080;',
      '+const port = Number(process.env.PORT ?? 8080);',
      'F docs/port.md (new file)',
      '+# Port',
      '+Set PORT to change it.',
      'F old/legacy.ts (deletes the file)',
      'F a.ts',
      'F b.ts (the file is moved here)',
      '-x',
      '+y',
    ],
  ],
  [
    'Codex apply_patch in patch',
    'apply_patch',
    { patch: '*** Begin Patch\n*** Add File: n.txt\n+hi\n*** End Patch\n' },
    ['n.txt'],
    1,
    0,
    ['F n.txt (new file)', '+hi'],
  ],
  [
    'hostile text: escape sequences and newlines in a path and a line are made visible',
    'Edit',
    { file_path: 'a\u001b[2J.ts\nb', old_string: 'x\u001b]52;c;Zm9v\u0007', new_string: 'y\u202e' },
    ['a\u241b[2J.ts\u23ceb'],
    1,
    1,
    ['F a\u241b[2J.ts\u23ceb', '-x\u241b]52;c;Zm9v\u2407', '+y\u27e8U+202E\u27e9'],
  ],
];

for (const [name, tool, args, paths, added, removed, lines] of table) {
  test(`edit-diff: ${name}`, () => {
    const diff = editDiff(tool, args);
    assert.ok(diff, 'read as an edit');
    assert.deepEqual(diff.paths, paths);
    assert.equal(diff.added, added);
    assert.equal(diff.removed, removed);
    assert.deepEqual(marked(diff.lines), lines);
    assert.equal(diff.hidden, 0);
    for (const l of marked(diff.lines)) assert.doesNotMatch(l, /[\u0000-\u001f\u007f-\u009f]/);
  });
}

const notEdits: [name: string, tool: string, args: unknown][] = [
  ['Bash is not an edit, even with a diff member', 'Bash', { command: 'git apply', diff: '-a\n+b' }],
  ['Edit without new_string', 'Edit', { file_path: 'a', old_string: 'x' }],
  ['Edit with a number for a path', 'Edit', { file_path: 3, old_string: 'x', new_string: 'y' }],
  [
    'MultiEdit with one edit unreadable',
    'MultiEdit',
    { file_path: 'a', edits: [{ old_string: 'x', new_string: 'y' }, 7] },
  ],
  ['Write without content', 'Write', { file_path: 'a' }],
  ['apply_patch text that is no patch', 'apply_patch', { input: 'rm -rf /' }],
  ['apply_patch naming no file', 'apply_patch', { input: '*** Begin Patch\n+x\n*** End Patch' }],
  ['arguments that are not an object', 'Edit', 'file_path=a'],
];

for (const [name, tool, args] of notEdits)
  test(`edit-diff: no edit read: ${name}`, () => assert.equal(editDiff(tool, args), undefined));

test('edit-diff: a long Write keeps MAX_DIFF_LINES lines, counts them all and says how many are not kept', () => {
  const content = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
  const diff = editDiff('Write', { file_path: 'big.txt', content })!;
  assert.equal(diff.added, 1000);
  assert.equal(diff.lines.length, MAX_DIFF_LINES);
  assert.equal(diff.hidden, 1000 + 1 - MAX_DIFF_LINES);
});

test('edit-diff: the sentence', () => {
  const diff = editDiff('Edit', {
    file_path: 'src/app.ts',
    old_string: 'a\nb\nc',
    new_string: Array.from({ length: 12 }, (_, i) => `n${i}`).join('\n'),
  })!;
  assert.equal(editSentence(diff), 'edit to src/app.ts: 3 lines removed, 12 added');
});

test('edit-diff: a cause Event: its diff, withheld below redacted or without arguments, unreadable, or no edit', () => {
  const args = { file_path: 'a.ts', old_string: 'x', new_string: 'y' };
  assert.equal(eventEdit({ data: { tool: { name: 'Edit' }, args }, capture: 'full' })?.state, 'diff');
  assert.equal(
    eventEdit({ data: { tool: { name: 'Edit' }, args_redacted: args }, capture: 'redacted' })?.state,
    'diff',
  );
  assert.deepEqual(eventEdit({ data: { tool: { name: 'Edit' } }, capture: 'metadata' }), {
    state: 'withheld',
    tool: 'Edit',
    capture: 'metadata',
  });
  // Arguments sent at a capture that withholds them are not shown as a diff.
  assert.equal(eventEdit({ data: { tool: { name: 'Edit' }, args }, capture: 'metadata' })?.state, 'withheld');
  assert.equal(
    eventEdit({ data: { tool: { name: 'Write' }, args: { file_path: 1 } }, capture: 'full' })?.state,
    'unreadable',
  );
  assert.equal(eventEdit({ data: { tool: { name: 'Bash' }, args: { command: 'ls' } }, capture: 'full' }), undefined);
  assert.equal(eventEdit({ subject: 'apply_patch', data: { args: { input: PATCH } }, capture: 'full' })?.state, 'diff');
});
