// Loading the rules: --rules F, the default file under
// $XDG_CONFIG_HOME (else ~/.config), and a bad file being exit 2 with one
// line naming the rule and the problem.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseArgs } from '../../src/cli/args.js';
import { main } from '../../src/cli.js';
import { defaultRulesPath } from '../../src/cli/rules-file.js';

const dir = mkdtempSync(join(tmpdir(), 'aep-console-rules-'));
const good = {
  rules: [
    {
      name: 'tests ok',
      match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'npm test' },
      decide: { option: 'allow' },
    },
  ],
};
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const noDefaults = { HOME: join(dir, 'nohome') };

describe('where the rules come from', () => {
  it('--rules F', () => {
    const parsed = parseArgs(['--rules', file('good.json', good)], noDefaults);
    assert.equal(parsed.kind, 'run');
    if (parsed.kind !== 'run') return;
    assert.deepEqual(
      parsed.options.rules?.map((r) => r.name),
      ['tests ok'],
    );
    assert.equal(parsed.options.auto, false);
  });
  it('the default under $XDG_CONFIG_HOME when present', () => {
    const xdg = join(dir, 'xdg');
    mkdirSync(join(xdg, 'aep-console'), { recursive: true });
    writeFileSync(join(xdg, 'aep-console', 'rules.json'), JSON.stringify(good));
    const parsed = parseArgs(['--auto'], { XDG_CONFIG_HOME: xdg, HOME: '/nonexistent' });
    assert.equal(parsed.kind, 'run');
    if (parsed.kind === 'run') {
      assert.equal(parsed.options.rules?.length, 1);
      assert.equal(parsed.options.auto, true);
    }
  });
  it('else ~/.config', () => {
    assert.equal(defaultRulesPath({ HOME: '/home/op' }), '/home/op/.config/aep-console/rules.json');
    assert.equal(
      defaultRulesPath({ HOME: '/home/op', XDG_CONFIG_HOME: 'relative' }),
      '/home/op/.config/aep-console/rules.json',
    );
    assert.equal(defaultRulesPath({ HOME: '/home/op', XDG_CONFIG_HOME: '/x' }), '/x/aep-console/rules.json');
  });
  it('no default file: no rules, and --auto is refused', () => {
    const parsed = parseArgs([], noDefaults);
    assert.equal(parsed.kind === 'run' && parsed.options.rules?.length, 0);
    const auto = parseArgs(['--auto'], noDefaults);
    assert.equal(auto.kind, 'usage-error');
  });
  it('--rules naming a missing file is refused; a FIFO or a directory is not used (refused with --auto)', () => {
    const missing = parseArgs(['--rules', join(dir, 'missing.json')], noDefaults);
    assert.equal(
      missing.kind === 'usage-error' && /rules file .*missing\.json cannot be read/.test(missing.message),
      true,
    );
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    for (const [path, why] of [
      [fifo, /is a FIFO, not a regular file/],
      [dir, /is a directory, not a regular file/],
    ] as const) {
      const auto = parseArgs(['--rules', path, '--auto'], noDefaults);
      assert.equal(auto.kind === 'usage-error' && why.test(auto.message), true, `--auto: ${path}`);
      const suggest = parseArgs(['--rules', path], noDefaults);
      assert.ok(suggest.kind === 'run', 'the console runs without those rules');
      assert.deepEqual(suggest.options.rules, []);
      assert.match(suggest.options.rulesNote ?? '', /^rules not used: rules file /);
      assert.match(suggest.options.rulesNote ?? '', why);
    }
  });
  it('"list" takes no rules', () => {
    assert.equal(parseArgs(['list', '--rules', file('l.json', good)], noDefaults).kind, 'usage-error');
    assert.equal(parseArgs(['list', '--auto'], noDefaults).kind, 'usage-error');
  });
});

describe('a bad rules file is exit 2 with one line', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['syntax', '{"rules": [ {', /^aep-console: rules file .*syntax\.json: not JSON/],
    [
      'unknown key',
      { rules: [{ ...good.rules[0], match: { agent: 'a', tools: 'Bash' } }] },
      /: rule 1 "tests ok": unknown match key "tools"/,
    ],
    [
      'content only',
      { rules: [{ name: 'all bash', match: { tool: 'Bash' }, decide: { option: 'allow' } }] },
      /: rule 1 "all bash": answers on content alone/,
    ],
    [
      'option id not a string',
      { rules: [{ name: 'n', match: { agent: 'a' }, decide: { option: true } }] },
      /: rule 1 "n": "decide.option" must be a string/,
    ],
    [
      'an until that is not RFC 3339 UTC',
      {
        rules: [
          good.rules[0],
          { name: 'for an hour', match: { agent: 'a' }, decide: 'ask', until: '2026-12-08 01:00' },
        ],
      },
      /: rule 2 "for an hour": "until" must be an RFC 3339 time in UTC/,
    ],
    [
      'a path glob with ".."',
      { rules: [{ name: 'up', match: { agent: 'a', path: '../**' }, decide: { option: 'allow' } }] },
      /: rule 1 "up": match "path" must not hold "\." or "\.\." segments/,
    ],
  ];
  for (const [title, content, expected] of cases) {
    it(title, async () => {
      const lines: string[] = [];
      const code = await main(['--rules', file(`${title.replace(/ /g, '-')}.json`, content)], {
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
        env: noDefaults,
      });
      assert.equal(code, 2);
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.match(lines[0]!, expected);
    });
  }
  it('a bad default file is refused too (not silently no rules)', () => {
    const xdg = join(dir, 'xdg-bad');
    mkdirSync(join(xdg, 'aep-console'), { recursive: true });
    writeFileSync(join(xdg, 'aep-console', 'rules.json'), '{"rules": 1}');
    const parsed = parseArgs([], { XDG_CONFIG_HOME: xdg });
    assert.equal(parsed.kind === 'usage-error' && parsed.message.includes('"rules" must be an array'), true);
  });
});
