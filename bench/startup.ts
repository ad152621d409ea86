// Time to first frame, measured as a person sees it: a pseudo-terminal
// (util-linux `script`) sized 100x30, from spawning the process to the first
// frame's bytes on the terminal. The same harness times bare `node -e`, so
// the pty and shell costs are in both figures.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleChild } from './build-child.js';
import { terminalEnv, say, round, type Row } from './child-run.js';
import { median } from './frames.js';

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** How long after one timed start the next may begin (see timeToMarker). */
const SETTLE_MS = 100;

/** ms from spawn until `marker` appears on the terminal. */
export function timeToMarker(command: string[], marker: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = inPty(command, env, 'pipe');
    // (A process that could not start may never close: its error ends the wait too.)
    const gone = new Promise<void>((done) => {
      child.once('close', () => done());
      child.once('error', () => done());
    });
    let seen = '';
    let finished = false;
    const timer = setTimeout(() => finish(new Error(`no "${marker}" within 20 s`)), 20_000);
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      const elapsed = performance.now() - start;
      // Settled once `script` is gone and a moment after, for the process it
      // ran (another session, ended by the hang-up) to exit too: the next
      // start timed must not share the machine with this one's exit (a
      // console torn down while the next process starts slowed that one by up
      // to 10 ms in runs side by side, whichever came second).
      void gone.then(() => setTimeout(() => (error ? reject(error) : resolve(elapsed)), SETTLE_MS));
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes(marker)) finish();
    });
    child.on('error', (error) => finish(error));
  });
}

/** `command` in a pseudo-terminal of 100x30 (util-linux `script`), in a process group of its own. */
function inPty(command: string[], env: NodeJS.ProcessEnv, stdout: 'pipe' | 'ignore') {
  return spawn('script', ['-qfec', `stty rows 30 cols 100; exec ${command.map(quote).join(' ')}`, '/dev/null'], {
    stdio: ['pipe', stdout, 'ignore'],
    env,
    detached: true,
  });
}

/** Runs the console to its first frame and on for a second, so that it keeps its code cache (src/boot/). */
function warmCache(command: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve) => {
    const child = inPty(command, env, 'ignore');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), 1500);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Spawn → first frame, against the floor of a bare node. */
export async function startupFigures(row: Row, relay: { url: string }, bin: string) {
  say('Start-up (pseudo-terminal 100x30, spawn → first frame)');
  const inkChild = await bundleChild('./ink-start-child.ts');
  const floor: number[] = [];
  const first: number[] = [];
  const cold: number[] = [];
  const full: number[] = [];
  const ink: number[] = [];
  const emptyState = mkdtempSync(join(tmpdir(), 'aep-bench-state-'));
  const fullState = fullHistoryState();
  // The code cache as a second start finds it: made by a first run (the first frame's figure is a user's every start but the first).
  const cacheHome = mkdtempSync(join(tmpdir(), 'aep-bench-cache-'));
  const command = [process.execPath, bin, '--relay', relay.url, '--no-bell'];
  const env = (state: string, more: NodeJS.ProcessEnv = {}) => ({
    ...terminalEnv,
    AEP_TOKEN: 'bench-token',
    NODE_ENV: '',
    XDG_STATE_HOME: state,
    XDG_CACHE_HOME: cacheHome,
    ...more,
  });
  await warmCache(command, env(emptyState));
  const consoleFirstFrame = (state: string, more?: NodeJS.ProcessEnv) =>
    timeToMarker(command, 'q quit', env(state, more));
  for (let i = 0; i < 7; i++) {
    floor.push(await timeToMarker([process.execPath, '-e', "process.stdout.write('ready\\n')"], 'ready'));
    first.push(await consoleFirstFrame(emptyState));
    cold.push(await consoleFirstFrame(emptyState, { AEP_CODE_CACHE: 'off' }));
    full.push(await consoleFirstFrame(fullState));
    ink.push(await timeToMarker([process.execPath, inkChild, '30'], 'q quit', { ...terminalEnv, NODE_ENV: '' }));
  }
  const inkFirstFrameMs = median(ink);
  const fullHistoryMs = median(full);
  const nodeFloorMs = median(floor);
  const firstFrameMs = median(first);
  const coldFirstFrameMs = median(cold);
  row('node -e floor', `${round(nodeFloorMs)} ms`);
  row(
    "Ink's own first frame (React, Ink, Yoga, one <Text>), bundled",
    `${round(inkFirstFrameMs)} ms (${round(inkFirstFrameMs / nodeFloorMs, 2)}× the floor)`,
  );
  row(
    'aep-console first frame',
    `${round(firstFrameMs)} ms (${round(firstFrameMs / nodeFloorMs, 2)}× the floor)`,
    '≤ 1.5× the floor',
  );
  row(
    'aep-console first frame without its code cache (the first start)',
    `${round(coldFirstFrameMs)} ms (${round(coldFirstFrameMs / nodeFloorMs, 2)}× the floor)`,
  );
  row(
    'first frame with a full history (~20 MB)',
    `${round(fullHistoryMs)} ms (${round(fullHistoryMs / firstFrameMs, 2)}× an empty state directory)`,
    '≤ 1.3×',
  );
  return { nodeFloorMs, firstFrameMs, coldFirstFrameMs, fullHistoryMs, inkFirstFrameMs };
}

/** A state directory holding the most history the console keeps: history.jsonl and .1, ~10 MB each, a hide now and then. */
function fullHistoryState(): string {
  const state = mkdtempSync(join(tmpdir(), 'aep-bench-full-'));
  const dir = join(state, 'aep-console');
  mkdirSync(dir, { mode: 0o700 });
  const line = (i: number) =>
    `${JSON.stringify({
      t: 'decision',
      time: '2026-12-01T10:00:00.000Z',
      relay: 'http://127.0.0.1:1',
      source: 'aep://bench/agent/a',
      agent: 'bench',
      session: `s${i % 50}`,
      request: `req-${i}`,
      kind: 'permission',
      prompt: `Permission requested: Bash npm run task-${i} ${'with a long tail of words '.repeat(8)}`,
      action: i % 100 === 0 ? 'hide' : 'answer',
      sent: { option: 'allow' },
      by: 'you',
      command_id: `cmd-${i}`,
      capture: 'redacted',
    })}\n`;
  for (const name of ['history.jsonl.1', 'history.jsonl']) {
    const lines: string[] = [];
    let bytes = 0;
    for (let i = 0; bytes < 10 * 1024 * 1024 - 1024; i++) {
      const text = line(i);
      bytes += Buffer.byteLength(text);
      lines.push(text);
    }
    writeFileSync(join(dir, name), lines.join(''), { mode: 0o600 });
  }
  return state;
}
