// Key → frame latency and bytes per selection move, for any Ink element,
// rendered through the same frame writer the console uses.
import { performance } from 'node:perf_hooks';
import type React from 'react';
import { render } from 'ink';
import { createFrameWriter } from '../src/ui/terminal/frame-writer.js';
import { MAX_FPS } from '../src/ui/terminal/frame-rate.js';
import { TestStdin } from '../test/support/ui.js';
import { BenchTerminal, settle } from './tty.js';

export interface MoveFigures {
  latencies: number[];
  bytesPerMove: number[];
  /** Bytes of the first full frame. */
  firstFrameBytes: number;
}

const DOWN = '\u001b[B';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureMoves(
  element: React.ReactElement,
  options: { columns: number; rows: number; moves: number; gapMs: number },
): Promise<MoveFigures> {
  const terminal = new BenchTerminal(options.columns, options.rows);
  const keyboard = new TestStdin();
  const writer = createFrameWriter(terminal as unknown as NodeJS.WriteStream);
  const instance = render(element, {
    stdout: writer.stream,
    stdin: keyboard as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: MAX_FPS,
  });
  while (terminal.bytes <= 64) await terminal.nextWrite();
  await sleep(100);
  await settle();
  const firstFrameBytes = terminal.bytes;
  const latencies: number[] = [];
  const bytesPerMove: number[] = [];
  for (let i = 0; i < options.moves; i++) {
    // Idle between keys, as a person typing: Ink's frame throttle is not hit.
    await sleep(options.gapMs);
    const bytesBefore = terminal.bytes;
    const start = performance.now();
    keyboard.write(DOWN);
    // The frame is the first write after the key that is more than a
    // synchronized-update mark (a whole frame when Ink clears the screen).
    while (terminal.bytes - bytesBefore <= 8) await terminal.nextWrite();
    latencies.push(terminal.lastWriteAt - start);
    await settle();
    bytesPerMove.push(terminal.bytes - bytesBefore);
  }
  if (process.env.BENCH_DEBUG) console.log(writer.stats);
  instance.unmount();
  instance.cleanup();
  return { latencies, bytesPerMove, firstFrameBytes };
}

/**
 * Ink's floor: ms from a re-render of `frame(i)` (one row changed) to its
 * frame on the terminal, through the same writer, throttle and idle gap as
 * `measureMoves`.
 */
export async function measureRedraws(
  frame: (i: number) => React.ReactElement,
  options: { columns: number; rows: number; redraws: number; gapMs: number },
): Promise<number[]> {
  const terminal = new BenchTerminal(options.columns, options.rows);
  const writer = createFrameWriter(terminal as unknown as NodeJS.WriteStream);
  const instance = render(frame(0), {
    stdout: writer.stream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: MAX_FPS,
  });
  while (terminal.bytes <= 64) await terminal.nextWrite();
  await sleep(100);
  await settle();
  const latencies: number[] = [];
  for (let i = 1; i <= options.redraws; i++) {
    await sleep(options.gapMs);
    const bytesBefore = terminal.bytes;
    const start = performance.now();
    instance.rerender(frame(i));
    while (terminal.bytes - bytesBefore <= 8) await terminal.nextWrite();
    latencies.push(terminal.lastWriteAt - start);
    await settle();
  }
  instance.unmount();
  instance.cleanup();
  return latencies;
}

/** Bytes a second the element writes while nothing happens but its clock, over `seconds` after it settles. */
export async function measureIdle(
  element: React.ReactElement,
  options: { columns: number; rows: number; seconds: number },
): Promise<{ bytesPerSecond: number; writes: number; firstFrameBytes: number }> {
  const terminal = new BenchTerminal(options.columns, options.rows);
  const writer = createFrameWriter(terminal as unknown as NodeJS.WriteStream);
  const instance = render(element, {
    stdout: writer.stream,
    stdin: new TestStdin() as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: MAX_FPS,
  });
  while (terminal.bytes <= 64) await terminal.nextWrite();
  await sleep(500);
  await settle();
  const firstFrameBytes = terminal.bytes;
  const writes = terminal.writes;
  await sleep(options.seconds * 1000);
  const bytesPerSecond = (terminal.bytes - firstFrameBytes) / options.seconds;
  instance.unmount();
  instance.cleanup();
  return { bytesPerSecond, writes: terminal.writes - writes, firstFrameBytes };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (samples: number[]) => percentile(samples, 50);
