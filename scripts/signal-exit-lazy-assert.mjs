// esbuild plugin for the shipped bundle: signal-exit 3 (Ink's) requires
// Node's assert as it loads, for one check of its caller's argument, and
// assert brings its error formatting with it (about a millisecond before
// the first frame). Its `assert` becomes an object whose `equal` asks the
// real one only when the check fails: `actual != expected` is where
// assert.equal throws, so a passing check needs no assert, and a failing one
// throws assert's own error (test/build/patch-anchors.test.ts).
import { patchingPlugin, replaceAnchor } from './patching.mjs';

const EAGER = "var assert = require('assert')";
const LAZY =
  "var assert = { equal: function (actual, expected, message) { if (actual != expected) require('assert').equal(actual, expected, message) } }";

export function patchSignalExit(source) {
  return replaceAnchor(source, EAGER, () => LAZY, "signal-exit changed: its assert's deferral no longer applies");
}

export const signalExitLazyAssert = patchingPlugin('signal-exit-lazy-assert', [
  {
    file: 'signal-exit/index.js',
    filter: /[\\/]node_modules[\\/]signal-exit[\\/]index\.js$/,
    patch: patchSignalExit,
  },
]);
