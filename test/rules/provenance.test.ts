// Provenance, defined: an `agent` glob other than `*`, or a `source` glob
// with a literal host or agent segment (`aep://ci-*/…`). `*`, `aep://*` and
// `aep:*` are not, and `relay` never is. A rule that answers (an option or
// `deny`) without provenance is refused, whatever else it matches, and the
// file with it (exit 2, at start and for `rules test`); an `ask` never
// answers and may stand on content alone.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../src/cli.js';
import { namesProvenance, parseRules, type RuleMatch } from '../../src/protocol/rules.js';

const TABLE: Array<[RuleMatch, boolean]> = [
  // agent globs
  [{ agent: 'claude-code' }, true],
  [{ agent: 'claude-*' }, true],
  [{ agent: '*-code' }, true],
  [{ agent: '*' }, false],
  [{ agent: '**' }, false],
  [{ agent: '?*' }, false],
  [{ agent: '' }, false],
  // source globs
  [{ source: '*' }, false],
  [{ source: 'aep://*' }, false],
  [{ source: 'aep:*' }, false],
  [{ source: 'aep:/*' }, false],
  [{ source: 'aep://**' }, false],
  [{ source: 'aep://?*' }, false],
  [{ source: '*://ci/*' }, false],
  [{ source: 'a*p://ci/*' }, false],
  // a `*` crosses `/`: a host suffix or a literal somewhere later pins no emitter
  [{ source: 'aep://*.example.com/*' }, false],
  [{ source: 'aep://*ci*' }, false],
  [{ source: 'aep://*/agent/*' }, false],
  [{ source: 'aep://ci-*/…' }, true],
  [{ source: 'aep://ci-*' }, true],
  [{ source: 'aep://host-a/*' }, true],
  [{ source: 'aep://host-a/agent/claude-code/session/s1' }, true],
  [{ source: 'aep://*/agent/claude-*' }, true],
  [{ source: 'aep://*/agent/claude-code/session/*' }, true],
  [{ source: 'urn:ci-bot:*' }, true],
  // never provenance: relay, session, the content keys
  [{ relay: 'wss://relay.example/*' }, false],
  [{ relay: 'http://127.0.0.1:*', source: 'aep://*' }, false],
  [{ session: 's1' }, false],
  [{ kind: 'permission', tool: 'Bash', command_prefix: 'npm test' }, false],
  // either one is enough
  [{ agent: '*', source: 'aep://ci-*/…' }, true],
  [{ agent: 'codex', source: 'aep://*' }, true],
];

describe('provenance, defined', () => {
  for (const [match, expected] of TABLE) {
    it(`${JSON.stringify(match)} ${expected ? 'names' : 'does not name'} its provenance`, () =>
      assert.equal(namesProvenance(match), expected));
  }
});

describe('a rule that answers without provenance is refused, whatever else it matches', () => {
  for (const [match, expected] of TABLE) {
    for (const decide of [{ option: 'allow' }, 'deny'] as const) {
      it(`${JSON.stringify(match)} → ${JSON.stringify(decide)}: ${expected ? 'kept' : 'refused'}`, () => {
        const parsed = parseRules(JSON.stringify({ rules: [{ name: 'r', match, decide }] }));
        assert.equal(parsed.ok, expected, parsed.ok ? '' : parsed.error);
        if (!parsed.ok) assert.match(parsed.error, /^rule 1 "r": answers on content alone/);
      });
    }
  }
  it('an ask may stand on content alone (it never answers)', () => {
    for (const [match] of TABLE)
      assert.equal(parseRules(JSON.stringify({ rules: [{ name: 'r', match, decide: 'ask' }] })).ok, true);
  });
});

describe('exit 2 for the file, naming the rule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-provenance-'));
  const env = { HOME: join(dir, 'nohome') };
  const bad = {
    rules: [
      { name: 'tests ok', match: { agent: 'claude-*', command_prefix: 'npm test' }, decide: { option: 'allow' } },
      { name: 'every emitter', match: { source: 'aep://*', tool: 'Bash' }, decide: { option: 'allow' } },
    ],
  };
  const path = join(dir, 'rules.json');
  writeFileSync(path, JSON.stringify(bad));
  for (const argv of [
    ['--rules', path],
    ['rules', 'test', '--rules', path, '--relay', 'ws://127.0.0.1:9'],
  ]) {
    it(argv.slice(0, 2).join(' '), async () => {
      const lines: string[] = [];
      const code = await main(argv, { out: (l) => lines.push(l), err: (l) => lines.push(l), env });
      assert.equal(code, 2);
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.match(lines[0]!, /rule 2 "every emitter": answers on content alone/);
    });
  }
});
