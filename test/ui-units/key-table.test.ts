import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { keyRows, actionFor, hintsFor, keyTableMarkdown } from '../../src/ui/key-table.js';

test('the README Keys table is the key table, rendered', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = keyTableMarkdown();
  assert.ok(readme.includes(table), `README.md's Keys table differs from src/ui/key-table.ts; it should read:\n${table}`);
});

test('every footer hint names a key the same scope binds or documents', () => {
  for (const row of keyRows()) {
    if (!row.hint) continue;
    assert.ok(hintsFor(row.scope).includes(row.hint), `${row.scope}: ${row.hint}`);
  }
  assert.equal(hintsFor('browse'), 'j/k move · Enter open · 1-9 option · Space mark · / filter · ? help · q quit');
});

test('a press maps to one action per scope, and text keys are not commands on text rows', () => {
  const cases: [Parameters<typeof actionFor>[0], Parameters<typeof actionFor>[1], string | undefined][] = [
    ['browse', { name: 'char', text: 'j' }, 'down'],
    ['browse', { name: 'down', text: '' }, 'down'],
    ['browse', { name: 'enter', text: '' }, 'open'],
    ['browse', { name: 'char', text: 'x' }, 'cancelRun'],
    ['browse', { name: 'char', text: 'X' }, 'cancelSession'],
    ['browse', { name: 'char', text: 'z' }, undefined],
    ['control', { name: 'char', text: 'y' }, 'confirm'],
    ['timeline', { name: 'escape', text: '' }, 'back'],
    ['answer', { name: 'enter', text: '' }, 'send'],
    ['locked', { name: 'char', text: 'r' }, 'resend'],
    ['filter', { name: 'char', text: 'q' }, undefined],
    ['filter', { name: 'escape', text: '' }, 'clear'],
  ];
  for (const [scope, press, action] of cases) assert.equal(actionFor(scope, press), action, `${scope} ${press.name} ${press.text}`);
});
