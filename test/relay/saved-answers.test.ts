// The operator's answer wins: a saved
// answer an earlier console journaled is resent only after the replay, and
// only if the operator has not answered the request meanwhile; then it is
// superseded: not sent, said on the status line, kept in the history.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SavedAnswers } from '../../src/relay/outbox-recovery.js';
import { Outbox, type JournaledAnswer } from '../../src/relay/outbox.js';
import type { CommandSender } from '../../src/relay/commands.js';
import type { DecisionSink } from '../../src/relay/decision-recorder.js';
import { buildRespond } from '../../src/protocol/respond.js';
import { ConsoleStore } from '../../src/store/store.js';
import { answerRefusal } from '../../src/store/ledger.js';
import { permissionFrom } from '../support/ui-events.js';

const RELAY = 'http://relay.test';

async function setup(hold?: (entry: JournaledAnswer) => boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'aep-saved-'));
  const store = new ConsoleStore();
  store.addRelay(RELAY);
  const request = permissionFrom('codex', 's1', 'deploy prod?');
  store.applyEvent(RELAY, request);
  const record = store.allRequests()[0];
  // An earlier console (pid 1, gone) journaled "allow" for it.
  const saved = buildRespond({
    request: { id: record.id, session: record.session },
    answer: { option: 'allow' },
    name: 'aep-console',
    host: 'h',
  });
  const entry: JournaledAnswer = {
    relay: RELAY,
    requestKey: record.key,
    event: saved,
    answer: { option: 'allow' },
    ackWindowMs: 5_000,
    createdAt: Date.parse('2026-12-01T10:00:00Z'),
  };
  assert.equal((await new Outbox(dir, { pid: 1, start: '1' }).record(entry)).ok, true);
  const outbox = new Outbox(dir, { pid: 2, start: '2', alive: () => false });
  const adopted: string[] = [];
  const commands = {
    adopt: (e: JournaledAnswer) => void adopted.push(e.event.id),
    dropClosed: () => undefined,
  } as unknown as CommandSender;
  const dropped: { why: string; outcome: string }[] = [];
  const decisions: DecisionSink = { dropped: (_relay, _entry, why, outcome) => void dropped.push({ why, outcome }) };
  const answers = new SavedAnswers(store, RELAY, outbox, commands, decisions, hold);
  const operator = (answer: { option: string }) => {
    const event = buildRespond({
      request: { id: record.id, session: record.session },
      answer,
      name: 'aep-console',
      host: 'h',
    });
    store.commandCreated(RELAY, record.key, event, answer, 5_000);
    return event.id;
  };
  return { dir, store, record, saved, outbox, adopted, dropped, answers, operator };
}

describe('saved answers and the operator', () => {
  it('no answer of the operator: after a complete replay the saved one is resent (same id)', async () => {
    const s = await setup();
    s.answers.burstEnded({ complete: true });
    assert.deepEqual(s.adopted, [s.saved.id]);
    assert.deepEqual(s.dropped, []);
  });

  it('the operator answered during the replay: the saved answer is superseded, never resent, said and recorded', async () => {
    const s = await setup();
    s.operator({ option: 'deny' });
    s.answers.burstEnded({ complete: true });
    assert.deepEqual(s.adopted, [], 'not resent');
    assert.deepEqual(
      s.dropped.map((d) => d.outcome),
      ['superseded'],
    );
    assert.ok(
      s.store
        .getRelay(RELAY)
        ?.warnings.some((w) => /dropped 1 saved answer: you answered the request here yourself/.test(w)),
      'said on the status line',
    );
    assert.deepEqual(s.outbox.recover(RELAY).entries, [], 'gone from disk');
  });

  it('kept while its request is not here: not handed over, and the status line says why', async () => {
    const s = await setup();
    const other = new ConsoleStore();
    other.addRelay(RELAY);
    const kept = new SavedAnswers(other, RELAY, s.outbox, { adopt: () => assert.fail('not adopted') } as never);
    kept.burstEnded({ complete: true });
    assert.match(
      other.getRelay(RELAY)?.outboxNotes?.join('\n') ?? '',
      /1 saved answer kept, not sent: their requests are not in what the relay has sent/,
    );
  });

  it('handed to the sender whatever the replay said: the gate at the wire sends it only on an ended read', async () => {
    const s = await setup();
    s.answers.burstEnded({ complete: false, why: 'the replay was cut off after 10 s' });
    assert.deepEqual(s.adopted, [s.saved.id]);
  });

  it('held for respond: not resent though the replay is complete; kept if respond never answers', async () => {
    const s = await setup(() => true);
    s.answers.burstEnded({ complete: true });
    assert.deepEqual(s.adopted, []);
    assert.deepEqual(s.dropped, []);
    assert.equal(
      readdirSync(join(s.dir, 'outbox')).filter((f) => f.includes(s.saved.id)).length,
      1,
      'still on disk for the next console',
    );
  });

  it('once a saved answer is on the wire, a new one is refused with words naming it and when it was given; before, it gives way', async () => {
    const s = await setup();
    s.store.commandCreated(RELAY, s.record.key, s.saved, { option: 'allow' }, 5_000, {
      savedAt: Date.parse('2026-12-01T10:00:00Z'),
    });
    assert.equal(answerRefusal(s.store, s.record), undefined, 'not written yet: the operator may answer');
    s.store.commandSent(s.saved.id);
    const refused = answerRefusal(s.store, s.record);
    assert.equal(refused?.code, 'in-flight');
    assert.match(
      refused!.why,
      /^A saved answer is on its way: option allow, given at 10:00:00 UTC by an earlier console\./,
    );
  });
});
