// What each answering path asks of a request (store/answerable.ts), as a
// table: the keys from the list and a batch, and the rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerable } from '../../src/store/answerable.js';
import { fileRelayKey } from '../../src/store/file-relay.js';
import type { OwnCommand, RequestRecord } from '../../src/store/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { permission, requested } from '../support/events.js';

const RELAY = 'http://relay.test';

function recordOf(event = permission(), relay = RELAY): RequestRecord {
  const store = new ConsoleStore({ now: () => Date.parse('2026-07-03T10:00:30Z') });
  store.applyEvent(relay, event);
  return store.allRequests()[0];
}

const FORM = requested({
  kind: 'form',
  prompt: 'Deploy',
  fields: [{ id: 'name', type: 'text', label: 'Name' }],
  respond_via: ['control'],
});
const QUESTION = requested({ kind: 'question', prompt: 'Which port?', respond_via: ['control'] });
const command = (state: OwnCommand['state']) => ({ state }) as OwnCommand;

test('a table: which path may answer which request', () => {
  const rows: { note: string; record: RequestRecord; command?: OwnCommand; keys: boolean; rule: boolean }[] = [
    { note: 'a pending permission', record: recordOf(), keys: true, rule: true },
    {
      note: 'a question without options: text from the keys, nothing for a rule to pick',
      record: recordOf(QUESTION),
      keys: true,
      rule: false,
    },
    {
      note: 'a form: filled in the open view, never from the list or by a rule',
      record: recordOf(FORM),
      keys: false,
      rule: false,
    },
    {
      note: 'history read from a file: judged by a rule (rules test), never answered from the keys',
      record: recordOf(permission(), fileRelayKey('/tmp/events.jsonl')),
      keys: false,
      rule: true,
    },
    { note: 'an answer of ours on its way', record: recordOf(), command: command('sending'), keys: false, rule: true },
    { note: 'an answer of ours accepted', record: recordOf(), command: command('accepted'), keys: false, rule: true },
    {
      note: 'an answer of ours held at the gate: r or a drop first',
      record: recordOf(),
      command: command('held'),
      keys: false,
      rule: true,
    },
    {
      note: 'an answer of ours that timed out: the keys may answer again',
      record: recordOf(),
      command: command('timeout'),
      keys: true,
      rule: true,
    },
    { note: 'answered elsewhere', record: { ...recordOf(), state: 'answered' }, keys: false, rule: false },
    { note: 'informational', record: { ...recordOf(), informational: true }, keys: true, rule: false },
    { note: 'unconfirmed', record: { ...recordOf(), unconfirmed: true }, keys: true, rule: false },
  ];
  for (const row of rows) {
    assert.equal(answerable(row.record, 'keys', row.command), row.keys, `keys: ${row.note}`);
    assert.equal(answerable(row.record, 'rule', row.command), row.rule, `rule: ${row.note}`);
  }
});
