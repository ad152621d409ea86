// Hostile relay, attack 2: a relay that echoes the Authorization
// header back, in an error frame, a prompt, an option label and a close
// reason. The token must reach neither the screen (every producer string goes
// through displayLine/displayText) nor `list`'s stdout or stderr. Loopback
// fake relay; `list` runs in process through main(), as the bin does.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { main } from '../../src/cli.js';
import { safeJson } from '../../src/cli/list.js';
import { addSecret, redact } from '../../src/protocol/redact.js';
import { displayLine, displayText } from '../../src/protocol/sanitize.js';
import { buildStatusLines } from '../../src/ui/inbox/status-view.js';
import { startFakeRelay, type FakeConnection } from '../relay/fake-relay.js';
import { cleanUp, cleanups, setup } from '../relay/harness.js';
import { requestEvent, waitFor } from '../relay/helpers.js';

const TOKEN = 'tok-ECHO-5e4d3c2b1a';
after(cleanUp);

/** What the relay got in the upgrade, sent back every way a relay can. */
function echo(conn: FakeConnection): string {
  const header = String(conn.headers.authorization);
  assert.equal(header, `Bearer ${TOKEN}`);
  return header;
}

const lineText = (line: { text: string }[]) => line.map((s) => s.text).join('');

test('the token echoed in an error frame, a prompt, a label and a close reason never reaches the screen', async () => {
  addSecret(TOKEN); // as main() does for --token, AEP_TOKEN and every read of --token-file
  const { relay, store, client } = await setup({}, { token: TOKEN });
  client.start();
  const conn = await relay.connection(0);
  await conn.next('subscribe');
  const header = echo(conn);
  conn.send({ type: 'error', code: 'bad-header', detail: `you sent ${header}` });
  // Hidden from a plain search: the token split by a zero-width space still reads whole on screen.
  const split = `${TOKEN.slice(0, 6)}\u200b${TOKEN.slice(6)}`;
  conn.send(
    requestEvent(
      {},
      {
        prompt: `Authorization was: ${header}; raw ${TOKEN}; split ${split}`,
        options: [{ id: 'a', label: `label ${TOKEN}` }],
      },
    ),
  );
  const record = await waitFor(store, (s) => s.allRequests()[0], 'the request');
  await waitFor(
    store,
    (s) => s.getRelay(client.relay)?.warnings.some((w) => w.includes('bad-header')),
    'the error frame',
  );
  conn.close(4000, `closing for ${TOKEN}`);
  const reconnecting = await waitFor(
    store,
    (s) => (s.getRelay(client.relay)?.connection.kind === 'reconnecting' ? s.getRelay(client.relay) : undefined),
    'closed',
  );

  const screen = [
    displayText(record.payload.prompt),
    ...record.payload.options.map((o) => displayLine(o.label)),
    ...buildStatusLines({
      relays: [reconnecting],
      counts: { pending: 1, recent: 0 } as never,
      filter: '',
      width: 200,
      now: Date.now(),
      maxRows: 3,
    }).map(lineText),
  ].join('\n');
  assert.ok(!screen.includes(TOKEN), screen);
  assert.ok(!screen.includes(TOKEN.slice(6)), 'not even the part after a zero-width space');
  assert.match(screen, /Bearer \[(token|redacted)\]/);
  assert.match(screen, /closing for \[token\]/);
});

test('redact(): known tokens anywhere, any Bearer credential, nothing else', () => {
  addSecret(TOKEN);
  assert.equal(redact(`x${TOKEN}y`), 'x[token]y');
  assert.equal(redact('Authorization: Bearer someone-elses'), 'Authorization: Bearer [redacted]');
  assert.equal(redact('nothing to see'), 'nothing to see');
  addSecret('ab'); // too short to hunt for inside other text
  assert.equal(redact('abc'), 'abc');
});

test('list: the token echoed in a prompt is not printed (text or JSON); a close reason carrying it is not on stderr', async () => {
  const relay = await startFakeRelay();
  cleanups.push(() => relay.close());
  const serve = async (n: number) => {
    const conn = await relay.connection(n);
    await conn.next('subscribe');
    conn.send(
      requestEvent(
        {},
        {
          prompt: `echo: ${echo(conn)} and ${TOKEN}\u202e\u{e0041}`,
          options: [{ id: `ok\u202e\u{e0041}`, label: 'OK' }],
        },
      ),
    );
  };
  for (const json of [false, true]) {
    const served = serve(relay.connections.length);
    let stdout = '';
    const stderr: string[] = [];
    const code = await main(['list', '--relay', relay.url, ...(json ? ['--json'] : [])], {
      out: (l) => (stdout += `${l}\n`),
      err: (l) => stderr.push(l),
      env: { AEP_TOKEN: TOKEN },
    });
    await served;
    // A WebSocket replay is ended by a quiet timer, not the relay: listed, said on stderr, exit 3.
    assert.equal(code, 3, stderr.join('\n'));
    assert.match(stderr.join('\n'), /the read did not end/);
    assert.ok(stdout.includes('echo: Bearer'), stdout);
    assert.ok(!stdout.includes(TOKEN) && !stderr.join('\n').includes(TOKEN), stdout);
    if (json) {
      // In an id (kept whole) bidi override and tag characters are escaped; the prompt is sanitized (markers); neither is printed raw.
      assert.ok(stdout.includes('"ok\\u202e\\udb40\\udc41"'), stdout);
      assert.ok(stdout.includes('⟨U+202E⟩⟨U+E0041⟩'), stdout);
      assert.ok(!/[\u202e]|\udb40/.test(stdout));
    }
  }
  // The relay closes before answering the subscribe, with the header as its close reason.
  const closing = (async () => {
    const conn = await relay.connection(relay.connections.length);
    await conn.next('subscribe');
    conn.close(4001, echo(conn).slice(0, 100));
  })();
  const stderr: string[] = [];
  const code = await main(['list', '--relay', relay.url], {
    out: () => undefined,
    err: (l) => stderr.push(l),
    env: { AEP_TOKEN: TOKEN },
  });
  await closing;
  assert.equal(code, 3);
  assert.match(stderr.join('\n'), /Bearer \[(token|redacted)\]/);
  assert.ok(!stderr.join('\n').includes(TOKEN));
});

test('safeJson escapes every invisible formatter and tag character, and redacts', () => {
  addSecret(TOKEN);
  const out = safeJson({ prompt: `a\u2066b\u2028c\u{e007f}d ${TOKEN}` });
  assert.equal(out, '{"prompt":"a\\u2066b\\u2028c\\udb40\\udc7fd [token]"}');
});
