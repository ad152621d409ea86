#!/usr/bin/env node
// CommonJS (bin/package.json): Node then starts it without its ES module
// loader, about 3% fewer instructions before the first frame.
'use strict';

// React's development build is several times slower per frame; the bundle is
// built for production, and so is anything else that reads NODE_ENV.
process.env.NODE_ENV ??= 'production';

// Ink reads CI / CONTINUOUS_INTEGRATION once, when it loads, and if either is
// set it draws nothing until exit. On a terminal (a dev container, a CI job's
// interactive debug shell) that is a blank screen, so they are hidden while
// the bundle loads and put back after.
const ciVariables = process.stdout.isTTY ? ['CI', 'CONTINUOUS_INTEGRATION'].filter((name) => name in process.env) : [];
const ciValues = ciVariables.map((name) => process.env[name]);
for (const name of ciVariables) delete process.env[name];
let bundle;
try {
  // The bundle is one CommonJS module, loaded with V8's code cache of it
  // when an earlier run left one (src/boot/load-bundle.ts).
  const { loadBundle } = require('../dist/boot.cjs');
  bundle = loadBundle(require.resolve('../dist/cli.cjs'), process.env);
} finally {
  ciVariables.forEach((name, i) => {
    process.env[name] = ciValues[i];
  });
}

// runCli sets the exit code, and turns a crash or a signal into a restored
// terminal, one line and (for a crash) a report without the token. Once the
// console's first frame is drawn the cache is kept for the next start. Were
// it ever to reject, Node would end the process on the unhandled rejection
// (exit code 1), as it did on a rejected top-level await when this file was
// an ES module.
void bundle.exports.runCli(process.argv.slice(2), { firstFrame: () => void bundle.keepCache() });
