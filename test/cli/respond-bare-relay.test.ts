// End to end: `respond` (spawned, the one prebuilt CLI) against the barest
// relay a WebSocket binding allows, written here: it answers hello and
// subscribe, sends one request in its replay and nothing after: no
// end-of-replay marker, no roster, no status, and no agent that ever
// acknowledges. The replay ends by going quiet, which changes nothing in the
// store: respond must still see it end and find the request, never "not
// connected". But a replay that went quiet is not a read that ended, and
// this relay has no SSE to read the session with: the answer is not sent,
// `unknown` (exit 3). A relay that never goes quiet is read too: its replay
// ends at the client's cap.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { cliEntry } from './cli-entry.js';
import { patient } from '../support/patience.js';

const runner = await cliEntry();
const REQUEST = '01JBARERELAYREQUEST0000001';
const heard: Record<string, unknown>[] = [];

/**
 * Answers hello and subscribe, replays one request, and stays silent after
 * that; `chatty`, it never goes quiet instead (an Event every 100 ms), so its
 * replay ends only at the client's cap (10 s after it went live).
 */
function bareRelay(chatty = false): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/socket' });
  const send = (socket: WebSocket, value: unknown) => socket.send(JSON.stringify(value));
  const timers = new Set<ReturnType<typeof setInterval>>();
  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      let frame: Record<string, unknown>;
      try {
        frame = JSON.parse(String(raw)) as Record<string, unknown>;
      } catch {
        return;
      }
      heard.push(frame);
      if (frame.type === 'hello') send(socket, { type: 'hello', versions: ['0.1'], role: 'relay' });
      if (frame.type === 'subscribe') {
        send(socket, { type: 'subscribed', id: frame.id });
        send(socket, {
          aep: '0.1',
          id: REQUEST,
          type: 'attention.requested',
          time: new Date().toISOString(),
          source: 'aep://bare-host/agent/quiet-1',
          agent: 'quiet-1',
          session: 's-bare',
          seq: 0,
          data: {
            kind: 'permission',
            prompt: 'Run it?',
            options: [
              { id: 'allow', label: 'Allow' },
              { id: 'deny', label: 'Deny' },
            ],
          },
        });
        let seq = 0;
        if (chatty) {
          const timer = setInterval(
            () =>
              send(socket, {
                aep: '0.1',
                id: `01JCHATTY${String(++seq).padStart(17, '0')}`,
                type: 'session.heartbeat',
                time: new Date().toISOString(),
                source: 'aep://bare-host/agent/busy-1',
                agent: 'busy-1',
                session: 's-busy',
                seq,
              }),
            100,
          );
          timers.add(timer);
          socket.on('close', () => clearInterval(timer));
        }
      }
    });
  });
  return new Promise((resolve) =>
    server.on('listening', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const timer of timers) clearInterval(timer);
            for (const client of server.clients) client.terminate();
            server.close(() => done());
          }),
      });
    }),
  );
}

const relay = await bareRelay();
const busy = await bareRelay(true);
after(async () => {
  await relay.close();
  await busy.close();
});

/** `respond REQUEST --option allow --wait 1 --json` with the relay spelled `url`, from a state folder of its own. */
function respond(url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const state = mkdtempSync(join(tmpdir(), 'aep-bare-'));
  const env = { PATH: process.env.PATH ?? '', HOME: state, XDG_STATE_HOME: state, AEP_RELAY: url };
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [runner, 'respond', REQUEST, '--option', 'allow', '--wait', '1', '--json'],
      { env, timeout: patient(30_000) },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    ),
  );
}

// The relay as given and with a trailing "/" (which the client's name for it drops).
for (const spelling of ['', '/']) {
  test(`respond on a relay whose replay has no end marker and no SSE: its replay is read, then exit 3 unknown, nothing sent (relay URL ending "${spelling}")`, async () => {
    const before = heard.length;
    const result = await respond(relay.url + spelling);
    assert.equal(result.code, 3, `${result.stdout}${result.stderr}`);
    const row = JSON.parse(result.stdout) as { result: string; reason: string; state: string; agent: string };
    assert.equal(row.result, 'unknown');
    assert.equal(row.agent, 'quiet-1', 'the request was found in the replay');
    assert.equal(row.state, 'pending');
    assert.match(row.reason, /no read of session "s-bare" has ended since the relay came back/);
    assert.doesNotMatch(result.stderr, /not connected|could not read/);
    // A replay that went quiet is no proof that nothing closed the request: the answer did not go out.
    assert.deepEqual(
      heard.slice(before).filter((f) => f.type === 'control.attention.respond'),
      [],
    );
  });
}

test("respond on a relay that never goes quiet: it waits for the replay to end at the client's cap (10 s after going live), then exits 3 unknown, nothing sent", async () => {
  const before = heard.length;
  const result = await respond(busy.url);
  assert.equal(result.code, 3, `${result.stdout}${result.stderr}`);
  assert.equal((JSON.parse(result.stdout) as { result: string }).result, 'unknown');
  assert.ok(!heard.slice(before).some((f) => f.type === 'control.attention.respond'));
});
