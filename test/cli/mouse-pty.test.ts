// The mouse end to end: the real console in a pseudo-terminal turns button
// reporting on (SGR encoding, no motion tracking) in the full screen only,
// takes reports as clicks and wheel notches (never text, even on the Reply
// row), and turns it off again when it quits, is suspended or crashes
// (crash-pty.test.ts: the restore sequence ends it too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInPty } from './pty.js';
import { Screen } from '../support/vt.js';

const MOUSE_ON = '\u001b[?1000h\u001b[?1006h';
const MOUSE_OFF = '\u001b[?1006l\u001b[?1000l';
const MOTION = /\u001b\[\?100[23]h/;

function dirs() {
  const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
  return { home, dir: mkdtempSync(join(tmpdir(), 'aep-console-pty-')) };
}

test('in the full screen: button reporting in SGR is on before the first frame; reports are no text; it is off again on quit', async () => {
  const { home, dir } = dirs();
  const run = runInPty(['--demo', '--demo-agents', '1'], { dir, env: { HOME: home, TMPDIR: home } });
  await run.until(/raised [1-9]\d*s/, 'a pending request, a second after the first frame');
  const first = run.output();
  assert.ok(first.includes(MOUSE_ON), 'modes 1000 and 1006 are turned on');
  assert.ok(first.indexOf(MOUSE_ON) < first.indexOf('raised'), 'before the first frame');
  assert.doesNotMatch(first, MOTION, 'no motion tracking');
  run.type('\r');
  await run.until(/Reply:/, 'the request to open');
  // A click on the status line, a wheel notch, a release and an X10 report, then a letter typed.
  run.type('\u001b[<0;5;1M\u001b[<0;5;1m\u001b[<65;60;10M\u001b[M !!z');
  await run.until(/Reply: z/, 'only the typed letter on the Reply row');
  const screen = new Screen(100, 30);
  screen.write(run.output());
  const reply = screen.text().find((row) => row.includes('Reply:'));
  assert.match(reply ?? '', /Reply: z\s*$/, `no byte of a report was typed: ${reply}`);
  run.type('\u001b');
  await run.until(/q quit/, 'the list');
  run.type('q');
  await run.until(/would be lost|y\/n/, 'the quit question naming the draft');
  run.type('y');
  const result = await run.done;
  assert.equal(result.code, 0);
  assert.ok(
    result.output.lastIndexOf(MOUSE_OFF) > result.output.lastIndexOf(MOUSE_ON),
    'mouse reporting is off again at the end',
  );
  assert.equal(result.sttyAfter, result.sttyBefore, 'the terminal modes are as they were');
});

for (const [flag, why] of [
  ['--no-mouse', 'the operator left the mouse to the terminal'],
  ['--inline', "the normal screen: a report's row is no row of the frame"],
  ['--screen-reader', 'sentences, not cells'],
] as const) {
  test(`${flag}: mouse reporting is never turned on (${why})`, async () => {
    const { home, dir } = dirs();
    const run = runInPty(['--demo', '--demo-agents', '1', flag], { dir, env: { HOME: home, TMPDIR: home } });
    await run.until(flag === '--screen-reader' ? /1 of \d+: \S+ asks / : /raised [1-9]\d*s/, 'a pending request');
    run.type('q');
    const result = await run.done;
    assert.equal(result.code, 0);
    assert.ok(
      !result.output.includes('\u001b[?1000h') && !result.output.includes('\u001b[?1006h'),
      'no mouse mode asked for',
    );
  });
}
