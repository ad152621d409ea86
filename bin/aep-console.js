#!/usr/bin/env node
// React's development build is several times slower per frame; a terminal
// tool runs the production build unless the user asks otherwise.
process.env.NODE_ENV ??= 'production';

const { main } = await import('../dist/cli.js');
main(process.argv.slice(2)).then(
  (code) => {
    if (typeof code === 'number') process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`aep-console: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
