// npm run fuzz [-- --frames N --seed S]: the hardening fuzz at length (the
// test runs the same generator for 12,000 frames at a fixed seed). Frames go
// through a real RelayClient on a loopback socket into a store with the
// production caps. Exits 1 on any exception, a store size past its cap, or a
// dropped connection.

import { overLimits, runFuzz } from '../test/support/fuzz-drive.js';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} takes a non-negative integer`);
    process.exit(2);
  }
  return value;
}

const frames = arg('frames', 200_000);
const seed = arg('seed', 7);
const started = Date.now();
const result = await runFuzz({
  seed,
  frames,
  chunk: 500,
  onProgress: (sent) => {
    if (sent % 20_000 === 0)
      process.stderr.write(`  ${sent} frames, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  },
});
const over = overLimits(result);
// Live memory, not garbage yet to be collected (`npm run fuzz` passes --expose-gc).
(globalThis as { gc?: () => void }).gc?.();
const memory = process.memoryUsage();
console.log(
  `seed ${seed}: ${result.frames} frames (${Math.min(result.sweep, result.frames)} systematic, ${(result.bytes / 1e6).toFixed(1)} MB) in ${result.seconds.toFixed(1)} s, ${Math.round(result.frames / result.seconds)} frames/s`,
);
console.log(`exceptions: ${result.exceptions.length}`);
for (const e of result.exceptions.slice(0, 10)) console.log(`  ${e.split('\n').slice(0, 4).join('\n    ')}`);
console.log(
  `relay: ${result.relay.connection.kind}, ${result.connections} connection(s), ${result.relay.invalid} invalid events, ${result.relay.undecodable} undecodable frames, ${result.relay.warnings.length} warnings`,
);
console.log(`store sizes: ${JSON.stringify(result.sizes)}`);
console.log(`store caps:  ${JSON.stringify(result.limits)}`);
console.log(`heap used ${(memory.heapUsed / 1e6).toFixed(0)} MB, rss ${(memory.rss / 1e6).toFixed(0)} MB`);
console.log(
  `mutations: ${[...result.mutations]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
if (over.length) console.log(`over the caps: ${over.join('; ')}`);
const failed =
  result.exceptions.length > 0 ||
  over.length > 0 ||
  result.connections !== 1 ||
  result.relay.connection.kind !== 'live';
process.exit(failed ? 1 : 0);
