// esbuild plugin for the shipped bundle: Node makes its global `performance`
// on first read, loading perf_hooks and nine internal modules with it (about
// 4 million instructions, a millisecond or more before the first frame),
// and two readers made the console pay for it before its first frame:
// - React's scheduler reads the clock as it loads (`typeof performance`),
//   and React first asks it in the first commit. Here its clock is
//   process.hrtime.bigint(): also monotonic, finer than a microsecond,
//   part of Node's own start. The scheduler only subtracts its times from
//   each other (a task's start, its expiry, a 5 ms slice), so only the
//   origin differs, which nothing compares.
// - Ink times each render for its `onRender` option, which the console
//   does not pass: the time is taken only when there is one to call.
// test/build/patch-anchors.test.ts pins both texts; test/build/first-use.test.ts
// holds that neither loads perf_hooks, and what the scheduler's clock reads.
import { patchingPlugin, replaceAnchor } from './patching.mjs';

const SCHEDULER_CLOCK = `if ("object" === typeof performance && "function" === typeof performance.now) {
  var localPerformance = performance;
  exports.unstable_now = function () {
    return localPerformance.now();
  };
} else {`;

const HRTIME_CLOCK = `if ("object" === typeof process && "function" === typeof process.hrtime.bigint) {
  var aepClockOrigin = process.hrtime.bigint();
  exports.unstable_now = function () {
    return Number(process.hrtime.bigint() - aepClockOrigin) / 1e6;
  };
} else {`;

export function patchSchedulerClock(source) {
  return replaceAnchor(
    source,
    SCHEDULER_CLOCK,
    () => HRTIME_CLOCK,
    "React's scheduler changed: its clock no longer avoids perf_hooks",
  );
}

const RENDER_TIMER = 'const startTime = performance.now();';

export function patchInkRenderTimer(source) {
  return replaceAnchor(
    source,
    RENDER_TIMER,
    () => 'const startTime = this.options.onRender === undefined ? 0 : performance.now();',
    "Ink's render changed: its timing no longer waits for an onRender",
  );
}

export const clockWithoutPerfHooks = patchingPlugin('clock-without-perf-hooks', [
  {
    file: 'scheduler/cjs/scheduler.production.js',
    filter: /[\\/]node_modules[\\/]scheduler[\\/]cjs[\\/]scheduler\.production\.js$/,
    patch: patchSchedulerClock,
  },
  {
    file: 'ink/build/ink.js',
    filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]ink\.js$/,
    patch: patchInkRenderTimer,
  },
]);
