// Bench child (bundled like the shipped console, production React, run with
// --expose-gc): memory over simulated days. 10,000 pending requests, the
// console drawn on a sized in-process terminal, the clock advanced one
// simulated second per tick and ticking as fast as the console draws (ages
// and countdowns change every frame), with no key pressed. The live heap is
// sampled after a forced collection every 10 simulated minutes. Prints one
// JSON line: the samples and the growth per simulated hour (least squares).
import React from 'react';
import { render } from 'ink';
import { App } from '../src/ui/app.js';
import { createFrameWriter } from '../src/ui/terminal/frame-writer.js';
import { TestStdin } from '../test/support/ui.js';
import { storeWithPending } from './pending-store.js';
import { BenchTerminal } from './tty.js';
import './shaped-heap.js';

const [columnsArg = '100', rowsArg = '30', hoursArg = '2', countArg = '10000'] = process.argv.slice(2);
const SAMPLE_EVERY_S = 600;
const WARM_UP_S = 1800;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run the soak child with --expose-gc');

const store = storeWithPending(Number(countArg));

// The console reads the clock once per message; with no keys and no store
// changes every read is a tick, and every tick is one simulated second.
let ticks = 0;
const start = Date.now();
const now = () => start + 1000 * ticks++;
const columns = Number(columnsArg);
const rows = Number(rowsArg);
const terminal = new BenchTerminal(columns, rows);
const writer = createFrameWriter(terminal as unknown as NodeJS.WriteStream, now);
const instance = render(
  React.createElement(App, { store, clients: [], bell: false, size: { columns, rows }, tickMs: 1, now }),
  {
    stdout: writer.stream,
    stdin: new TestStdin() as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    // Only memory is measured here: frames are drawn as fast as they come.
    maxFps: 1000,
  },
);

const liveHeapMb = () => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 1048576;
};
const until = async (tick: number) => {
  while (ticks < tick) await new Promise((resolve) => setTimeout(resolve, 20));
};

const hours = Number(hoursArg);
const samples: { hour: number; heapMb: number }[] = [];
const realStart = performance.now();
for (let at = WARM_UP_S; at <= WARM_UP_S + hours * 3600; at += SAMPLE_EVERY_S) {
  await until(at);
  samples.push({ hour: (ticks - WARM_UP_S) / 3600, heapMb: liveHeapMb() });
  // SOAK_SNAPSHOTS=dir writes a heap snapshot per sample, to see what grows.
  if (process.env.SOAK_SNAPSHOTS)
    (await import('node:v8')).writeHeapSnapshot(`${process.env.SOAK_SNAPSHOTS}/soak-${samples.length}.heapsnapshot`);
}
const realSeconds = (performance.now() - realStart) / 1000;
instance.unmount();
instance.cleanup();

// Least-squares slope of live heap over simulated hours.
const n = samples.length;
const mx = samples.reduce((sum, s) => sum + s.hour, 0) / n;
const my = samples.reduce((sum, s) => sum + s.heapMb, 0) / n;
const slope =
  samples.reduce((sum, s) => sum + (s.hour - mx) * (s.heapMb - my), 0) /
  samples.reduce((sum, s) => sum + (s.hour - mx) ** 2, 0);
process.stdout.write(
  `${JSON.stringify({
    pending: store.sizes().open,
    soakHours: samples[n - 1].hour - samples[0].hour,
    heapMbPerHour: slope,
    firstMb: samples[0].heapMb,
    lastMb: samples[n - 1].heapMb,
    frames: terminal.writes,
    realSeconds,
    samples: samples.map((s) => [Number(s.hour.toFixed(3)), Number(s.heapMb.toFixed(2))]),
  })}\n`,
);
process.exit(0);
