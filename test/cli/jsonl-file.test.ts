// --file: AEP JSONL files (AEP-0003 §3.1) as history, for `list` and for the
// console's follower. Hostile content: a torn last line, invalid lines, a line
// of another major version, a line longer than any Event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runList } from '../../src/cli/list.js';
import { parseArgs, type ConsoleOptions } from '../../src/cli/args.js';
import { startDemoRelay } from '../../src/demo/relay.js';
import { JsonlFile } from '../../src/files/jsonl-file.js';
import { ConsoleStore } from '../../src/store/store.js';

const corpus = readFileSync(new URL('../fixtures/projection-corpus.jsonl', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'aep-jsonl-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const line = (id: string, seq: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    aep: '0.1',
    id,
    type: 'attention.requested',
    time: '2026-08-01T09:00:00Z',
    source: 'aep://f/a',
    agent: 'filer',
    session: 'sf',
    seq,
    data: { kind: 'input', prompt: `q ${id}` },
    ...extra,
  });

function options(files: string[], relays: string[] = [], json = true): ConsoleOptions {
  return { command: 'list', relays, files, bell: false, notify: false, name: 'aep-console', demo: false, json };
}

async function list(opts: ConsoleOptions) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runList(opts, { out: (l) => out.push(l), err: (l) => err.push(l), host: 't' });
  return { code, out, err };
}

test('list --file: a hostile file is read, counted, never fatal; the torn last line is not applied', async () => {
  const path = join(dir, 'hostile.jsonl');
  const hostile = [
    corpus.trimEnd(),
    '{not json',
    '[1,2]',
    JSON.stringify({ aep: '1.0', id: 'future', type: 'attention.requested' }),
    JSON.stringify({ aep: '1.0', id: 'future2', type: 'attention.requested' }),
    `{"aep":"0.1","pad":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    line('\u001b]0;pwned\u0007ok', 1),
    line('torn', 2).slice(0, 60),
  ].join('\n');
  writeFileSync(path, hostile);
  const { code, out, err } = await list(options([path]));
  assert.equal(code, 0);
  const rows = out.map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.ok(rows.every((r) => typeof r.relay === 'string' && (r.relay as string).startsWith('file://')));
  assert.deepEqual(rows.find((r) => r.id === 'b-1')?.violations, ['ended-with-pending-attention']);
  assert.ok(
    rows.some((r) => (r.id as string).endsWith('ok')),
    'a hostile id is data, shown escaped',
  );
  assert.ok(!rows.some((r) => r.id === 'torn' || r.id === 'future'));
  assert.ok(!out.join('').includes('\u001b'), 'no raw escape reaches stdout');
  assert.deepEqual(err, [
    `aep-console: ${path}: 24 events from 29 lines, 2 invalid, 1 too long, 2 of another AEP version skipped, last line torn`,
  ]);
});

test('list --file beside a relay: both listed, each row says where it came from; the text ends with what was read', async () => {
  const relay = await startDemoRelay({ token: 'tok' });
  relay.publish(JSON.parse(line('from-relay', 1, { source: 'aep://r/a' })));
  const path = join(dir, 'beside.jsonl');
  writeFileSync(path, `${line('from-file', 1)}\n`);
  const both = { ...options([path], [relay.url]), token: 'tok' };
  const json = await list(both);
  assert.equal(json.code, 0, json.err.join());
  const byId = Object.fromEntries(
    json.out.map((l) => JSON.parse(l) as Record<string, unknown>).map((r) => [r.id, r.relay]),
  );
  assert.equal(byId['from-relay'], relay.url);
  assert.equal(byId['from-file'], `file://${path}`);
  const text = await list({ ...both, json: false });
  assert.match(
    text.out.at(-1)!,
    new RegExp(`^read http://127.0.0.1:\\d+: SSE single pass .*; ${path}: file, 1 events from 1 lines$`),
  );
  assert.ok(text.out.some((l) => l.includes(`@${path}`)));
  await relay.close();
});

test('--file on the command line: files alone replace the default relay; a missing file is a usage error', () => {
  const path = join(dir, 'args.jsonl');
  writeFileSync(path, '');
  const alone = parseArgs(['list', '--file', path], {});
  assert.equal(alone.kind, 'run');
  assert.deepEqual(alone.kind === 'run' && alone.options.relays, []);
  const beside = parseArgs(['list', '--file', path, '--relay', 'http://127.0.0.1:1'], {});
  assert.deepEqual(beside.kind === 'run' && beside.options.relays, ['http://127.0.0.1:1']);
  const missing = parseArgs(['list', '--file', join(dir, 'nope.jsonl')], {});
  assert.equal(
    missing.kind === 'usage-error' && missing.message,
    `--file ${join(dir, 'nope.jsonl')} cannot be read (ENOENT)`,
  );
  assert.equal(parseArgs(['--file', path, '--file', path], {}).kind, 'usage-error');
  assert.equal(parseArgs(['--demo', '--file', path], {}).kind, 'usage-error');
});

test('following a growing file (tail -f): a half-written line waits for its end; a rewritten file is read again', () => {
  const path = join(dir, 'grow.jsonl');
  writeFileSync(path, `${line('one', 1)}\n`);
  const store = new ConsoleStore();
  const file = new JsonlFile(path, store);
  file.readAvailable();
  assert.deepEqual(
    store.allRequests().map((r) => r.id),
    ['one'],
  );
  const two = line('two', 2);
  appendFileSync(path, two.slice(0, 30));
  file.readAvailable();
  assert.equal(store.allRequests().length, 1, 'the writer is mid-line');
  appendFileSync(path, `${two.slice(30)}\n`);
  file.readAvailable();
  assert.deepEqual(
    store.allRequests().map((r) => r.id),
    ['one', 'two'],
  );
  truncateSync(path, 0);
  writeFileSync(path, `${line('three', 3)}\n`);
  file.readAvailable();
  assert.deepEqual(
    store
      .allRequests()
      .map((r) => r.id)
      .sort(),
    ['one', 'three', 'two'],
  );
  assert.ok(store.getRelay(file.relay)?.warnings.some((w) => w.includes('shrank')));
  assert.ok(
    store.allRequests().every((r) => r.replayed),
    'history: no bell',
  );
});
