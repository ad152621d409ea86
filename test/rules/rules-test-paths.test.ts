// `aep-console rules test` follows rules by path and rules with an end: a
// path rule's rows show the paths of each edit it answered, an ask because
// a path could not be read says which problem, an edit over a file outside
// is not allowed, and a rule past its `until` says it ended and answers
// nothing (what it would have answered falls to the other rules).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../src/cli.js';
import { event, requested } from '../support/events.js';

const dir = mkdtempSync(join(tmpdir(), 'aep-console-rules-paths-'));
const env = { HOME: join(dir, 'nohome') };
const rulesFile = join(dir, 'rules.json');
writeFileSync(
  rulesFile,
  JSON.stringify({
    rules: [
      { name: 'docs ok', match: { agent: 'claude-*', path: 'docs/**' }, decide: { option: 'allow' } },
      { name: 'secrets ask', match: { path: 'secrets/**' }, decide: 'ask' },
      {
        name: 'was ok',
        match: { agent: 'claude-*', tool: 'Bash' },
        decide: { option: 'allow' },
        until: '2020-01-01T00:00:00Z',
      },
      {
        name: 'still ok',
        match: { agent: 'claude-*', tool: 'Write' },
        decide: { option: 'allow' },
        until: '2999-01-01T00:00:00Z',
      },
    ],
  }),
);

function call(tool: string, args: unknown, session: string) {
  const cause = event({ type: 'tool.requested', session, data: { tool: { name: tool }, args_redacted: args } });
  const request = requested(
    {
      kind: 'permission',
      prompt: `${tool} in ${session}`,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
    },
    { session, cause: cause.id, source: cause.source },
  );
  return [cause, request];
}
const edit = (file_path: string) => ({ file_path, old_string: 'a', new_string: 'b' });
const patch = (...files: string[]) => ({
  input: [
    '*** Begin Patch',
    ...files.flatMap((f) => [`*** Update File: ${f}`, '@@', '-a', '+b']),
    '*** End Patch',
  ].join('\n'),
});

const history = join(dir, 'history.jsonl');
writeFileSync(
  history,
  [
    ...call('Edit', edit('docs/guide.md'), 's1'),
    ...call('apply_patch', patch('docs/a.md', 'docs/b.md'), 's2'),
    ...call('apply_patch', patch('docs/a.md', 'src/b.ts'), 's3'),
    ...call('Edit', edit('secrets/../docs/x.md'), 's4'),
    ...call('Bash', { command: 'ls' }, 's5'),
    ...call('Write', { file_path: 'src/new.ts', content: 'x' }, 's6'),
  ]
    .map((e) => JSON.stringify(e))
    .join('\n') + '\n',
);

describe('rules test with path rules and rules with an end', () => {
  it('shows the paths, the unreadable path, the ended rule', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['rules', 'test', '--rules', rulesFile, '--file', history], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env,
    });
    assert.equal(code, 0, err.join('\n'));
    const text = out.join('\n');
    assert.match(text, /^rule "docs ok": 2 requests$/m);
    assert.match(text, /^ {2}answer allow .* s1 · Edit in s1 .* · edit docs\/guide\.md$/m);
    assert.match(text, /^ {2}answer allow .* s2 · apply_patch in s2 .* · edit docs\/a\.md, docs\/b\.md$/m);
    assert.doesNotMatch(text, /allow .* s3 ·/, 'a patch over a file outside docs/ is not allowed');
    assert.match(text, /^rule "secrets ask": 1 request$/m);
    assert.match(
      text,
      /^ {2}ask \(left to you\) .* s4 · Edit in s4 .*; path not read: a path holds a "\." or "\.\." segment$/m,
    );
    assert.match(text, /^rule "was ok": ended 2020-01-01T00:00:00Z, answers nothing$/m);
    assert.doesNotMatch(text, /s5 ·/, 'the Bash call the ended rule would have answered is answered by none');
    assert.match(text, /^rule "still ok" \(until 2999-01-01T00:00:00Z\): 1 request$/m);
    assert.match(text, /^no rule: 2 of 6 requests/m);
  });
});
