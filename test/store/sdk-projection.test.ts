// The official AEP SDK's golden state-projection corpus (vendored unchanged,
// see test/fixtures/sdk-projection/README.md), folded through the console's
// store: the console must find the same emitter violations the SDK's
// projection lists in expected.json, and keep the runs' statuses the way the
// projection does (the first terminal of a run stays).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseEvent } from '../../src/protocol/parse.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { EmitterViolation } from '../../src/store/violations.js';

const RELAY = 'http://relay.test';
const dir = new URL('../fixtures/sdk-projection/', import.meta.url);

interface SdkRun {
  run: string;
  status: 'running' | 'finished' | 'failed' | 'cancelled';
}
interface SdkSession {
  source: string;
  session: string;
  runs: SdkRun[];
  pending: { id: string }[];
}
interface Expected {
  state: { sessions: SdkSession[]; violations: Record<string, unknown>[] };
}

const expected = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8')) as Expected;

function folded(passes = 1): ConsoleStore {
  const lines = readFileSync(new URL('events.jsonl', dir), 'utf8').split('\n').filter(Boolean);
  const store = new ConsoleStore();
  for (let pass = 0; pass < passes; pass++) {
    for (const line of lines) {
      const parsed = parseEvent(line);
      assert.ok(parsed.ok, line);
      if (parsed.ok) store.applyEvent(RELAY, parsed.event);
    }
  }
  return store;
}

/** A console violation in the SDK's shape: each rule carries exactly the keys that scope it there. */
function asSdk(violation: EmitterViolation, like: Record<string, unknown> | undefined): Record<string, unknown> {
  const keys = like ? Object.keys(like) : Object.keys(violation);
  const all = violation as unknown as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, all[key]]));
}

/** Fold order differs (the SDK's batch mode sorts by session first): compared as sorted lists. */
const byText = (list: Record<string, unknown>[]) => list.map((v) => JSON.stringify(v)).sort();

test('SDK corpus: the console finds the violations the SDK projection lists, run-terminal-exclusivity included', () => {
  const { total, recent } = folded().violations();
  const sdk = expected.state.violations;
  assert.equal(sdk.length, 4, 'the SDK counts four');
  assert.equal(total, sdk.length);
  const got = recent.map((v) =>
    asSdk(
      v,
      sdk.find((s) => s.rule === v.rule),
    ),
  );
  assert.deepEqual(byText(got), byText(sdk));
});

test('SDK corpus: the status line counts the same; a second full pass (redelivery) adds none', () => {
  const store = folded(2);
  assert.equal(store.getRelay(RELAY)?.violations, expected.state.violations.length);
});

test('SDK corpus: runs keep the first terminal, per (source, session); pending requests agree', () => {
  const store = folded();
  for (const session of expected.state.sessions) {
    const cancelled = session.runs.filter((r) => r.status === 'cancelled').map((r) => r.run);
    const state = store.sessionControl(RELAY, session.source, session.session);
    assert.deepEqual([...(state?.cancelledRuns.keys() ?? [])], cancelled, `${session.source} ${session.session}`);
  }
  // adapter-b's r1 failed and was then "cancelled": the SDK keeps failed, so no row of it may say "run cancelled".
  assert.equal(store.sessionControl(RELAY, 'aep://corpus/adapter-b', 's-alpha')?.cancelledRuns.has('r1'), false);
  // The SDK's pending list is what the session left open; the console shows those as stale (the session ended).
  const open = expected.state.sessions.flatMap((s) => s.pending.map((p) => p.id)).sort();
  const stale = store
    .allRequests()
    .filter((r) => r.state === 'stale')
    .map((r) => r.id)
    .sort();
  assert.deepEqual(stale, open);
});
