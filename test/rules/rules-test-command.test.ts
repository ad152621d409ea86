// `aep-console rules test`: the history read once, each request
// put to the rules as if still pending, per rule what it would have answered
// and how; nothing sent; a bad rules file is exit 2 as at start.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../src/cli.js';
import { parseArgs } from '../../src/cli/args.js';
import { event, requested } from '../support/events.js';

const dir = mkdtempSync(join(tmpdir(), 'aep-console-rules-test-'));
const env = { HOME: join(dir, 'nohome') };
const rulesFile = join(dir, 'rules.json');
writeFileSync(
  rulesFile,
  JSON.stringify({
    rules: [
      {
        name: 'tests ok',
        match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'npm test' },
        decide: { option: 'allow' },
      },
      { name: 'no rm', match: { agent: 'claude-code', command_prefix: 'rm' }, decide: 'deny' },
      { name: 'never used', match: { agent: 'codex' }, decide: 'ask' },
    ],
  }),
);

function bash(command: string, session: string) {
  const tool = event({ type: 'tool.requested', session, data: { tool: { name: 'Bash' }, args_redacted: { command } } });
  const request = requested(
    {
      kind: 'permission',
      prompt: `Bash — ${command}`,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
    },
    { session, cause: tool.id, source: tool.source },
  );
  return [tool, request];
}

const history = join(dir, 'history.jsonl');
const resolvedOne = bash('npm test -- --ci', 's1');
const rmOne = bash('rm -rf build', 's2');
writeFileSync(
  history,
  [
    ...resolvedOne,
    event({ type: 'attention.resolved', session: 's1', subject: resolvedOne[1]!.id, data: { resolution: 'answered' } }),
    ...rmOne,
    ...bash('npm testing', 's3'),
    requested(
      { kind: 'form', prompt: 'Deploy?', fields: [{ id: 'n', type: 'string', label: 'N' }], respond_via: ['control'] },
      { session: 's4' },
    ),
  ]
    .map((e) => JSON.stringify(e))
    .join('\n') + '\n',
);

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

describe('aep-console rules test', () => {
  it('prints, per rule, which requests it would have answered and how', async () => {
    const { code, out, err } = await run(['rules', 'test', '--rules', rulesFile, '--file', history]);
    assert.equal(code, 0, err.join('\n'));
    const text = out.join('\n');
    assert.match(text, /^rule "tests ok": 1 request$/m);
    assert.match(
      text,
      new RegExp(
        String.raw`^ {2}answer allow .*claude-code .*s1 · Bash — npm test -- --ci \(resolved\) \[id ${resolvedOne[1]!.id}\]$`,
        'm',
      ),
      'a closed request counts as if it were still pending',
    );
    assert.match(text, /^rule "no rm": 1 request$/m);
    assert.match(
      text,
      new RegExp(
        String.raw`^ {2}deny {13}claude-code .*s2 · Bash — rm -rf build \(pending\) \[id ${rmOne[1]!.id}\]$`,
        'm',
      ),
    );
    assert.doesNotMatch(text, /\b(\w+) \1\b/, 'no verb is said twice (deny deny)');
    assert.match(text, /^rule "never used": would answer nothing here$/m);
    assert.match(text, /^no rule: 2 of 4 requests/m, '"npm testing" and the form');
    assert.doesNotMatch(text, /npm testing.*answer/);
  });
  it('the same verdicts as the console for every command shape and for two causes under one identity', async () => {
    const shaped = (command: unknown, session: string) => {
      const [tool, request] = bash('placeholder', session);
      return [{ ...tool!, data: { tool: { name: 'Bash' }, args_redacted: { command } } }, request!];
    };
    const argvRm = shaped(['rm', '-rf', '/'], 's5');
    const nested = shaped([['rm', '-rf'], '/'], 's6');
    const argvTest = shaped(['npm', 'test'], 's7');
    // Two Events under one cause identity: "npm test" before the request, "rm -rf /" after it (s8), or both before (s9).
    const [after1, afterRequest] = bash('npm test', 's8');
    const afterSecond = { ...after1!, data: { tool: { name: 'Bash' }, args_redacted: { command: 'rm -rf /' } } };
    const [before1, beforeRequest] = bash('npm test', 's9');
    const beforeSecond = { ...before1!, data: { tool: { name: 'Bash' }, args_redacted: { command: 'rm -rf /' } } };
    const file = join(dir, 'shapes.jsonl');
    writeFileSync(
      file,
      [...argvRm, ...nested, ...argvTest, after1, afterRequest, afterSecond, before1, beforeSecond, beforeRequest]
        .map((e) => JSON.stringify(e))
        .join('\n') + '\n',
    );
    const { code, out, err } = await run(['rules', 'test', '--rules', rulesFile, '--file', file]);
    assert.equal(code, 0, err.join('\n'));
    const text = out.join('\n');
    const row = (verb: string, session: string, rest = '') =>
      new RegExp(String.raw`^ {2}${verb} .*claude-code +${session} · .*${rest}$`, 'm');
    assert.match(text, row('deny', 's5'), 'the argv rm -rf / is denied');
    assert.match(text, row('answer allow', 's7'), 'the argv npm test is allowed');
    assert.match(
      text,
      row(
        String.raw`ask \(left to you\)`,
        's6',
        '; cause not read: its command is neither a string nor an array of strings',
      ),
    );
    for (const session of ['s8', 's9'])
      assert.match(
        text,
        row(String.raw`ask \(left to you\)`, session, '; cause not read: two different Events carry its id'),
        session,
      );
    assert.doesNotMatch(text, /allow .*(s5|s6|s8|s9) ·/);
  });
  it('a bad rules file is exit 2 naming the rule, as at start', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ rules: [{ name: 'loose', match: { tool: 'Bash' }, decide: { option: 'allow' } }] }),
    );
    const { code, err } = await run(['rules', 'test', '--rules', bad, '--file', history]);
    assert.equal(code, 2);
    assert.equal(err.length, 1);
    assert.match(err[0]!, /rule 1 "loose": answers on content alone/);
  });
  it('usage: "rules" needs "test"; --json and --auto do not apply; no rules at all is an error', () => {
    assert.equal(parseArgs(['rules'], env).kind, 'usage-error');
    assert.equal(parseArgs(['rules', 'run'], env).kind, 'usage-error');
    assert.equal(parseArgs(['rules', 'test', '--json', '--rules', rulesFile], env).kind, 'usage-error');
    assert.equal(parseArgs(['rules', 'test', '--auto', '--rules', rulesFile], env).kind, 'usage-error');
    assert.equal(parseArgs(['rules', 'test'], env).kind, 'usage-error');
    const ok = parseArgs(['rules', 'test', `--rules=${rulesFile}`, '--file', history], env);
    assert.equal(ok.kind === 'run' && ok.options.command, 'rules-test');
  });
});
