// The last call and "not now" on a fake clock, through the update as the
// App runs it: what rings, when, how often, and what the list shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { initialModel, type Effect, type Msg, type UiConfig, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { performEffect, portsFor } from '../../src/ui/app-effects.js';
import { InputDecoder } from '../../src/ui/keys.js';
import { nextTickMs } from '../../src/ui/clock.js';
import { view, bodyRows } from '../../src/ui/view.js';
import type { Line } from '../../src/ui/text/line.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { answered, permissionFrom } from '../support/ui-events.js';
import { FakeClient } from '../support/fake-client.js';
import { inkEvents } from '../support/key-console.js';

const RELAY = 'http://relay.test';
const text = (l: Line): string => l.map((s) => s.text).join('');
const T0 = Date.parse('2026-07-03T10:00:00Z');

/** A request from `agent` that expires `inS` seconds after T0. */
const expiring = (agent: string, inS: number, extra: Partial<AepEvent> = {}): AepEvent => {
  const request = permissionFrom(agent, `s-${agent}`, `deploy ${agent}`, extra);
  return { ...request, data: { ...(request.data as object), expires_at: new Date(T0 + inS * 1000).toISOString() } };
};

function rig(events: AepEvent[], config: Partial<UiConfig> = {}) {
  let now = T0;
  const store = new ConsoleStore({ now: () => now });
  const client = new FakeClient(RELAY, store);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  let model: UiModel = initialModel(store, { columns: 100, rows: 30 }, now, {
    bell: true,
    notify: true,
    title: true,
    ...config,
  });
  const effects: Effect[] = [];
  const ports = portsFor(
    () => ({ store, clients: [client] }),
    () => model,
  );
  const dispatch = (msg: Msg): void => {
    const result = update(model, msg, { store, now: () => now });
    model = result.model;
    for (const effect of result.effects) {
      effects.push(effect);
      performEffect(effect, dispatch, ports);
    }
  };
  store.subscribe((change) => dispatch({ type: 'store', change }));
  store.batch(() => events.forEach((e) => store.applyEvent(RELAY, e)));
  const decoder = new InputDecoder();
  let reads = 0;
  return {
    store,
    get model() {
      return model;
    },
    /** The clock moves a second at a time, ticking when the App's clock would (nextTickMs). */
    wait(seconds: number) {
      const until = now + seconds * 1000;
      while (now < until) {
        now = Math.min(until, now + Math.max(1, Math.min(1000, nextTickMs(model, 1000))));
        dispatch({ type: 'tick' });
      }
    },
    keys(...data: string[]) {
      for (const one of data) {
        const read = ++reads;
        for (const part of inkEvents(one)) for (const msg of decoder.push(part)) dispatch({ ...msg, read });
      }
    },
    apply(event: AepEvent) {
      store.applyEvent(RELAY, event);
    },
    /** The effects of a kind so far, and the notifications' words. */
    count: (type: Effect['type']) => effects.filter((e) => e.type === type).length,
    notes: () => effects.flatMap((e) => (e.type === 'notify' ? [e.body] : [])),
    titles: () => effects.flatMap((e) => (e.type === 'title' ? [e.text] : [])),
    rows: () => bodyRows(view(model)).map(text),
  };
}

test('a request 15 s from expiry rings once more, is marked on its row, and only once', () => {
  const r = rig([expiring('codex', 40)]);
  const rang = r.count('bell');
  assert.equal(rang, 1, 'the first bell, on arrival');
  r.wait(24);
  assert.equal(r.count('bell'), rang, 'nothing at 16 s left');
  r.wait(1);
  assert.equal(r.count('bell'), rang + 1, 'the last call at 15 s left');
  assert.match(r.notes().at(-1)!, /^last call: codex expires in 15 s \(permission\)$/);
  assert.ok(
    r.rows().some((row) => /codex .*last call/.test(row)),
    r.rows().join('\n'),
  );
  r.wait(14);
  assert.equal(r.count('bell'), rang + 1, 'once per request');
});

test('last calls due together ring once; one due inside the interval rings when it ends', () => {
  const r = rig([expiring('codex', 40), expiring('gemini', 40), expiring('claude', 40), expiring('amp', 42)]);
  const before = r.count('bell');
  r.wait(25);
  assert.equal(r.count('bell'), before + 1, 'one bell for the three');
  assert.match(r.notes().at(-1)!, /^last call: 3 requests expire within 15 s$/);
  r.wait(4);
  assert.equal(r.count('bell'), before + 1, "amp's last call (at 27 s) waits for the interval");
  r.wait(1);
  assert.equal(r.count('bell'), before + 2);
  assert.match(r.notes().at(-1)!, /^last call: amp expires in 12 s/);
});

test('another alert holds a last call for its interval, never drops it', () => {
  const r = rig([expiring('codex', 40)]);
  r.wait(23);
  // A new request 2 s before codex's last call: its bell starts the 5 s interval.
  r.apply(permissionFrom('other', 's-other', 'another one'));
  const after = r.count('bell');
  r.wait(2);
  assert.equal(r.count('bell'), after, 'held inside the interval');
  r.wait(3);
  assert.equal(r.count('bell'), after + 1, 'rung when the interval ends, 12 s left');
});

test('a request open at its last call rings when the operator leaves it, not while they read it', () => {
  const r = rig([expiring('codex', 40)]);
  r.keys('\r');
  r.wait(27);
  const before = r.count('bell');
  assert.equal(r.count('bell'), before);
  r.keys('\u001b');
  assert.equal(r.count('bell'), before + 1, 'left with 13 s to go: rung');
});

test('no last call with an answer on its way, for a hidden request, or one answered elsewhere', () => {
  const sent = rig([expiring('codex', 40)]);
  sent.keys('1', '\r');
  const before = sent.count('bell');
  sent.wait(30);
  assert.equal(sent.count('bell'), before, 'our answer is on its way');

  const hidden = rig([expiring('codex', 40)]);
  hidden.keys('d', 'y');
  hidden.wait(30);
  assert.equal(hidden.count('bell'), 1, 'hidden: only the first bell');

  const request = expiring('codex', 40);
  const elsewhere = rig([request]);
  elsewhere.apply(answered(request, { option: 'allow' }));
  elsewhere.wait(30);
  assert.equal(elsewhere.count('bell'), 1, 'answered elsewhere');
});

test('z snoozes: Snoozed group, not counted; back by itself after 10 minutes, or when the request changes', () => {
  const request = permissionFrom('codex', 's-codex', 'deploy codex');
  const r = rig([request, permissionFrom('gemini', 's-gemini', 'deploy gemini')]);
  r.keys('z');
  assert.ok(
    r.rows().some((row) => /^Snoozed \(1\)/.test(row.trim())),
    r.rows().join('\n'),
  );
  assert.equal(r.model.view.counts.pending, 1, 'not counted as waiting');
  assert.equal(
    r.model.view.list[r.model.inbox.selectedIndex].agent,
    'gemini',
    'the selection goes to the next waiting request',
  );
  r.wait(599);
  assert.equal(r.model.inbox.snoozed.size, 1);
  r.wait(2);
  assert.equal(r.model.inbox.snoozed.size, 0, 'back after 10 minutes');
  assert.ok(!r.rows().some((row) => /Snoozed/.test(row)));

  const changed = rig([request]);
  changed.keys('z');
  changed.apply(answered(request, { option: 'allow' }));
  assert.equal(changed.model.inbox.snoozed.size, 0, 'answered elsewhere: back at once');
});

test('a snoozed request still gets its last call, and comes back with it', () => {
  const r = rig([expiring('codex', 40)]);
  r.keys('z');
  r.wait(25);
  assert.equal(r.count('bell'), 2);
  assert.equal(r.model.inbox.snoozed.size, 0);
  assert.ok(!r.rows().some((row) => /Snoozed/.test(row)), `back in Pending at once:\n${r.rows().join('\n')}`);
  assert.equal(r.model.view.counts.pending, 1);
});

test('the title says how many wait, at most once a second, and not snoozed ones', () => {
  const r = rig([permissionFrom('codex', 's-codex', 'a'), permissionFrom('gemini', 's-gemini', 'b')]);
  assert.deepEqual(r.titles(), ['aep-console: 2 waiting']);
  r.apply(permissionFrom('claude', 's-claude', 'c'));
  assert.deepEqual(r.titles(), ['aep-console: 2 waiting'], 'within the second: held');
  r.wait(1);
  assert.deepEqual(r.titles(), ['aep-console: 2 waiting', 'aep-console: 3 waiting'], 'written by the next tick');
  r.wait(1);
  r.keys('z');
  r.wait(1);
  assert.equal(r.titles().at(-1), 'aep-console: 2 waiting');

  const off = rig([permissionFrom('codex', 's-codex', 'a')], { title: false });
  assert.deepEqual(off.titles(), [], '--no-title');
});

test('new requests ringing every few seconds cannot hold a last call past 10 s left; one rung in the same message carries it', () => {
  const r = rig([expiring('codex', 40)]);
  // A new request every 4 s from 20 s on: each opens a new interval just as the last one ends.
  for (let s = 20; s < 30; s += 4) {
    r.wait(s - (r.model.now - T0) / 1000);
    r.apply(permissionFrom(`other-${s}`, `s-${s}`, `another ${s}`));
  }
  r.wait(30 - (r.model.now - T0) / 1000);
  assert.ok(r.model.lastCalls.size === 1, 'called by 10 s left');
  assert.ok(
    r.notes().some((n) => /^last call: codex/.test(n)),
    r.notes().join('\n'),
  );
});

test('a relay restarted with an empty buffer: its old requests are counted apart, not in the title, and get no last call', () => {
  // 12 requests, the relay restarts with none of them; 10 new ones arrive.
  const old = Array.from({ length: 12 }, (_, i) => expiring(`old-${i}`, i === 0 ? 40 : 600));
  const r = rig(old);
  r.store.replayBegins(RELAY);
  r.store.replayCompleted(RELAY);
  for (let i = 0; i < 10; i++) r.apply(expiring(`new-${i}`, 600));
  r.wait(1);
  const status = view(r.model).status.map(text).join('\n');
  assert.match(status, / 10 pending( \(\+\d+ since bell\))? · 12 unconfirmed · /, status);
  assert.equal(r.titles().at(-1), 'aep-console: 10 waiting', 'the title counts only what the relay vouches for');
  // old-0 reaches 15 s left: the relay no longer knows it, so no bell, no note, no mark.
  const bells = r.count('bell');
  const notes = r.notes().length;
  r.wait(30);
  assert.equal(r.count('bell'), bells, 'no last call rang');
  assert.equal(r.notes().length, notes, 'no last-call notification');
  assert.ok(!r.rows().some((row) => row.includes('last call')), r.rows().join('\n'));
  // The relay speaks of one again (its emitter re-announces it): pending once more.
  r.apply(old[1]);
  r.wait(1);
  assert.match(view(r.model).status.map(text).join('\n'), / 11 pending( \(\+\d+ since bell\))? · 11 unconfirmed · /);
});
