// Crash safety end to end (part 4): the real console in a real
// pseudo-terminal, made to fail by the AEP_CONSOLE_TEST_CRASH hook (an
// uncaught exception, an unhandled rejection, a render error, each carrying
// the token in its message), or stopped by a signal sent with kill.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { RESTORE_SEQUENCE } from '../../src/cli/crash.js';
import { exited, plain, runInPty, type PtyResult } from './pty.js';

const TOKEN = 'tok-crash-pty-4c3b2a';
let relay: DemoRelay;

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
});

after(async () => {
  await relay.close();
});

/**
 * stderr as the console's own lines. Ink's cursor helper (restore-cursor)
 * writes one "show cursor" escape to stderr as the process exits; it is
 * invisible and not a line of ours.
 */
function stderrLines(result: PtyResult): string[] {
  return result.stderr.split('\u001b[?25h').join('').split('\n').filter(Boolean);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The terminal as the console leaves it: modes as before, cursor shown, no synchronized update left open. */
function assertTerminalRestored(result: PtyResult): void {
  assert.ok(result.sttyBefore.length > 0);
  assert.equal(result.sttyAfter, result.sttyBefore, 'raw mode off: the terminal modes are as before');
  assert.ok(
    result.output.endsWith(RESTORE_SEQUENCE),
    `ends with the restore sequence: ${JSON.stringify(result.output.slice(-80))}`,
  );
  const begun = result.output.lastIndexOf('\u001b[?2026h');
  assert.ok(
    begun === -1 || result.output.indexOf('\u001b[?2026l', begun) > begun,
    'the last synchronized update was ended',
  );
  assert.ok(
    result.output.lastIndexOf('\u001b[?25h') > result.output.lastIndexOf('\u001b[?25l'),
    'the cursor is visible',
  );
}

async function crashRun(mode: string): Promise<{ result: PtyResult; home: string }> {
  const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-pty-'));
  const run = runInPty(['--relay', relay.url], {
    dir,
    env: { HOME: home, AEP_TOKEN: TOKEN, AEP_CONSOLE_TEST_CRASH: mode },
  });
  // The hook fires 300 ms after the first frame, live or not yet.
  const result = await run.done;
  assert.match(plain(result.output), /q quit/, 'the UI was on screen');
  return { result, home };
}

// Each case has its own terminal, console and home: they run side by side (mostly waiting on the console).
describe('the console in a pseudo-terminal', { concurrency: true }, () => {
  for (const [mode, kind] of [
    ['exception', 'uncaught exception'],
    ['rejection', 'unhandled rejection'],
    ['render', 'render error'],
  ]) {
    test(`${kind} in the running UI: terminal restored, one stderr line naming a 0600 report without the token, exit 1`, async () => {
      const { result, home } = await crashRun(mode);
      assert.equal(result.code, 1, result.stderr);
      assertTerminalRestored(result);
      const lines = stderrLines(result);
      assert.equal(lines.length, 1, result.stderr);
      const match = new RegExp(`^aep-console: internal error \\(${kind}\\); crash report: (\\S+)$`).exec(lines[0]);
      assert.ok(match, lines[0]);
      const file = match[1];
      assert.ok(file.startsWith(join(home, '.local/state/aep-console/')), file);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      const report = readFileSync(file, 'utf8');
      assert.match(report, new RegExp(`what: ${kind}`));
      assert.match(report, /AEP_CONSOLE_TEST_CRASH: deliberate failure; token \[token\] \(must be scrubbed\)/);
      assert.deepEqual(filesUnder(home), [file], 'the report is the only file written');
      for (const written of [report, result.output, result.stderr])
        assert.ok(!written.includes(TOKEN), 'the token is nowhere');
      assert.ok(!result.output.includes('deliberate failure'), 'the error is not drawn on the screen');
    });
  }

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    test(`${signal} sent with kill: terminal restored, "stopped by ${signal}", exit ${code}, no crash report`, async () => {
      const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
      const run = runInPty(['--relay', relay.url], {
        dir: mkdtempSync(join(tmpdir(), 'aep-console-pty-')),
        env: { HOME: home, AEP_TOKEN: TOKEN },
      });
      await run.until(/live/, 'the relay to be live');
      const pid = run.pid();
      assert.ok(pid, 'the console process is found');
      process.kill(pid, signal);
      const result = await run.done;
      assert.equal(result.code, code, result.stderr);
      assertTerminalRestored(result);
      assert.deepEqual(stderrLines(result), [`aep-console: stopped by ${signal}`]);
      assert.ok(!existsSync(join(home, '.local/state/aep-console')), 'a request to stop is not a crash');
    });
  }

  test('the terminal closing under the console (window closed, SSH dropped) is a hang-up, not a crash: no report, no error line', async () => {
    const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-pty-'));
    const run = runInPty(['--relay', relay.url], { dir, env: { HOME: home, AEP_TOKEN: TOKEN } });
    await run.until(/live/, 'the relay to be live');
    const pid = run.pid();
    assert.ok(pid, 'the console process is found');
    run.hangUp();
    await run.done;
    assert.ok(await exited(pid), 'the console exits when its terminal goes');
    const stderr = existsSync(join(dir, 'stderr')) ? readFileSync(join(dir, 'stderr'), 'utf8') : '';
    assert.doesNotMatch(stderr, /internal error|crash report/, stderr);
    assert.ok(!existsSync(join(home, '.local/state/aep-console')), 'a hang-up is not a crash');
  });
});
