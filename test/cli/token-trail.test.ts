// Where the token goes (part 3), end to end: the real console in a
// pseudo-terminal and `list` in pipes, against the demo relay behind a tap
// that records every byte the console sends. The token (and a wrong one)
// given by --token, AEP_TOKEN and --token-file, through success and failure
// paths (live, unauthorized, bad URL, unreachable relay); then everything
// the console wrote is searched: terminal bytes, stderr, every file under its
// HOME (it writes none), and the arguments of any process it started (it
// starts none). On the wire the token may appear only as
// `Authorization: Bearer <token>`. The crash path (AEP_TOKEN, a report file)
// is searched the same way in crash-pty.test.ts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { cmdline, descendants, runInPty, runPiped, type PtyRun } from './pty.js';
import { startTap, type Tap } from './relay-fronts.js';

const TOKEN = 'tok-TRAIL-8d7c6b5a';
const WRONG = 'tok-WRONG-1f2e3d4c';
const SECRETS = [TOKEN, WRONG];

let relay: DemoRelay;
let agent: DemoAgent;
let tap: Tap;
let url: string;
const home = mkdtempSync(join(tmpdir(), 'aep-console-trail-'));
const secretsDir = mkdtempSync(join(tmpdir(), 'aep-console-trail-secrets-'));
/** Everything the console wrote, by where it went. */
const written: { where: string; text: string }[] = [];

function secretFile(name: string, content: string): string {
  const file = join(secretsDir, name);
  writeFileSync(file, `${content}\n`);
  chmodSync(file, 0o600);
  return file;
}

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
  agent = await startDemoAgent({ relayUrl: relay.url, token: TOKEN, name: 'codex', script: 'none' });
  agent.raise({
    kind: 'permission',
    prompt: 'Permission requested: deploy to staging',
    options: [{ id: 'allow', label: 'Allow' }],
  });
  tap = await startTap(relay.port);
  url = `http://127.0.0.1:${tap.port}`;
});

after(async () => {
  await tap.close();
  await agent.close();
  await relay.close();
});

function assertNoSecret(where: string, text: string): void {
  for (const secret of SECRETS) assert.ok(!text.includes(secret), `${secret} found in ${where}`);
}

/** The console runs nothing: no child process, so no argument list that could carry the token. */
function assertNoChildren(run: PtyRun): void {
  const pid = run.pid();
  assert.ok(pid, 'the console process is found');
  const children = descendants(pid);
  assert.deepEqual(children.map(cmdline), [], 'the console starts no process');
  assertNoSecret("the console's own process arguments", cmdline(pid));
}

async function ptyRun(
  name: string,
  args: string[],
  env: Record<string, string>,
  drive: (run: PtyRun) => Promise<void>,
) {
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-pty-'));
  const run = runInPty(args, { dir, env: { HOME: home, ...env } });
  await drive(run);
  const result = await run.done;
  written.push({ where: `${name}: terminal`, text: result.output }, { where: `${name}: stderr`, text: result.stderr });
  return result;
}

test('--token: one warning on stderr, live, the request on screen; no child process; q quits with 0', async () => {
  const result = await ptyRun('--token', ['--relay', url, '--token', TOKEN], {}, async (run) => {
    await run.until(/live .*Permission requested: deploy to/, 'the request on a live relay');
    assertNoChildren(run);
    run.type('q');
  });
  assert.equal(result.code, 0, result.stderr);
  assert.equal(
    result.stderr.replaceAll('\u001b[?25h', ''),
    'aep-console: warning: --token is visible to other users in the process list; use AEP_TOKEN or --token-file instead\n',
  );
});

test('--token-file with a wrong token: "unauthorized" on the status line, nothing else', async () => {
  const result = await ptyRun(
    'wrong token',
    ['--relay', url, '--token-file', secretFile('wrong', WRONG)],
    {},
    async (run) => {
      await run.until(/unauthorized: relay refused the token \(HTTP 401\)/, 'the unauthorized status');
      assertNoChildren(run);
      run.type('q');
    },
  );
  assert.equal(result.code, 0);
  assert.equal(result.stderr.replaceAll('\u001b[?25h', ''), '');
});

// (An unreachable relay and AEP_TOKEN with --json are in cli.test.ts, which checks their output too.)
test('list by pipes: --token-file, a URL carrying the token, a wrong token in AEP_TOKEN', async () => {
  const runs: [string, string[], Record<string, string>, number][] = [
    ['list --token-file', ['list', '--relay', url, '--json', '--token-file', secretFile('good', TOKEN)], {}, 0],
    ['list user:token@', ['list', '--relay', `http://u:${TOKEN}@127.0.0.1:${tap.port}`], {}, 2],
    ['list wrong token', ['list', '--relay', url], { AEP_TOKEN: WRONG }, 3],
  ];
  // In parallel: each is a process start, the slow part.
  const results = await Promise.all(runs.map(([, args, env]) => runPiped(args, { HOME: home, ...env })));
  runs.forEach(([name, , , code], i) => {
    assert.equal(results[i].code, code, `${name}: ${results[i].stderr}`);
    written.push(
      { where: `${name}: stdout`, text: results[i].stdout },
      { where: `${name}: stderr`, text: results[i].stderr },
    );
  });
  assert.match(results[0].stdout, /deploy to staging/);
  assert.match(results[2].stderr, /relay refused the token \(HTTP 401\)/);
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('nothing the console wrote holds a token, and it left no file (no log, no history)', () => {
  assert.equal(written.length, 10, 'every run above was recorded');
  for (const { where, text } of written) assertNoSecret(where, text);
  assert.deepEqual(filesUnder(home), []);
});

test('on the wire the token travels only in the Authorization header', () => {
  const sent = tap.sent();
  assert.ok(sent.length >= 4, `connections seen: ${sent.length}`);
  let headers = 0;
  for (const text of sent) {
    for (const secret of SECRETS) {
      for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
        const lineStart = text.lastIndexOf('\r\n', at) + 2;
        assert.equal(
          text.slice(lineStart, at + secret.length + 2),
          `Authorization: Bearer ${secret}\r\n`,
          'only as the header',
        );
        headers++;
      }
    }
    const requestLine = text.slice(0, text.indexOf('\r\n'));
    assertNoSecret('the request line (URL)', requestLine);
  }
  assert.ok(headers >= 4, 'the tokens did go, in the header');
});
