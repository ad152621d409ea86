// The operator's answer wins: a saved
// answer an earlier console journaled is resent only after a read of its
// session made since the link came back has ended, and only if the operator
// has not answered the request meanwhile; then it is superseded: not sent,
// said on the status line, kept in the history. Proof first: nothing is sent
// or dropped before that read ended.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SavedAnswers } from '../../src/relay/outbox-recovery.js';
import { Outbox, type JournaledAnswer } from '../../src/files/outbox.js';
import type { CommandSender } from '../../src/relay/commands.js';
import type { DecisionSink } from '../../src/files/decision-recorder.js';
import type { SessionProof } from '../../src/relay/gate.js';
import { buildRespond } from '../../src/protocol/respond.js';
import { ConsoleStore } from '../../src/store/store.js';
import { answerRefusal } from '../../src/store/ledger.js';
import { permissionFrom } from '../support/ui-events.js';

const RELAY = 'http://relay.test';

/** The gate's reads, played by the test: what each session's proof is, and which reads were asked for. */
function fakeProofs() {
  const proofs = new Map<string, SessionProof>();
  const asked: string[] = [];
  return {
    proofs,
    asked,
    proof: (session: string): SessionProof => proofs.get(session) ?? { state: 'none' },
    prove: (session: string) => {
      asked.push(session);
      proofs.set(session, { state: 'reading' });
      return true;
    },
  };
}

async function setup(hold?: (entry: JournaledAnswer) => boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'aep-saved-'));
  const store = new ConsoleStore();
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
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
  const gate = fakeProofs();
  const answers = new SavedAnswers(store, RELAY, outbox, commands, decisions, hold, gate);
  /** The read of s1 ends (or not), and the saved answers hear of it. */
  const readEnds = (proof: SessionProof = { state: 'ended' }) => {
    gate.proofs.set(record.session, proof);
    answers.readEnded();
  };
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
  return { dir, store, record, saved, outbox, adopted, dropped, answers, operator, gate, readEnds };
}

const notes = (store: ConsoleStore) => store.getRelay(RELAY)?.outboxNotes?.join('\n') ?? '';

describe('saved answers and the operator', () => {
  it('no answer of the operator: nothing sent until a read of the session ends, then resent (same id)', async () => {
    const s = await setup();
    s.answers.burstEnded();
    assert.deepEqual(s.gate.asked, [s.record.session], 'the read of its session is asked for');
    assert.deepEqual(s.adopted, [], 'not before the read ends');
    assert.match(
      notes(s.store),
      /1 saved answer kept, not sent: sent or dropped only once the read of session "s1" has ended \(reading it now\)/,
    );
    s.readEnds();
    assert.deepEqual(s.adopted, [s.saved.id]);
    assert.deepEqual(s.dropped, []);
    assert.doesNotMatch(notes(s.store), /kept, not sent/);
  });

  it('a read that did not end proves nothing: kept, not sent, not dropped, and said why', async () => {
    const s = await setup();
    s.answers.burstEnded();
    s.readEnds({
      state: 'failed',
      why: 'the relay has no SSE stream to read the session with (no discovery document (HTTP 404))',
    });
    assert.deepEqual(s.adopted, []);
    assert.deepEqual(s.dropped, []);
    assert.match(
      notes(s.store),
      /1 saved answer kept, not sent: no read of session "s1" has ended since the relay came back \(the relay has no SSE stream/,
    );
  });

  it('a closing Event before the read ends: not dropped yet; dropped, said, once the read has ended', async () => {
    const s = await setup();
    s.answers.burstEnded();
    s.store.applyEvent(RELAY, {
      ...permissionFrom('codex', 's1', 'x'),
      id: 'res-1',
      type: 'attention.resolved',
      subject: s.record.id,
      source: s.record.source,
      data: { resolution: 'cancelled' },
    });
    s.answers.eventSeen();
    assert.equal(s.dropped.length, 0, 'no drop on the live stream alone');
    s.readEnds();
    assert.deepEqual(s.adopted, []);
    assert.deepEqual(
      s.dropped.map((d) => d.outcome),
      ['closed-elsewhere'],
    );
  });

  it('a link that is not live starts no read: it waits for the relay, said', async () => {
    const s = await setup();
    s.store.updateRelay(RELAY, { connection: { kind: 'connecting' } });
    s.answers.burstEnded();
    assert.deepEqual(s.gate.asked, []);
    assert.match(notes(s.store), /kept, not sent: waiting for the relay, then for a read of session "s1"/);
  });

  it('the operator answered during the replay: the saved answer is superseded, never resent, said and recorded', async () => {
    const s = await setup();
    s.operator({ option: 'deny' });
    s.answers.burstEnded();
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

  it('kept while its request is not in the ended read: not handed over, and the status line says why', async () => {
    const s = await setup();
    const other = new ConsoleStore();
    other.addRelay(RELAY);
    other.updateRelay(RELAY, { connection: { kind: 'live' } });
    const gate = fakeProofs();
    gate.proofs.set('s1', { state: 'ended' });
    const kept = new SavedAnswers(
      other,
      RELAY,
      s.outbox,
      { adopt: () => assert.fail('not adopted') } as never,
      undefined,
      undefined,
      gate,
    );
    kept.burstEnded();
    assert.match(notes(other), /1 saved answer kept, not sent: its request is not in the relay's read of its session/);
  });

  it('held for respond: not resent though its read ended; kept if respond never answers', async () => {
    const s = await setup(() => true);
    s.answers.burstEnded();
    s.readEnds();
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
