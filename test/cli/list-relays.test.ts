// `list` with several relays, one of them down:
// what could be read is printed, the down relay is named on stderr, exit 3;
// and every value-taking flag given without its value is a usage error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../src/cli.js';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { permission } from '../support/events.js';

const SECRET = 'tok-LIST-RELAYS-4d3c';
/** Nothing listens on the discard port of loopback: the connection is refused at once. */
const DOWN = 'http://127.0.0.1:9';

async function runInProcess(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, { out: (l) => stdout.push(l), err: (l) => stderr.push(l), env });
  return { code, stdout, stderr };
}

const demo = demoRelayAndAgent(SECRET, 'codex');

test("list with one of two relays down: the other's requests on stdout, the down one named on stderr, exit 3 (text and --json)", async () => {
  // Into the relay's buffer at once (no agent connection to race with).
  const request = permission('Permission requested: Bash — make deploy');
  demo.relay.publish(request);
  const id = request.id;
  for (const order of [
    [DOWN, demo.relay.url],
    [demo.relay.url, DOWN],
  ]) {
    const args = order.flatMap((relay) => ['--relay', relay]);
    const text = await runInProcess(['list', ...args], { AEP_TOKEN: SECRET });
    assert.equal(text.code, 3, text.stderr.join('\n'));
    assert.equal(text.stderr.length, 1, text.stderr.join('\n'));
    assert.match(text.stderr[0], /^aep-console: http:\/\/127\.0\.0\.1:9: .*connect/);
    assert.ok(
      text.stdout.some((l) => l.includes('make deploy') && l.includes(`@${demo.relay.url}`)),
      text.stdout.join('\n'),
    );
    assert.match(
      text.stdout.at(-1) ?? '',
      new RegExp(`^read ${demo.relay.url.replace(/[.]/g, '\\.')}: `),
      'the read line names the relay read',
    );
    assert.doesNotMatch(text.stdout.at(-1) ?? '', /127\.0\.0\.1:9\b/, 'not the one that was not');
    const json = await runInProcess(['list', '--json', ...args], { AEP_TOKEN: SECRET });
    assert.equal(json.code, 3);
    assert.equal(json.stderr.length, 1);
    const rows = json.stdout.map((l) => JSON.parse(l) as { id: string; relay: string });
    assert.ok(
      rows.some((r) => r.id === id && r.relay === demo.relay.url),
      json.stdout.join('\n'),
    );
  }
});

test('list with every relay down: no list, one line per relay on stderr, exit 3', async () => {
  const result = await runInProcess(['list', '--relay', DOWN, '--relay', 'http://127.0.0.1:7'], { AEP_TOKEN: SECRET });
  assert.equal(result.code, 3);
  assert.deepEqual(result.stdout, []);
  assert.equal(result.stderr.length, 2);
  assert.match(result.stderr[0], /127\.0\.0\.1:9/);
  assert.match(result.stderr[1], /127\.0\.0\.1:7/);
});

test('list with a relay down and nothing on the other never says plainly "no attention requests"', async () => {
  const empty = await runInProcess(
    ['list', '--relay', demo.relay.url, '--relay', DOWN, '--filter', '{"agent":"nobody"}'],
    { AEP_TOKEN: SECRET },
  );
  assert.equal(empty.code, 3);
  assert.equal(empty.stdout[0], 'no attention requests on the source read (1 could not be read)');
});

const missing: [string[], RegExp][] = [
  [['list', '--relay'], /^aep-console: --relay needs a URL \(usage: --relay URL\)$/],
  [['list', '--relay', '--json'], /^aep-console: --relay needs a URL/],
  [['list', '--relay='], /^aep-console: --relay needs a URL/],
  [['list', '--token-file'], /^aep-console: --token-file needs a file name \(usage: --token-file F\)$/],
  [['list', '--token-file', '--json'], /--token-file needs a file name/],
  [['list', '--token'], /--token needs a token/],
  [['list', '--ca'], /--ca needs a file name/],
  [['list', '--filter'], /--filter needs a JSON filter/],
  [['list', '--agent'], /--agent needs an agent name/],
  [['list', '--session', '--agent', 'codex'], /--session needs a session id/],
  [['list', '--capture'], /--capture needs a level \(usage: --capture none\|metadata\|redacted\|full\)/],
  [['--name'], /--name needs a name/],
  [['--demo', '--demo-agents'], /--demo-agents needs a number/],
  [['list', '--file'], /--file needs a file name/],
  [['--rules'], /--rules needs a file name/],
  [['history', '--since'], /--since needs a duration/],
  [['history', '--agent'], /--agent needs an agent name/],
  [['rules', 'test', '--relay'], /--relay needs a URL/],
];

for (const [args, message] of missing) {
  test(`a flag without its value is a usage error, exit 2, one line: ${args.join(' ')}`, async () => {
    const result = await runInProcess(args);
    assert.equal(result.code, 2, result.stderr.join('\n'));
    assert.equal(result.stderr.length, 1, result.stderr.join('\n'));
    assert.match(result.stderr[0], message);
    assert.deepEqual(result.stdout, []);
  });
}

test('values that look like flags but are values still pass: a negative number, "-", --flag=value', async () => {
  const negative = await runInProcess(['--demo', '--demo-agents', '-3']);
  assert.match(
    negative.stderr[0] ?? '',
    /--demo-agents must be a whole number/,
    'the number is read, then refused for its range',
  );
  const inline = await runInProcess(['list', '--relay=http://127.0.0.1:9'], { AEP_TOKEN: SECRET });
  assert.equal(inline.code, 3, 'read as the relay given, not the default');
  assert.match(inline.stderr[0] ?? '', /127\.0\.0\.1:9/);
});

test('--help says a flag shown with a value needs one, and comes out whole (no phrase of it redacted as a credential)', async () => {
  const help = await runInProcess(['--help']);
  assert.equal(help.code, 0);
  const text = help.stdout.join('\n');
  assert.match(text, /a flag shown with a value needs one/);
  assert.doesNotMatch(text, /\[redacted\]|\[token\]/);
  assert.match(text, /3 a relay could not be read/);
});
