// A list row is kept, unbuilt, while what it reads stays the same: the
// same epoch (decorations and relays), width and glyphs, and a clock that
// has not reached the next change of its age or time left (ages.ts
// textsUntil). Checked against rows built anew.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestRecord } from '../../src/store/types.js';
import { ageMs, shortDuration, textsUntil, timeLeftMs } from '../../src/ui/inbox/ages.js';
import { row, type RowInput } from '../../src/ui/inbox/list-row.js';
import { ASCII_GLYPHS, UTF8_GLYPHS, drawingWith } from '../../src/ui/glyphs.js';
import { Rng } from '../support/prng.js';

const BASE = Date.parse('2026-07-03T10:00:00Z');

/** What a row shows of the clock: the age and the time left, as list-row.ts writes them. */
function clockTexts(record: RequestRecord, now: number): string {
  const left = timeLeftMs(record, now);
  return `${shortDuration(ageMs(record, now))} ${left === undefined ? '' : left <= 0 ? 'exp' : `${shortDuration(left)}${left < 60_000 ? '!' : ''}`}`;
}

let made = 0;
function record(rng: Rng, now: number): RequestRecord {
  // Raised from a few ms to two hours ago, or (a producer clock ahead) up to 3 s in the future; some never parse.
  const raised = now - rng.pick([rng.between(-3000, 2000), rng.between(0, 90_000), rng.between(0, 7_200_000)]);
  const expires = rng.chance(0.6)
    ? raised + rng.pick([rng.between(0, 5000), rng.between(0, 120_000), rng.between(0, 7_200_000)])
    : undefined;
  made++;
  return {
    key: `r${made}`,
    id: `e${made}`,
    relay: 'http://relay.test',
    session: 's',
    source: 'aep://agent',
    agent: 'codex',
    severity: 'warning',
    time: rng.chance(0.05) ? 'not a time' : new Date(raised).toISOString(),
    receivedAt: raised + rng.between(0, 500),
    state: rng.chance(0.9) ? 'pending' : 'answered',
    payload: {
      kind: 'permission',
      prompt: `Permission requested: Bash — job ${made} ${'in a long command line '.repeat(4)}`,
      ...(expires === undefined ? {} : { expiresAt: new Date(expires).toISOString() }),
    },
  } as unknown as RequestRecord;
}

test("textsUntil: until then a record's age and time left read as they read now, and at it (or 1 ms past it) they read otherwise", () => {
  const rng = new Rng(28);
  for (let i = 0; i < 3000; i++) {
    const now = BASE + rng.between(0, 10_000);
    const r = record(rng, now);
    const until = textsUntil(r, now);
    const shown = clockTexts(r, now);
    assert.ok(
      until > now || clockTexts(r, now + 1) !== shown,
      `${r.time} ${r.payload.expiresAt} at ${now}: until ${until} is not ahead of now`,
    );
    for (let k = 0; k < 8; k++) {
      const t = now + rng.int(Math.max(1, Math.min(until, now + 3_600_000) - now));
      assert.equal(
        clockTexts(r, t),
        shown,
        `${r.time} ${r.payload.expiresAt}: ${t - now} ms on, before until (${until - now} ms on)`,
      );
    }
    if (until - now < 3_600_000)
      assert.ok(
        clockTexts(r, until) !== shown || clockTexts(r, until + 1) !== shown,
        `${r.time} ${r.payload.expiresAt}: nothing changes at until (${until - now} ms on)`,
      );
  }
});

test('a kept row is the row built anew, as the clock moves on (and back), the epoch changes and the selection moves', () => {
  const rng = new Rng(7);
  let now = BASE;
  const records = Array.from({ length: 6 }, () => record(rng, now));
  let epoch = {};
  let kept = 0;
  for (let step = 0; step < 4000; step++) {
    now += rng.chance(0.03) ? rng.between(0, 70_000) : rng.pick([0, rng.between(0, 800), -rng.between(0, 1500)]);
    if (rng.chance(0.02)) epoch = {};
    const r = rng.pick(records);
    const selected = rng.chance(0.3);
    const g = rng.chance(0.9) ? UTF8_GLYPHS : ASCII_GLYPHS;
    const input: RowInput = { width: rng.pick([80, 80, 80, 60]), now, focused: rng.chance(0.8), epoch, glyphs: g };
    const drawn = (build: () => ReturnType<typeof row>) => drawingWith(g, build);
    const before = drawn(() => row(r, input, selected));
    // The same again: kept (the same Line) unless the clock reached a change.
    if (drawn(() => row(r, input, selected)) === before) kept++;
    const text = (line: ReturnType<typeof row>) =>
      line.map((s) => `${s.text}|${s.inverse ? 'i' : ''}${s.bold ? 'b' : ''}${s.color ?? ''}`).join('');
    // Built anew: a copy of the record is a row never built before.
    assert.equal(text(before), text(drawn(() => row({ ...r }, input, selected))), `step ${step}`);
  }
  assert.ok(kept > 3500, `only ${kept} rows kept`);
});

test('a row kept in one epoch is built again in another (a decoration changed with it)', () => {
  const rng = new Rng(3);
  const r = record(rng, BASE);
  let deco = { tagged: false, draft: false };
  const input = (epoch: object): RowInput => ({ width: 80, now: BASE, focused: true, epoch, decorate: () => deco });
  const first = {};
  const plain = row(r, input(first), false)
    .map((s) => s.text)
    .join('');
  deco = { tagged: true, draft: true };
  // The same epoch promises the same decorations: the row is kept as it was.
  assert.equal(
    row(r, input(first), false)
      .map((s) => s.text)
      .join(''),
    plain,
  );
  const tagged = row(r, input({}), false)
    .map((s) => s.text)
    .join('');
  assert.notEqual(tagged, plain);
});
