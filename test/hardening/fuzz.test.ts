// Hostile input end to end: seeded frames through a real RelayClient on a
// loopback socket into the store (see test/support/fuzz.ts for what is sent,
// fuzz-drive.ts for how exceptions are counted). `npm run fuzz` runs the same
// at length with the production caps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { overLimits, runFuzz } from '../support/fuzz-drive.js';

const SEED = 20_260_703;
const FRAMES = 12_000;
// Small caps, so a short run fills every one of them and proves each holds.
const CAPS = { terminalCap: 200, heldCap: 100, dedupeCap: 3000, openCap: 300 };

test(`${FRAMES} hostile frames: no exception escapes or is swallowed, the connection survives, every store size stays within its cap`, async () => {
  const result = await runFuzz({ seed: SEED, frames: FRAMES, store: CAPS });
  assert.deepEqual(result.exceptions, []);
  assert.deepEqual(overLimits(result), []);
  assert.equal(result.connections, 1, 'no frame made the client drop the connection');
  assert.equal(result.relay.connection.kind, 'live');

  // The run did what it claims: the sweep ran, and every cap was reached.
  assert.ok(
    result.frames >= 10_000 && result.frames > result.sweep,
    `${result.frames} frames, ${result.sweep} in the sweep`,
  );
  for (const kind of [
    'wrong-type',
    'missing',
    'deep',
    'huge',
    'many',
    'dup-id',
    'seq',
    'epoch',
    'not-json',
    'binary-bytes',
    'binary-json',
    'relay-frame',
    'duplicate-frame',
  ]) {
    assert.ok((result.mutations.get(kind) ?? 0) > 0, `no ${kind} frame was sent`);
  }
  assert.ok(result.relay.invalid > 1000, `${result.relay.invalid} invalid events counted`);
  assert.ok(result.relay.undecodable > 100, `${result.relay.undecodable} undecodable frames counted`);
  const { sizes } = result;
  assert.equal(sizes.dedupe, CAPS.dedupeCap);
  assert.equal(sizes.requests - sizes.open, CAPS.terminalCap);
  assert.ok(sizes.held >= CAPS.heldCap - 5, `${sizes.held} held events`);
  assert.ok(
    result.relay.warnings.some((w) => w.startsWith(`more than ${CAPS.openCap} open requests`)),
    'the open-request cap was reached and said so',
  );
  console.log(
    `fuzz: ${result.frames} frames in ${result.seconds.toFixed(2)} s, exceptions 0, sizes ${JSON.stringify(sizes)}`,
  );
});

test('the fuzz run counts what contain() swallows: a store that throws fails it', async () => {
  class BrokenStore extends ConsoleStore {
    override applyEvent(relay: string, event: AepEvent, options?: Parameters<ConsoleStore['applyEvent']>[2]) {
      if (event.type === 'session.compacted') throw new Error('store bug');
      return super.applyEvent(relay, event, options);
    }
  }
  const result = await runFuzz({ seed: SEED, frames: 200, makeStore: () => new BrokenStore() });
  assert.ok(result.exceptions.length >= 2, `golden session.compacted twice, ${result.exceptions.length} counted`);
  assert.ok(
    result.exceptions.every((e) => e.startsWith('contained: Error: store bug')),
    result.exceptions.join('\n'),
  );
});
