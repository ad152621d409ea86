// The demo's token file (src/cli/demo-token.ts) is removed however the demo
// stops: by `q`, by a signal sent with kill, or by its terminal going away
// (the last two leave through process.exit, not through the orderly close).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, runInPty, type PtyRun } from './pty.js';

/** The console on the demo, with its own temporary directory (where the token file goes). */
async function demoInPty(): Promise<{ run: PtyRun; temp: string; tokenDir: string }> {
  const temp = mkdtempSync(join(tmpdir(), 'aep-console-tmp-'));
  const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
  const run = runInPty(['--demo', '--demo-agents', '1'], {
    dir: mkdtempSync(join(tmpdir(), 'aep-console-pty-')),
    env: { HOME: home, TMPDIR: temp },
  });
  await run.until(/live/, 'the demo relay to be live');
  const dirs = readdirSync(temp).filter((name) => name.startsWith('aep-console-demo-'));
  assert.equal(dirs.length, 1, `one token directory in ${temp}: ${dirs.join(', ')}`);
  const tokenDir = join(temp, dirs[0]);
  assert.ok(existsSync(join(tokenDir, 'token')), 'the token file exists while the demo runs');
  return { run, temp, tokenDir };
}

// Each case has its own terminal, demo and temporary directory: they run side by side.
describe('the demo in a pseudo-terminal', { concurrency: true }, () => {
  test('the demo token file is removed when the console is stopped with kill (SIGTERM)', async () => {
    const { run, tokenDir } = await demoInPty();
    const pid = run.pid();
    assert.ok(pid, 'the console process is found');
    process.kill(pid, 'SIGTERM');
    const result = await run.done;
    assert.equal(result.code, 143, result.stderr);
    assert.ok(!existsSync(tokenDir), 'the token directory is gone');
  });

  test('the demo token file is removed when the terminal goes away under the console', async () => {
    const { run, tokenDir } = await demoInPty();
    const pid = run.pid();
    assert.ok(pid, 'the console process is found');
    run.hangUp();
    await run.done;
    assert.ok(await exited(pid), 'the console exits when its terminal goes');
    assert.ok(!existsSync(tokenDir), 'the token directory is gone');
  });
});
