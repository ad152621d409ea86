import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import type { RelayHandle } from '../../src/relay/types.js';
import { event } from '../support/events.js';
import { KEY, RELAY, flat, lines, permissionFrom, renderApp, type Harness } from '../support/ui.js';
import { GateClient } from './gate-client.js';

// The gate at the wire on the rendered console, with the real command
// sender and gate behind the keys (gate-client.ts): a held answer says so
// with the gate's words on its row and in its detail, `r` is refused with
// the same words while the gate refuses, `D` drops it and nothing is sent;
// a route the console cannot prove lets Enter through, and the answer waits
// for a read of the session; x, X and p on a session the gate refuses say
// why and ask nothing.

/** An Event of another emitter in `session` (host-b's agent of the same name). */
function otherSpeaks(session: string): AepEvent {
  return event({
    type: 'session.started',
    session,
    source: `aep://host-b/agent/deployer/session/${session}`,
    agent: 'deployer',
    data: {},
  });
}

/** The console with the real sender and gate behind its keys, in place of the harness's fake. */
async function gated(events: AepEvent[], options: { screenReader?: boolean } = {}) {
  const h = await renderApp({ events, ...options });
  const client = new GateClient(RELAY, h.store);
  (h.clients as RelayHandle[])[0] = client;
  return { h, client };
}

/**
 * Answers the first request with Allow (written once), then another emitter
 * speaks in its session while the link is down: the flush after the
 * reconnect asks the gate again, which holds the answer.
 */
async function heldAnswer(h: Harness, client: GateClient, session: string) {
  await h.press(KEY.enter, '1', KEY.enter);
  assert.equal(client.written.length, 1, 'the first send passed the gate');
  await h.apply(otherSpeaks(session));
  await client.reconnect();
  await h.settle();
  const command = h.store.lastCommandFor(h.store.allRequests()[0].key)!;
  assert.equal(command.state, 'held');
  return command;
}

const RISK = /aep:\/\/host-b\/agent\/deployer\/session\/shared has sent Events in session "shared" since this request/;

test('a held answer: its row says held, its detail says held with the gate words, and r, D are in the footer', async (t) => {
  const { h, client } = await gated([permissionFrom('deployer', 'shared', 'deploy prod?')]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  await heldAnswer(h, client, 'shared');
  assert.equal(client.written.length, 1, 'nothing more was written');
  const row = lines(h.frame()).find((l) => l.includes('deploy prod?'));
  assert.match(row ?? '', /\bheld\b/);
  await h.press(KEY.enter);
  const frame = flat(h.frame());
  assert.match(frame, /held, not sent: aep:\/\/host-b\/agent\/deployer\/session\/shared has sent Events/);
  assert.match(frame, RISK);
  assert.match(frame, /r asks the gate again, D drops it/);
  assert.match(frame, /your answer, held: option allow|your answer, held: allow/i);
  assert.doesNotMatch(frame, /you sent/);
  assert.match(frame, /r resend \(same id\) · D drop the held answer \(not sent\)/);
});

test('r on a held answer asks the gate again: refused with the same words while it refuses, nothing written', async (t) => {
  const { h, client } = await gated([permissionFrom('deployer', 'shared', 'deploy prod?')]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  const command = await heldAnswer(h, client, 'shared');
  await h.press(KEY.enter, 'r');
  assert.deepEqual(client.resent, [command.id]);
  assert.equal(client.written.length, 1);
  assert.equal(h.store.command(command.id)?.state, 'held');
  // The hint under the controls: the gate's own words, as held.
  const frame = flat(h.frame());
  assert.match(frame, /Still held\. Not sent: aep:\/\/host-b\/agent\/deployer\/session\/shared has sent Events/);
  assert.ok(command.reason && frame.includes(command.reason.slice(0, 60)), 'the same words as the hold');
  await h.press('r');
  assert.equal(client.resent.length, 2);
  assert.equal(client.written.length, 1, 'r again: still refused, still nothing written');
});

test('D drops a held answer: the client drops it, nothing is sent, and the row says dropped', async (t) => {
  const { h, client } = await gated([permissionFrom('deployer', 'shared', 'deploy prod?')]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  const command = await heldAnswer(h, client, 'shared');
  await h.press(KEY.enter, 'D');
  assert.deepEqual(client.dropped, [command.id]);
  assert.equal(client.written.length, 1, 'dropping sends nothing');
  const after = h.store.command(command.id)!;
  assert.equal(after.state, 'not-sent');
  assert.equal(after.code, 'dropped');
  assert.match(flat(h.frame()), /dropped while held: it was not sent/);
  await h.press(KEY.esc);
  const row = lines(h.frame()).find((l) => l.includes('deploy prod?'));
  assert.match(row ?? '', /\bdropped\b/);
  // Nothing held any more: D does nothing, r does nothing (the request is answerable again, and the route still refused).
  await h.press(KEY.enter, 'D');
  assert.deepEqual(client.dropped, [command.id]);
});

test('D on an answer that is not held does nothing, and is not in the footer', async (t) => {
  const { h, client } = await gated([permissionFrom('deployer', 's-one', 'deploy prod?')]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  await h.press(KEY.enter, '1', KEY.enter);
  assert.equal(client.written.length, 1);
  await h.press(KEY.enter);
  assert.doesNotMatch(h.frame(), /D drop/);
  await h.press('D');
  assert.deepEqual(client.dropped, []);
});

test('the screen reader says the answer is held, with the gate words', async (t) => {
  const { h, client } = await gated([permissionFrom('deployer', 'shared', 'deploy prod?')], { screenReader: true });
  t.after(() => {
    h.unmount();
    client.stop();
  });
  await heldAnswer(h, client, 'shared');
  await h.press(KEY.enter);
  const frame = flat(h.frame());
  assert.match(
    frame,
    /Your allow is held, not sent: Not sent: aep:\/\/host-b\/agent\/deployer\/session\/shared has sent/,
  );
  assert.match(frame, /r asks the gate again, D drops it/);
});

/** 5,000 sessions of another emitter after the request: the console's bounded memory forgets the request's session. */
function evictions(): AepEvent[] {
  return Array.from({ length: 5_000 }, (_, i) =>
    event({
      type: 'session.started',
      session: `other-${i}`,
      source: `aep://host-c/agent/fleet/session/other-${i}`,
      agent: 'fleet',
      data: {},
    }),
  );
}

test('a route the console cannot prove: the detail says so, Enter lets the answer out to wait at the gate, and a read that ends holding the request sends it', async (t) => {
  const request = permissionFrom('deployer', 'forgot', 'deploy prod?');
  const { h, client } = await gated([request]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  await h.apply(evictions());
  await h.press(KEY.enter);
  assert.match(flat(h.frame()), /Not proven: the console cannot tell who else speaks in session "forgot"/);
  await h.press('1', KEY.enter);
  const command = h.store.lastCommandFor(h.store.allRequests().find((r) => r.id === request.id)!.key)!;
  assert.ok(command, 'Enter made the answer');
  assert.equal(command.gate, 'waiting');
  assert.equal(client.written.length, 0, 'nothing written before the read ends');
  assert.deepEqual(
    client.reads.map((r) => r.session),
    ['forgot'],
  );
  const row = lines(h.frame()).find((l) => l.includes('deploy prod?'));
  assert.match(row ?? '', /\bwaiting\b/);
  await h.press(KEY.enter);
  assert.match(flat(h.frame()), /waiting for a read of session "forgot"/);
  // A second answer is refused while it waits, in the gate's terms.
  await h.press('2');
  assert.match(flat(h.frame()), /Waiting at the gate for a read of the session: the answer goes only if/);
  client.reads[0].end({ ended: true, events: [request] });
  await h.settle();
  assert.equal(client.written.length, 1, 'the read proved the route: sent');
  assert.equal(h.store.command(command.id)?.state, 'sending');
  assert.equal(h.store.command(command.id)?.gate, undefined);
});

test('a first send the gate refuses (the read of the session did not end) is not sent, and the typed reply stays a draft', async (t) => {
  const request = permissionFrom('deployer', 'forgot', 'deploy prod?');
  const { h, client } = await gated([request]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  await h.apply(evictions());
  await h.press(KEY.enter, 'u', 's', 'e', ' ', 's', 't', 'a', 'g', 'i', 'n', 'g', KEY.enter);
  assert.equal(client.reads.length, 1);
  client.reads[0].end({ ended: false, why: 'the read was cut by its deadline' });
  await h.settle();
  const command = h.store.lastCommandFor(h.store.allRequests().find((r) => r.id === request.id)!.key)!;
  assert.equal(command.state, 'not-sent');
  assert.equal(command.code, 'gate');
  assert.equal(client.written.length, 0);
  // The list: a draft, and not sent.
  const row = lines(h.frame()).find((l) => l.includes('deploy prod?')) ?? '';
  assert.match(row, /not sent/);
  await h.press(KEY.enter);
  const frame = flat(h.frame());
  assert.match(frame, /Reply: use staging/);
  assert.match(frame, /Not sent: the console cannot tell who else speaks in session "forgot"/);
  assert.match(frame, /your answer, not sent: /);
  // Quitting counts it as an unsent draft.
  await h.press(KEY.esc, 'q');
  assert.match(h.frame(), /Quit\? 1 unsent draft would be lost/);
});

test('x, X and p on a session the gate refuses say why and ask nothing', async (t) => {
  const request = permissionFrom('deployer', 'shared', 'deploy prod?', { run: 'r1' });
  // Wide enough for the whole of the gate's words on the footer's one row.
  const h = await renderApp({
    events: [request],
    size: { columns: 240, rows: 24 },
    stdout: { columns: 240, rows: 24 },
  });
  t.after(h.unmount);
  await h.apply(otherSpeaks('shared'));
  for (const [key, verb] of [
    ['x', 'Cancel of the run'],
    ['X', 'Cancel of the session'],
    ['p', 'Pause'],
  ] as const) {
    await h.press(key);
    const frame = flat(h.frame());
    assert.match(
      frame,
      new RegExp(
        `${verb} not sent, another agent could take it: aep://host-b/agent/deployer/session/shared has sent Events in session "shared" since this request`,
      ),
    );
    assert.doesNotMatch(frame, /\? y\/n/, `${key} asks nothing`);
    await h.press('y');
    assert.equal(h.client.controls.length, 0, `${key} then y sends nothing`);
  }
});

test('a batch: a request whose route the console cannot prove is not refused at y; its answer waits at the gate', async (t) => {
  const forgot = permissionFrom('deployer', 'forgot', 'deploy prod?');
  const known = permissionFrom('builder', 'known', 'run the build?');
  const { h, client } = await gated([forgot, known]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  // One session fewer than evictions(): only the oldest remembered session, the first request's, is forgotten.
  await h.apply(evictions().slice(1));
  await h.press('*', KEY.enter, '1', KEY.enter);
  assert.match(h.frame(), /Send "Allow" to 2 requests\? y\/n/);
  await h.press('y');
  assert.match(flat(h.frame()), /Sent "Allow" to 2 requests\.(?! \d+ not sent)/);
  const command = (request: AepEvent) =>
    h.store.lastCommandFor(h.store.allRequests().find((r) => r.id === request.id)!.key);
  assert.equal(command(forgot)?.gate, 'waiting');
  assert.ok(command(known), 'the other answer was made too');
  assert.equal(client.reads[0]?.session, 'forgot');
  assert.ok(
    client.written.every((frame) => frame.subject !== forgot.id),
    'nothing written for the unproven one before its read ends',
  );
});

test('the gate refuses the session between x and y: nothing is written, and the footer says it was not sent', async (t) => {
  const request = permissionFrom('deployer', 'shared', 'deploy prod?', { run: 'r1' });
  const { h, client } = await gated([request]);
  t.after(() => {
    h.unmount();
    client.stop();
  });
  await h.press('x');
  assert.match(h.frame(), /Cancel run r1 of deployer \(session shared\)\? y\/n/);
  await h.apply(otherSpeaks('shared'));
  await h.press('y');
  assert.equal(client.written.length, 0);
  assert.match(flat(h.frame()), /Not sent: refused as it was made \(the relay status line says why\)/);
  assert.doesNotMatch(flat(h.frame()), /Cancel of the run sent/);
});

test('the screen reader says a route is not proven, and that an answer would wait for a read of the session', async (t) => {
  const request = permissionFrom('deployer', 'forgot', 'deploy prod?');
  const { h, client } = await gated([request], { screenReader: true });
  t.after(() => {
    h.unmount();
    client.stop();
  });
  await h.apply(evictions());
  await h.press(KEY.enter);
  const frame = flat(h.frame());
  assert.match(frame, /Warning: not proven: the console cannot tell who else speaks in session forgot\./);
  assert.match(
    frame,
    /An answer waits for a read of the session and goes only if the read shows no other agent could take it\./,
  );
  assert.doesNotMatch(frame, /no answer can be sent/);
});
