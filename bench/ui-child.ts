// Bench child, run from an esbuild bundle built like the shipped one: 10,000
// pending requests in the store, the console (or the naive list) drawn on a
// sized in-process terminal, the ↓ key pressed again and again. Prints one
// JSON line: latencies, bytes per move, peak RSS. Mode `floor` draws Ink's
// floor instead (one <Text> frame of the same size, one row changed per
// redraw), with no store and no console. Mode `idle` leaves the console
// alone with young requests and counts the bytes its clock writes.
import React from 'react';
import { inboxOrder } from '../src/store/selectors.js';
import { App } from '../src/ui/app.js';
import { measureIdle, measureMoves, measureRedraws } from './frames.js';
import { FloorFrame } from './ink-floor.js';
import { NaiveList } from './naive-list.js';
import { storeWithPending, storeWithYoungPending } from './pending-store.js';
import './shaped-heap.js';

const [mode = 'app', columnsArg = '80', rowsArg = '24', movesArg = '100', countArg = '10000'] = process.argv.slice(2);

if (mode === 'floor') {
  const [columns, rows, redraws] = [Number(columnsArg), Number(rowsArg), Number(movesArg)];
  const frame = (i: number) => React.createElement(FloorFrame, { selected: i, columns, count: rows - 1 });
  const latencies = await measureRedraws(frame, { columns, rows, redraws, gapMs: 40 });
  process.stdout.write(`${JSON.stringify({ latencies })}\n`);
  process.exit(0);
}

if (mode === 'idle') {
  // The console left alone with young requests: only the clock changes the screen.
  const [columns, rows, seconds, count] = [Number(columnsArg), Number(rowsArg), Number(movesArg), Number(countArg)];
  const young = storeWithYoungPending(count);
  const element = React.createElement(App, {
    store: young,
    clients: [],
    bell: false,
    size: { columns, rows },
    tickMs: 1000,
  });
  process.stdout.write(`${JSON.stringify(await measureIdle(element, { columns, rows, seconds }))}\n`);
  process.exit(0);
}

const store = storeWithPending(Number(countArg));
const columns = Number(columnsArg);
const rows = Number(rowsArg);
const element =
  mode === 'naive'
    ? React.createElement(NaiveList, { records: inboxOrder(store.allRequests()) })
    : React.createElement(App, { store, clients: [], bell: false, size: { columns, rows }, tickMs: 1000 });
const figures = await measureMoves(element, { columns, rows, moves: Number(movesArg), gapMs: 40 });
process.stdout.write(
  `${JSON.stringify({
    pending: store.sizes().open,
    latencies: figures.latencies,
    bytesPerMove: figures.bytesPerMove,
    firstFrameBytes: figures.firstFrameBytes,
    rssMb: process.resourceUsage().maxRSS / 1024,
    memory: Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1048576)])),
    // Live heap after a full collection, when the child may collect (--expose-gc).
    liveHeapMb: (globalThis as { gc?: () => void }).gc
      ? ((globalThis as unknown as { gc: () => void }).gc(), process.memoryUsage().heapUsed / 1048576)
      : undefined,
  })}\n`,
);
process.exit(0);
