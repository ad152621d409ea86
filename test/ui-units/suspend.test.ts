import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suspend } from '../../src/cli/suspend.js';

function target() {
  const log: string[] = [];
  let onContinue: (() => void) | undefined;
  let later: (() => void) | undefined;
  return {
    log,
    cont: () => onContinue?.(),
    tick: () => later?.(),
    t: {
      stdin: { setRawMode: (raw: boolean) => log.push(`raw ${raw}`) },
      stdout: { write: (data: string) => log.push(`write ${JSON.stringify(data)}`), emit: (event: string) => log.push(`emit ${event}`) },
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

test('Ctrl-Z hands the terminal back, stops, and on fg takes it back once and repaints', () => {
  const x = target();
  suspend(x.t);
  assert.deepEqual(x.log, ['raw false', 'write "\\u001b[?25h\\u001b[?2004l\\r\\n"', 'SIGTSTP']);
  x.cont();
  x.tick();
  assert.deepEqual(x.log.slice(3), ['raw true', 'write "\\u001b[?2004h"', 'emit resize'], 'SIGCONT and the timer resume once');
});

test('without job control (SIGTSTP discarded) the console takes the terminal back by itself', () => {
  const x = target();
  suspend(x.t);
  x.tick();
  assert.deepEqual(x.log.slice(3), ['raw true', 'write "\\u001b[?2004h"', 'emit resize']);
});
