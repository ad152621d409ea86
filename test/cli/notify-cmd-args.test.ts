// --notify-cmd PROGRAM and the profile key notify_cmd ([PROGRAM, ARG…]): how
// each is read, which wins, and what is refused (exit 2 with one line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../../src/cli/args.js';

/** A config home whose config.json has one default profile `p` with `extra` keys. */
function home(extra: Record<string, unknown>): NodeJS.ProcessEnv {
  const root = mkdtempSync(join(tmpdir(), 'aep-console-notify-'));
  const dir = join(root, 'aep-console');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'config.json');
  writeFileSync(
    file,
    JSON.stringify({ default: 'p', profiles: { p: { relays: ['http://127.0.0.1:8787'], ...extra } } }),
  );
  chmodSync(file, 0o600);
  return { XDG_CONFIG_HOME: root, HOME: '/home/op' };
}

const NO_CONFIG: NodeJS.ProcessEnv = { XDG_CONFIG_HOME: '/nonexistent-aep-notify' };

function outcome(argv: string[], env: NodeJS.ProcessEnv): string[] | string | undefined {
  const parsed = parseArgs(argv, env);
  if (parsed.kind === 'usage-error') return `error: ${parsed.message}`;
  assert.equal(parsed.kind, 'run');
  return parsed.kind === 'run' ? parsed.options.notifyCmd : undefined;
}

test('--notify-cmd and notify_cmd: a table of what the console runs', () => {
  const cases: { argv: string[]; env: NodeJS.ProcessEnv; want: string[] | string | undefined; note: string }[] = [
    { argv: [], env: NO_CONFIG, want: undefined, note: 'none by default' },
    { argv: ['--notify-cmd', '/usr/local/bin/push'], env: NO_CONFIG, want: ['/usr/local/bin/push'], note: 'the flag' },
    {
      argv: ['--notify-cmd=push me'],
      env: NO_CONFIG,
      want: ['push me'],
      note: 'one program name, spaces and all: never split, never a shell',
    },
    {
      argv: [],
      env: home({ notify_cmd: ['/usr/bin/curl', '-d', '@-', 'https://push.example/x'] }),
      want: ['/usr/bin/curl', '-d', '@-', 'https://push.example/x'],
      note: "the profile's, with its arguments",
    },
    {
      argv: [],
      env: home({ notify_cmd: ['~/bin/push', '~/not-a-path'] }),
      want: ['/home/op/bin/push', '~/not-a-path'],
      note: '~/ in PROGRAM is HOME; arguments are as written',
    },
    {
      argv: ['--notify-cmd', 'other'],
      env: home({ notify_cmd: ['push'] }),
      want: ['other'],
      note: 'a flag given replaces the key',
    },
    {
      argv: ['list', '--notify-cmd', 'push'],
      env: NO_CONFIG,
      want: 'error: --notify-cmd applies to the interactive console ("list" rings nothing)',
      note: 'not for list',
    },
    {
      argv: ['list'],
      env: home({ notify_cmd: ['push'] }),
      want: undefined,
      note: "a profile's is the interactive console's: list leaves it (as it leaves the profile's rules)",
    },
    {
      argv: ['--notify-cmd', ' '],
      env: NO_CONFIG,
      want: 'error: --notify-cmd is empty: name a program',
      note: 'blank',
    },
  ];
  for (const c of cases) assert.deepEqual(outcome(c.argv, c.env), c.want, c.note);
});

test('notify_cmd of another shape is exit 2 naming the key', () => {
  for (const bad of [[], 'push', [''], [1], ['push', 2], ['a\u0000b']]) {
    const out = outcome([], home({ notify_cmd: bad }));
    assert.match(String(out), /^error: .*"notify_cmd" must be an array \[PROGRAM, ARG…\]/, JSON.stringify(bad));
  }
});

test('respond and watch refuse --notify-cmd', () => {
  for (const argv of [
    ['watch', '--notify-cmd', 'x'],
    ['respond', 'id1', '--option', 'allow', '--notify-cmd', 'x'],
  ]) {
    const parsed = parseArgs(argv, NO_CONFIG);
    assert.equal(parsed.kind, 'usage-error', argv.join(' '));
    assert.match(parsed.kind === 'usage-error' ? parsed.message : '', /--notify-cmd does not apply/);
  }
});
