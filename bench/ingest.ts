// Store intake without network or UI. `ingest` is the store alone (Events
// already parsed and validated); `parseAndIngest` adds the protocol layer's
// parsing and validation of the JSON text, as a relay client does it.
import { performance } from 'node:perf_hooks';
import { parseEvent } from '../src/protocol/parse.js';
import { ConsoleStore } from '../src/store/store.js';
import { fleetTraffic } from './requests.js';

const RELAY = 'http://bench.relay';
// As the relay client's intake passes them (src/store/intake.ts): made once, not per Event.
const NO_PAYLOAD_ISSUES = { payloadIssues: false } as const;
const LIVE = { replayed: false } as const;
type Parsed = Extract<ReturnType<typeof parseEvent>, { ok: true }>;

export function trafficOf(events: number): string[] {
  // 3 Events for 3 requests in 4, 1 for the 4th: 2.5 Events a request.
  return fleetTraffic(Math.ceil(events / 2.5)).slice(0, events);
}

export function parseAll(lines: string[]): Parsed[] {
  return lines.map((line) => parseEvent(line)).filter((parsed): parsed is Parsed => parsed.ok);
}

/** ms for a fresh store to fold the parsed Events (in one batch, as the client applies a burst). */
export function ingestOnce(events: Parsed[]): number {
  const store = new ConsoleStore();
  store.addRelay(RELAY);
  const start = performance.now();
  store.batch(() => {
    for (const parsed of events) store.applyEvent(RELAY, parsed.event, LIVE);
  });
  return performance.now() - start;
}

/** ms for JSON.parse alone over the same Event text: what parsing costs before any validation or folding. */
export function jsonParseOnce(lines: string[]): number {
  let objects = 0;
  const start = performance.now();
  for (const line of lines) if (JSON.parse(line) !== null) objects++;
  const ms = performance.now() - start;
  if (objects !== lines.length) throw new Error('a bench line did not parse to an object');
  return ms;
}

/** ms to parse, validate and fold the Event text. */
export function parseAndIngestOnce(lines: string[]): number {
  const store = new ConsoleStore();
  store.addRelay(RELAY);
  const start = performance.now();
  store.batch(() => {
    for (const line of lines) {
      const parsed = parseEvent(line, NO_PAYLOAD_ISSUES);
      if (parsed.ok) store.applyEvent(RELAY, parsed.event, LIVE);
    }
  });
  return performance.now() - start;
}
