#!/usr/bin/env node
// React's development build is several times slower per frame; the bundle is
// built for production, and so is anything else that reads NODE_ENV.
process.env.NODE_ENV ??= 'production';

// Yoga (Ink's layout engine) loads its WebAssembly through fetch() of a data
// URL when fetch exists, which loads Node's whole HTTP client (~25 ms before
// the first frame). Without fetch it decodes the same bytes directly. The
// console never uses fetch; it is put back once the bundle has loaded.
const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
let cli;
try {
  cli = await import('../dist/cli.js');
} finally {
  if (fetchProperty) Object.defineProperty(globalThis, 'fetch', fetchProperty);
  else delete globalThis.fetch;
}

// runCli sets the exit code, and turns a crash or a signal into a restored
// terminal, one line and (for a crash) a report without the token.
await cli.runCli(process.argv.slice(2));
