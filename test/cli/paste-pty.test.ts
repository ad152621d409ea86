// Bracketed paste end to end: the real console in a pseudo-terminal asks the
// terminal to mark pastes, takes a marked paste as text only, and turns the
// marks off again when it quits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInPty } from './pty.js';

const PASTE = (text: string) => `\u001b[200~${text}\u001b[201~`;

test('in a terminal: pastes are marked, a paste in the list is ignored, one in Reply is text; the marks go off on quit', async () => {
  const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
  const run = runInPty(['--demo', '--demo-agents', '1'], {
    dir: mkdtempSync(join(tmpdir(), 'aep-console-pty-')),
    env: { HOME: home, TMPDIR: home },
  });
  // A clock tick after the first frame: by then the console has the terminal in raw mode
  // (typed earlier, the terminal's line discipline would still be holding the keys).
  await run.until(/raised [1-9]\d*s/, 'a pending request, a second after the first frame');
  assert.ok(run.output().includes('\u001b[?2004h'), 'bracketed paste is turned on');
  run.type(PASTE('1\rxq'));
  await run.until(/Paste ignored: open a request first/, 'the paste to be refused in the list');
  run.type('\r');
  await run.until(/Reply:/, 'the request to open');
  run.type(PASTE('use staging\nxy'));
  await run.until(/Reply: use staging xy/, 'the paste to land on the Reply row');
  run.type('\u001b');
  await run.until(/q quit/, 'the list');
  run.type('q');
  await run.until(/Quit anyway\?|would be lost|y\/n/, 'the quit question naming the draft');
  run.type('y');
  const result = await run.done;
  assert.equal(result.code, 0);
  assert.ok(
    result.output.lastIndexOf('\u001b[?2004l') > result.output.lastIndexOf('\u001b[?2004h'),
    'bracketed paste is off again at the end',
  );
});
