// wss:// with a private CA: without --ca the certificate is refused with a
// reason that says so (list: exit 3, one line; the console: its status
// line), with --ca it connects. The CA and server certificate are made at
// test time (relay-fronts.ts); the relay is the demo relay behind a loopback
// TLS terminator.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { parseArgs } from '../../src/cli/args.js';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { makeTestCa, startTlsFront, type Front, type TestCa } from './relay-fronts.js';
import { runPiped } from './pty.js';

const TOKEN = 'tls-test-token-5d1c';
let relay: DemoRelay;
let agent: DemoAgent;
let ca: TestCa;
let front: Front;
let wss: string;

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
  agent = await startDemoAgent({ relayUrl: relay.url, token: TOKEN, name: 'codex', script: 'none' });
  agent.raise({
    kind: 'permission',
    prompt: 'Permission requested: deploy over TLS',
    options: [{ id: 'allow', label: 'Allow' }],
  });
  ca = makeTestCa(mkdtempSync(join(tmpdir(), 'aep-console-tls-')));
  front = await startTlsFront(relay.port, ca);
  wss = `wss://127.0.0.1:${front.port}`;
});

after(async () => {
  await front.close();
  await agent.close();
  await relay.close();
});

test('list over wss:// without --ca: exit 3 with one line naming the untrusted certificate', async () => {
  const result = await runPiped(['list', '--relay', wss], { AEP_TOKEN: TOKEN });
  assert.equal(result.code, 3, result.stderr);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, result.stderr);
  assert.match(
    lines[0],
    new RegExp(`^aep-console: ${wss}: could not connect: TLS certificate not trusted: .+; --ca FILE adds a CA$`),
  );
  assert.ok(!result.stderr.includes(TOKEN));
});

test('list over wss:// (and https://) with --ca: exit 0 and the request is listed', async () => {
  const urls = [wss, `https://localhost:${front.port}`];
  const results = await Promise.all(
    urls.map((url) => runPiped(['list', '--relay', url, '--ca', ca.caFile], { AEP_TOKEN: TOKEN })),
  );
  results.forEach((result, i) => {
    assert.equal(result.code, 0, `${urls[i]}: ${result.stderr}`);
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /● pending .*permission .*codex .*Permission requested: deploy over TLS/);
  });
});

test("--ca reads every certificate of a PEM bundle, and keeps NODE_EXTRA_CA_CERTS (a `ca` replaces Node's default extras)", () => {
  const pem = readFileSync(ca.caFile, 'utf8');
  const bundle = join(mkdtempSync(join(tmpdir(), 'aep-console-ca-')), 'bundle.pem');
  writeFileSync(bundle, `# two CAs\n${pem}\n${pem}`);
  const parsed = parseArgs(['list', '--relay', wss, '--ca', bundle], { NODE_EXTRA_CA_CERTS: ca.caFile });
  assert.ok(parsed.kind === 'run');
  assert.deepEqual(parsed.options.ca, [pem.trim(), pem.trim(), pem.trim()]);
  const plain = parseArgs(['list', '--relay', wss], { NODE_EXTRA_CA_CERTS: ca.caFile });
  assert.ok(plain.kind === 'run' && plain.options.ca === undefined, "without --ca Node's defaults apply untouched");
});

function statusOf(store: ConsoleStore, client: RelayClient, wanted: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const describe = () => JSON.stringify(store.getRelay(client.relay)?.connection ?? {});
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out; connection is ${describe()}`));
    }, 10_000);
    const check = () => {
      if (!wanted(describe())) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(describe());
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

test('the console without --ca shows why on its status line, and with --ca goes live', async () => {
  const refused = new ConsoleStore();
  const without = new RelayClient({ url: wss, token: TOKEN, name: 'tls-test', host: 'h', store: refused });
  without.start();
  const reason = await statusOf(refused, without, (text) => text.includes('reconnecting'));
  await without.stop();
  assert.match(reason, /TLS certificate not trusted: .*--ca FILE adds a CA/);
  assert.ok(!reason.includes(TOKEN));

  const trusted = new ConsoleStore();
  const parsed = parseArgs(['--relay', wss, '--ca', ca.caFile], {});
  assert.ok(parsed.kind === 'run');
  const client = new RelayClient({
    url: wss,
    token: TOKEN,
    ca: parsed.options.ca,
    name: 'tls-test',
    host: 'h',
    store: trusted,
  });
  client.start();
  await statusOf(trusted, client, (text) => text.includes('"live"'));
  await client.stop();
});
