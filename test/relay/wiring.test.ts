// The CLI's interactive console and the library's connect() build their
// relays through one wiring (relay/wiring.ts): pinned here from the sources,
// so a second way of building clients cannot creep back, and the wiring's own
// contract (one store, one shared ingest batch, started clients, one stop).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { wireRelays } from '../../src/relay/wiring.js';
import { connect } from '../../src/connect.js';
import { ConsoleStore } from '../../src/store/store.js';

const root = new URL('../../', import.meta.url).pathname;
const source = (path: string) => readFileSync(join(root, path), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('connect() and the CLI console both build their relays with wireRelays, and nothing else in src builds a RelayClient', () => {
  for (const path of ['src/connect.ts', 'src/cli/console.ts']) {
    const text = source(path);
    assert.match(text, /import \{[^}]*\bwireRelays\b[^}]*\} from '\.{1,2}\/relay\/wiring\.js';/, path);
    assert.match(text, /\bwireRelays\(\{/, path);
    assert.doesNotMatch(text, /new (RelayClient|IngestBatch)\(/, path);
  }
  const builders = sourceFiles('src').filter((path) => /new RelayClient\(/.test(source(path)));
  assert.deepEqual(builders, ['src/relay/wiring.ts']);
});

test('wireRelays: one client per relay in order, one store and one ingest batch shared, all started, one stop', async () => {
  const store = new ConsoleStore();
  const wiring = wireRelays({ relays: ['ftp://one', 'ftp://two'], name: 'wiring-test', host: 'h', store });
  assert.equal(wiring.store, store);
  assert.deepEqual(
    wiring.clients.map((client) => client.relay),
    ['ftp://one', 'ftp://two'],
  );
  const batches = wiring.clients.map(
    (client) => (client as unknown as { connection: { ingest: unknown } }).connection.ingest,
  );
  assert.equal(batches[0], batches[1], 'a burst from several relays is one store batch');
  // Started: an invalid URL is reported only once the client starts.
  for (const relay of store.relays())
    assert.ok(
      relay.warnings.some((w) => w.startsWith('invalid relay URL')),
      relay.relay,
    );
  const first = wiring.stop();
  assert.equal(wiring.stop(), first);
  await first;
});

test('wireRelays with startLater: no client starts until start(), which starts each once', async () => {
  const store = new ConsoleStore();
  const wiring = wireRelays({
    relays: ['ftp://one', 'ftp://two'],
    name: 'wiring-test',
    host: 'h',
    store,
    startLater: true,
  });
  const warned = () => store.relays().filter((relay) => relay.warnings.some((w) => w.startsWith('invalid relay URL')));
  assert.equal(warned().length, 0, 'not started: nothing tried yet');
  let starts = 0;
  for (const client of wiring.clients) {
    const start = client.start.bind(client);
    client.start = () => {
      starts++;
      start();
    };
  }
  wiring.start();
  assert.equal(warned().length, 2, 'both started');
  wiring.start();
  assert.equal(starts, 2, 'each client started once, however often start() is called');
  await wiring.stop();
});

test('the console draws its first frame, then starts its relays', () => {
  const text = source('src/cli/console.ts');
  assert.match(text, /startLater: true/);
  const drawn = text.indexOf('const ui = renderConsole(');
  const started = text.indexOf('wiring.start();');
  assert.ok(drawn > 0 && started > drawn, 'wiring.start() comes after renderConsole()');
});

test('connect() hands back what wireRelays built: the given store, its clients, its stop', async () => {
  const store = new ConsoleStore();
  const connection = connect({ relays: 'ftp://only', store });
  assert.equal(connection.store, store);
  assert.equal(connection.clients.length, 1);
  assert.equal(connection.stop(), connection.stop());
  await connection.stop();
});
