// `aep-console history [--json] [--since DURATION] [--agent NAME]...
// [--session ID]...`: the history file printed as a text table or
// one JSON object per decision with the contract's members; a torn last line
// said on stderr; a file that is not the operator's own not read (exit 3);
// bad flags exit 2.
import assert from 'node:assert/strict';
import { appendFileSync, chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../src/cli.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import type { DecisionLine, OutcomeLine } from '../../src/store/decisions.js';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function decision(
  id: string,
  agent: string,
  session: string,
  time: string,
  extra: Partial<DecisionLine> = {},
): DecisionLine {
  return {
    t: 'decision',
    time,
    relay: 'http://127.0.0.1:8787',
    source: `aep://h/agent/${agent}`,
    agent,
    session,
    request: `req-${id}`,
    run: 'r1',
    kind: 'permission',
    prompt: 'Run npm test?',
    action: 'answer',
    sent: { option: 'allow' },
    by: 'you',
    command_id: id,
    capture: 'redacted',
    ...extra,
  };
}

/** A state home with a history: codex answered 3 h ago (applied), claude 10 min ago (rejected), then a cancel of claude's with no outcome. */
async function stateHome(): Promise<{ env: NodeJS.ProcessEnv; log: DecisionLog }> {
  const home = mkdtempSync(join(tmpdir(), 'aep-console-histcmd-'));
  const log = new DecisionLog(join(home, 'aep-console'));
  const lines: (DecisionLine | OutcomeLine)[] = [
    decision('c1', 'codex', 's1', minutesAgo(180)),
    {
      t: 'outcome',
      command_id: 'c1',
      time: minutesAgo(180),
      state: 'applied',
      option: 'allow',
      by: 'aep-console',
      latency_ms: 1200,
    },
    decision('c2', 'claude', 's2', minutesAgo(10), { sent: { text: 'use \u001b[31mstaging' }, prompt: 'Push?\u202e' }),
    { t: 'outcome', command_id: 'c2', time: minutesAgo(10), state: 'rejected', reason: 'invalid: no', latency_ms: 40 },
    decision('c3', 'claude', 's2', minutesAgo(5), { action: 'cancel', sent: { scope: 'run' }, kind: 'permission' }),
  ];
  assert.deepEqual(await log.append(lines), { ok: true });
  return { env: { XDG_STATE_HOME: home, PATH: process.env.PATH }, log };
}

async function history(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['history', ...args], { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

describe('aep-console history', () => {
  it('prints one row per decision, oldest first: time, agent, kind, what was sent, the outcome and its latency, the prompt', async () => {
    const { env } = await stateHome();
    const { code, out, err } = await history([], env);
    assert.equal(code, 0);
    assert.deepEqual(err, []);
    assert.equal(out.length, 3);
    assert.match(
      out[0],
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ codex +permission allow → applied allow by aep-console in 1\.2s · Run npm test\? \[id req-c1\]$/,
      "the request's id last, as respond takes it",
    );
    assert.match(
      out[1],
      /claude .* text "use ␛\[31mstaging" → rejected: invalid: no in 40ms · Push\?⟨U\+202E⟩ \[id req-c2\]$/,
      'control characters from the file are shown as markers',
    );
    assert.match(out[2], /claude .* cancel run → no outcome yet/);
    for (const line of out)
      assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/.test(line), 'no control character reaches stdout');
  });

  it("--json: one object per decision with the contract's members, controls escaped", async () => {
    const { env } = await stateHome();
    const { code, out } = await history(['--json'], env);
    assert.equal(code, 0);
    const rows = out.map((l) => JSON.parse(l));
    assert.deepEqual(Object.keys(rows[0]), [
      'time',
      'relay',
      'source',
      'agent',
      'session',
      'request',
      'run',
      'kind',
      'prompt',
      'action',
      'sent',
      'by',
      'command_id',
      'outcome',
      'latency_ms',
    ]);
    assert.deepEqual(rows[0].outcome, { state: 'applied', option: 'allow', by: 'aep-console' });
    assert.equal(rows[0].latency_ms, 1200);
    assert.deepEqual(rows[1].outcome, { state: 'rejected', reason: 'invalid: no' });
    assert.equal(rows[2].action, 'cancel');
    assert.equal(rows[2].outcome, undefined);
    assert.ok(out[1].includes('\\u001b') && out[1].includes('\\u202e'), 'escaped in the JSON text');
  });

  it('--since, --agent (repeatable), --session', async () => {
    const { env } = await stateHome();
    const ids = async (args: string[]) =>
      (await history(['--json', ...args], env)).out.map((l) => JSON.parse(l).command_id);
    assert.deepEqual(await ids(['--since', '1h']), ['c2', 'c3']);
    assert.deepEqual(await ids(['--since', '7m']), ['c3']);
    assert.deepEqual(await ids(['--agent', 'codex']), ['c1']);
    assert.deepEqual(await ids(['--agent', 'codex', '--agent', 'claude', '--since', '6m']), ['c3']);
    assert.deepEqual(await ids(['--session', 's1']), ['c1']);
    assert.deepEqual((await history(['--agent', 'nobody'], env)).out, ['no decisions match']);
  });

  it('no history yet', async () => {
    const { out, code } = await history([], { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'aep-console-histcmd-')) });
    assert.equal(code, 0);
    assert.deepEqual(out, ['no decisions recorded']);
  });

  it('a torn last line is skipped and said on stderr; the rest is printed', async () => {
    const { env, log } = await stateHome();
    appendFileSync(log.file, '{"t":"outcome","command_id":"c3","ti');
    const { code, out, err } = await history(['--json'], env);
    assert.equal(code, 0);
    assert.equal(out.length, 3);
    assert.equal(JSON.parse(out[2]).outcome, undefined);
    assert.deepEqual(err, [`aep-console: history: the last line of ${log.file} is torn (a write cut short): skipped`]);
  });

  it('a history file writable by others is not read: said, exit 3', async () => {
    const { env, log } = await stateHome();
    chmodSync(log.file, 0o666);
    const { code, out, err } = await history([], env);
    assert.equal(code, 3);
    assert.deepEqual(out, ['no decisions recorded']);
    assert.deepEqual(err, [`aep-console: history: ${log.file} is writable by group and others (mode 0666): not read`]);
  });

  it('usage errors: exit 2 with one line naming the problem', async () => {
    const { env } = await stateHome();
    const table: [string[], RegExp][] = [
      [['--since', 'yesterday'], /--since "yesterday" is not a duration/],
      [['--relay', 'http://x'], /--relay does not apply to "aep-console history"/],
      [['--demo'], /--demo does not apply/],
      [['--agent', ''], /--agent and --session must not be empty/],
      [['extra'], /unexpected argument "extra"/],
    ];
    for (const [args, message] of table) {
      const { code, err } = await history(args, env);
      assert.equal(code, 2, args.join(' '));
      assert.equal(err.length, 1);
      assert.match(err[0], message);
    }
    const since = await main(['list', '--since', '2h'], { out: () => {}, err: () => {}, env });
    assert.equal(since, 2, '--since is for history only');
  });
});
