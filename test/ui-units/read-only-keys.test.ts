// --read-only on the update alone (key-console.ts): every key that would
// send, or ask the question before a send, is refused in words that say
// "read-only", nothing is performed, and a draft typed stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permissionFrom } from '../support/ui-events.js';
import { keyConsole } from '../support/key-console.js';
import { parseRules } from '../../src/protocol/rules.js';
import type { UiConfig } from '../../src/ui/model.js';
import { READ_ONLY_WHY, readOnlyGate } from '../../src/ui/read-only.js';
import { initialInbox } from '../../src/ui/inbox/state.js';
import { drawnAs } from '../support/drawn-as.js';
import { K } from './golden-keys.js';
import { view } from '../../src/ui/view.js';

const parsed = parseRules(
  JSON.stringify({ rules: [{ name: 'push ok', match: { agent: 'bravo' }, decide: { option: 'allow' } }] }),
);
const READ_ONLY: Partial<UiConfig> = { readOnly: true, rules: parsed.ok ? parsed.rules : [] };

const fleet = () => [
  permissionFrom('alpha', 'sa', 'Drop the table?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
];

const SENDING = new Set(['send', 'control', 'resend', 'hide', 'always', 'auto']);

/** What the screen says (footer notice or the hint under the request's controls). */
const said = (h: ReturnType<typeof keyConsole>) => `${h.model.inbox.notice ?? ''} ${h.model.inbox.hint ?? ''}`;

const CASES: { keys: string[]; what: string }[] = [
  { what: 'an option picked and Enter (answer)', keys: ['1', K.enter] },
  { what: 'a reply typed and Enter (answer)', keys: [K.enter, 'not now', K.enter] },
  { what: 'a (always answer like this, a rule saved)', keys: [K.enter, K.up, K.up, 'a'] },
  { what: 'x (cancel the run)', keys: ['x'] },
  { what: 'X (cancel the session)', keys: ['X'] },
  { what: 'p (pause)', keys: ['p'] },
  { what: 'd (hide)', keys: ['d'] },
  { what: 'A (AUTO)', keys: ['A'] },
  { what: 'Space Space Enter then y (batch)', keys: [' ', ' ', K.enter, '1', K.enter, 'y'] },
];

for (const { what, keys } of CASES) {
  test(`--read-only: ${what} is refused in words, nothing sent`, () => {
    const h = keyConsole(fleet(), READ_ONLY);
    let refused = false;
    for (const key of keys) {
      h.read(key);
      if (said(h).includes('read-only')) refused = true;
    }
    assert.ok(refused, `the screen says read-only (last: ${said(h)})`);
    assert.deepEqual(h.sent(), [], 'nothing on the wire');
    assert.deepEqual(h.client.controls, [], 'no control');
    assert.deepEqual(
      h.performed().filter((type) => SENDING.has(type)),
      [],
      'no sending effect performed',
    );
    assert.equal(h.model.rules?.auto ?? false, false, 'AUTO stays off');
  });
}

test('--read-only: a draft typed before a refused Enter is kept', () => {
  const h = keyConsole(fleet(), READ_ONLY);
  h.read(K.enter, 'use staging', K.enter);
  assert.equal(h.reply(), 'use staging');
  assert.match(h.model.inbox.hint ?? '', /read-only/i);
});

test('--read-only: browsing, opening, the timeline, help and copying the id still work', () => {
  const h = keyConsole(fleet(), READ_ONLY);
  h.read('j', 'k', K.enter);
  assert.ok(h.model.inbox.openKey, 'opened');
  h.read(K.esc, '?');
  assert.equal(drawnAs(h.model.inbox), 'help');
  h.read(K.esc, 'y');
  assert.ok(h.performed().includes('copy'));
  assert.doesNotMatch(said(h), /read-only/);
});

test('the gate: every sending effect is dropped (resend r included), others pass', () => {
  for (const effect of [
    { type: 'resend', commandId: 'c1' },
    { type: 'hide', key: 'k' },
    { type: 'snooze', key: 'k', until: 1 },
    { type: 'control', key: 'k', request: { verb: 'pause' } },
  ] as const) {
    const gated = readOnlyGate(true, initialInbox, { state: { ...initialInbox, notice: 'sent' }, effects: [effect] });
    assert.deepEqual(gated.effects, [], effect.type);
    assert.equal(gated.state.notice, READ_ONLY_WHY);
  }
  // AUTO turned on: a step the update would resolve into the rules' answers.
  const auto = readOnlyGate(true, initialInbox, {
    state: initialInbox,
    effects: [],
    steps: [{ type: 'auto', on: true }],
  });
  assert.deepEqual(auto.steps, [], 'auto');
  assert.equal(auto.state.notice, READ_ONLY_WHY);
  const copy = { state: initialInbox, effects: [{ type: 'copy' as const, text: 'id' }] };
  assert.equal(readOnlyGate(true, initialInbox, copy), copy);
  const answer = { state: initialInbox, effects: [{ type: 'send' as const, key: 'k', answer: { option: 'allow' } }] };
  assert.equal(readOnlyGate(false, initialInbox, answer), answer, 'off without --read-only');
});

test('--read-only: the footer offers no key that would send (Enter send, a always, the batch send)', () => {
  const footer = (h: ReturnType<typeof keyConsole>) =>
    view(h.model)
      .footer.map((s) => s.text)
      .join('');
  const open = keyConsole(fleet(), READ_ONLY);
  open.read(K.enter);
  assert.doesNotMatch(footer(open), /Enter send|a always/);
  assert.match(footer(open), /Esc back/, 'the keys that work are still said');
  const answering = keyConsole(fleet());
  answering.read(K.enter);
  assert.match(footer(answering), /Enter send/, 'they are offered where they work');
  const batch = keyConsole(fleet(), READ_ONLY);
  batch.read(' ', ' ', K.enter);
  assert.doesNotMatch(footer(batch), /send/);
});
