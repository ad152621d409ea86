// An AUTO answer not yet written is judged again in the step that would
// write it: the rule decided on "npm test", and a second, different Event
// under the cause's identity ("rm -rf /") arrived while the answer waited
// for its journal write or for the link. It is then not sent (`not-sent`,
// with why), never written. Once written, retries are the agent's affair:
// the rule is not asked again.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { CommandSender, type CommandLink } from '../../src/relay/commands.js';
import type { Outbox } from '../../src/files/outbox.js';
import { takeCleared, WireGate } from '../../src/relay/gate.js';
import { DEFAULT_TIMING } from '../../src/relay/timing.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { ruleStillAnswers } from '../../src/store/rule-recheck.js';
import { initialRules, onRuleCause, runRules, type RuleEffect } from '../../src/ui/rules/rule-state.js';
import { requestEvent } from './helpers.js';
import { CAUSE, RELAY, TESTS_OK_RULES } from '../support/tests-ok-rule.js';

const senders: CommandSender[] = [];
after(() => {
  for (const sender of senders) sender.dispose();
});

function setup() {
  const store = new ConsoleStore({ now: () => 0 });
  const request = requestEvent({ cause: CAUSE });
  store.applyEvent(RELAY, request);
  const record = store.allRequests()[0]!;
  const tool = (command: string): AepEvent => ({
    aep: '0.1',
    id: CAUSE,
    type: 'tool.requested',
    time: record.time,
    source: record.source,
    agent: record.agent,
    session: record.session,
    seq: 1,
    data: { tool: { name: 'Bash' }, args: { command } },
  });
  // AUTO, the cause read back as "npm test": the rule's send, with what it decided on.
  const model = initialRules(TESTS_OK_RULES, true)!;
  const reading = runRules(model, [record.key], store, 1_000).rules;
  const back = onRuleCause(
    reading,
    record.key,
    { ok: true, events: [tool('npm test')], via: 'sse', dropped: 0 },
    store,
    1_100,
  );
  const send = back.effects.find((effect): effect is Extract<RuleEffect, { type: 'send' }> => effect.type === 'send');
  assert.ok(send, 'the rule answers');
  let ready = false;
  const written: AepEvent[] = [];
  const link: CommandLink = {
    ready: () => ready,
    send: (frame) => takeCleared(frame) && (written.push(frame.event), true),
    heard: () => 0,
    probe: () => {},
  };
  let journaled: (() => void) | undefined;
  const outbox = {
    record: () => new Promise((resolve) => (journaled = () => resolve({ ok: true }))),
    clear: () => {},
    ids: () => [],
  } as unknown as Outbox;
  const sender = (withOutbox: boolean) => {
    // A relay whose read of the session ends at once, holding the request: what a saved answer needs after a reconnect.
    const gate: WireGate = new WireGate(
      store,
      RELAY,
      () => undefined,
      () => Promise.resolve({ ended: true, events: [request] }),
      (session) => made.gateReadDone(session),
    );
    const made = new CommandSender(
      { store, relay: RELAY, link, timing: DEFAULT_TIMING, gate },
      { name: 't', host: 'h' },
      withOutbox ? outbox : undefined,
    );
    senders.push(made);
    return made;
  };
  const respond = (made: CommandSender) =>
    made.respond(send.key, send.answer, { by: send.by, recheck: (now) => ruleStillAnswers(now, send.basis) });
  return {
    store,
    tool,
    written,
    sender,
    respond,
    goLive: () => (ready = true),
    journalDone: async () => {
      journaled?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('an AUTO answer not yet written is judged again at the wire', () => {
  it('offline: a different Event under the cause arrives before the link is back: not sent', () => {
    const t = setup();
    const sender = t.sender(false);
    const id = t.respond(sender);
    assert.ok(id);
    t.store.applyEvent(RELAY, t.tool('rm -rf /'));
    t.goLive();
    sender.flush();
    assert.deepEqual(t.written, []);
    const command = t.store.command(id)!;
    assert.equal(command.state, 'not-sent');
    assert.match(command.reason ?? '', /rule tests ok judged again before sending: two different Events carry its id/);
  });
  it('during the journal write: not sent', async () => {
    const t = setup();
    t.goLive();
    const sender = t.sender(true);
    const id = t.respond(sender);
    t.store.applyEvent(RELAY, t.tool('rm -rf /'));
    await t.journalDone();
    assert.deepEqual(t.written, []);
    assert.equal(t.store.command(id)?.state, 'not-sent');
  });
  it('nothing changed (or the same Event again): written', async () => {
    const t = setup();
    t.goLive();
    const sender = t.sender(true);
    const id = t.respond(sender);
    t.store.applyEvent(RELAY, t.tool('npm test'));
    await t.journalDone();
    assert.equal(t.written.length, 1);
    assert.equal(t.written[0]!.id, id);
    assert.equal(t.store.command(id)?.state, 'sending');
  });
  it('once written, a later Event does not stop it (the agent has it)', async () => {
    const t = setup();
    t.goLive();
    const sender = t.sender(false);
    const id = t.respond(sender);
    assert.equal(t.written.length, 1);
    t.store.applyEvent(RELAY, t.tool('rm -rf /'));
    sender.disconnected();
    sender.flush();
    assert.equal(t.written.length, 1, 'not before a read of the session made since the link came back has ended');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(t.written.length, 2, 'resent after the reconnect and the read, same id');
    assert.equal(t.written[1]!.id, id);
  });
});
