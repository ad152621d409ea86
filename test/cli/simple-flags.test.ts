// The plainest command lines are read without meow (src/cli/simple-flags.ts).
// Each such command line must read exactly as meow reads it: the same flags
// (every key, every value) and the same arguments. Thousands of command lines
// are drawn from the flag table, in the forms read without meow and in the
// forms left to meow, and both readers are asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { meowFlagsOf, parseArgs } from '../../src/cli/args.js';
import { FLAG_NAMES, FLAG_TABLE, type FlagSpec } from '../../src/cli/flag-table.js';
import { simpleFlags } from '../../src/cli/simple-flags.js';
import { mulberry32 } from '../support/prng.js';

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const FLAGS = FLAG_NAMES.filter((name) => !(FLAG_TABLE[name] as FlagSpec).respondOnly);

const WORDS = ['list', 'history', 'profiles', 'watch', 'x', '5', 'ws://h:1', 'true', 'false', ''];
const VALUES = ['ws://127.0.0.1:8787', 'http://r:1', 'a=b', '08', '12', '1e3', 'x y', 'é⏳', '-', '-5', '', '--json'];

/** A random command line: mostly tokens of the forms read without meow, now and then one of meow's. */
function commandLine(random: () => number): string[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const argv: string[] = [];
  const length = Math.floor(random() * 6);
  for (let i = 0; i < length; i++) {
    const roll = random();
    const name = pick(FLAGS);
    const spec: FlagSpec = FLAG_TABLE[name];
    if (roll < 0.15) argv.push(pick(WORDS));
    else if (roll < 0.85) {
      if (spec.type === 'boolean') argv.push(random() < 0.5 ? `--${kebab(name)}` : `--no-${kebab(name)}`);
      else argv.push(`--${kebab(name)}`, spec.type === 'number' ? pick(['3', '40', '08', '0', 'abc']) : pick(VALUES));
    } else if (roll < 0.9) argv.push(`--${name}`, pick(VALUES));
    else if (roll < 0.95) argv.push(`--${kebab(name)}=${pick(VALUES)}`);
    else argv.push(pick(['-h', '--', '--bogus', '-x', '--no-relay', '---json']));
  }
  return argv;
}

/** meow's reading, or the error it ends in. */
function byMeow(argv: string[]) {
  try {
    const { flags, input } = meowFlagsOf(argv, '1.2.3');
    return { flags: { ...flags }, input: [...input] };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

test('every command line read without meow reads as meow reads it', () => {
  const random = mulberry32(46);
  let simple = 0;
  let left = 0;
  for (let n = 0; n < 4000; n++) {
    const argv = commandLine(random);
    const read = simpleFlags(argv);
    if (read === undefined) {
      left++;
      continue;
    }
    simple++;
    assert.deepEqual(read, byMeow(argv), JSON.stringify(argv));
  }
  // Both kinds were drawn, many of each.
  assert.ok(simple > 1000 && left > 500, `${simple} read without meow, ${left} left to it`);
});

test('the forms left to meow are left to it', () => {
  for (const argv of [
    ['--relay=ws://a'],
    ['-h'],
    ['--', 'x'],
    ['--tokenFile', 'f'],
    ['--bogus'],
    ['--relay', '-5'],
    ['--token', ''],
    ['--token', 'a', '--token', 'b'],
    ['--auto', '--auto'],
    ['--demo-agents', '1e3'],
    ['--json', 'true'],
    ['--no-relay'],
  ])
    assert.equal(simpleFlags(argv), undefined, JSON.stringify(argv));
});

test('the command lines the bench and the README start with are read without meow, to the same result', () => {
  const env = { AEP_TOKEN: 't' };
  for (const argv of [
    ['--relay', 'http://127.0.0.1:8787', '--no-bell'],
    ['--demo'],
    ['list', '--json', '--relay', 'ws://r:1'],
    ['--relay', 'ws://r:1', '--relay', 'wss://s:2', '--no-bell', '--notify'],
    ['--help'],
    ['--version'],
  ]) {
    assert.ok(simpleFlags(argv), JSON.stringify(argv));
    const read = byMeow(argv);
    assert.ok('flags' in read);
    assert.deepEqual(simpleFlags(argv), read, JSON.stringify(argv));
    assert.ok(parseArgs(argv, env, '1.2.3'));
  }
});
