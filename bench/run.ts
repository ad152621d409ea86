// npm run bench: the console at fleet scale, measured on this machine. A
// benchmark, not a test: it prints a table and, as its last line, one JSON
// object with the figures. Timings are medians of at least 5 runs. Everything
// runs in this process tree on loopback, and everything it writes goes in
// one folder, removed at the end (scratch.ts, first: the others read TMPDIR).
import './scratch.js';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleChild } from './build-child.js';
import { median } from './frames.js';
import { childRun, round, RUNS, say, type Row, type SoakRun } from './child-run.js';
import { keyFigures, soakFigures } from './ui-figures.js';
import { replayOnce, startReplayRelay } from './replay.js';
import { startupFigures } from './startup.js';
import { shapeHeap } from '../src/cli/heap-shape.js';
import { suiteFigures } from './suite.js';

const root = new URL('..', import.meta.url).pathname;

/** Every figure a part measures, by the name the parts give it. */
type Figures = Record<
  | 'nodeFloorMs'
  | 'inkFirstFrameMs'
  | 'firstFrameMs'
  | 'coldFirstFrameMs'
  | 'fullHistoryMs'
  | 'batchKeyWaitMs'
  | 'batchStallMs'
  | 'keyP50'
  | 'keyP95'
  | 'bytesPerMove'
  | 'wideBytesPerMove'
  | 'idleBytesPerS'
  | 'naiveBytes'
  | 'rssMb'
  | 'inkFloorP50'
  | 'inkFloorP95'
  | 'patchedFloorP50'
  | 'earlierFloorP50'
  | 'wideP50'
  | 'wideP95'
  | 'ingestRate'
  | 'parseStoreRate'
  | 'jsonRate'
  | 'replayMs',
  number
>;

/** The last line of the output: one JSON object with the figures, keys as the lead's scripts read them. */
function figures(f: Figures, soak: SoakRun | undefined) {
  return {
    first_frame_ms: round(f.firstFrameMs),
    first_frame_full_history_ms: round(f.fullHistoryMs),
    first_frame_full_history_ratio: round(f.fullHistoryMs / f.firstFrameMs, 2),
    // The issue's names for two figures above (the older names are kept for the scripts that read them).
    start_full_history_ms: round(f.fullHistoryMs),
    batch_key_stall_ms: round(f.batchKeyWaitMs, 2),
    batch_50_key_wait_max_ms: round(f.batchKeyWaitMs, 2),
    batch_50_loop_hold_ms: round(f.batchStallMs, 2),
    node_floor_ms: round(f.nodeFloorMs),
    ink_first_frame_ms: round(f.inkFirstFrameMs),
    ink_first_frame_ratio: round(f.inkFirstFrameMs / f.nodeFloorMs, 2),
    first_frame_ratio: round(f.firstFrameMs / f.nodeFloorMs, 2),
    first_frame_no_cache_ms: round(f.coldFirstFrameMs),
    first_frame_no_cache_ratio: round(f.coldFirstFrameMs / f.nodeFloorMs, 2),
    key_p95_ms_10k: round(f.keyP95, 2),
    key_p50_ms_10k: round(f.keyP50, 2),
    bytes_per_move_10k: Math.round(f.bytesPerMove),
    bytes_per_move_naive_10k: Math.round(f.naiveBytes),
    ingest_events_per_s: Math.round(f.ingestRate),
    replay_50k_ms: Math.round(f.replayMs),
    rss_mb_10k: round(f.rssMb),
    bytes_per_move_10k_wide: Math.round(f.wideBytesPerMove),
    idle_bytes_per_s_100x30: Math.round(f.idleBytesPerS),
    key_p95_ms_10k_wide: round(f.wideP95, 2),
    key_p50_ms_10k_wide: round(f.wideP50, 2),
    ink_floor_p50_ms: round(f.inkFloorP50, 2),
    ink_floor_p95_ms: round(f.inkFloorP95, 2),
    ink_floor_patched_p50_ms: round(f.patchedFloorP50, 2),
    ink_floor_patched_no_row_cache_p50_ms: round(f.earlierFloorP50, 2),
    json_parse_per_s: Math.round(f.jsonRate),
    parse_store_per_s: Math.round(f.parseStoreRate),
    soak_heap_mb_per_h: soak ? round(soak.heapMbPerHour, 3) : NaN,
    soak_hours: soak ? round(soak.soakHours, 2) : NaN,
  };
}

/**
 * The shipped package's bin and bundle, built into a folder of the bench's
 * own (the repository's dist/, library part and all, is left as it is): the
 * bin (with its own package.json), the package's package.json beside it as in
 * the package, dist/ by scripts/bundle.mjs.
 */
function shippedCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aep-bench-shipped-'));
  mkdirSync(join(dir, 'bin'));
  // The bin and its package.json (it is CommonJS).
  for (const name of ['aep-console.js', 'package.json']) copyFileSync(`${root}bin/${name}`, join(dir, 'bin', name));
  copyFileSync(`${root}package.json`, join(dir, 'package.json'));
  execFileSync(process.execPath, [`${root}scripts/bundle.mjs`, join(dir, 'dist')], { stdio: 'inherit' });
  return join(dir, 'bin', 'aep-console.js');
}

/** A batch of 50 answers journaled and recorded on disk: the confirming key's task and the longest hold of the loop after it. */
async function batchFigures(row: Row) {
  say(
    'A batch of 50 answers, outbox and history on disk (bundled; the demo relay and agent in a process of their own)',
  );
  const child = await bundleChild('./batch-child.ts', { ui: false });
  const runs = Array.from({ length: RUNS }, () =>
    childRun<{ confirmMs: number; maxStallMs: number; settledMs: number }>(child, [
      `${root}bench/batch-agent-child.ts`,
    ]),
  );
  const confirmMs = median(runs.map((r) => r.confirmMs));
  const stallMs = median(runs.map((r) => r.maxStallMs));
  const batchKeyWaitMs = median(runs.map((r) => Math.max(r.confirmMs, r.maxStallMs)));
  row("the confirming key's own task (50 answers made)", `${round(confirmMs)} ms`);
  row(
    'longest hold of the loop while they are journaled, sent, recorded',
    `${round(stallMs)} ms (all on disk and acknowledged in ${round(median(runs.map((r) => r.settledMs)))} ms)`,
  );
  row('longest key-to-frame wait during the batch', `${round(batchKeyWaitMs)} ms`, '≤ 16 ms');
  return { batchKeyWaitMs, batchStallMs: stallMs };
}

async function intakeFigures(row: Row, relay: Awaited<ReturnType<typeof startReplayRelay>>) {
  say('Intake (bundled as shipped, in children of their own; each figure after untimed runs of its own work)');
  const intakeChild = await bundleChild('./intake-child.ts', { ui: false });
  // Three children, their runs pooled: one process's figures move by a tenth
  // with where its heap and code happened to land, more than any change measured here.
  const intakes = Array.from({ length: 3 }, () =>
    childRun<{ events: number; store: number[]; parseStore: number[]; json: number[] }>(intakeChild, [
      String(RUNS),
      '100000',
    ]),
  );
  if (intakes.some((intake) => intake.events !== 100_000))
    throw new Error('an intake child did not read 100,000 Events');
  const ingestRate = median(intakes.flatMap((intake) => intake.store));
  const parseStoreRate = median(intakes.flatMap((intake) => intake.parseStore));
  const jsonRate = median(intakes.flatMap((intake) => intake.json));
  row('store alone, 100,000 Events', `${Math.round(ingestRate).toLocaleString('en')} Events/s`, '≥ 250,000/s');
  row('JSON.parse alone, the same lines', `${Math.round(jsonRate).toLocaleString('en')} Events/s`);
  row(
    'JSON text → parse, validate → store',
    `${Math.round(parseStoreRate).toLocaleString('en')} Events/s (${round(parseStoreRate / jsonRate, 2)} of JSON.parse alone)`,
    '≥ 0.4× JSON.parse alone',
  );
  const replays: number[] = [];
  for (let i = 0; i < RUNS; i++) replays.push(await replayOnce(relay, 50_000));
  const replayMs = median(replays);
  row('replay of 50,000 Events, demo relay → WebSocket → client → store', `${Math.round(replayMs)} ms`, '≤ 600 ms');
  return { ingestRate, parseStoreRate, jsonRate, replayMs };
}

/** The parts, in the order they run; AEP_BENCH_ONLY=startup,intake (say) runs only those, for work on one figure. */
const PARTS = ['startup', 'batch', 'keys', 'soak', 'intake', 'suite'] as const;

function chosenParts(): Set<string> {
  const only = process.env.AEP_BENCH_ONLY?.split(',').filter(Boolean);
  if (!only) return new Set(PARTS);
  const unknown = only.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`AEP_BENCH_ONLY: no part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
  return new Set(only);
}

async function main(): Promise<void> {
  const parts = chosenParts();
  // The replay's client runs in this process: its heap shaped as the shipped console's (src/cli/heap-shape.ts).
  shapeHeap();
  // Always rebuilt: the first frame is timed on the bundle of these sources.
  const bin = parts.has('startup') ? shippedCopy() : '';
  const rows: [string, string, string][] = [];
  const row: Row = (name, value, goal = '') => {
    rows.push([name, value, goal]);
    say(`  ${name}: ${value}${goal ? `   (goal ${goal})` : ''}`);
  };
  const relay = await startReplayRelay(50_000);
  const startup = parts.has('startup') ? await startupFigures(row, relay, bin) : {};
  const batch = parts.has('batch') ? await batchFigures(row) : {};
  const keys = parts.has('keys') ? await keyFigures(row) : {};
  const soak = parts.has('soak') ? await soakFigures(row) : undefined;
  const intake = parts.has('intake') ? await intakeFigures(row, relay) : {};
  relay.close();
  const suite = parts.has('suite') ? await suiteFigures(row) : {};
  say('');
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value, goal] of rows) say(`${name.padEnd(width)}  ${value}${goal ? `  [goal ${goal}]` : ''}`);
  // A part not run leaves its figures out of the line (not zeros that read as measured).
  const all = {
    ...figures({ ...startup, ...batch, ...keys, ...intake } as Figures, soak),
    npm_test_cold_s: round(suite.npmTestColdS),
    npm_test_cold_cpu_s: round(suite.npmTestColdCpuS),
  };
  say(JSON.stringify(Object.fromEntries(Object.entries(all).filter(([, value]) => Number.isFinite(value)))));
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
