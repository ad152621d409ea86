// A good terminal citizen, end to end in a pseudo-terminal: the alternate
// screen (and the shell's screen back after it), Ctrl-L, Ctrl-Z under a real
// job-control shell with an intermediate process between it and the console
// (as `npm start` has npm and sh), TERM=dumb refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleCommand, root, runInPty, shellInPty } from './pty.js';
import { Screen } from '../support/vt.js';
import { patient } from '../support/patience.js';

const ALT_ON = '\u001b[?1049h';
const ALT_OFF = '\u001b[?1049l';

function dirs() {
  const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
  return { home, dir: mkdtempSync(join(tmpdir(), 'aep-console-pty-')) };
}

/** The screen a terminal would show after `output` (what the minimal emulator cannot draw is left out). */
function screenAfter(output: string): string[] {
  const screen = new Screen(100, 30);
  // Bells, OSC strings and the cursor keys' CSI that shell line editors send are no part of what is asserted;
  // nor is an escape cut off at the end of what was read so far (a frame still arriving: its rest comes in the next read).
  screen.write(
    output
      .replace(/\u0007|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)/g, '')
      .replace(/\u001b\[[0-9;]*[CDPX@]|\u001b[=>]/g, '')
      .replace(/\u001b(\[[0-9;:?]*)?$/, ''),
  );
  return screen.text();
}

test('the console draws on the alternate screen; Ctrl-L wipes what others wrote; quitting gives the shell its screen back', async () => {
  const { home, dir } = dirs();
  const run = shellInPty({ dir, env: { HOME: home, TMPDIR: home, PS1: 'PROMPT> ' } });
  await run.until(/PROMPT>/, 'the shell prompt');
  run.type(`echo SHELL-WAS-HERE; ${consoleCommand(['--demo', '--demo-agents', '1'])}\r`);
  await run.until(/raised [1-9]\d*s/, 'a pending request, a second after the first frame');
  const first = run.output();
  assert.ok(first.indexOf(ALT_ON) > first.indexOf('SHELL-WAS-HERE'), 'the alternate screen is entered');
  assert.ok(first.lastIndexOf(ALT_ON) < first.indexOf('raised'), 'before the first frame');
  // Someone else writes to the terminal (a background job, wall, a stray log line).
  writeFileSync(`/proc/${run.pid()}/fd/1`, '\r\nJUNK-IN-THE-PANE\r\n');
  await run.until(/JUNK-IN-THE-PANE/, 'the junk on screen');
  const beforeRedraw = run.output().length;
  run.type('\u000c');
  await run.untilRaw(
    /\u001b\[H\u001b\[2J[^]*pending/,
    'the screen cleared and the frame drawn again after Ctrl-L',
    beforeRedraw,
  );
  const redrawn = screenAfter(run.output());
  assert.ok(!redrawn.some((row) => row.includes('JUNK')), `Ctrl-L leaves no junk:\n${redrawn.join('\n')}`);
  assert.ok(
    redrawn.some((row) => row.includes('pending')),
    'and the console is on screen',
  );
  const beforeQuit = run.output().length;
  run.type('q');
  await run.until(/PROMPT>/, 'the prompt after quitting', patient(20_000), beforeQuit);
  run.type('exit\r');
  const result = await run.done;
  const after = result.output.slice(beforeQuit);
  assert.ok(after.includes(ALT_OFF), 'the alternate screen is left on quit');
  const shown = screenAfter(result.output);
  assert.ok(
    shown.some((row) => row.includes('SHELL-WAS-HERE')),
    `the shell's screen is back:\n${shown.join('\n')}`,
  );
  assert.ok(!shown.some((row) => /pending|raised/.test(row)), 'with no frame of the console left on it');
});

test('the title says how many wait, saved first and put back on quit; --no-title leaves it alone', async () => {
  const { home, dir } = dirs();
  // Outside tmux (the terminal's own title stack): the test may itself run inside one.
  const run = runInPty(['--demo', '--demo-agents', '1'], { dir, env: { HOME: home, TMPDIR: home, TMUX: '' } });
  await run.until(/raised [1-9]\d*s/, 'a pending request');
  await run.untilRaw(/\u001b\]2;aep-console: [1-9]\d* waiting\u0007/, 'the title with the count', 0);
  run.type('q');
  const { output, code } = await run.done;
  assert.equal(code, 0);
  const saved = output.indexOf('\u001b[22;0t');
  const titled = output.indexOf('\u001b]2;aep-console: ');
  const restored = output.lastIndexOf('\u001b[23;0t');
  assert.ok(saved >= 0 && saved < titled, 'the title saved before it is set');
  assert.ok(restored > output.lastIndexOf('\u001b]2;'), 'and put back after the last one');

  const plain = runInPty(['--demo', '--demo-agents', '1', '--no-title'], {
    dir,
    env: { HOME: home, TMPDIR: home, TMUX: '' },
  });
  await plain.until(/raised [1-9]\d*s/, 'a pending request');
  plain.type('q');
  const quiet = await plain.done;
  assert.ok(!/\u001b\]2;|\u001b\[2[23];0t/.test(quiet.output), '--no-title: no title written, saved or restored');
});

test('--inline draws in the normal screen: no alternate screen', async () => {
  const { home, dir } = dirs();
  const run = runInPty(['--demo', '--demo-agents', '1', '--inline'], { dir, env: { HOME: home, TMPDIR: home } });
  await run.until(/raised [1-9]\d*s/, 'a pending request');
  run.type('q');
  const result = await run.done;
  assert.equal(result.code, 0);
  assert.ok(!result.output.includes(ALT_ON) && !result.output.includes(ALT_OFF), 'no switch of screens');
});

test('Ctrl-Z under a job-control shell, the console behind an intermediate shell (as npm start): the prompt comes back, fg resumes all', async () => {
  const { home, dir } = dirs();
  const run = shellInPty({ dir, env: { HOME: home, TMPDIR: home, PS1: 'PROMPT> ' } });
  await run.until(/PROMPT>/, 'the shell prompt');
  // sh -c with a command after the console: sh stays, as npm and its sh do.
  run.type(
    `sh -c '${consoleCommand(['--demo', '--demo-agents', '1']).replace(/'/g, `'"'"'`)}; echo INTERMEDIATE-DONE'\r`,
  );
  await run.until(/raised [1-9]\d*s/, 'a pending request');
  const beforeStop = run.output().length;
  run.type('\u001a');
  await run.until(
    /Stopped[\s\S]*PROMPT>/,
    'the shell to report the job stopped and give its prompt back',
    20_000,
    beforeStop,
  );
  const stopped = run.output().slice(beforeStop);
  assert.ok(
    stopped.indexOf(ALT_OFF) !== -1 && stopped.indexOf(ALT_OFF) < stopped.indexOf('Stopped'),
    'the shell gets its screen back first',
  );
  assert.ok(
    stopped.indexOf('\u001b[?25h') !== -1 && stopped.indexOf('\u001b[?25h') < stopped.indexOf('Stopped'),
    'with the cursor shown',
  );
  assert.ok(
    stopped.indexOf('\u001b[?1000l') !== -1 && stopped.indexOf('\u001b[?1000l') < stopped.indexOf('Stopped'),
    'and no mouse reports while the shell has the terminal',
  );
  const beforeFg = run.output().length;
  run.type('fg\r');
  await run.until(/pending/, 'the console back after fg', patient(20_000), beforeFg);
  await run.until(/raised [1-9]\d*s/, 'and running (its clock ticks)', patient(20_000), beforeFg);
  // After the suspension's own writes (leaving the alternate screen, the cursor shown):
  const resumed = run.output().slice(beforeStop + stopped.indexOf(ALT_OFF));
  assert.ok(resumed.includes(ALT_ON), 'back on the alternate screen');
  assert.ok(resumed.lastIndexOf('\u001b[?25l') > resumed.lastIndexOf('\u001b[?25h'), 'the cursor hidden again');
  assert.ok(resumed.lastIndexOf('\u001b[?1000h') > resumed.lastIndexOf('\u001b[?1000l'), 'the mouse reporting again');
  const beforeQuit = run.output().length;
  run.type('q');
  await run.until(
    /INTERMEDIATE-DONE[\s\S]*PROMPT>/,
    'the whole job to end and the prompt to come back',
    20_000,
    beforeQuit,
  );
  run.type('exit\r');
  await run.done;
});

test('without job control (sh -c as the session, as ssh -t host cmd): Ctrl-Z says so and the console keeps running', async () => {
  const { home, dir } = dirs();
  const run = runInPty(['--demo', '--demo-agents', '1'], { dir, env: { HOME: home, TMPDIR: home } });
  await run.until(/raised [1-9]\d*s/, 'a pending request');
  run.type('\u001a');
  await run.until(/no job control here/, 'the notice');
  run.type('q');
  const result = await run.done;
  assert.equal(result.code, 0);
  assert.equal(result.sttyAfter, result.sttyBefore, 'the terminal modes are as they were');
});

test("the shipped bin under CI=true on a terminal (a dev container, a CI job's debug shell) still draws every frame, not only the last at exit", async () => {
  const bin = join(root, 'bin', 'aep-console.js');
  assert.ok(
    existsSync(join(root, 'dist', 'cli.cjs')),
    'dist/cli.cjs is built (npm ci and npm install build it; else npm run build)',
  );
  const { home, dir } = dirs();
  const cacheHome = join(home, 'cache');
  /** The demo started from a shell in a pty: drawn, its clock ticking (`what`), then quit with q, the shell left. */
  const demoInShell = async (prefix: string, what: string) => {
    const run = shellInPty({ dir, env: { HOME: home, TMPDIR: home, PS1: 'PROMPT> ', XDG_CACHE_HOME: cacheHome } });
    await run.until(/PROMPT>/, 'the shell prompt');
    run.type(`${prefix}node '${bin}' --demo --demo-agents 1\r`);
    await run.until(/raised [1-9]\d*s/, what);
    const beforeQuit = run.output().length;
    run.type('q');
    await run.until(/PROMPT>/, 'the prompt after quitting', patient(20_000), beforeQuit);
    run.type('exit\r');
    await run.done;
  };
  // Ink in CI mode would write nothing here: the frame and its clock come while it runs.
  await demoInShell(
    'CI=true CONTINUOUS_INTEGRATION=1 ',
    'a pending request drawn, and the clock ticking, while the console runs',
  );
  // The first frame's code cache, kept for the next start (src/boot/), the user's alone.
  const cache = join(cacheHome, 'aep-console', 'code-cache');
  const made = statSync(cache);
  assert.equal(made.mode & 0o777, 0o600);
  // The next start uses it: V8 took it, so it is not made again (a flag set before the first frame would make V8 refuse it).
  await demoInShell('', 'the second start drawn, and running past its first frame');
  const after = statSync(cache);
  assert.deepEqual([after.ino, after.mtimeMs], [made.ino, made.mtimeMs], 'the cache was used, not written again');
});

test('TERM=dumb: the full-screen console refuses with exit 2 and names watch, list and respond; nothing reaches the terminal', async () => {
  const { home, dir } = dirs();
  const run = runInPty(['--relay', 'http://127.0.0.1:9'], { dir, env: { HOME: home, TMPDIR: home, TERM: 'dumb' } });
  const result = await run.done;
  assert.equal(result.code, 2);
  assert.match(result.stderr, /TERM=dumb/);
  for (const word of ['watch', 'list', 'respond']) assert.match(result.stderr, new RegExp(`aep-console ${word}`));
  assert.ok(!result.output.includes('\u001b'), 'no escape sequence written');
});

test('TERM=dumb --demo (npm start): the demo relay starts and is followed as lines, as watch follows one; what to run beside it is said', async () => {
  const { home, dir } = dirs();
  const run = runInPty(['--demo', '--demo-agents', '1'], { dir, env: { HOME: home, TMPDIR: home, TERM: 'dumb' } });
  await run.until(/\d\d:\d\d:\d\d requested /, 'a watch line for a demo request');
  assert.ok(!run.output().includes('\u001b'), 'no escape sequence written');
  run.type('\u0003');
  const result = await run.done;
  assert.match(result.stderr, /TERM=dumb.*the demo relay runs at http:\/\/127\.0\.0\.1:\d+, followed here as lines/);
  assert.match(result.stderr, /npx aep-console list --relay http:\/\/127\.0\.0\.1:\d+ --token-file \S+/);
  assert.match(result.stderr, /npx aep-console respond ID --option O --relay/);
});

test('--screen-reader: sentences in the normal screen, no alternate screen, no synchronized-output marks, q quits', async () => {
  const { home, dir } = dirs();
  const run = runInPty(['--demo', '--demo-agents', '1', '--screen-reader'], { dir, env: { HOME: home, TMPDIR: home } });
  await run.until(/1 of \d+: \S+ asks /, 'the selected request in words');
  const output = run.output();
  assert.match(output, /\d+ requests? waiting for you\./);
  assert.ok(!output.includes(ALT_ON), 'no alternate screen: the review cursor keeps what was said');
  assert.ok(!output.includes('\u001b[?2026h'), 'no synchronized-output marks');
  assert.doesNotMatch(output, /[│┃┏▸●◆]/, 'no rules, boxes or marks');
  run.type('q');
  const result = await run.done;
  assert.equal(result.code, 0);
});
