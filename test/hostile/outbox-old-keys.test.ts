// Request keys are structured now, but answers saved by an older
// console name their request the old way (relay, session, source and id
// joined with U+001F, the relay spelled as that console was given it). A
// console taking them over reads those keys too and resends the answer, same
// command id, once a complete replay shows the request open; one whose key
// cannot be read with certainty names no request, and is kept, not sent.
// Loopback fake relay, real files.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRespond } from '../../src/protocol/respond.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { Outbox } from '../../src/files/outbox.js';
import { relayUrls } from '../../src/protocol/relay-url.js';
import { ConsoleStore } from '../../src/store/store.js';
import { startFakeRelay } from '../relay/fake-relay.js';
import { FAST, cleanups, isCommand, resetAfterEach } from '../relay/harness.js';
import { requestEvent, waitFor } from '../relay/helpers.js';

resetAfterEach();

const U = '\u001f';

/**
 * A console (pid 2) on `ws://…/` taking over an "allow" a gone console
 * (pid 1, on `http://…`) saved for a request of session `session`, under the
 * key `keyOf` makes; the relay then replays the request.
 */
async function takeOver(session: string, keyOf: (relay: string, request: AepEvent) => string) {
  const relay = await startFakeRelay({ sse: true });
  cleanups.push(() => relay.close());
  const state = join(mkdtempSync(join(tmpdir(), 'aep-console-old-keys-')), 'state');
  // The source named apart: the helper's own names the session in it, and a URI holds no U+001F.
  const request = requestEvent({ session, source: 'aep://host-a/agent/claude-code' });
  const event = buildRespond({
    request: { id: request.id, session },
    answer: { option: 'allow' },
    name: 'aep-console',
    host: 'h',
    fields: [],
  });
  const saved = {
    relay: relay.url,
    requestKey: keyOf(relayUrls(relay.url).relay, request),
    event,
    answer: { option: 'allow' },
    ackWindowMs: 10_000,
    createdAt: 1,
  };
  assert.equal((await new Outbox(state, { pid: 1, start: '1' }).record(saved)).ok, true);
  const url = `${relay.url.replace(/^http:/, 'ws:')}/`;
  const store = new ConsoleStore();
  const client = new RelayClient({
    url,
    token: 'tok',
    name: 'aep-console',
    host: 'h',
    store,
    outbox: new Outbox(state, { pid: 2, start: '2', alive: () => false, relays: [url] }),
    timing: FAST,
  });
  cleanups.push(() => client.stop());
  client.start();
  const conn = await relay.connection(0);
  await conn.next('subscribe');
  conn.send(request);
  const files = () => readdirSync(join(state, 'outbox')).filter((f) => f.endsWith('.json'));
  return { conn, saved, store, client, state, files };
}

const oldKey = (relay: string, request: AepEvent) => [relay, request.session, request.source, request.id].join(U);

describe('answers saved by a console before structured keys', () => {
  it('a key joined with U+001F is read: the answer is resent, same command id', async () => {
    const t = await takeOver('s1', oldKey);
    assert.equal((await t.conn.next(isCommand)).id, t.saved.event.id);
  });

  it('a session name holding U+001F: its command says where the parts end, and the answer is resent', async () => {
    const t = await takeOver(`deploy${U}prod`, oldKey);
    const resent = await t.conn.next(isCommand);
    assert.equal(resent.id, t.saved.event.id);
    assert.equal(resent.session, `deploy${U}prod`);
  });

  it('a key that names another request than its command: kept aside as inconsistent, not sent, and said', async () => {
    const t = await takeOver('s1', (relay, request) => [relay, 's1', request.source, 'another-request'].join(U));
    const status = () => t.store.getRelay(t.client.relay)!;
    await waitFor(
      t.store,
      () =>
        status().warnings.includes(
          "a saved answer file was unreadable (its command's session or subject is not its request's): kept aside, not sent",
        ),
      'said',
    );
    assert.equal(t.files().length, 0, 'no longer among the answers to send');
    assert.equal(readdirSync(join(t.state, 'outbox', 'kept-aside')).length, 1, 'kept on disk, aside');
    const mine = t.client.respond(t.store.allRequests()[0].key, { option: 'deny' });
    assert.equal((await t.conn.next(isCommand)).id, mine, 'the inconsistent saved answer did not go out');
  });
});
