// Hostile input III, the smaller classes: session.ended no longer
// scans every request; a throwing store subscriber cannot leave a command
// created but never sent; settled commands, drafts and rejections are
// forgotten with what they were about; "live" is not said of a relay whose
// subscription was refused.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { MAX_COMMANDS_REMEMBERED } from '../../src/store/own-commands.js';
import { buildStatusLines } from '../../src/ui/inbox/status-view.js';
import { emptyPendingNote } from '../../src/ui/inbox/empty-state.js';
import { forgetGone } from '../../src/ui/forget.js';
import { initialModel } from '../../src/ui/model.js';
import { startFakeRelay } from '../relay/fake-relay.js';
import { requestEvent, waitFor, waitForConnection } from '../relay/helpers.js';
import { isCommand } from '../relay/harness.js';

const R = 'http://relay.test';
const closers: Array<() => Promise<unknown>> = [];
after(async () => {
  while (closers.length) await closers.pop()!();
});

const envelope = (
  source: string,
  session: string,
  id: string,
  type: string,
  seq: number,
  data: Record<string, unknown> = {},
): AepEvent =>
  ({ aep: '0.1', id, type, time: '2026-07-03T10:00:00Z', source, agent: 'a', session, seq, data }) as AepEvent;

test("5,000 session.ended over 40,000 open requests: only each emitter's own requests end, without a scan per end", (t) => {
  const store = new ConsoleStore({ byteBudget: 1024 * 1024 * 1024, terminalCap: 20_000 });
  const SOURCES = ['aep://h/agent/a', 'aep://h/agent/b'];
  store.batch(() => {
    for (let s = 0; s < 10_000; s++) {
      for (const [k, source] of SOURCES.entries()) {
        for (let i = 0; i < 2; i++)
          store.applyEvent(
            R,
            envelope(source, `s${s}`, `r${s}-${k}-${i}`, 'attention.requested', i, { kind: 'input', prompt: 'q' }),
          );
      }
    }
  });
  assert.equal(store.allRequests().length, 40_000);
  const timed = (apply: (s: number) => void) => {
    const started = process.hrtime.bigint();
    store.batch(() => {
      for (let s = 0; s < 5_000; s++) apply(s);
    });
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  // The yardstick: 5,000 Events that touch no request, on the same store and machine (shared, so absolute times vary).
  const plain = timed((s) => store.applyEvent(R, envelope(SOURCES[0], `s${s}`, `p${s}`, 'progress.status', 5, {})));
  const ms = timed((s) =>
    store.applyEvent(R, envelope(SOURCES[0], `s${s}`, `end${s}`, 'session.ended', 9, { reason: 'completed' })),
  );
  const states = new Map<string, number>();
  for (const r of store.allRequests()) states.set(r.state, (states.get(r.state) ?? 0) + 1);
  assert.equal(states.get('stale'), 10_000, 'both requests of each ended session of emitter a');
  assert.equal(
    store.allRequests().filter((r) => r.state === 'stale' && r.source === SOURCES[1]).length,
    0,
    'emitter b shares the session names and keeps its requests',
  );
  // A scan per end was 5,000 × 40,000 records (10 s here, ~700× the yardstick); the index touches 2 per end.
  assert.ok(
    ms < Math.max(plain, 5) * 30,
    `5,000 ends took ${ms.toFixed(0)} ms, 5,000 plain Events ${plain.toFixed(0)} ms`,
  );
  t.diagnostic(
    `5,000 session.ended over 40,000 requests: ${ms.toFixed(0)} ms (5,000 plain Events: ${plain.toFixed(0)} ms)`,
  );
});

test('a throwing store subscriber: the others still hear, the error is reported, the command is still sent', async () => {
  const errors: unknown[] = [];
  const store = new ConsoleStore({ onSubscriberError: (error) => errors.push(error) });
  const relay = await startFakeRelay({});
  const client = new RelayClient({
    url: relay.url,
    store,
    name: 'aep-console',
    host: 't',
    token: 't',
    timing: { replayQuietMs: 30 },
  });
  closers.push(
    () => relay.close(),
    () => client.stop(),
  );
  client.start();
  const conn = await relay.connection(0);
  await waitForConnection(store, client.relay, 'live');
  conn.send(requestEvent());
  const record = await waitFor(store, (s) => s.allRequests()[0], 'request');
  let heard = 0;
  store.subscribe(() => {
    throw new Error('subscriber bug');
  });
  store.subscribe(() => heard++);
  const id = client.respond(record.key, { option: 'allow' });
  assert.ok(id, 'the command was created');
  const sent = await conn.next(isCommand);
  assert.equal(sent.id, id, 'and sent, despite the subscriber');
  assert.ok(heard > 0, 'the next subscriber heard the change');
  assert.ok(errors.length > 0 && errors.every((e) => (e as Error).message === 'subscriber bug'));
});

test('settled commands are forgotten past the cap once their request closed; open requests keep theirs', () => {
  const store = new ConsoleStore({ byteBudget: 1024 * 1024 * 1024, terminalCap: 10 });
  const source = 'aep://h/agent/a';
  const total = MAX_COMMANDS_REMEMBERED + 500;
  const ids: string[] = [];
  for (let i = 0; i < total; i++) {
    const request = envelope(source, `s${i}`, `q${i}`, 'attention.requested', 0, { kind: 'input', prompt: 'q' });
    store.applyEvent(R, request);
    const key = store.allRequests().find((r) => r.id === `q${i}`)!.key;
    const command = {
      ...envelope('aep://t/agent/aep-console', `s${i}`, `c${i}`, 'control.attention.respond', 0),
      subject: `q${i}`,
    } as AepEvent;
    store.commandCreated(R, key, command, { text: 'x' }, 10_000);
    // The first one's request stays open; every other closes (answered, resolved).
    if (i > 0)
      store.applyEvent(R, {
        ...envelope(source, `s${i}`, `res${i}`, 'attention.resolved', 1, { resolution: 'answered' }),
        subject: `q${i}`,
      } as AepEvent);
    store.commandSettled(`c${i}`, { state: 'accepted' });
    ids.push(`c${i}`);
  }
  const remembered = ids.filter((id) => store.command(id)).length;
  assert.ok(remembered <= MAX_COMMANDS_REMEMBERED, `${remembered} commands remembered`);
  assert.ok(
    store.command('c0'),
    'the command of the open request is kept (it locks the request against a second answer)',
  );
  assert.ok(store.command(`c${total - 1}`), 'the newest are kept');
});

test('a relay connected but with its subscription refused is not shown "live", and the empty list says why', () => {
  const store = new ConsoleStore();
  store.addRelay(R);
  store.updateRelay(R, { connection: { kind: 'live' }, subscriptionError: { code: 'invalid-filter', detail: 'no' } });
  const relays = store.relays();
  const status = buildStatusLines({
    relays,
    counts: { pending: 0, recent: 0 } as never,
    filter: '',
    width: 200,
    now: 0,
    maxRows: 3,
  })
    .map((l) => l.map((s) => s.text).join(''))
    .join('\n');
  assert.match(status, /connected, not subscribed/);
  assert.doesNotMatch(status, / live /);
  const note = emptyPendingNote(relays, 0, '', 0)
    .map((s) => s.text)
    .join('');
  assert.match(note, /subscription refused: invalid-filter · cannot tell what is waiting/);
});

test('drafts of requests the store forgot, and rejections of forgotten commands, are forgotten too', () => {
  const store = new ConsoleStore();
  store.applyEvent(
    R,
    envelope('aep://h/agent/a', 's', 'kept', 'attention.requested', 0, { kind: 'input', prompt: 'q' }),
  );
  const key = store.allRequests()[0].key;
  const model = initialModel(store, { columns: 80, rows: 24 }, 0, { bell: false, notify: false });
  const drafts = { [key]: { text: 'mine' }, 'gone-1': { text: 'x' }, 'gone-2': { text: 'y' } } as never;
  const rejectionsSeen = new Set(Array.from({ length: 300 }, (_, i) => `cmd-${i}`));
  const next = forgetGone({ ...model, inbox: { ...model.inbox, drafts }, rejectionsSeen }, store);
  assert.deepEqual(Object.keys(next.inbox.drafts), [key]);
  assert.equal(next.rejectionsSeen.size, 0, 'no command of those ids is held any more');
});
