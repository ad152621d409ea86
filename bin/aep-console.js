#!/usr/bin/env node
// React's development build is several times slower per frame; the bundle is
// built for production, and so is anything else that reads NODE_ENV.
process.env.NODE_ENV ??= 'production';

// Yoga (Ink's layout engine) loads its WebAssembly through fetch() of a data
// URL when fetch exists, which loads Node's whole HTTP client (~25 ms before
// the first frame). Without fetch it decodes the same bytes directly. The
// console never uses fetch; it is put back once the bundle has loaded.
//
// Ink reads CI / CONTINUOUS_INTEGRATION once, when it loads, and if either is
// set it draws nothing until exit. On a terminal (a dev container, a CI job's
// interactive debug shell) that is a blank screen, so they are hidden while
// the bundle loads and put back after.
const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
const ciVariables = process.stdout.isTTY ? ['CI', 'CONTINUOUS_INTEGRATION'].filter((name) => name in process.env) : [];
const ciValues = ciVariables.map((name) => process.env[name]);
for (const name of ciVariables) delete process.env[name];
let cli;
try {
  cli = await import('../dist/cli.js');
} finally {
  if (fetchProperty) Object.defineProperty(globalThis, 'fetch', fetchProperty);
  else delete globalThis.fetch;
  ciVariables.forEach((name, i) => {
    process.env[name] = ciValues[i];
  });
}

// runCli sets the exit code, and turns a crash or a signal into a restored
// terminal, one line and (for a crash) a report without the token.
await cli.runCli(process.argv.slice(2));
