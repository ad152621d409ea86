// Imported first by the bench (run.ts), before any module that reads the
// environment: every folder the bench and its children make (the children's
// bundles, the start-up part's state and cache folders and its 20 MB
// decision history, the batch's state folders, the suite's clone) goes in one
// folder of this run, removed when the bench ends, however it ends short of
// SIGKILL. A full run used to leave some seventeen folders and 65 MB in the
// system's temporary folder, run after run, and that folder's entries are
// what esbuild reads above every file it resolves (docs/performance.md, "The
// tests' temporary folders").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** This run's folder, in the temporary folder the bench was started with. */
export const benchScratch = mkdtempSync(join(tmpdir(), 'aep-bench-run-'));

// os.tmpdir() reads TMPDIR at each call, and every child is given this
// process's environment (or a copy made after this module ran).
process.env.TMPDIR = benchScratch;
process.once('exit', () => rmSync(benchScratch, { recursive: true, force: true }));
// Stopped by a signal (Ctrl-C, a terminal closed), the bench leaves through
// 'exit' too, with the status a death by that signal gives.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)
  process.once(signal, () => process.exit(code));
