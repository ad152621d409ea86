// The bench's figures for the drawn console: keys and bytes with 10,000
// pending against Ink's own floor, the idle clock's bytes, and memory over
// simulated hours. Each child is bundled as the console ships (the floor's
// children with or without the bundle's Ink patches).
import { bundleChild } from './build-child.js';
import { median, percentile } from './frames.js';
import { childRun, mean, round, RUNS, say, uiRun, type Row, type SoakRun } from './child-run.js';

const p50 = (runs: { latencies: number[] }[]) => median(runs.map((run) => percentile(run.latencies, 50)));
const p95 = (runs: { latencies: number[] }[]) => median(runs.map((run) => percentile(run.latencies, 95)));

/**
 * Ink alone, one <Text> frame of the same size, one row changed per redraw, same writer and gaps:
 * Ink as published (the floor, no patches of ours), as patched here, and as patched before the row cache.
 */
async function floorFigures(child: string) {
  const stockChild = await bundleChild('./ui-child.ts', { inkPatches: false });
  const floorRuns = Array.from({ length: RUNS }, () =>
    childRun<{ latencies: number[] }>(stockChild, ['floor', '80', '24', '100']),
  );
  const patchedFloorRuns = Array.from({ length: RUNS }, () =>
    childRun<{ latencies: number[] }>(child, ['floor', '80', '24', '100']),
  );
  // And with the patches as they were before the output row cache: the row cache speeds the floor too.
  const earlierChild = await bundleChild('./ui-child.ts', { frameCaches: false });
  const earlierFloorRuns = Array.from({ length: RUNS }, () =>
    childRun<{ latencies: number[] }>(earlierChild, ['floor', '80', '24', '100']),
  );
  return {
    inkFloorP50: p50(floorRuns),
    inkFloorP95: p95(floorRuns),
    patchedFloorP50: p50(patchedFloorRuns),
    earlierFloorP50: p50(earlierFloorRuns),
  };
}

/** Left alone with 40 young requests (every age counting seconds): what the clock costs on the wire. */
function idleFigures(row: Row, child: string) {
  const idle = Array.from({ length: 3 }, () =>
    childRun<{ bytesPerSecond: number }>(child, ['idle', '100', '30', '5', '40']),
  );
  const idleBytesPerS = median(idle.map((run) => run.bytesPerSecond));
  row('idle, 100x30, 40 young pending requests', `${Math.round(idleBytesPerS)} B/s`, '≤ 400 B/s');
  return idleBytesPerS;
}

/** AEP_BENCH_KEYS=lite (ablation pairs): the console's own figures only, not Ink's floors, the naive list or idle. */
const lite = () => process.env.AEP_BENCH_KEYS === 'lite';

/** Ink's floors and the naive list: what the console's key figures are read against (NaN when lite). */
async function yardsticks(child: string) {
  if (lite())
    return {
      floors: { inkFloorP50: NaN, inkFloorP95: NaN, patchedFloorP50: NaN, earlierFloorP50: NaN },
      naive: { bytesPerMove: [NaN], latencies: [NaN], rssMb: NaN },
    };
  return { floors: await floorFigures(child), naive: uiRun(child, ['naive', '80', '24', '3']) };
}

/** Key → frame latencies and bytes per move with 10,000 pending, against Ink's own floor. */
export async function keyFigures(row: Row) {
  say('Keys with 10,000 pending (the console bundled as shipped, in-process terminal)');
  const child = await bundleChild('./ui-child.ts');
  const narrow = Array.from({ length: RUNS }, () => uiRun(child, ['app', '80', '24', '100']));
  const wide = Array.from({ length: RUNS }, () => uiRun(child, ['app', '100', '30', '100']));
  const { floors, naive } = await yardsticks(child);
  const { inkFloorP50, inkFloorP95, patchedFloorP50, earlierFloorP50 } = floors;
  const small = Array.from({ length: 3 }, () => uiRun(child, ['app', '80', '24', '20']));
  if (narrow.some((run) => run.pending !== 10_000)) throw new Error('the store did not hold 10,000 pending requests');
  const keyP50 = p50(narrow);
  const keyP95 = p95(narrow);
  const bytesPerMove = median(narrow.map((run) => mean(run.bytesPerMove)));
  const naiveBytes = mean(naive.bytesPerMove);
  const rssMb = median(small.map((run) => run.rssMb));
  const wideP50 = p50(wide);
  const wideP95 = p95(wide);
  row(
    'Ink floor: one <Text> frame, 80x24, one row changed, p50 / p95',
    `${round(inkFloorP50)} / ${round(inkFloorP95)} ms`,
  );
  row(
    "the same with the bundle's Ink patches, p50",
    `${round(patchedFloorP50)} ms (${round(patchedFloorP50 / inkFloorP50, 2)}× the Ink floor)`,
  );
  row('the same with the patches before the row cache, p50', `${round(earlierFloorP50)} ms`);
  row(
    '↓ key → frame, 80x24, p50',
    `${round(keyP50)} ms (${round(keyP50 / inkFloorP50, 2)}× the Ink floor, ${round(keyP50 / patchedFloorP50, 2)}× the patched one, ${round(keyP50 / earlierFloorP50, 2)}× the one before the row cache)`,
    '≤ 1.5× a patched floor',
  );
  row('↓ key → frame, 80x24, p95', `${round(keyP95)} ms`, '≤ 16 ms');
  row('bytes per move, 80x24 (mean of 100 moves)', `${Math.round(bytesPerMove)} B`, '≤ 1,000 B');
  row(
    'bytes per move, naive list (every row rendered)',
    `${Math.round(naiveBytes).toLocaleString('en')} B (${Math.round(naiveBytes / bytesPerMove)}× more)`,
    '≥ 100× more',
  );
  row('naive list, ↓ key → frame', `${Math.round(median(naive.latencies))} ms, peak RSS ${Math.round(naive.rssMb)} MB`);
  row('↓ key → frame, 100x30 side by side, p50 / p95', `${round(wideP50)} / ${round(wideP95)} ms`, 'p95 ≤ 16 ms');
  const wideBytesPerMove = median(wide.map((r) => mean(r.bytesPerMove)));
  row('bytes per move, 100x30 side by side (list and detail)', `${Math.round(wideBytesPerMove)} B`, '≤ 1,000 B');
  row('first frame bytes, 80x24', `${narrow[0].firstFrameBytes} B`);
  row('peak RSS, 10,000 pending, UI drawn, 20 moves', `${round(rssMb)} MB`, '≤ 100 MB');
  row('peak RSS after 100 moves', `${round(median(narrow.map((r) => r.rssMb)))} MB`);
  const idleBytesPerS = lite() ? NaN : idleFigures(row, child);
  return {
    keyP50,
    keyP95,
    bytesPerMove,
    wideBytesPerMove,
    idleBytesPerS,
    naiveBytes,
    rssMb,
    ...floors,
    wideP50,
    wideP95,
  };
}

/** Live heap growth over simulated hours, the clock ticking every simulated second. */
export async function soakFigures(row: Row): Promise<SoakRun> {
  say('Memory over simulated hours (10,000 pending, 100x30, the clock ticking every simulated second)');
  const soakChild = await bundleChild('./soak-child.ts');
  const soak = childRun<SoakRun>(soakChild, ['100', '30', '2'], ['--expose-gc']);
  if (soak.pending !== 10_000) throw new Error('the soak store did not hold 10,000 pending requests');
  row(
    'live heap growth (after forced GC), production React',
    `${round(soak.heapMbPerHour, 2)} MB per simulated hour over ${round(soak.soakHours, 2)} h (${round(soak.firstMb)} → ${round(soak.lastMb)} MB, ${soak.frames.toLocaleString('en')} frames in ${Math.round(soak.realSeconds)} s)`,
    '≤ 1 MB/h',
  );

  return soak;
}
