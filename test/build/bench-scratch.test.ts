// The bench's folder of its own (bench/scratch.ts): everything the bench and
// its children write goes in one folder of the run, and the folder is gone
// once the bench ends, whether it finishes or is stopped by a signal.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from '../support/ts-child.js';
import { patient } from '../support/patience.js';

const scratchModule = tsImport(fileURLToPath(new URL('../../bench/scratch.ts', import.meta.url)));

/** A bench in miniature: the module first, then a folder and a file made as the parts make theirs, and a child asked where its temporary folder is. */
const script = `const { benchScratch } = await import(${JSON.stringify(scratchModule.url)});
  const { tmpdir } = await import('node:os');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { execFileSync } = await import('node:child_process');
  const made = mkdtempSync(join(tmpdir(), 'aep-bench-'));
  writeFileSync(join(made, 'history.jsonl'), 'x'.repeat(4096));
  const childTmp = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
  console.log(JSON.stringify({ benchScratch, tmp: tmpdir(), made, childTmp }));
  if (process.env.BENCH_WAIT) setInterval(() => {}, 1000);`;

interface Seen {
  benchScratch: string;
  tmp: string;
  made: string;
  childTmp: string;
}

/** A temporary folder for one miniature bench to start in; removed when the test ends. */
function startingFolder(t: { after: (fn: () => void) => void }): string {
  const parent = mkdtempSync(join(tmpdir(), 'aep-bench-scratch-test-'));
  t.after(() => rmSync(parent, { recursive: true, force: true }));
  return parent;
}

/** The bench's run folders in `parent` (a child run under tsx also leaves tsx's cache there, which is not the bench's). */
function runFolders(parent: string): string[] {
  return readdirSync(parent).filter((name) => name.startsWith('aep-bench-run-'));
}

function checkPlaces(seen: Seen, parent: string): void {
  assert.equal(
    dirname(seen.benchScratch),
    parent,
    'the run folder is made in the temporary folder the bench started with',
  );
  assert.equal(seen.tmp, seen.benchScratch, 'what the bench makes next goes in it');
  assert.equal(dirname(seen.made), seen.benchScratch);
  assert.equal(seen.childTmp, seen.benchScratch, 'and so does what its children make');
}

describe('the bench writes in a folder of its own, gone when it ends', () => {
  it('a bench that finishes leaves nothing behind', (t) => {
    const parent = startingFolder(t);
    const run = spawnSync(process.execPath, [...scratchModule.args, '--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: parent },
      encoding: 'utf8',
      timeout: patient(30_000),
    });
    assert.equal(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout.trim().split('\n').pop()!) as Seen;
    checkPlaces(seen, parent);
    assert.ok(!existsSync(seen.benchScratch), 'the run folder and all in it are removed');
    assert.deepEqual(runFolders(parent), []);
  });

  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`a bench stopped by ${signal} leaves nothing behind and exits ${status}`, async (t) => {
      const parent = startingFolder(t);
      const child = spawn(process.execPath, [...scratchModule.args, '--input-type=module', '-e', script], {
        env: { ...process.env, TMPDIR: parent, BENCH_WAIT: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      t.after(() => child.kill('SIGKILL'));
      let out = '';
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const seen = await new Promise<Seen>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line) as Seen);
        });
        child.once('exit', (code) => reject(new Error(`exited (${code}) before it was ready: ${err}`)));
      });
      checkPlaces(seen, parent);
      assert.ok(existsSync(seen.made), 'the folder is there while the bench runs');
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signalled) => resolve({ code, signal: signalled })),
      );
      child.kill(signal);
      assert.deepEqual(await exited, { code: status, signal: null });
      assert.ok(!existsSync(seen.benchScratch), 'the run folder and all in it are removed');
      assert.deepEqual(runFolders(parent), []);
    });
  }
});
