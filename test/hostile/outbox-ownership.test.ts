// With real files: the outbox trusts only a state
// directory and files that are the operator's own. A journal planted in a
// directory another user owns, or one writable by everyone, or reached
// through a symlink, answering "allow" to a pending request, is never sent:
// the console neither reads nor writes there, answers still go out (from
// memory), and the status line says why. A FIFO never blocks start-up, a
// torn file is kept aside and said, ownership survives pid reuse (pid plus
// process start time), and one relay spelled two ways is one relay.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildRespond } from '../../src/protocol/respond.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { Outbox, type JournaledAnswer } from '../../src/files/outbox.js';
import { relayUrls } from '../../src/protocol/relay-url.js';
import { ConsoleStore } from '../../src/store/store.js';
import { requestKey } from '../../src/store/types.js';
import { buildStatusLines } from '../../src/ui/inbox/status-view.js';
import { agreeingAnswer } from '../support/journal.js';
import { startFakeRelay } from '../relay/fake-relay.js';
import { FAST, cleanups, isCommand, resetAfterEach } from '../relay/harness.js';
import { requestEvent, waitFor } from '../relay/helpers.js';
import { tsImport } from '../support/ts-child.js';
import { patient } from '../support/patience.js';

resetAfterEach();

const root = () => mkdtempSync(join(tmpdir(), 'aep-console-own-'));
const jsonFiles = (stateDir: string) =>
  existsSync(join(stateDir, 'outbox')) ? readdirSync(join(stateDir, 'outbox')).filter((f) => f.endsWith('.json')) : [];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasProc = existsSync('/proc/self/stat');

/** A saved "allow" for `request` on `relayUrl`, as a console that is gone (pid 4242) would have left it. */
async function plant(stateDir: string, relayUrl: string, request: AepEvent): Promise<JournaledAnswer> {
  const event = buildRespond({
    request: { id: request.id, session: request.session! },
    answer: { option: 'allow' },
    name: 'aep-console',
    host: 'h',
    fields: [],
  });
  const entry: JournaledAnswer = {
    relay: relayUrl,
    requestKey: requestKey(relayUrls(relayUrl).relay, request.session!, request.source, request.id),
    event,
    answer: { option: 'allow' },
    ackWindowMs: 10_000,
    createdAt: Date.now(),
  };
  assert.deepEqual(await new Outbox(stateDir, { pid: 4242, start: '1', alive: () => false }).record(entry), {
    ok: true,
  });
  return entry;
}

/**
 * A console (pid 5151) with its outbox in `stateDir`, on a fake relay that
 * replays `request` after the subscribe. Once the burst is over and a saved
 * answer taken over is decided (its session read to the end), the console
 * answers "deny" itself: the first command on the wire is the saved answer
 * when it was resent, else this one.
 */
async function consoleWith(
  stateDir: string,
  prepare: (relayUrl: string, request: AepEvent) => Promise<JournaledAnswer | undefined> | JournaledAnswer | undefined,
  spell = (url: string) => url,
) {
  const relay = await startFakeRelay({ sse: true });
  cleanups.push(() => relay.close());
  const request = requestEvent({
    data: {
      kind: 'permission',
      prompt: 'Drop the production database?',
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
    },
  });
  const planted = await prepare(relay.url, request);
  const store = new ConsoleStore();
  const outbox = new Outbox(stateDir, { pid: 5151, start: '2', alive: () => false, relays: [spell(relay.url)] });
  const client = new RelayClient({
    url: spell(relay.url),
    token: 'tok-own',
    name: 'aep-console',
    host: 'h',
    store,
    outbox,
    timing: FAST,
  });
  cleanups.push(() => client.stop());
  client.start();
  const conn = await relay.connection(0);
  await conn.next('subscribe');
  conn.send(request);
  const record = await waitFor(store, (s) => s.allRequests()[0], 'the request');
  await waitFor(
    store,
    (s) => s.getRelay(client.relay)?.connection.kind === 'live' && !s.getRelay(client.relay)?.replaying,
    'burst over',
  );
  // A saved answer taken over is decided once the read of its session has ended: wait for that, then answer.
  await waitFor(
    store,
    (s) => !(s.getRelay(client.relay)?.outboxNotes ?? []).some((n) => /reading it now|waiting for the relay/.test(n)),
    'saved answers decided',
  );
  const mine = client.respond(record.key, { option: 'deny' });
  const first = await conn.next(isCommand);
  const notes = () => store.getRelay(client.relay)?.outboxNotes ?? [];
  return { store, client, conn, planted, mine, first, notes, outbox };
}

/** The status line as the UI draws it for this console's relay. */
function statusText(store: ConsoleStore): string {
  const lines = buildStatusLines({
    relays: store.relays(),
    counts: { pending: 1, recent: 0 },
    filter: '',
    width: 400,
    now: Date.now(),
    maxRows: 3,
  });
  return lines.map((line) => line.map((s) => s.text).join('')).join('\n');
}

describe('outbox ownership: a planted answer is never sent', () => {
  it("control: in a directory that is the operator's own, the saved answer is resent first", async () => {
    const state = join(root(), 'state');
    const c = await consoleWith(state, (url, request) => plant(state, url, request));
    assert.equal(c.first.id, c.planted!.event.id, 'resent, same command id');
    assert.deepEqual(c.notes(), []);
  });

  it('a state directory owned by another user (uid 65534): not read, not written; the answer is sent from memory; the status line says why', async (t) => {
    if (!isRoot) {
      // Without root nothing can be given away, but "/" belongs to root: as a state directory it is someone else's.
      assert.equal(new Outbox('/').check(), `/ is owned by uid 0, not by you (uid ${process.getuid?.()})`);
      return t.skip('the full case needs root to give a directory to another user (chown); checked "/" instead');
    }
    const state = join(root(), 'state');
    const c = await consoleWith(state, async (url, request) => {
      const entry = await plant(state, url, request);
      for (const path of [state, join(state, 'outbox'), ...jsonFiles(state).map((f) => join(state, 'outbox', f))])
        chownSync(path, 65534, 65534);
      return entry;
    });
    assert.equal(c.first.id, c.mine, 'the planted "allow" was not sent; the operator\'s own answer was');
    assert.deepEqual(c.notes(), [`answers are not saved to disk: ${state} is owned by uid 65534, not by you (uid 0)`]);
    assert.match(
      statusText(c.store),
      new RegExp(`⚠ answers are not saved to disk: ${state.replace(/[/.]/g, '\\$&')} is owned by uid 65534`),
    );
    assert.equal(
      jsonFiles(state).length,
      1,
      "the operator's answer was not written there; the planted file is left alone",
    );
  });

  it("a file owned by another user in the operator's own directory: kept aside and said, never sent", async (t) => {
    if (!isRoot) return t.skip('needs root to give a file to another user (chown)');
    const state = join(root(), 'state');
    const c = await consoleWith(state, async (url, request) => {
      const entry = await plant(state, url, request);
      chownSync(join(state, 'outbox', jsonFiles(state)[0]), 65534, 65534);
      return entry;
    });
    assert.equal(c.first.id, c.mine);
    assert.match(
      c.notes().join(' '),
      /1 saved answer file was unreadable \(owned by uid 65534, not by you \(uid 0\)\): kept aside in .*kept-aside/,
    );
    assert.equal(readdirSync(join(state, 'outbox', 'kept-aside')).length, 1);
  });

  it('~/.local/state/aep-console as a symlink (to a directory holding a planted answer): not followed', async () => {
    const base = root();
    const real = join(base, 'elsewhere');
    const state = join(base, 'aep-console');
    const c = await consoleWith(state, async (url, request) => {
      const entry = await plant(real, url, request);
      symlinkSync(real, state);
      return entry;
    });
    assert.equal(c.first.id, c.mine);
    assert.deepEqual(c.notes(), [`answers are not saved to disk: ${state} is a symlink, not a directory`]);
    assert.equal(jsonFiles(real).length, 1, 'nothing written through the link');
  });

  it('a state directory writable by everyone (0777): not used, and said', async () => {
    const state = join(root(), 'state');
    const c = await consoleWith(state, async (url, request) => {
      const entry = await plant(state, url, request);
      chmodSync(state, 0o777);
      return entry;
    });
    assert.equal(c.first.id, c.mine);
    assert.deepEqual(c.notes(), [
      `answers are not saved to disk: ${state} is writable by group and others (mode 0777)`,
    ]);
  });

  it('a directory that turns unfit while the console runs: the next answer is sent, not saved, and the status line says so', async () => {
    const state = join(root(), 'state');
    const c = await consoleWith(state, () => undefined);
    assert.equal(c.first.id, c.mine);
    assert.equal(jsonFiles(state).length, 1, 'saved while the directory was fit');
    chmodSync(state, 0o777);
    // The first answer refused by the agent: the request takes another (the ledger allows one live answer at a time).
    c.store.commandSettled(c.mine, { state: 'rejected', reason: 'invalid' });
    const next = c.client.respond(c.store.allRequests()[0].key, { option: 'allow' });
    assert.equal((await c.conn.next(isCommand)).id, next, 'sent from memory');
    assert.deepEqual(c.notes(), [
      `answers are not saved to disk: ${state} is writable by group and others (mode 0777)`,
    ]);
    assert.equal(jsonFiles(state).length, 1, 'not written');
  });

  it('an outbox directory (or file) writable by the group: not used', async () => {
    const state = join(root(), 'state');
    const outbox = new Outbox(state, { pid: 1, start: '1' });
    assert.equal(outbox.check(true), undefined);
    chmodSync(join(state, 'outbox'), 0o770);
    assert.equal(outbox.check(), `${join(state, 'outbox')} is writable by group (mode 0770)`);
    assert.equal(outbox.recover('http://r').unfit, `${join(state, 'outbox')} is writable by group (mode 0770)`);
    const entry = {
      relay: 'http://r',
      ...agreeingAnswer('A1'),
      answer: {},
      ackWindowMs: 1,
      createdAt: 1,
    };
    assert.equal((await outbox.record(entry)).ok, false, 'not written');
    chmodSync(join(state, 'outbox'), 0o700);
    assert.equal((await outbox.record(entry)).ok, true, 'fixed: written again');
    chmodSync(join(join(state, 'outbox'), jsonFiles(state)[0]), 0o666);
    const taken = new Outbox(state, { pid: 2, start: '2', alive: () => false }).recover('http://r');
    assert.deepEqual(taken.entries, []);
    assert.deepEqual(
      taken.keptAside.map((k) => k.why),
      ['writable by group and others (mode 0666)'],
    );
  });

  it('a FIFO named like a journal file does not block start-up: kept aside, said', async (t) => {
    const state = join(root(), 'state');
    const outbox = new Outbox(state, { pid: 1, start: '1' });
    const entry = {
      relay: 'http://r',
      ...agreeingAnswer('F1'),
      answer: {},
      ackWindowMs: 1,
      createdAt: 1,
    };
    assert.equal((await outbox.record(entry)).ok, true);
    const name = jsonFiles(state)[0];
    const fifo = join(state, 'outbox', name.replace('F1.1.1', 'F2.9.9'));
    if (spawnSync('mkfifo', ['-m', '600', fifo]).status !== 0) return t.skip('no mkfifo here');
    assert.ok(statSync(fifo).isFIFO());
    // In a child with a deadline: a blocking open of a FIFO would hang this very thread, timers included.
    const outboxModule = tsImport(fileURLToPath(new URL('../../src/files/outbox.ts', import.meta.url)));
    const script = `const { Outbox } = await import(${JSON.stringify(outboxModule.url)});
      const r = new Outbox(${JSON.stringify(state)}, { pid: 3, start: '3', alive: () => false }).recover('http://r');
      console.log(JSON.stringify({ ids: r.entries.map((e) => e.event.id), aside: r.keptAside }));`;
    const run = spawnSync(process.execPath, [...outboxModule.args, '--input-type=module', '-e', script], {
      timeout: patient(20_000),
      encoding: 'utf8',
    });
    assert.equal(run.signal, null, 'finished: the FIFO did not block');
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout.trim().split('\n').pop()!);
    assert.deepEqual(result.ids, ['F1'], 'the real answer is taken over');
    assert.deepEqual(
      result.aside.map((k: { why: string }) => k.why),
      ['a FIFO, not a regular file'],
    );
    assert.ok(!existsSync(fifo), 'moved out of the journal');
  });

  it('a journal truncated to 100 bytes: kept aside (content intact), reported on the status line, never sent, never deleted', async () => {
    const state = join(root(), 'state');
    let torn = '';
    const c = await consoleWith(state, async (url, request) => {
      const entry = await plant(state, url, request);
      const file = join(state, 'outbox', jsonFiles(state)[0]);
      truncateSync(file, 100);
      torn = readFileSync(file, 'utf8');
      return entry;
    });
    assert.equal(c.first.id, c.mine, 'nothing torn is sent');
    const aside = readdirSync(join(state, 'outbox', 'kept-aside'));
    assert.equal(aside.length, 1);
    assert.match(aside[0], /\.torn$/);
    assert.equal(readFileSync(join(state, 'outbox', 'kept-aside', aside[0]), 'utf8'), torn, 'what it held is kept');
    assert.match(c.notes().join(' '), /1 saved answer file was unreadable \(torn: not complete JSON\): kept aside in /);
    assert.ok(
      c.store
        .getRelay(c.client.relay)
        ?.warnings.some(
          (w) => w === 'a saved answer file was unreadable (torn: not complete JSON): kept aside, not sent',
        ),
    );
    assert.match(statusText(c.store), /⚠ 1 saved answer file was unreadable/);
  });
});

describe('outbox ownership survives pid reuse (pid plus start time)', () => {
  const entry = (id: string, relay = 'http://r') => ({
    relay,
    ...agreeingAnswer(id, relay),
    answer: { option: 'allow' },
    ackWindowMs: 1,
    createdAt: 1,
  });

  it('a file whose pid is alive but names another process (start time differs) is taken over; the same process still holds it', async () => {
    const state = join(root(), 'state');
    assert.equal((await new Outbox(state, { pid: 700, start: '111' }).record(entry('P1'))).ok, true);
    const alive = (pid: number) => pid === 700;
    const sameProcess = new Outbox(state, {
      pid: 800,
      start: '5',
      alive,
      startOf: (pid) => (pid === 700 ? '111' : undefined),
    });
    const held = sameProcess.recover('http://r');
    assert.deepEqual([held.entries.length, held.held], [0, 1], 'the console that wrote it is running');
    assert.deepEqual(sameProcess.notes('http://r'), ['1 saved answer is held by another running console']);
    const reused = new Outbox(state, {
      pid: 800,
      start: '5',
      alive,
      startOf: (pid) => (pid === 700 ? '999' : undefined),
    });
    assert.deepEqual(
      reused.recover('http://r').entries.map((e) => e.event.id),
      ['P1'],
      'pid 700 is now some other program',
    );
  });

  it("with the real /proc: this very process under an earlier start time (a container's pid 1 after a restart) is not the owner", async (t) => {
    if (!hasProc) return t.skip('no /proc: pid liveness alone decides there');
    const state = join(root(), 'state');
    assert.equal(
      (await new Outbox(state, { pid: process.pid, start: '1' }).record(entry('R1'))).ok,
      true,
      'an earlier console that had our pid',
    );
    assert.equal(
      (await new Outbox(state, { pid: process.pid }).record(entry('R2'))).ok,
      true,
      'a running console: this process, real start time',
    );
    const next = new Outbox(state); // this process, real pid and start time
    const found = next.recover('http://r');
    assert.deepEqual(
      found.entries.map((e) => e.event.id),
      ['R1'],
    );
    const other = new Outbox(state, { pid: 2 ** 22 + 7, start: '3' }); // another console: real liveness and /proc
    assert.equal(
      other.recover('http://r').held,
      2,
      "both are this running process's now: R2 as written, R1 taken over",
    );
  });

  it('a file from before start times were recorded: pid liveness alone, and a live pid is said, not silently skipped', async () => {
    const state = join(root(), 'state');
    assert.equal((await new Outbox(state, { pid: 900, start: undefined }).record(entry('L1'))).ok, true);
    assert.match(jsonFiles(state)[0], /-L1\.900\.json$/);
    const found = new Outbox(state, { pid: 901, start: '1', alive: (pid) => pid === 900, startOf: () => '42' }).recover(
      'http://r',
    );
    assert.equal(found.held, 1);
    assert.deepEqual(
      new Outbox(state, { pid: 901, start: '1', alive: () => false })
        .recover('http://r')
        .entries.map((e) => e.event.id),
      ['L1'],
    );
  });
});

describe('one relay, two spellings', () => {
  it('ws://host:port/ and http://host:port are one relay: the saved answer is found and resent, same id', async () => {
    const state = join(root(), 'state');
    const c = await consoleWith(
      state,
      (url, request) => plant(state, url, request),
      (url) => `${url.replace(/^http:/, 'ws:')}/`,
    );
    assert.match(c.client.relay, /^ws:/);
    assert.equal(c.first.id, c.planted!.event.id, 'resent although the earlier console wrote http://');
    assert.deepEqual(c.notes(), [], 'not counted as a relay this console does not watch');
  });

  it('saved answers for relays this console does not watch are counted on the status line (on its first relay), not touched', async () => {
    const state = join(root(), 'state');
    const writer = new Outbox(state, { pid: 1, start: '1' });
    for (const [id, relay] of [
      ['U1', 'http://other:1'],
      ['U2', 'https://third'],
      ['W1', 'ws://mine:2/socket'],
    ] as const) {
      assert.equal((await writer.record(entry2(id, relay))).ok, true);
    }
    const outbox = new Outbox(state, {
      pid: 2,
      start: '2',
      alive: () => false,
      relays: ['http://mine:2', 'http://also:3'],
    });
    assert.deepEqual(
      outbox.recover('http://mine:2').entries.map((e) => e.event.id),
      ['W1'],
    );
    assert.deepEqual(outbox.notes('http://mine:2'), [
      `2 saved answers are for relays this console does not watch (${join(state, 'outbox')})`,
    ]);
    outbox.recover('http://also:3');
    assert.deepEqual(outbox.notes('http://also:3'), [], 'said once, not on every relay');
    assert.equal(jsonFiles(state).filter((f) => /-U[12]\./.test(f)).length, 2, 'left where they are');
  });
});

function entry2(id: string, relay: string) {
  return {
    relay,
    ...agreeingAnswer(id, relay),
    answer: { option: 'allow' },
    ackWindowMs: 1,
    createdAt: 1,
  };
}
