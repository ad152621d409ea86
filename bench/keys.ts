// A smaller bench entry point for iterating on one figure: ↓ key → frame p50
// with 10,000 pending (80x24 and 100x30 side by side) against the patched Ink
// floor, and bytes per move, from the same bundled child `npm run bench` runs.
// NODE_ENV=production node --import tsx bench/keys.ts [runs]
import { execFileSync } from 'node:child_process';
import { bundleChild } from './build-child.js';
import { median, percentile } from './frames.js';

const runs = Number(process.argv[2] ?? 3);
const { CI: _ci, CONTINUOUS_INTEGRATION: _continuous, ...env } = process.env;
const child = await bundleChild('./ui-child.ts');
const earlier = await bundleChild('./ui-child.ts', { frameCaches: false });
const run = (args: string[], file = child) => {
  const out = execFileSync(process.execPath, [file, ...args], {
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out.split('\n').find((l) => l.startsWith('{'))!) as {
    latencies: number[];
    bytesPerMove?: number[];
  };
};
const p50 = (args: string[], file = child) =>
  median(Array.from({ length: runs }, () => percentile(run(args, file).latencies, 50)));
const p95 = (args: string[]) => median(Array.from({ length: runs }, () => percentile(run(args).latencies, 95)));
const bytes = (args: string[]) => {
  const b = run(args).bytesPerMove ?? [];
  return Math.round(b.reduce((a, c) => a + c, 0) / b.length);
};
const floor = p50(['floor', '80', '24', '100']);
const earlierFloor = p50(['floor', '80', '24', '100'], earlier);
const narrow = p50(['app', '80', '24', '100']);
const wide = p50(['app', '100', '30', '100']);
process.stdout.write(
  `${JSON.stringify({ ink_floor_patched_p50_ms: floor, ink_floor_patched_no_row_cache_p50_ms: earlierFloor, key_p50_ms_10k: narrow, key_p50_ms_10k_wide: wide, ratio: narrow / floor, ratio_no_row_cache: narrow / earlierFloor, key_p95_ms_10k: p95(['app', '80', '24', '100']), key_p95_ms_10k_wide: p95(['app', '100', '30', '100']), bytes_per_move_10k: bytes(['app', '80', '24', '100']), bytes_per_move_10k_wide: bytes(['app', '100', '30', '100']) })}\n`,
);
