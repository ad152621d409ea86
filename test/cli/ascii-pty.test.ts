// LANG=C: every character the console itself draws is ASCII. A whole session
// in a pseudo-terminal (list, an open request, a form, the timeline, help, a
// filter, the history, the quit) over requests whose agent text is ASCII:
// then every byte the terminal receives must be ASCII.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInPty } from './pty.js';
import { patient } from '../support/patience.js';

const ascii = (line: string) => /^[\x00-\x7f]*$/.test(line);
const corpus = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && ascii(l));

test('LANG=C: a whole session writes only ASCII to the terminal', async () => {
  const home = mkdtempSync(join(tmpdir(), 'aep-console-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-pty-'));
  const file = join(dir, 'events.jsonl');
  writeFileSync(file, `${[...corpus('projection-corpus.jsonl'), ...corpus('aep/golden.jsonl')].join('\n')}\n`);
  // A relay that refuses connections: the status line says so (and retries).
  const run = runInPty(['--file', file, '--relay', 'http://127.0.0.1:9'], {
    dir,
    env: { HOME: home, TMPDIR: home, LANG: 'C' },
  });
  await run.until(/Pending/, 'the list');
  // Each step waits for what only its screen shows (only changed rows are written).
  const browse = /j\/k move/;
  const steps: [string, RegExp, string][] = [
    ['j', /./, 'a move'],
    ['\r', /./, 'Enter on a request from the file'],
    ['\u001b', /./, 'Esc'],
    ['j', /./, 'another move'],
    ['\r', /./, 'Enter on another'],
    ['\u001b', /./, 'Esc'],
    ['t', /./, 'the timeline'],
    ['\u001b', /./, 'Esc'],
    ['?', /Keys/, 'help'],
    ['x', browse, 'help closed'],
    ['/zzz\r', /Esc clears the filter/, 'the filter kept'],
    ['\u001b', browse, 'the filter cleared'],
    ['H', /History|decision/i, 'the history'],
    ['\u001b', browse, 'back'],
  ];
  for (const [keys, pattern, what] of steps) {
    const from = run.output().length;
    run.type(keys);
    await run.until(pattern, what, patient(20_000), from);
  }
  run.type('q');
  const result = await run.done;
  assert.equal(result.code, 0);
  const bad = [...result.output.matchAll(/[^\x00-\x7f]/g)].map(
    (m) => `${JSON.stringify(m[0])} in ${JSON.stringify(result.output.slice(Math.max(0, m.index - 40), m.index + 10))}`,
  );
  assert.deepEqual([...new Set(bad)].slice(0, 20), [], 'no byte above 0x7F');
});
