// `--name` and its default, `$USER@host`: always a name the command source
// URI can carry (protocol/respond.ts), whatever the login name or the
// hostname hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultName, nameOption } from '../../src/cli/name-args.js';
import { parseArgs } from '../../src/cli/args.js';
import { buildRespond } from '../../src/protocol/respond.js';
import { parseEvent } from '../../src/protocol/parse.js';

const VALID = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

const DEFAULTS: [string, NodeJS.ProcessEnv, string, string][] = [
  ['USER and a plain host', { USER: 'alice' }, 'build-3', 'alice@build-3'],
  ['LOGNAME when USER is unset', { LOGNAME: 'bob' }, 'box.example.org', 'bob@box.example.org'],
  ['USER empty: LOGNAME', { USER: '', LOGNAME: 'carol' }, 'h', 'carol@h'],
  ['marked characters become _', { USER: 'jos\u00e9 \u001b[2J' }, 'h\u202eost', 'jos____2J@h_ost'],
  ['leading punctuation dropped', { USER: '--root' }, '.hidden', 'root@hidden'],
  ['a host of nothing usable', { USER: 'dave' }, '\u200b', 'dave@localhost'],
  ['an empty host', { USER: 'dave' }, '', 'dave@localhost'],
  ['long parts cut to 64 in all', { USER: 'u'.repeat(80) }, 'h'.repeat(80), `${'u'.repeat(32)}@${'h'.repeat(31)}`],
  ['a host cut before a trailing dot', { USER: 'e' }, `${'a'.repeat(61)}.bc`, `e@${'a'.repeat(61)}`],
];

for (const [name, env, host, expected] of DEFAULTS) {
  test(`default --name: ${name}`, () => {
    const got = defaultName(env, host);
    assert.equal(got, expected);
    assert.match(got, VALID);
  });
}

test('default --name without USER or LOGNAME is still a person (the login of this uid), never "aep-console"', () => {
  const got = defaultName({}, 'h');
  assert.match(got, VALID);
  assert.match(got, /@h$/);
  assert.notEqual(got.split('@')[0], 'aep-console');
});

test('--name given: kept when valid (an "@" included), exit-2 usage error otherwise', () => {
  assert.equal(nameOption('ops-2', {}), 'ops-2');
  assert.equal(nameOption('alice@build-3', {}), 'alice@build-3');
  for (const bad of ['', 'a b', '@alice', '-x', 'x'.repeat(65), 'caf\u00e9', 'a\u001b'])
    assert.throws(() => nameOption(bad, {}), /--name must be/, bad);
  const parsed = parseArgs(['list'], { USER: 'alice' }, '0.0.0');
  assert.equal(parsed.kind, 'run');
  if (parsed.kind === 'run') assert.match(parsed.options.name, /^alice@/);
});

test('the default name goes into a command that passes envelope validation (source percent-encoded)', () => {
  const name = defaultName({ USER: 'alice' }, 'build-3');
  const event = buildRespond({
    request: { id: 'r1', session: 's1' },
    answer: { option: 'allow' },
    name,
    host: 'build-3',
  });
  assert.equal(event.agent, 'alice@build-3');
  assert.equal(event.source, 'aep://build-3/agent/alice%40build-3');
  const parsed = parseEvent(JSON.stringify(event));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.reason);
});
