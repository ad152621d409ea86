// Rules by path: a `path` glob (`*` and `?` stay inside a segment, `**`
// crosses them) read from an edit cause (Claude Code Edit / MultiEdit /
// Write, Gemini CLI replace / write_file, Codex apply_patch with moves),
// failing closed: an allow matches only when every path the edit touches
// matches; a path with `.` or `..` segments, a control character, or
// absolute against a relative glob (or the reverse) is unreadable: an allow
// never matches, a deny or ask that needs it gives `ask`. Tools that are
// not edits have no path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { judge, type RuleVerdict } from '../../src/store/rule-match.js';
import type { CauseState } from '../../src/store/cause.js';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import { pathGlobMatch, pathProblem } from '../../src/protocol/path-glob.js';
import type { AepEvent } from '../../src/protocol/types.js';
import type { RequestRecord } from '../../src/store/types.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';
const CAUSE_ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

function request(): RequestRecord {
  const store = new ConsoleStore({ now: () => 1_000 });
  store.applyEvent(RELAY, requestEvent({ cause: CAUSE_ID }));
  const [one] = store.allRequests();
  assert.ok(one);
  return one;
}

function causeOf(of: RequestRecord, tool: string, args: unknown, capture?: string): CauseState {
  const data: Record<string, unknown> = { tool: { name: tool } };
  if (args !== undefined) data.args = args;
  const event: AepEvent = {
    aep: '0.1',
    id: of.cause!,
    type: 'tool.requested',
    time: of.time,
    source: of.source,
    agent: of.agent,
    session: of.session,
    ...(capture !== undefined ? { capture: capture as AepEvent['capture'] } : {}),
    data,
  };
  return capture === 'metadata' ? { state: 'withheld', event } : { state: 'event', event };
}

function rules(...list: unknown[]): Rule[] {
  const parsed = parseRules(JSON.stringify({ rules: list }));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.rules;
}

const edit = (file_path: string) => ['Edit', { file_path, old_string: 'a', new_string: 'b' }] as const;
const patch = (...body: string[]) =>
  ['apply_patch', { input: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') }] as const;
const update = (path: string) => [`*** Update File: ${path}`, '@@', '-a', '+b'];

/** Edit causes, by name: the tool and its arguments. */
const CAUSES: Record<string, readonly [string, unknown]> = {
  'Edit docs/a.md': edit('docs/a.md'),
  'Edit docs/sub/b.md': edit('docs/sub/b.md'),
  'Edit src/app.ts': edit('src/app.ts'),
  'Edit docs/../etc/passwd': edit('docs/../etc/passwd'),
  'Edit ./docs/a.md': edit('./docs/a.md'),
  'Edit docs/./a.md': edit('docs/./a.md'),
  'Edit /home/op/docs/a.md': edit('/home/op/docs/a.md'),
  'Edit docs/a<ESC>.md': edit('docs/a\u001b[2J.md'),
  'Edit docs/a<CR>.md': edit('docs/a\r.md'),
  'Edit docs\\..\\x': edit('docs\\..\\x'),
  'Edit docs//a.md': edit('docs//a.md'),
  'MultiEdit docs/a.md': ['MultiEdit', { file_path: 'docs/a.md', edits: [{ old_string: 'a', new_string: 'b' }] }],
  'Write docs/new.md': ['Write', { file_path: 'docs/new.md', content: 'x\n' }],
  'replace docs/a.md (Gemini)': ['replace', { file_path: 'docs/a.md', old_string: 'a', new_string: 'b' }],
  'write_file src/x (Gemini)': ['write_file', { file_path: 'src/x', content: 'x' }],
  'Edit without old_string': ['Edit', { file_path: 'docs/a.md', new_string: 'b' }],
  'apply_patch docs/a + docs/b': patch(...update('docs/a.md'), '*** Add File: docs/b.md', '+new'),
  'apply_patch docs/a + src/b': patch(...update('docs/a.md'), ...update('src/b.ts')),
  'apply_patch docs/a + ../b': patch(...update('docs/a.md'), ...update('../b.ts')),
  'apply_patch move docs/a -> docs/c': patch('*** Update File: docs/a.md', '*** Move to: docs/c.md', '@@', '-a', '+b'),
  'apply_patch move docs/a -> src/c': patch('*** Update File: docs/a.md', '*** Move to: src/c.md', '@@', '-a', '+b'),
  'apply_patch move docs/a -> ../c': patch('*** Update File: docs/a.md', '*** Move to: ../c.md', '@@', '-a', '+b'),
  'apply_patch with an indented header': patch(...update('docs/a.md'), '  *** Update File: src/b.ts', '@@', '-a', '+b'),
  'apply_patch without Begin Patch': ['apply_patch', { input: '*** Update File: docs/a.md\n@@\n-a\n+b' }],
  'Edit Docs/A.md': edit('Docs/A.md'),
  'Edit docs/e\u0301.md (decomposed)': edit('docs/e\u0301.md'),
  'Bash (not an edit)': ['Bash', { command: 'cat docs/a.md' }],
};

const ALLOW: RuleVerdict = { kind: 'answer', rule: 'docs ok', option: 'allow', deny: false };
const NONE: RuleVerdict = { kind: 'none' };
const PLAIN: RuleVerdict = { kind: 'answer', rule: 'claude ok', option: 'allow', deny: false };
const DENY: RuleVerdict = { kind: 'answer', rule: 'no docs', option: 'deny', deny: true };
const ASK_PATH = (rule: string): RuleVerdict => ({ kind: 'ask', rule, cause: 'path-unreadable' });

const docsOk = { name: 'docs ok', match: { agent: 'claude-*', path: 'docs/**' }, decide: { option: 'allow' } };
const claudeOk = { name: 'claude ok', match: { agent: 'claude-*' }, decide: { option: 'allow' } };
const noDocs = { name: 'no docs', match: { agent: 'claude-*', path: 'docs/**' }, decide: 'deny' };
const askDocs = { name: 'ask docs', match: { path: 'docs/**' }, decide: 'ask' };

const TABLES: Array<[string, unknown[], Record<string, RuleVerdict>]> = [
  [
    'an allow on docs/**',
    [docsOk],
    {
      'Edit docs/a.md': ALLOW,
      'Edit docs/sub/b.md': ALLOW,
      'Edit src/app.ts': NONE,
      'Edit docs/../etc/passwd': NONE,
      'Edit ./docs/a.md': NONE,
      'Edit docs/./a.md': NONE,
      'Edit /home/op/docs/a.md': NONE,
      'Edit docs/a<ESC>.md': NONE,
      'Edit docs/a<CR>.md': NONE,
      'Edit docs\\..\\x': NONE,
      'Edit docs//a.md': NONE,
      'MultiEdit docs/a.md': ALLOW,
      'Write docs/new.md': ALLOW,
      'replace docs/a.md (Gemini)': ALLOW,
      'write_file src/x (Gemini)': NONE,
      'Edit without old_string': NONE,
      'apply_patch docs/a + docs/b': ALLOW,
      'apply_patch docs/a + src/b': NONE,
      'apply_patch docs/a + ../b': NONE,
      'apply_patch move docs/a -> docs/c': ALLOW,
      'apply_patch move docs/a -> src/c': NONE,
      'apply_patch move docs/a -> ../c': NONE,
      'apply_patch with an indented header': NONE,
      'apply_patch without Begin Patch': NONE,
      'Edit Docs/A.md': NONE,
      'Bash (not an edit)': NONE,
    },
  ],
  [
    'a deny on docs/** beside an allow that reads no path',
    [claudeOk, noDocs],
    {
      'Edit docs/a.md': DENY,
      'Edit docs/sub/b.md': DENY,
      'Edit src/app.ts': PLAIN,
      'Edit docs/../etc/passwd': ASK_PATH('no docs'),
      'Edit ./docs/a.md': ASK_PATH('no docs'),
      'Edit docs/./a.md': ASK_PATH('no docs'),
      'Edit /home/op/docs/a.md': ASK_PATH('no docs'),
      'Edit docs/a<ESC>.md': ASK_PATH('no docs'),
      'Edit docs/a<CR>.md': ASK_PATH('no docs'),
      'Edit docs\\..\\x': ASK_PATH('no docs'),
      'Edit docs//a.md': ASK_PATH('no docs'),
      'MultiEdit docs/a.md': DENY,
      'Write docs/new.md': DENY,
      'replace docs/a.md (Gemini)': DENY,
      'write_file src/x (Gemini)': PLAIN,
      'Edit without old_string': ASK_PATH('no docs'),
      'apply_patch docs/a + docs/b': DENY,
      // One file of two under the deny: the whole edit is denied.
      'apply_patch docs/a + src/b': DENY,
      'apply_patch docs/a + ../b': DENY,
      'apply_patch move docs/a -> docs/c': DENY,
      'apply_patch move docs/a -> src/c': DENY,
      'apply_patch move docs/a -> ../c': DENY,
      'apply_patch with an indented header': ASK_PATH('no docs'),
      'apply_patch without Begin Patch': ASK_PATH('no docs'),
      // Where the file system folds case (macOS, Windows) it is the same file: the deny sees it.
      'Edit Docs/A.md': DENY,
      'Bash (not an edit)': PLAIN,
    },
  ],
  [
    'an ask on docs/** beside an allow that reads no path',
    [claudeOk, askDocs],
    {
      'Edit docs/a.md': { kind: 'ask', rule: 'ask docs' },
      'Edit src/app.ts': PLAIN,
      'Edit docs/../etc/passwd': ASK_PATH('ask docs'),
      'Edit /home/op/docs/a.md': ASK_PATH('ask docs'),
      'apply_patch docs/a + src/b': { kind: 'ask', rule: 'ask docs' },
      'apply_patch move docs/a -> ../c': { kind: 'ask', rule: 'ask docs' },
      'Bash (not an edit)': PLAIN,
    },
  ],
];

describe('rules by path, per edit shape', () => {
  for (const [title, list, expected] of TABLES) {
    describe(title, () => {
      const parsed = rules(...list);
      for (const [cause, verdict] of Object.entries(expected)) {
        it(cause, () => {
          const record = request();
          const [tool, args] = CAUSES[cause]!;
          assert.deepEqual(judge(parsed, record, causeOf(record, tool, args)), verdict);
        });
      }
    });
  }
});

describe('a path rule and a cause whose arguments are withheld', () => {
  it('an allow does not answer; a deny asks why (withheld)', () => {
    const record = request();
    const withheld = causeOf(record, 'Edit', undefined, 'metadata');
    assert.deepEqual(judge(rules(docsOk), record, withheld), NONE);
    assert.deepEqual(judge(rules(claudeOk, noDocs), record, withheld), {
      kind: 'ask',
      rule: 'no docs',
      cause: 'withheld',
    });
  });
  it('while the cause is read, a path deny waits', () => {
    assert.deepEqual(judge(rules(claudeOk, noDocs), request(), { state: 'reading' }), { kind: 'waiting' });
  });
});

describe('a deny folds case and Unicode form; an allow does not', () => {
  const nfc = { name: 'no e', match: { agent: 'claude-*', path: 'docs/\u00e9.md' }, decide: 'deny' };
  const allowNfc = { name: 'e ok', match: { agent: 'claude-*', path: 'docs/\u00e9.md' }, decide: { option: 'allow' } };
  it('deny', () => {
    const record = request();
    const [tool, args] = CAUSES['Edit docs/e\u0301.md (decomposed)']!;
    assert.deepEqual(judge(rules(nfc), record, causeOf(record, tool, args)), {
      kind: 'answer',
      rule: 'no e',
      option: 'deny',
      deny: true,
    });
  });
  it('allow', () => {
    const record = request();
    const [tool, args] = CAUSES['Edit docs/e\u0301.md (decomposed)']!;
    assert.deepEqual(judge(rules(allowNfc), record, causeOf(record, tool, args)), NONE);
  });
});

describe('absolute globs', () => {
  const abs = { name: 'abs ok', match: { agent: 'claude-*', path: '/home/op/docs/**' }, decide: { option: 'allow' } };
  const table: Array<[string, RuleVerdict]> = [
    ['/home/op/docs/a.md', { kind: 'answer', rule: 'abs ok', option: 'allow', deny: false }],
    ['/home/op/src/a.md', NONE],
    ['docs/a.md', NONE],
    ['/home/op/docs/../.ssh/id', NONE],
  ];
  for (const [path, verdict] of table)
    it(path, () => {
      const record = request();
      const [tool, args] = edit(path);
      assert.deepEqual(judge(rules(abs), record, causeOf(record, tool, args)), verdict);
    });
});

describe('the path glob', () => {
  const table: Array<[string, string, boolean]> = [
    ['docs/*', 'docs/a.md', true],
    ['docs/*', 'docs/sub/a.md', false],
    ['docs/**', 'docs/sub/deep/a.md', true],
    ['docs/**', 'documents/a.md', false],
    ['**/*.md', 'a.md', true],
    ['**/*.md', 'x/y/a.md', true],
    ['**/*.md', 'x/y/a.ts', false],
    ['src/**/test/*.ts', 'src/test/a.ts', true],
    ['src/**/test/*.ts', 'src/a/b/test/a.ts', true],
    ['src/**/test/*.ts', 'src/a/b/test/x/a.ts', false],
    ['docs/?.md', 'docs/a.md', true],
    ['docs/?.md', 'docs/ab.md', false],
    ['*.md', 'a/b.md', false],
    ['/etc/**', '/etc/hosts', true],
    ['/etc/**', 'etc/hosts', false],
    ['**', 'any/thing/at/all', true],
  ];
  for (const [glob, path, expected] of table)
    it(`${glob} ${expected ? 'matches' : 'does not match'} ${path}`, () =>
      assert.equal(pathGlobMatch(glob, path), expected));
  it('a hostile path does not make it slow', () => {
    const path = `${'a/'.repeat(20_000)}b`;
    const started = process.hrtime.bigint();
    assert.equal(pathGlobMatch('**/a/**/a/**/a/**/c', path), false);
    assert.equal(pathGlobMatch('*a*a*a*a*c', 'a'.repeat(20_000)), false);
    assert.ok(process.hrtime.bigint() - started < 2_000_000_000n);
  });
  it('what makes a path unreadable, in words', () => {
    assert.match(pathProblem('docs/../x', 'docs/**')!, /"\." or "\.\." segment/);
    assert.match(pathProblem('/x/docs/a', 'docs/**')!, /absolute and the rule's is relative/);
    assert.match(pathProblem('docs/a', '/docs/**')!, /relative and the rule's is absolute/);
    assert.match(pathProblem('docs/\u0085a', 'docs/**')!, /control character/);
    assert.equal(pathProblem('docs/a.md', 'docs/**'), undefined);
  });
});

describe('a path glob the file refuses', () => {
  const table: Array<[string, RegExp]> = [
    ['', /must not be empty/],
    ['docs/../x', /"\." or "\.\." segments/],
    ['./docs/**', /"\." or "\.\." segments/],
    ['docs/', /end with "\/"/],
    ['docs//a', /"\/\/"/],
    ['docs/**.md', /"\*\*" only as a whole segment/],
    ['docs\\**', /a "\\" is refused/],
    ['~/docs/**', /"~"/],
    ['docs/\u001b', /control character/],
  ];
  for (const [glob, expected] of table)
    it(JSON.stringify(glob), () => {
      const parsed = parseRules(
        JSON.stringify({ rules: [{ name: 'p', match: { agent: 'a', path: glob }, decide: 'ask' }] }),
      );
      assert.equal(parsed.ok, false);
      if (!parsed.ok) assert.match(parsed.error, new RegExp(`^rule 1 "p": match "path" .*${expected.source}`));
    });
  it('a path key alone is no provenance: an allow on path alone is refused', () => {
    const parsed = parseRules(
      JSON.stringify({ rules: [{ name: 'p', match: { path: 'docs/**' }, decide: { option: 'allow' } }] }),
    );
    assert.equal(parsed.ok, false);
    if (!parsed.ok) assert.match(parsed.error, /answers on content alone/);
  });
});
