// End to end, several operators on one demo relay: a console that opens a request says so with attention.routed
// (no seq), the others show "open in console <name>, N s ago" until the note
// lapses, a console never shows its own, and a relay that refuses the note
// is said once and never sent another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { consoleOnDemo } from '../support/e2e-console.js';
import { ROUTED_LAPSE_MS } from '../../src/protocol/routed.js';
import { NOTES_REFUSED } from '../../src/relay/routed-notice.js';

const TOKEN = 'e2e-teams-token-not-secret';
const demo = demoRelayAndAgent(TOKEN, 'claude-code');

const permission = (command: string) => ({
  kind: 'permission',
  prompt: `Permission requested: Bash — ${command}`,
  options: [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ],
});

/** Answers the open request (Allow): it leaves Pending, so the next test's request is the first row. */
async function answer(ui: ReturnType<typeof consoleOnDemo>): Promise<void> {
  await ui.press('1', '\r');
  await ui.until((t) => t.includes('✓ allow'), 'the answer to be recorded');
}

const routedNotes = () => demo.relay.faults.fromConsumers().filter((e) => e.type === 'attention.routed');

test('one console opens a request: the other shows who has it open, and stops once the note lapses', async () => {
  let clock = Date.now();
  const now = () => clock;
  const ops1 = consoleOnDemo(demo, TOKEN, 120, { name: 'ops-1' });
  const ops2 = consoleOnDemo(demo, TOKEN, 120, { name: 'ops-2', now });
  try {
    const before = routedNotes().length;
    const id = demo.agent.raise(permission('kubectl delete ns staging'));
    await ops1.until((t) => t.includes('kubectl delete ns staging') && t.includes('live'), 'the request on ops-1');
    await ops2.until((t) => t.includes('kubectl delete ns staging') && t.includes('live'), 'the request on ops-2');
    await ops1.press('\r');
    await ops1.until((t) => t.includes('▸ Reply:'), 'ops-1 to open it');
    // The row says who; the detail (side by side: the selected row) says who and since when.
    // At 120 columns the list is 54 wide: the row keeps room for its prompt with the short form.
    await ops2.until(
      (t) => t.includes('open in ops-1 · ') && t.includes('open in console ops-1, 0 s ago'),
      'ops-2 to show it open in ops-1',
    );
    const notes = routedNotes().slice(before);
    assert.equal(notes.length, 1, 'one note on opening');
    const [note] = notes;
    assert.equal(note.seq, undefined, 'a consumer-emitted Event carries no seq (AEP-0001 §5.2)');
    assert.equal(note.subject, id);
    assert.equal(note.cause, id);
    assert.equal(note.agent, 'ops-1');
    assert.deepEqual(note.data, { to: 'aep-console:ops-1', via: 'tui' });
    assert.match(note.source, /^aep:\/\/e2e-host\/agent\/ops-1\/console\/[\w-]+$/);
    assert.ok(
      demo.relay.faults.buffered().some((e) => e.id === note.id),
      'the demo relay took it (buffered and fanned out)',
    );
    // A console never shows its own note.
    await ops1.until((t) => !t.includes('open in console'), 'ops-1 not to show its own note');
    clock += 30_000;
    await ops2.press('j');
    await ops2.until((t) => t.includes('open in console ops-1, 30 s ago'), 'the age of the note');
    clock += ROUTED_LAPSE_MS;
    await ops2.press('k');
    await ops2.until(
      (t) => t.includes('kubectl delete ns staging') && !t.includes('open in console'),
      'the note to lapse',
    );
    await answer(ops1);
  } finally {
    await ops1.stop();
    await ops2.stop();
  }
});

test('two consoles with one --name on one host are still two: each sees the other', async () => {
  const first = consoleOnDemo(demo, TOKEN, 120, { name: 'alice@box', host: 'box' });
  const second = consoleOnDemo(demo, TOKEN, 120, { name: 'alice@box', host: 'box' });
  try {
    demo.agent.raise(permission('terraform destroy'));
    await first.until((t) => t.includes('terraform destroy') && t.includes('live'), 'the request on the first');
    await second.until((t) => t.includes('terraform destroy') && t.includes('live'), 'the request on the second');
    await first.press('\r');
    await second.until((t) => t.includes('open in console alice@box, 0 s ago'), 'the second to show the first');
    assert.doesNotMatch(first.frame(), /open in console/, 'the first never shows itself');
    await first.press('\u001b');
    await second.press('\r');
    await first.until((t) => t.includes('open in console alice@box'), 'the first to show the second');
    await answer(second);
  } finally {
    await first.stop();
    await second.stop();
  }
});

test('a relay that refuses the note: said once on the status line, never sent again', async () => {
  demo.relay.faults.refuseEvents((event) =>
    event.type === 'attention.routed' && event.seq === undefined ? 'seq required' : undefined,
  );
  const ui = consoleOnDemo(demo, TOKEN, 120, { name: 'ops-3' });
  try {
    const before = routedNotes().length;
    const id = demo.agent.raise(permission('git push --force'));
    await ui.until((t) => t.includes('git push --force') && t.includes('live'), 'the request');
    await ui.press('\r');
    await ui.until(
      (t) => t.includes('other consoles cannot see who has a request open'),
      'the status line to say others cannot see it',
    );
    const key = ui.store.allRequests().find((r) => r.id === id)!.key;
    assert.equal(ui.client.noteOpen(key), false, 'no second note once refused');
    await ui.press('\u001b', '\r');
    assert.equal(routedNotes().length - before, 1, 'exactly one note reached the relay');
    const warnings = ui.store.getRelay(ui.client.relay)!.warnings.filter((w) => w.includes(NOTES_REFUSED));
    assert.equal(warnings.length, 1, 'said once');
    assert.match(warnings[0], /invalid-event: seq required/);
  } finally {
    demo.relay.faults.refuseEvents(undefined);
    await ui.stop();
  }
});

test('--read-only: opening sends no note, every sending key is refused in words, nothing reaches the relay', async () => {
  const watcher = consoleOnDemo(demo, TOKEN, 120, { name: 'wallboard', readOnly: true });
  try {
    const before = demo.relay.faults.fromConsumers().length;
    const received = demo.agent.received.length;
    demo.agent.raise(permission('rm -rf /var/lib/app'));
    await watcher.until((t) => t.includes('rm -rf /var/lib/app') && t.includes('live'), 'the request');
    for (const keys of [['x'], ['X'], ['p'], ['d'], ['\r', '1', '\r'], ['\r', 'no', '\r']]) {
      await watcher.press(...keys);
      await watcher.until(
        (t) => t.includes('Read-only console (--read-only)'),
        `the refusal of ${JSON.stringify(keys)}`,
      );
      await watcher.press('\u001b', '\u001b');
    }
    // A client call past the keys is refused too: the gate before the wire.
    const key = watcher.store.allRequests().find((r) => r.payload.prompt.includes('rm -rf /var/lib/app'))!.key;
    assert.equal(watcher.client.respond(key, { option: 'allow' }), '');
    assert.equal(watcher.client.control(key, { verb: 'pause' }), '');
    assert.equal(watcher.client.noteOpen(key), false);
    assert.deepEqual(demo.relay.faults.fromConsumers().slice(before), [], 'nothing on the wire');
    assert.equal(demo.agent.received.length, received, 'nothing reached the agent');
  } finally {
    await watcher.stop();
  }
});
