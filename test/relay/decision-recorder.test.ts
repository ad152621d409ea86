// The recorder's own duties: a decision's line handed to the log as the
// command is made, whole (who, the cause shown and the batch came with its
// send), what is made while an append runs written in the next one, a resend
// that goes back to `sending` is no outcome, and a history that cannot be
// written is said on every relay's status line (and unsaid once it can).
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRespond } from '../../src/protocol/respond.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { parseArgs } from '../../src/cli/args.js';
import { settleWrites } from '../../src/files/pending.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { CommandOrigin } from '../../src/store/types.js';
import { requestEvent } from './helpers.js';

const RELAY = 'http://relay.test';

class CountingLog extends DecisionLog {
  appends = 0;
  /** The lines each append was handed, as they were handed (before any write). */
  readonly handed: Parameters<DecisionLog['append']>[0][] = [];
  override append(lines: Parameters<DecisionLog['append']>[0]) {
    this.appends++;
    this.handed.push(structuredClone(lines));
    return super.append(lines);
  }
}

function setup(dir = join(mkdtempSync(join(tmpdir(), 'aep-console-rec-')), 'aep-console')) {
  const store = new ConsoleStore();
  store.addRelay(RELAY);
  const log = new CountingLog(dir);
  const recorder = new DecisionRecorder(store, log);
  recorder.start();
  const answer = (origin: CommandOrigin = {}) => {
    const event = requestEvent();
    store.applyEvent(RELAY, event);
    const record = store.allRequests().find((r) => r.id === event.id)!;
    const command = buildRespond({
      request: { id: record.id, session: record.session },
      answer: { option: 'allow' },
      name: 'c',
      host: 'h',
      fields: [],
    });
    store.commandCreated(RELAY, record.key, command, { option: 'allow' }, 5_000, origin);
    return command.id;
  };
  return { store, log, recorder, answer };
}

/** The end of the task, and the appends it started (they run off the event loop). */
const task = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await settleWrites();
};

describe('the decision recorder', () => {
  it('hands the whole line to the log as the command is made: who, the cause and the batch its send carried', async () => {
    const { log, answer } = setup();
    const sent = { by: 'rule tests ok', cause: 'tool.requested Bash', batch: 3 };
    const first = answer(sent);
    assert.equal(log.appends, 1, 'written at once, not at the end of the task');
    assert.deepEqual(
      log.handed[0].map((l) => (l.t === 'decision' ? [l.command_id, l.by, l.cause, l.batch] : l.t)),
      [[first, 'rule tests ok', 'tool.requested Bash', 3]],
      'nothing is added to the line after it is handed over',
    );
    const others = [answer(sent), answer(sent)];
    assert.equal(log.appends, 1, 'made while the first append runs: they wait for it');
    await task();
    assert.equal(log.appends, 2, 'and go out together in the next one');
    assert.deepEqual(
      log.read().decisions.map((d) => [d.command_id, d.by, d.cause, d.batch]),
      [first, ...others].map((id) => [id, 'rule tests ok', 'tool.requested Bash', 3]),
    );
  });

  it('a timeout is an outcome; the resend going back to sending is not; the late ack is', async () => {
    const { store, log, answer } = setup();
    const id = answer();
    store.commandSent(id);
    store.commandSettled(id, { state: 'timeout' });
    await task();
    store.commandQueued(id);
    store.commandSent(id);
    await task();
    assert.deepEqual(
      log.read().decisions[0].outcomes.map((o) => o.state),
      ['timeout'],
    );
    store.commandSettled(id, { state: 'accepted' });
    await task();
    assert.deepEqual(
      log.read().decisions[0].outcomes.map((o) => o.state),
      ['timeout', 'applied'],
    );
  });

  it('a history that cannot be written is said on the status line, kept for a retry, and unsaid once it can be', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'aep-console-rec-')), 'aep-console');
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o777);
    const { store, log, answer } = setup(dir);
    const first = answer();
    await task();
    const warned = store.getRelay(RELAY)!.warnings;
    assert.deepEqual(warned, [
      `decisions are not kept in the history: ${dir} is writable by group and others (mode 0777); 1 kept to retry`,
    ]);
    chmodSync(dir, 0o700);
    const second = answer();
    await task();
    assert.deepEqual(store.getRelay(RELAY)!.warnings, []);
    assert.deepEqual(
      log.read().decisions.map((d) => d.command_id),
      [first, second],
      'the decision the failed append held is written, first',
    );
  });

  it('--no-history turns it off for the console; list keeps none anyway', () => {
    const on = parseArgs([], {});
    const off = parseArgs(['--no-history'], {});
    assert.ok(on.kind === 'run' && on.options.history === true);
    assert.ok(off.kind === 'run' && off.options.history === false);
    const list = parseArgs(['list', '--no-history'], {});
    assert.equal(list.kind, 'usage-error');
  });
});
