import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeFilter, subscribeFrame } from '../../src/relay/filter.js';
import { backoffDelay, clampAckWindow, DEFAULT_TIMING } from '../../src/relay/timing.js';
import { relayUrls } from '../../src/protocol/relay-url.js';

describe('relayUrls', () => {
  const cases: Array<[string, string, string]> = [
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787', 'ws://127.0.0.1:8787/socket'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787', 'ws://127.0.0.1:8787/socket'],
    ['https://relay.example.com/aep', 'https://relay.example.com/aep', 'wss://relay.example.com/aep/socket'],
    ['ws://h:1', 'ws://h:1', 'ws://h:1/socket'],
    ['wss://h/socket', 'wss://h/socket', 'wss://h/socket'],
    ['http://user:secret@h:1/?access_token=secret#x', 'http://h:1', 'ws://h:1/socket'],
  ];
  for (const [input, relay, socketUrl] of cases) {
    it(`${input} → ${socketUrl}`, () => {
      const urls = relayUrls(input);
      assert.deepEqual(urls, { ok: true, relay, socketUrl });
      assert.ok(!JSON.stringify(urls).includes('secret'));
    });
  }
  it('refuses other schemes and non-URLs without echoing credentials', () => {
    const ftp = relayUrls('ftp://h');
    assert.equal(ftp.ok, false);
    const bad = relayUrls('not a url?token=secret');
    assert.equal(bad.ok, false);
    assert.ok(!bad.relay.includes('secret'));
  });
});

describe('backoffDelay', () => {
  it('doubles from 500 ms up to 15 s', () => {
    const mid = () => 0.5;
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, DEFAULT_TIMING, mid)),
      [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000],
    );
  });
  it('jitters by ±20%', () => {
    assert.equal(
      backoffDelay(0, DEFAULT_TIMING, () => 0),
      400,
    );
    assert.equal(
      backoffDelay(0, DEFAULT_TIMING, () => 1),
      600,
    );
    assert.equal(
      backoffDelay(10, DEFAULT_TIMING, () => 1),
      18000,
    );
  });
});

describe('mergeFilter', () => {
  const ours = ['attention.*', 'control.*', 'session.*', 'run.*', 'progress.status'];
  it('is our type filter without a user filter', () => {
    assert.deepEqual(mergeFilter(undefined), { filter: { type: ours } });
  });
  it('ANDs other keys by merging', () => {
    assert.deepEqual(mergeFilter({ agent: 'codex', session: ['a', 'b'], severity: { gte: 'notice' } }), {
      filter: { agent: 'codex', session: ['a', 'b'], severity: { gte: 'notice' }, type: ours },
    });
  });
  it('intersects a user type with ours', () => {
    assert.deepEqual(mergeFilter({ type: ['attention.requested', 'tool.*', 'control.*'] }).filter, {
      type: ['attention.requested', 'control.*'],
    });
  });
  it('warns when the intersection drops control.* (acks could never arrive)', () => {
    const merged = mergeFilter({ type: 'attention.*' });
    assert.deepEqual(merged.filter, { type: ['attention.*'] });
    assert.match(merged.warning ?? '', /control/);
  });
  it('keeps the user type and warns when the intersection is empty', () => {
    const merged = mergeFilter({ type: 'tool.*', agent: 'x' });
    assert.deepEqual(merged.filter, { type: 'tool.*', agent: 'x' });
    assert.match(merged.warning ?? '', /selects no attention/);
  });
});

describe('subscribeFrame', () => {
  it('omits an empty from and a missing capture', () => {
    assert.deepEqual(subscribeFrame('sub-1', { type: ['a.*'] }, [], undefined), {
      type: 'subscribe',
      id: 'sub-1',
      filter: { type: ['a.*'] },
    });
    assert.deepEqual(subscribeFrame('sub-1', {}, 'all', 'metadata'), {
      type: 'subscribe',
      id: 'sub-1',
      filter: {},
      from: 'all',
      capture: 'metadata',
    });
  });
});

describe('clampAckWindow', () => {
  it('believes a roster window only within [1 s, 300 s]; anything else is the default 10 s', () => {
    for (const ok of [1_000, 1_500, 10_000, 299_999.5, 300_000]) assert.equal(clampAckWindow(ok, DEFAULT_TIMING), ok);
    for (const bad of [
      undefined,
      null,
      '5000',
      0,
      -1,
      999,
      300_001,
      2 ** 31,
      2 ** 40,
      Number.MAX_VALUE,
      Infinity,
      -Infinity,
      NaN,
    ]) {
      assert.equal(clampAckWindow(bad, DEFAULT_TIMING), 10_000, String(bad));
    }
  });

  it('falls back to a shortened default, and to 10 s when the default itself is unusable', () => {
    assert.equal(clampAckWindow(2 ** 40, { defaultAckWindowMs: 150 }), 150);
    assert.equal(clampAckWindow(undefined, { defaultAckWindowMs: NaN }), 10_000);
    assert.equal(clampAckWindow(undefined, { defaultAckWindowMs: 2 ** 31 }), 10_000);
    assert.equal(clampAckWindow(undefined, { defaultAckWindowMs: 0 }), 10_000);
  });
});
