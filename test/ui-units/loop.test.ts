import { test } from 'node:test';
import { PassThrough } from 'node:stream';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { buildRespond } from '../../src/protocol/respond.js';
import type { Answer } from '../../src/protocol/types.js';
import type { RelayHandle } from '../../src/relay/types.js';
import { performEffect } from '../../src/ui/app-effects.js';
import { createAppLoop } from '../../src/ui/app-loop.js';
import { ReadPool } from '../../src/ui/reads.js';
import { Loop } from '../../src/ui/loop.js';
import { initialModel, type Effect, type Msg, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { permissionFrom } from '../support/ui-events.js';
import { drawnAs } from '../support/drawn-as.js';

// The loop runs effects after the update has returned (Bubble Tea's
// commands): a message dispatched meanwhile, such as the store
// notification a send causes, waits and is folded after. No React here.

const RELAY = 'http://relay.test';
const NOW = Date.parse('2026-07-03T10:00:30Z');

test('the loop: an effect that dispatches does not re-enter the update; its message is folded after, in order', () => {
  const calls: string[] = [];
  let depth = 0;
  let deepest = 0;
  const loop = new Loop<number, string, string>(0, {
    update: (model, msg) => {
      depth++;
      deepest = Math.max(deepest, depth);
      calls.push(`update ${msg}`);
      depth--;
      return { model: model + 1, effects: msg === 'a' ? ['send', 'more'] : [] };
    },
    perform: (effect, dispatch) => {
      calls.push(`perform ${effect} (model ${loop.model})`);
      dispatch(effect === 'send' ? 'result' : 'then');
    },
    committed: (model, msg) => calls.push(`commit ${msg} → ${model}`),
  });
  loop.dispatch('a');
  assert.equal(deepest, 1, 'no update ever ran inside another');
  assert.deepEqual(calls, [
    'update a',
    'commit a → 1',
    'perform send (model 1)',
    'perform more (model 1)',
    'update result',
    'commit result → 2',
    'update then',
    'commit then → 3',
  ]);
  assert.equal(loop.model, 3);
});

test('the loop: a message whose update throws drops what queued behind it, and the next message is folded', () => {
  const loop = new Loop<string[], string, string>([], {
    update: (model, msg) => {
      if (msg === 'bad') throw new Error('bug');
      return { model: [...model, msg], effects: msg === 'a' ? ['x'] : [] };
    },
    perform: (_effect, dispatch) => {
      dispatch('bad');
      dispatch('lost');
    },
  });
  assert.throws(() => loop.dispatch('a'), /bug/);
  loop.dispatch('b');
  assert.deepEqual(loop.model, ['a', 'b'], 'the loop is not left folding: b is folded at once');
});

test("App's loop: a send whose command the store notifies synchronously never nests update; the rest of the chunk sees the command", () => {
  const store = new ConsoleStore({ now: () => NOW });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  store.batch(() => {
    store.applyEvent(RELAY, permissionFrom('alpha', 'sa', 'first'));
    store.applyEvent(RELAY, permissionFrom('bravo', 'sb', 'second'));
  });
  const calls: string[] = [];
  const reads = new ReadPool();
  let depth = 0;
  let deepest = 0;
  // A client like the real one: respond records the command in the store at once (the store notifies then and there).
  const client: RelayHandle = {
    relay: RELAY,
    respond: (key: string, answer: Answer) => {
      const record = store.request(key)!;
      const event = buildRespond({
        request: { id: record.id, session: record.session },
        answer,
        name: 'aep-console',
        host: 'h',
      });
      calls.push('respond');
      store.commandCreated(RELAY, key, event, answer, 10_000);
      calls.push('respond returned');
      return event.id;
    },
    resend: () => undefined,
  };
  const loop = new Loop<UiModel, Msg, Effect>(
    initialModel(store, { columns: 80, rows: 24 }, NOW, { bell: false, notify: false }),
    {
      update: (model, msg) => {
        depth++;
        deepest = Math.max(deepest, depth);
        calls.push(`update ${msg.type}${msg.type === 'keys' ? ` ${JSON.stringify(msg.text)}` : ''}`);
        try {
          return update(model, msg, { store, now: () => NOW });
        } finally {
          depth--;
        }
      },
      perform: (effect, dispatch) => {
        calls.push(`perform ${effect.type}`);
        performEffect(effect, dispatch, {
          props: () => ({ store, clients: [client] }),
          stdout: { write: () => true },
          reads,
          model: () => loop.model,
        });
      },
    },
  );
  store.subscribe((change) => loop.dispatch({ type: 'store', change }));
  const first = loop.model.view.list[0].key;
  // 1 opens the first request with Allow highlighted, Enter sends it, j is the rest of the read: dropped (one send per read).
  loop.dispatch({ type: 'keys', text: '1\rj', read: 1 });
  assert.equal(deepest, 1, 'update never ran inside another update or an effect');
  assert.deepEqual(calls, ['update keys "1\\rj"', 'perform send', 'respond', 'respond returned', 'update store']);
  assert.ok(store.lastCommandFor(first), 'the answer was sent');
  assert.ok(
    loop.model.snapshot.lastCommandFor(first),
    'the store change it caused was folded (the view sees the command)',
  );
  assert.equal(drawnAs(loop.model.inbox), 'browse');
  assert.match(loop.model.inbox.notice ?? '', /^Dropped 1 key that came in the same read as the send/);
  // A key with an effect that sends nothing (y copies the id) hands the rest of its read on, after the effect.
  calls.length = 0;
  loop.dispatch({ type: 'keys', text: 'yj', read: 2 });
  assert.deepEqual(calls, ['update keys "yj"', 'perform copy', 'perform then', 'update keys "j"']);
  assert.equal(deepest, 1);
});

test("App's loop: a commit asks for one paint, a paint asks for none, and the model lives only in the loop", () => {
  const store = new ConsoleStore({ now: () => NOW });
  store.addRelay(RELAY);
  store.applyEvent(RELAY, permissionFrom('alpha', 'sa', 'first'));
  let paints = 0;
  const stdout = Object.assign(new PassThrough(), { columns: 80, rows: 24 }) as unknown as NodeJS.WriteStream;
  const { loop, setProps } = createAppLoop(
    { store, clients: [], now: () => NOW, bell: false },
    stdout,
    new ReadPool(),
    () => paints++,
  );
  assert.equal(loop.model.size.columns, 80, 'the terminal size, read once');
  loop.dispatch({ type: 'key', press: { name: 'char', text: 'j' } });
  assert.equal(paints, 1);
  const before = loop.model;
  loop.dispatch({ type: 'painted' });
  assert.equal(paints, 1, 'painting is news to the update, not a reason to paint again');
  assert.notEqual(loop.model, before, 'the paint was folded (keys act on what was painted)');
  assert.equal(loop.model.shown?.list, before.view.list);
  let later = NOW;
  setProps({ store, clients: [], now: () => (later += 1000), bell: false });
  loop.dispatch({ type: 'tick' });
  assert.equal(loop.model.now, NOW + 1000, 'the update reads the clock of the latest props');
  assert.equal(paints, 2);
});
