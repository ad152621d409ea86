import { after, afterEach, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KILL_AFTER_MS, NotifyRunner, childEnv, type NotifyRunnerOptions } from '../../src/cli/notify-cmd.js';
import { addSecret, forgetSecrets } from '../../src/protocol/redact.js';
import { patient } from '../support/patience.js';

// The --notify-cmd runner against a real program: a small node script,
// written here, that appends its stdin and its environment to files (and,
// asked to, hangs on its first run or fails).

const TOKEN = 'tok-notify-cmd-7f3a9c';
const dir = mkdtempSync(join(tmpdir(), 'aep-notify-cmd-'));
after(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => forgetSecrets());

const SCRIPT = join(dir, 'record.cjs');
writeFileSync(
  SCRIPT,
  `const fs = require('node:fs');
const [out, mode] = process.argv.slice(2);
let data = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => (data += c));
process.stdin.on('end', () => {
  fs.appendFileSync(out + '.lines', data);
  fs.appendFileSync(out + '.env', JSON.stringify(process.env) + '\\n');
  if (mode === 'fail') process.exit(3);
  if (mode === 'hang-first' && !fs.existsSync(out + '.hung')) {
    fs.writeFileSync(out + '.hung', '');
    setInterval(() => {}, 1000);
    return;
  }
  if (mode === 'hang') { setInterval(() => {}, 1000); return; }
  process.exit(0);
});
`,
);

// The wall clock's timers, kept before any test mocks setTimeout: the hang guards run on them.
const wallTimeout = globalThis.setTimeout;
const wallClear = globalThis.clearTimeout;

/** Resolves once `path` exists (the script's marker that its first run now hangs). */
function appears(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir, () => check());
    const timer = wallTimeout(() => {
      watcher.close();
      reject(new Error(`waited for ${path}`));
    }, patient(5_000));
    const check = () => {
      if (!existsSync(path)) return;
      watcher.close();
      wallClear(timer);
      resolve();
    };
    check();
  });
}

/** Mock setTimeout (the runner's kill timer) while `body` runs. */
async function withFakeTimers(body: () => Promise<void>): Promise<void> {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    await body();
  } finally {
    mock.timers.reset();
  }
}

let n = 0;
/** A runner on the script, its outcomes, the words it said, and a wait for the next run's end. */
function rig(mode: string, options: Partial<NotifyRunnerOptions> = {}, env: NodeJS.ProcessEnv = process.env) {
  const out = join(dir, `r${++n}`);
  const ends: { ok: boolean; lines: number; why?: string }[] = [];
  let waiter: (() => void) | undefined;
  const runner = new NotifyRunner({
    argv: [process.execPath, SCRIPT, out, mode],
    env,
    ...options,
    onRunEnd: (end) => {
      ends.push(end);
      waiter?.();
    },
  });
  const said: string[] = [];
  const say = (text: string) => said.push(text);
  /** Resolves once `count` runs have ended (a hang guard turns a hang into a message). */
  const ended = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`waited for ${count} runs; ${ends.length} ended`)),
        patient(5_000),
      );
      waiter = () => {
        if (ends.length >= count) {
          clearTimeout(timer);
          resolve();
        }
      };
      waiter();
    });
  const lines = () =>
    existsSync(out + '.lines')
      ? readFileSync(out + '.lines', 'utf8')
          .split('\n')
          .filter(Boolean)
      : [];
  const envs = () =>
    (existsSync(out + '.env')
      ? readFileSync(out + '.env', 'utf8')
          .split('\n')
          .filter(Boolean)
      : []
    ).map((line) => JSON.parse(line) as Record<string, string>);
  return { runner, ends, said, say, ended, lines, envs, out };
}

const line = (id: string, prompt = 'Permission requested: Bash — make deploy') =>
  JSON.stringify({ id, source: 'aep://host-a/agent/claude-code/session/s1', prompt, event: 'requested' });

test('two requests a second apart: two runs, one line each, naming their ids', async () => {
  const r = rig('ok');
  r.runner.send([line('req-1')], r.say);
  await r.ended(1);
  r.runner.send([line('req-2')], r.say);
  await r.ended(2);
  assert.deepEqual(
    r.lines().map((l) => JSON.parse(l).id),
    ['req-1', 'req-2'],
  );
  assert.deepEqual(r.ends, [
    { ok: true, lines: 1 },
    { ok: true, lines: 1 },
  ]);
  assert.deepEqual(r.said, []);
});

test('the token is in neither the lines nor the environment; other variables are kept', async () => {
  addSecret(TOKEN);
  const env = {
    ...process.env,
    AEP_TOKEN: TOKEN,
    DEPLOY_HEADER: `Authorization: Bearer ${TOKEN}`,
    SOME_OTHER_BEARER: 'Bearer abc.def.ghi',
    AEP_NOTIFY_TEST_KEPT: 'kept',
  };
  const r = rig('ok', {}, env);
  r.runner.send([line('req-1', `Permission requested: curl -H "Authorization: ${TOKEN}"`)], r.say);
  await r.ended(1);
  const text = readFileSync(r.out + '.lines', 'utf8');
  assert.equal(r.lines().length, 1);
  assert.ok(!text.includes(TOKEN), text);
  assert.match(text, /\[token\]/);
  assert.ok(!readFileSync(r.out + '.env', 'utf8').includes(TOKEN), 'the token is in no variable');
  const [seen] = r.envs();
  assert.equal(seen.AEP_TOKEN, undefined);
  assert.equal(seen.DEPLOY_HEADER, undefined);
  assert.equal(seen.SOME_OTHER_BEARER, undefined, 'a bearer credential the console never knew is not passed on either');
  assert.equal(seen.AEP_NOTIFY_TEST_KEPT, 'kept');
  assert.equal(seen.PATH, process.env.PATH);
});

test('childEnv: a table of what is passed on', () => {
  addSecret(TOKEN);
  const cases: [string, string, boolean][] = [
    ['AEP_TOKEN', 'anything at all', false],
    ['X_TOKEN_COPY', TOKEN, false],
    ['X_EMBEDDED', `pre-${TOKEN}-post`, false],
    ['X_BEARER', 'Bearer zzz', false],
    ['HOME', '/home/op', true],
    ['AEP_RELAY', 'https://relay.example', true],
  ];
  const env = childEnv(Object.fromEntries(cases.map(([name, value]) => [name, value])));
  for (const [name, , kept] of cases) assert.equal(name in env, kept, name);
});

test('a slow command is killed and the requests that arrived during its run still go out, one line each', async () => {
  const r = rig('hang-first');
  await withFakeTimers(async () => {
    r.runner.send([line('req-1')], r.say);
    // Arriving while the first run hangs: they wait for the next run.
    r.runner.send([line('req-2')], r.say);
    r.runner.send([line('req-3')], r.say);
    assert.equal(r.runner.waiting, 2);
    await appears(r.out + '.hung');
    mock.timers.tick(KILL_AFTER_MS);
    await r.ended(2);
  });
  assert.deepEqual(r.ends, [
    { ok: false, lines: 1, why: 'killed after 10 s' },
    { ok: true, lines: 2 },
  ]);
  assert.deepEqual(
    r.lines().map((l) => JSON.parse(l).id),
    ['req-1', 'req-2', 'req-3'],
    'one line per request, never a count',
  );
  assert.equal(r.said.length, 1);
  assert.match(r.said[0], /failed: killed after/);
});

test('the real default: a run is killed at 10 s, not before', async () => {
  assert.equal(KILL_AFTER_MS, 10_000);
  const r = rig('hang');
  await withFakeTimers(async () => {
    r.runner.send([line('req-1')], r.say);
    assert.equal(r.runner.busy, true);
    mock.timers.tick(9_999);
    assert.equal(r.runner.busy, true, 'still running at 9.999 s');
    assert.equal(r.ends.length, 0);
    mock.timers.tick(1);
    await r.ended(1);
  });
  assert.deepEqual(r.ends, [{ ok: false, lines: 1, why: 'killed after 10 s' }]);
});

test('a failing command is said once, and still run for the next requests', async () => {
  const r = rig('fail');
  r.runner.send([line('req-1')], r.say);
  await r.ended(1);
  r.runner.send([line('req-2')], r.say);
  await r.ended(2);
  r.runner.send([line('req-3')], r.say);
  await r.ended(3);
  assert.deepEqual(
    r.ends.map((e) => e.why),
    ['exit 3', 'exit 3', 'exit 3'],
  );
  assert.equal(r.said.length, 1, r.said.join('\n'));
  assert.match(r.said[0], /^--notify-cmd failed: exit 3 \(said once\)\.$/);
  assert.equal(r.lines().length, 3);
});

test('a program that cannot be started is said once', async () => {
  const out = join(dir, 'missing');
  const ends: string[] = [];
  const said: string[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const runner = new NotifyRunner({
    argv: [join(dir, 'no-such-program'), out],
    env: process.env,
    onRunEnd: (end) => {
      ends.push(end.why ?? 'ok');
      if (ends.length === 2) done();
    },
  });
  runner.send([line('req-1')], (text) => said.push(text));
  runner.send([line('req-2')], (text) => said.push(text));
  await finished;
  assert.deepEqual(ends, ['it could not be started (ENOENT)', 'it could not be started (ENOENT)']);
  assert.equal(said.length, 1);
});

test('the wait is bounded: past it the oldest waiting line is dropped (said once), the newest kept, never a count', async () => {
  const r = rig('hang-first', { killAfterMs: 1_000, maxQueued: 3 });
  await withFakeTimers(async () => {
    r.runner.send([line('req-0')], r.say);
    for (let i = 1; i <= 6; i++) r.runner.send([line(`req-${i}`)], r.say);
    assert.equal(r.runner.waiting, 3);
    await appears(r.out + '.hung');
    mock.timers.tick(1_000);
    await r.ended(2);
  });
  assert.deepEqual(
    r.lines().map((l) => JSON.parse(l).id),
    ['req-0', 'req-4', 'req-5', 'req-6'],
  );
  assert.equal(r.said.filter((s) => /--notify-cmd too slow: the oldest waiting lines dropped/.test(s)).length, 1);
});

test('a line holding a newline stays one line', async () => {
  const r = rig('ok');
  r.runner.send(['{"id":"a"}\n{"id":"b"}'], r.say);
  await r.ended(1);
  assert.equal(r.lines().length, 1);
});

test('stop: the run under way is killed and nothing more starts', async () => {
  const r = rig('hang');
  r.runner.send([line('req-1')], r.say);
  r.runner.send([line('req-2')], r.say);
  r.runner.stop();
  await r.ended(1);
  r.runner.send([line('req-3')], r.say);
  assert.equal(r.runner.busy, false);
  assert.equal(r.ends.length, 1);
});
