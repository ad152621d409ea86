import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { actionFor, bindingsNow, rebind, type Scope } from '../../src/ui/key-table.js';
import { hintsFor, keyRows } from '../../src/ui/key-rows.js';
import { keyTableMarkdown } from '../../src/ui/places/key-docs.js';
import { glyphs } from '../../src/ui/glyphs.js';
import type { KeyPress } from '../../src/ui/keys.js';

test('the docs/keys.md table is the key table, rendered', () => {
  const readme = readFileSync(new URL('../../docs/keys.md', import.meta.url), 'utf8');
  const table = keyTableMarkdown();
  assert.ok(
    readme.includes(table),
    `docs/keys.md's table differs from src/ui/key-table.ts: run \`npm run docs\`; it should read:\n${table}`,
  );
});

test('no key is bound to two actions in one place (the second would silently win)', () => {
  for (const [scope, actions] of Object.entries(bindingsNow())) {
    const seen = new Map<string, string>();
    for (const [action, keys] of Object.entries(actions)) {
      for (const key of keys) {
        assert.ok(!seen.has(key), `${scope}: ${key} is bound to both ${seen.get(key)} and ${action}`);
        seen.set(key, action);
      }
    }
  }
});

test('every key a footer hint names does, in that place, what the row says', () => {
  const checked: string[] = [];
  for (const [scope, actions] of Object.entries(bindingsNow()) as [Scope, Record<string, readonly string[]>][]) {
    for (const [action, keys] of Object.entries(actions)) {
      const press =
        keys[0].length === 1
          ? { name: 'char' as const, text: keys[0] }
          : { name: keys[0] as KeyPress['name'], text: '' };
      assert.equal(actionFor(scope, press), action, `${scope}: the first key of ${action} (${keys[0]}) is that action`);
      checked.push(`${scope}.${action}`);
    }
  }
  assert.ok(checked.length > 60, 'every action of every place was checked');
  assert.equal(hintsFor('browse'), 'j/k move · Enter open · 1-9 option · Space mark · / filter · ? help · q quit');
});

test('a press maps to one action per scope, and text keys are not commands on text rows', () => {
  const cases: [Parameters<typeof actionFor>[0], Parameters<typeof actionFor>[1], string | undefined][] = [
    ['browse', { name: 'char', text: 'j' }, 'down'],
    ['browse', { name: 'down', text: '' }, 'down'],
    ['browse', { name: 'enter', text: '' }, 'open'],
    ['browse', { name: 'char', text: 'x' }, 'cancelRun'],
    ['browse', { name: 'char', text: 'X' }, 'cancelSession'],
    ['browse', { name: 'char', text: 'w' }, undefined],
    ['control', { name: 'char', text: 'y' }, 'confirm'],
    ['timeline', { name: 'escape', text: '' }, 'back'],
    ['answer', { name: 'enter', text: '' }, 'send'],
    ['locked', { name: 'char', text: 'r' }, 'resend'],
    ['filter', { name: 'char', text: 'q' }, undefined],
    ['filter', { name: 'escape', text: '' }, 'clear'],
  ];
  for (const [scope, press, action] of cases)
    assert.equal(actionFor(scope, press), action, `${scope} ${press.name} ${press.text}`);
});

test("a scope's footer hints, asked before help's rows, are those rows' hints; and again after a rebind", () => {
  const fromRows = (scope: Scope) =>
    keyRows()
      .filter((row) => row.scope === scope && row.hint)
      .map((row) => row.hint)
      .join(` ${glyphs().dot} `);
  const scopes = Object.keys(bindingsNow()) as Scope[];
  // A table of its own (rebind makes one), so the hints are rendered before any row is.
  const restore = rebind('browse', 'help', ['!']);
  try {
    const hints = scopes.map((scope) => hintsFor(scope));
    assert.match(hintsFor('browse'), /! help/, 'rendered from the new table');
    assert.deepEqual(hints, scopes.map(fromRows));
  } finally {
    restore();
  }
  assert.deepEqual(
    scopes.map((scope) => hintsFor(scope)),
    scopes.map(fromRows),
  );
  assert.doesNotMatch(hintsFor('browse'), /! help/);
});
