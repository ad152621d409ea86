// Bench child (bundled like the shipped console, production): intake without
// network or UI. Each figure is timed over runs of its own work, after two
// untimed runs of that same work, so the code is optimised and the heap sized
// for it. Interleaved in the bench's own process (before this child), each
// figure also paid for the one before: the garbage of 100,000 parsed Events
// left by the store-alone run, a young generation shrunk by JSON.parse's
// short-lived objects. Prints one JSON line: every run's rate, in Events/s.
import { ingestOnce, jsonParseOnce, parseAll, parseAndIngestOnce, trafficOf } from './ingest.js';
import './shaped-heap.js';

const [runsArg = '5', eventsArg = '100000'] = process.argv.slice(2);
const runs = Number(runsArg);
const lines = trafficOf(Number(eventsArg));
const rate = (ms: number) => lines.length / (ms / 1000);

/** The rates of `runs` timed runs of `timedMs`, after two untimed ones. */
function rates(timedMs: () => number): number[] {
  timedMs();
  timedMs();
  return Array.from({ length: runs }, () => rate(timedMs()));
}

const json = rates(() => jsonParseOnce(lines));
const parseStore = rates(() => parseAndIngestOnce(lines));
// Last: each run first parses the 100,000 lines (untimed), which leaves the most garbage.
const store = rates(() => ingestOnce(parseAll(lines)));
process.stdout.write(`${JSON.stringify({ events: lines.length, json, parseStore, store })}\n`);
