// Runs the CLI from source in a child process, exactly as the bin would.
import { main } from '../../src/cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`aep-console: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
