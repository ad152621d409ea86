// Hostile input V, "the demo keeps its own history": `--demo` keeps its
// state in a private temporary directory (0700), removed when the demo
// stops; `H` reads the demo's answers there, and `aep-console history`
// (the user's own state directory) never sees them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { runInPty } from './pty.js';
import { patient } from '../support/patience.js';

test('the demo: its answers in a private directory H reads, removed on quit; aep-console history never shows them', async () => {
  const temp = mkdtempSync(join(tmpdir(), 'aep-console-tmp-'));
  const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
  const state = mkdtempSync(join(tmpdir(), 'aep-console-state-'));
  const env = { HOME: home, TMPDIR: temp, XDG_STATE_HOME: state };
  const run = runInPty(['--demo', '--demo-agents', '1'], { dir: mkdtempSync(join(tmpdir(), 'aep-console-pty-')), env });
  await run.until(/raised [1-9]\d*s/, 'a pending request, a second after the first frame');
  const dirs = readdirSync(temp).filter((name) => name.startsWith('aep-console-demo-'));
  assert.equal(dirs.length, 1, `one demo directory in ${temp}: ${dirs.join(', ')}`);
  const demoDir = join(temp, dirs[0]!);
  assert.equal(statSync(demoDir).mode & 0o777, 0o700, 'private');
  // Answer the first request with a reply of its own, then read the history with H.
  run.type('\r');
  await run.until(/Reply:/, 'the request to open');
  run.type('demo-reply-x7');
  await run.until(/Reply: demo-reply-x7/, 'the reply typed');
  const from = run.output().length;
  run.type('\r');
  await run.until(/Recent \(1\)/, 'the reply sent and settled', undefined, from);
  await run.until(/q quit/, 'back in the list', undefined, from);
  // H reads the file when it opens: the decision's line is written off the event loop, after the frame that shows
  // it sent (on a busy machine, later still). Wait for the line, not for a time.
  const file = join(demoDir, 'history.jsonl');
  for (let waited = 0; !(existsSync(file) && readFileSync(file, 'utf8').includes('demo-reply-x7')); waited += 20) {
    assert.ok(waited < patient(2_000), 'the demo answer written to the demo history');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  run.type('H');
  await run.until(/demo-reply-x7/, 'the demo answer in H', undefined, from);
  assert.ok(existsSync(join(demoDir, 'history.jsonl')), 'the history is kept in the demo directory');
  run.type('\u001b');
  await run.until(/q quit/, 'the list again', undefined, run.output().length - 2000);
  run.type('q');
  await run.until(/y\/n|Quit/, 'the quit question', 10_000).catch(() => undefined);
  run.type('y');
  const result = await run.done;
  assert.equal(result.code, 0, result.stderr);
  assert.ok(!existsSync(demoDir), 'the demo directory is removed when the demo stops');
  // The user's own history: nothing of the demo's.
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['history'], { out: (l) => out.push(l), err: (l) => err.push(l), env });
  assert.ok(!out.join('\n').includes('demo-reply-x7'), out.join('\n'));
  assert.deepEqual(out, ['no decisions recorded'], `exit ${code}: ${err.join('\n')}`);
});
