// Runs the CLI from source in a child process, exactly as the bin does.
import { runCli } from '../../src/cli.js';

void runCli(process.argv.slice(2));
