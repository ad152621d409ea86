import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jobControl, NO_JOB_CONTROL, suspend, suspendProcess } from '../../src/cli/suspend.js';

function target(altScreen: boolean) {
  const log: string[] = [];
  let onContinue: (() => void) | undefined;
  let later: (() => void) | undefined;
  return {
    log,
    cont: () => onContinue?.(),
    tick: () => later?.(),
    t: {
      stdin: { setRawMode: (raw: boolean) => log.push(`raw ${raw}`) },
      stdout: {
        write: (data: string) => log.push(`write ${JSON.stringify(data)}`),
        emit: (event: string) => log.push(`emit ${event}`),
      },
      altScreen,
      redraw: () => log.push('redraw'),
      onContinue: (resume: () => void) => {
        onContinue = resume;
      },
      stop: () => log.push('SIGTSTP'),
      later: (then: () => void) => {
        later = then;
      },
    },
  };
}

test('Ctrl-Z (inline) hands the terminal back, stops, and on fg takes it back once, cursor hidden again, and redraws', () => {
  const x = target(false);
  suspend(x.t);
  assert.deepEqual(x.log, ['raw false', 'write "\\u001b[?25h\\u001b[?2004l\\r\\n"', 'SIGTSTP']);
  x.cont();
  x.tick();
  assert.deepEqual(
    x.log.slice(3),
    ['raw true', 'write "\\u001b[?25l\\u001b[?2004h"', 'emit resize', 'redraw'],
    'SIGCONT and the timer resume once',
  );
});

test('Ctrl-Z on the alternate screen: the shell gets its own screen back, and fg goes back to the alternate one', () => {
  const x = target(true);
  suspend(x.t);
  assert.deepEqual(x.log, ['raw false', 'write "\\u001b[?1049l\\u001b[?25h\\u001b[?2004l"', 'SIGTSTP']);
  x.cont();
  assert.deepEqual(x.log.slice(3), [
    'raw true',
    'write "\\u001b[?1049h\\u001b[H\\u001b[?25l\\u001b[?2004h"',
    'emit resize',
    'redraw',
  ]);
});

test('without job control (SIGTSTP discarded) the console takes the terminal back by itself', () => {
  const x = target(false);
  suspend(x.t);
  x.tick();
  assert.deepEqual(x.log.slice(3), ['raw true', 'write "\\u001b[?25l\\u001b[?2004h"', 'emit resize', 'redraw']);
});

// /proc/self/stat: pid (comm) state ppid pgrp session tty_nr tpgid …
const stat = (pgrp: number, session: number) => `4242 (node (x) y) S 4000 ${pgrp} ${session} 34816 ${pgrp} 4194560`;

test("job control is read from /proc/self/stat: a group of its own under a shell has it; the session leader's group has none", () => {
  assert.equal(jobControl(stat(4100, 3900)), true, 'a job of an interactive shell (npm, sh -c and node in one group)');
  assert.equal(jobControl(stat(3900, 3900)), false, "sh -c / ssh -t host cmd: the session's own group, orphaned");
  assert.equal(jobControl(undefined), undefined, 'no /proc: cannot tell');
  assert.equal(jobControl('garbage'), undefined);
});

test('Ctrl-Z without job control stops nothing and says so instead', () => {
  let redraws = 0;
  assert.equal(suspendProcess({ altScreen: true, redraw: () => redraws++ }, stat(3900, 3900)), NO_JOB_CONTROL);
  assert.equal(redraws, 0);
  assert.match(NO_JOB_CONTROL, /no job control/);
});

test('Ctrl-Z with the mouse on: its reports go off with the paste marks, and come back on after fg', () => {
  const x = target(true);
  suspend({ ...x.t, mouse: true });
  assert.deepEqual(x.log, [
    'raw false',
    'write "\\u001b[?1049l\\u001b[?25h\\u001b[?2004l\\u001b[?1006l\\u001b[?1000l"',
    'SIGTSTP',
  ]);
  x.cont();
  assert.deepEqual(x.log.slice(3), [
    'raw true',
    'write "\\u001b[?1049h\\u001b[H\\u001b[?25l\\u001b[?2004h\\u001b[?1000h\\u001b[?1006h"',
    'emit resize',
    'redraw',
  ]);
});
